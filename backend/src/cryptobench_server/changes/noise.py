"""The one noise estimate of a lineage at a run, and the typed verdict of a ratio against it:
what the run verdicts of the gate (verdicts.py) and Compare (api/compare.py) share with change
detection (detect.py).

A lineage's *baseline* at its point `at` (its points at one clock, oldest first) is what the
detector compares that point with: the up to WINDOW points before it, none before the last step
found before it (a step starts a new level). Its level is their median; its noise the series'
run-to-run noise over them (stats.run_to_run_noise, as a step's), known from the metric's
`sensitivity().min_before` points on. A deterministic metric's noise is known without any: 0.

`typed` turns a ratio of two figures into the verdicts' vocabulary: `stable` when it is below
the metric's threshold or within Z_MIN standard errors of its noise, else `regressed` or
`improved` in the metric's direction; `insufficient` when the noise is unknown.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cryptobench_contract.units import LESS_IS_BETTER
from cryptobench_server.changes.detect import (
    WINDOW,
    Z_MIN,
    Point,
    Step,
    deterministic,
    find_steps,
    sensitivity,
)
from cryptobench_server.stats import median, run_to_run_noise

Typed = Literal["regressed", "improved", "stable", "insufficient"]


@dataclass(frozen=True)
class Baseline:
    """The points a lineage's point is compared with and what they say."""

    #: The baseline's points, oldest first; `start` is the index of the first.
    points: Sequence[Point]
    start: int
    #: How many points the detector needs before a point of this metric.
    needed: int
    #: Whether a step before the point cut the window short.
    after_step: bool
    counted: bool

    @property
    def known(self) -> bool:
        return len(self.points) >= self.needed

    @property
    def level(self) -> float | None:
        return median(p.value for p in self.points) if self.points else None

    @property
    def noise(self) -> float | None:
        """The run-to-run noise (relative); 0 for a deterministic metric; None when unknown."""
        if self.counted:
            return 0.0
        return run_to_run_noise([p.value for p in self.points]) if self.known else None

    @property
    def missing(self) -> str:
        """How many baseline points there are of how many needed: "2 of 3 baseline runs"."""
        since = " since the last step" if self.after_step else ""
        return f"{len(self.points)} of {self.needed} baseline runs{since}"


def steps_and_baseline(
    points: Sequence[Point], at: int, metric: str, threshold: float
) -> tuple[list[Step], Baseline]:
    """The lineage's steps (find_steps with the metric's sensitivity) and the baseline of its
    point `at`."""
    needed = sensitivity(metric, threshold)
    steps = find_steps(points, threshold=needed.threshold, min_before=needed.min_before)
    start = max((s.index for s in steps if s.index < at), default=0)
    first = max(start, at - WINDOW)
    baseline = Baseline(
        points[first:at], first, needed.min_before, start > 0, deterministic(metric)
    )
    return steps, baseline


def typed(ratio: float, metric: str, noise: float | None, threshold: float) -> Typed:
    """The verdict of `ratio` = contender / baseline (positive) whose ln has the standard error
    `noise` (None: unknown)."""
    if noise is None:
        return "insufficient"
    distance = abs(math.log(ratio))
    below = distance < math.log1p(sensitivity(metric, threshold).threshold)
    if distance == 0 or below or (noise > 0 and distance < Z_MIN * noise):
        return "stable"
    return "regressed" if (ratio > 1) == LESS_IS_BETTER[metric] else "improved"
