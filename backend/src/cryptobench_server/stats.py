"""The statistics of CryptoBench: one definition of each, used by every producer and reader.

- `median`, `packed_median`: the one median (chart and every view made of its points, compare,
  drill-down): exact, interpolated as PostgreSQL's percentile_cont(0.5), i.e.
  `low + (high - low) * 0.5` between the two middle figures. The read model keeps a group's
  figures packed (sqlfuncs.py `pack`, `concat_bytes`); the median is always taken here.
- `run_figure`: what one run measured of a series or lineage, the median of its positive
  figures with their count (change detection's points, compare's noise).
- `mean`: the arithmetic mean of figures held in Python (drill-down summary, LaTeX export); a
  chart's mean is the read model's sums over its counts.
- `geomean`: the geometric mean of ratios (compare, matrix, relative), leaving out the absent.
- `run_to_run_noise`: the one estimate of a series' noise from run to run (change detection,
  compare's verdicts): the standard deviation of ln(figure), robustly, as
  1.4826 * median |ln(x[j+1] / x[j])| / sqrt(2) over consecutive figures, so one step or outlier
  among them does not inflate it.
- `relative_error`: the relative standard error a tool's reported error stands for (JMH's
  `ci99.9` half-width / 3.29, criterion's `ci95` half-width / 1.96, a `stderr` as it is, a
  `stddev` / sqrt(samples) or the stddev itself without samples): compare's, and the read
  model's `series_runs.relative_error_max` (store/series.py), which change detection reads.
- `level_error`: the tool's error of a figure made of several results: the largest of theirs,
  known only when every one of them has one (chart points, compare rows, change levels).

Derived figures (ns/op <-> ops/s, cycles, bytes per operation) are normalization's
(store/normalize.py), the one conversion ingest, the import preview and the drill-down use.
"""

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import NamedTuple

import numpy as np

from cryptobench_server.sqlfuncs import unpack

#: A median absolute deviation times this is a normal distribution's standard deviation.
MAD_TO_SIGMA = 1.4826
#: A two-sided confidence interval's half-width is this many standard errors (99.9%: JMH's
#: scoreError; 95%: criterion's estimate bounds).
CI_Z = {"ci99.9": 3.2905, "ci95": 1.9600}
#: The error kinds `relative_error` turns into a relative standard error.
RELATIVE_ERROR_KINDS = (*CI_Z, "stderr", "stddev")


def median(values: Iterable[float]) -> float:
    return _middle(_array(values))


def packed_median(data: bytes) -> float:
    """The median of figures packed as big-endian float64 (rollup `<metric>_values`)."""
    return _middle(unpack(data))


class RunFigure(NamedTuple):
    """What one run measured of a series or lineage: the median of its positive figures, and
    how many there are."""

    value: float
    n: int


def run_figure(data: bytes) -> RunFigure | None:
    """The run figure of packed figures; None when none of them is positive."""
    figures = unpack(data)
    positive = figures[figures > 0]
    return RunFigure(_middle(positive), len(positive)) if len(positive) else None


def _array(values: Iterable[float]) -> np.ndarray:
    return values if isinstance(values, np.ndarray) else np.fromiter(values, dtype=np.float64)


def _middle(values: np.ndarray) -> float:
    if not len(values):
        raise ValueError("the median of no figures")
    middle = (len(values) - 1) // 2
    if len(values) % 2:
        return float(np.partition(values, middle)[middle])
    parted = np.partition(values, (middle, middle + 1))
    low, high = float(parted[middle]), float(parted[middle + 1])
    return low if high == low else low + (high - low) * 0.5


def mean(values: Iterable[float]) -> float:
    figures = _array(values)
    if not len(figures):
        raise ValueError("the mean of no figures")
    return float(figures.mean())


def geomean(ratios: Iterable[float | None]) -> float | None:
    logs = [math.log(r) for r in ratios if r is not None and r > 0]
    return math.exp(sum(logs) / len(logs)) if logs else None


def run_to_run_noise(*runs: Sequence[float]) -> float:
    """The noise of positive figures, each sequence in run order (differences are taken within a
    sequence, never across two); 0.0 when no sequence has two figures."""
    steps = [abs(math.log(b) - math.log(a)) for figures in runs for a, b in pairwise(figures)]
    if not steps:
        return 0.0
    return MAD_TO_SIGMA * median(steps) / math.sqrt(2)


def relative_error(
    value: float, error: float | None, kind: str | None, samples: int | None
) -> float | None:
    """The relative standard error a tool's reported error stands for (None when unknown)."""
    if error is None or kind not in RELATIVE_ERROR_KINDS or not value > 0 or error < 0:
        return None
    if kind in CI_Z:
        spread = CI_Z[kind]
    elif kind == "stddev" and samples is not None and samples > 0:
        spread = math.sqrt(samples)
    else:
        spread = 1.0
    return error / value / spread


def level_error(known: int, n: int, largest: float | None) -> float | None:
    """The error of a figure made of `n` results, `known` of which have one, the largest being
    `largest`: that largest when all of them have one, else None."""
    return largest if n and known == n else None
