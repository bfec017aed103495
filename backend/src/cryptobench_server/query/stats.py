"""The statistics of the read API.

- `median`: the one median (chart, compare): exact, interpolated as PostgreSQL's
  percentile_cont(0.5), i.e. `low + (high - low) * 0.5` between the two middle figures.
- `geomean`: the geometric mean of ratios (compare, matrix, relative), leaving out the absent.
- `run_to_run_noise`: the one estimate of a series' noise from run to run (change detection,
  compare's verdicts): the standard deviation of ln(figure), robustly, as
  1.4826 * median |ln(x[j+1] / x[j])| / sqrt(2) over consecutive figures, so one step or outlier
  among them does not inflate it.
"""

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise

import numpy as np

from cryptobench_server.sqlfuncs import unpack

#: A median absolute deviation times this is a normal distribution's standard deviation.
MAD_TO_SIGMA = 1.4826


def median(values: Iterable[float]) -> float:
    return _middle(np.fromiter(values, dtype=np.float64))


def packed_median(data: bytes) -> float:
    """The median of figures packed as big-endian float64 (rollup `<metric>_values`)."""
    return _middle(unpack(data))


def _middle(values: np.ndarray) -> float:
    if not len(values):
        raise ValueError("the median of no figures")
    middle = (len(values) - 1) // 2
    if len(values) % 2:
        return float(np.partition(values, middle)[middle])
    parted = np.partition(values, (middle, middle + 1))
    low, high = float(parted[middle]), float(parted[middle + 1])
    return low if high == low else low + (high - low) * 0.5


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
