"""The statistics of the read API.

- `median`: the one median (chart, compare): exact, interpolated as PostgreSQL's
  percentile_cont(0.5), i.e. `low + (high - low) * 0.5` between the two middle figures.
- `geomean`: the geometric mean of ratios (compare, matrix, relative), leaving out the absent.
"""

import math
from collections.abc import Iterable

import numpy as np

from cryptobench_server.query.sqlfuncs import unpack


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
