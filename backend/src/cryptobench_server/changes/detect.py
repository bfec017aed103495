"""Step detection over one lineage's per-run figures: pure, no database.

A lineage is what a nightly job measures again and again (same machine, source, algorithm,
operation, params, library and reported metric), whatever library version, tool build, tags or
clock each run had. Its points are one figure per run (the median of that run's results),
ordered by the run's `started_at`.

Walking the points from the oldest, at each point `i`:

- *before*: the up to `window` (10) points before `i`, but none before the last step found
  (a step starts a new level). At least `min_before` (3) are needed: with fewer, the series'
  noise is unknown and nothing is reported.
- *after*: point `i` and up to `confirm - 1` (4) points after it, when they exist. Its level is
  their median; with two points, the one nearer the before level (a single outlier never makes
  a level). So an outlier is reported while it is the newest run (an upload cannot know what
  comes next) and withdrawn as soon as the next run is back at the old level.
- **large**: the after level differs from the before median by at least `threshold` (default
  5%) relatively, and so does point `i` itself, in the same direction (the step is at `i`, not
  one run earlier).
- **a level shift, not a drift**: the same holds next to `i`, between the last `LOCAL` (3)
  points before it and the first `LOCAL` points from it (their levels as above): that local
  shift is at least `threshold`, in the step's direction and at least half the step. A slow
  drift moves the before median of up to 10 runs far from the newest runs, but the runs on
  either side of `i` stay close; a step moves them apart by all of it.
- **significant**: z = |ln(after / before)| / se >= `z_min` (3), where
  se^2 = pi/2 * s^2 * (1/n_before + 1/n_after) + the tools' own variance of both levels. `s`
  is the series' run-to-run noise, robustly: 1.4826 * median |ln(x[j+1] / x[j])| / sqrt(2) over
  consecutive points inside the before and inside the after window (never across `i`), so a
  step or an outlier does not inflate it; pi/2 is the variance of a median relative to a mean.
  The tool's variance of a point is its relative standard error (stats.relative_error, kept
  per run by the read model), squared and averaged over the window's points, then divided by
  their count.
- The evidence a step carries is z with the noise `s` it was measured against and the points
  behind both (`before_n`, `after_n`), not a probability: s is estimated from a handful of
  consecutive differences, so a normal probability of z would read as certainty it does not
  have. A step whose noise stands on fewer than `FEW_DIFFERENCES` (6) differences is
  `few_points`. z is infinite when se is 0 (figures that never move, like cycle counts, change
  only by the threshold).
- **Deterministic metrics** (contract ZERO_NOISE_METRICS: instruction counts from an emulator,
  which two runs of one build repeat exactly) have no noise to estimate: `sensitivity` asks for
  one point before instead of `min_before` and a threshold of DETERMINISTIC_THRESHOLD (0), so any
  step beyond 0 is real (a 0.5% step of an instruction count is a changed build, not noise).

Total over the whole float range: every figure is compared through its logarithm (ln b - ln a,
never ln(b / a), which overflows or underflows to 0 between 1e308 and 1e-308), a level is
`stats.median` (never (a + b) / 2, which overflows), and a step's ratio is kept within the
finite positive floats, so any finite positive points give finite steps and no exception.

Why this and not a plain lookback z-score: a z-score of one new point against a window reports
every outlier and, after a real step, every following run until the window has moved on; a
level split with confirmation reports a step once, at the run where it happened.
"""

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from cryptobench_contract.units import ZERO_NOISE_METRICS
from cryptobench_server.stats import median, run_to_run_noise

DEFAULT_THRESHOLD = 0.05
WINDOW = 10
MIN_BEFORE = 3
CONFIRM = 5
#: How many points on each side of a step its local shift (a level shift, not a drift) stands on.
LOCAL = 3
Z_MIN = 3.0
#: Below this many consecutive differences behind the noise, a step's evidence is "few points".
FEW_DIFFERENCES = 6
#: The step a deterministic metric (zero noise) must exceed to be a change: any at all.
DETERMINISTIC_THRESHOLD = 0.0


class Sensitivity(NamedTuple):
    """What a lineage's step must exceed (`threshold`) and how many points before it it needs."""

    threshold: float
    min_before: int


def deterministic(metric: str) -> bool:
    """Whether the metric's figures repeat exactly between runs of one build (noise zero)."""
    return metric in ZERO_NOISE_METRICS


