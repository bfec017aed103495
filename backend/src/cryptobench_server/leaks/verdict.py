"""A timing-leak screen's verdict, with its scope (pure).

Three verdicts, each stating what was measured, never "constant time":
- `leak`: "leak detected (t = 38.2, 20,000 samples)" when |Welch's t| > 4.5 (of the samples
  cropped at the pooled 99th percentile, as dudect crops) or the rank test's |z| > 4.5 (of all)
  (statistics.py); for deterministic counts (instructions under an emulator) "leak:
  instruction counts differ by class (fixed 1200..1200, random 1180..1310)", an exact witness when
  the first class's input gives one count every time; when its counts vary (RSA blinding, an
  ECDSA nonce: randomness of the operation's own) the counts are tested as timings are.
- `none`: "none detected: a difference below 0.4% would have been missed (|t| = 1.2, 20,000
  samples)": the power of the screen, `detectable_difference` over the median of both classes;
  for counts "none detected: the same instruction counts in both classes (...)".
- `inconclusive`: "inconclusive (noise): ..." when nothing was detected but only a difference
  above `INCONCLUSIVE_ABOVE` (5%) would have been, or a class has fewer than `MIN_SAMPLES`.
dudect's own output (metric `other`, unit `|t|`, params.statistic `max t`, parsers/dudect.py) has
no samples, only its largest t and its measurements: its verdict is the same threshold on max t,
its power in standard deviations (2 tau at the threshold, 80% power).

Every verdict is for this machine, this build, this operation, and timing only: `SCOPE`.
"""

from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from cryptobench_server.leaks import statistics as st
from cryptobench_server.stats import median

Kind = Literal["leak", "none", "inconclusive"]
Evidence = Literal["samples", "counts", "dudect"]
SCOPE = (
    "timing only, for this machine, this build and this operation; "
    "no leak detected is not proof of constant time"
)
#: Relative detectable difference above which a screen without a finding is inconclusive.
INCONCLUSIVE_ABOVE = 0.05
#: Fewer samples than this in a class: inconclusive, whatever the statistics say.
MIN_SAMPLES = 20
#: dudect's own minimum before it reports a statistic (`enough_measurements`).
DUDECT_MIN_MEASUREMENTS = 10_000
#: Metrics whose figures are deterministic counts, compared exactly.
COUNT_METRICS = ("instructions_per_op",)


@dataclass(frozen=True)
class Verdict:
    kind: Kind
    text: str
    evidence: Evidence
    samples: int
    t: float | None = None
    p: float | None = None
    rank_z: float | None = None
    rank_p: float | None = None
    median_difference: float | None = None
    relative_difference: float | None = None
    detectable: float | None = None
    detectable_relative: float | None = None
    detectable_sd: float | None = None
    cropped: int = 0


def judge(metric: str, classes: tuple[str, str], a: np.ndarray, b: np.ndarray) -> Verdict:
    """The verdict of one screen: class `classes[0]`'s samples `a`, `classes[1]`'s `b`."""
    if metric in COUNT_METRICS:
        return _counts(classes, a, b)
    return _timing(a, b)


def _counts(classes: tuple[str, str], a: np.ndarray, b: np.ndarray) -> Verdict:
    """Exact when the first class's input gives one count every time; when its counts vary the
    operation draws randomness of its own (RSA blinding, an ECDSA nonce), any two samples may
    differ whatever the secret, and the counts are compared as timings are."""
    if len(np.unique(a)) > 1:
        tested = _timing(a, b)
        note = (
            f"instruction counts vary within the {classes[0]} class (the operation draws "
            "randomness), so compared statistically"
        )
        return replace(tested, evidence="counts", text=f"{tested.text}; {note}")
    found = st.count_sets(a, b)
    n = len(a) + len(b)
    difference = median(b) - median(a)
    if found.differ:
        spans = ", ".join(
            f"{name} {_count(low)}..{_count(high)}"
            for name, (low, high) in zip(classes, (found.range_a, found.range_b), strict=True)
        )
        text = f"leak: instruction counts differ by class ({spans})"
        kind: Kind = "leak"
    else:
        low, high = found.range_a
        text = (
            f"none detected: the same instruction counts in both classes "
            f"({_count(low)}..{_count(high)}, {n:,} samples)"
        )
        kind = "none"
    return Verdict(kind, text, "counts", n, median_difference=difference)


def _timing(a: np.ndarray, b: np.ndarray) -> Verdict:
    n = len(a) + len(b)
    centre = median(np.concatenate([a, b]))
    difference = median(b) - median(a)
    if min(len(a), len(b)) < 2:
        text = f"inconclusive (noise): {n:,} samples, fewer than {MIN_SAMPLES} in a class"
        return Verdict("inconclusive", text, "samples", n, median_difference=difference)
    kept_a, kept_b, cropped = st.crop(a, b)
    welch, rank = st.welch(kept_a, kept_b), st.rank_test(a, b)
    detectable = st.detectable_difference(kept_a, kept_b)
    relative = detectable / centre if centre > 0 else None
    measured = Verdict(
        "none",
        "",
        "samples",
        n,
        t=welch.t,
        p=welch.p,
        rank_z=rank.z,
        rank_p=rank.p,
        median_difference=difference,
        relative_difference=difference / centre if centre > 0 else None,
        detectable=detectable,
        detectable_relative=relative,
        cropped=cropped,
    )
    if abs(welch.t) > st.T_THRESHOLD:
        return replace(
            measured, kind="leak", text=f"leak detected (t = {abs(welch.t):.1f}, {n:,} samples)"
        )
    if abs(rank.z) > st.T_THRESHOLD:
        text = f"leak detected (rank test z = {abs(rank.z):.1f}, {n:,} samples)"
        return replace(measured, kind="leak", text=text)
    stated = f"|t| = {abs(welch.t):.1f}, {n:,} samples"
    if min(len(a), len(b)) < MIN_SAMPLES:
        text = f"inconclusive (noise): {stated}, fewer than {MIN_SAMPLES} in a class"
        return replace(measured, kind="inconclusive", text=text)
    if relative is None or relative > INCONCLUSIVE_ABOVE:
        size = "a difference" if relative is None else _percent(relative)
        text = f"inconclusive (noise): only a difference above {size} would have been detected"
        return replace(measured, kind="inconclusive", text=f"{text} ({stated})")
    text = f"none detected: a difference below {_percent(relative)} would have been missed"
    return replace(measured, text=f"{text} ({stated})")


def judge_dudect(max_t: float, measurements: int | None) -> Verdict:
    """The verdict of dudect's own output: its largest |t| over its measurements."""
    n = measurements or 0
    if max_t > st.T_THRESHOLD:
        text = f"leak detected (t = {max_t:.1f}, {n:,} samples)"
        return Verdict("leak", text, "dudect", n, t=max_t, p=st.normal_two_sided(max_t))
    if n < DUDECT_MIN_MEASUREMENTS:
        text = f"inconclusive (noise): max t = {max_t:.1f} over {n:,} samples only"
        return Verdict("inconclusive", text, "dudect", n, t=max_t)
    sd = st.detectable_tau(n)
    text = (
        f"none detected: a difference below {sd:.2g} standard deviations would have been "
        f"missed (max t = {max_t:.1f}, {n:,} samples)"
    )
    return Verdict("none", text, "dudect", n, t=max_t, detectable_sd=sd)


def _percent(fraction: float) -> str:
    """0.00437 -> '0.44%', 0.1234 -> '12%': two significant digits."""
    return f"{float(f'{fraction * 100:.2g}'):g}%"


def _count(value: float) -> str:
    return f"{value:,.0f}"