def sensitivity(metric: str, threshold: float = DEFAULT_THRESHOLD) -> Sensitivity:
    """The detection settings of one metric: `threshold` and MIN_BEFORE, or for a deterministic
    metric DETERMINISTIC_THRESHOLD and one point before (its noise is known: zero)."""
    if deterministic(metric):
        return Sensitivity(DETERMINISTIC_THRESHOLD, 1)
    return Sensitivity(threshold, MIN_BEFORE)


@dataclass(frozen=True)
class Point:
    value: float
    #: The tool's own relative standard error of `value` (None when it gave none).
    rel_error: float | None = None


@dataclass(frozen=True)
class Step:
    index: int
    #: Index of the last point of the before window (the run compared with).
    baseline: int
    before: float
    after: float
    ratio: float
    #: |ln(after / before)| over its standard error (inf when that is 0).
    z: float
    #: The run-to-run noise s (relative, as a fraction) z was measured against.
    noise: float
    before_n: int
    after_n: int

    @property
    def few_points(self) -> bool:
        return few_points(self.before_n, self.after_n)


def few_points(before_n: int, after_n: int) -> bool:
    """Whether the noise of a step with these window sizes stands on too few differences."""
    return (before_n - 1) + (after_n - 1) < FEW_DIFFERENCES


def find_steps(
    points: Sequence[Point],
    *,
    threshold: float = DEFAULT_THRESHOLD,
    window: int = WINDOW,
    min_before: int = MIN_BEFORE,
    confirm: int = CONFIRM,
    z_min: float = Z_MIN,
) -> list[Step]:
    """Every step change in `points` (oldest first), at the index where it happened."""
    steps: list[Step] = []
    start = 0
    for i in range(len(points)):
        before = points[max(start, i - window) : i]
        if len(before) < min_before or points[i].value <= 0:
            continue
        step = _step_at(i, before, points[i : i + confirm], threshold)
        if step is not None and step.z >= z_min:
            steps.append(step)
            start = i
    return steps


def _step_at(
    i: int, before: Sequence[Point], after: Sequence[Point], threshold: float
) -> Step | None:
    level = median(p.value for p in before)
    if level <= 0 or any(p.value <= 0 for p in after):
        return None
    new = _after_level(level, [p.value for p in after])
    shift = _log_ratio(new, level)
    first = _log_ratio(after[0].value, level)
    limit = math.log1p(threshold)
    # Large (both the level and the run itself, in one direction), in either direction.
    if min(abs(shift), abs(first)) < limit or shift * first <= 0:
        return None
    if not level_shift([p.value for p in before], [p.value for p in after], shift, threshold):
        return None
    noise = run_to_run_noise([p.value for p in before], [p.value for p in after])
    variance = math.pi / 2 * noise**2 * (1 / len(before) + 1 / len(after))
    variance += _tool_variance(before) + _tool_variance(after)
    z = math.inf if variance == 0 else abs(shift) / math.sqrt(variance)
    return Step(
        index=i,
        baseline=i - 1,
        before=level,
        after=new,
        ratio=_ratio(new, level),
        z=z,
        noise=noise,
        before_n=len(before),
        after_n=len(after),
    )


def level_shift(
    before: Sequence[float], after: Sequence[float], shift: float, threshold: float
) -> bool:
    """Whether a step of `shift` (ln of the after level over the before level) between positive
    figures `before` and `after` (oldest first) is a level shift and not a drift: the last LOCAL
    figures before it and the first LOCAL after it differ by at least `threshold` and half the
    step, in its direction."""
    near = median(before[-LOCAL:])
    local = _log_ratio(_after_level(near, list(after[:LOCAL])), near)
    return local * shift > 0 and abs(local) >= max(math.log1p(threshold), abs(shift) / 2)


def _log_ratio(a: float, b: float) -> float:
    """ln(a / b) of two positive figures, finite whatever their magnitudes."""
    return math.log(a) - math.log(b)


def _ratio(a: float, b: float) -> float:
    """a / b of two positive figures, kept within the finite positive floats."""
    return min(max(a / b, sys.float_info.min), sys.float_info.max)


def _after_level(before: float, values: list[float]) -> float:
    if len(values) == 2:
        return min(values, key=lambda v: abs(_log_ratio(v, before)))
    return median(values)


def _tool_variance(points: Sequence[Point]) -> float:
    errors = [p.rel_error for p in points if p.rel_error is not None]
    if not errors:
        return 0.0
    return sum(e * e for e in errors) / len(errors) / len(points)
