"""E-divisive change points (Matteson and James 2014, the method of Hunter and apache-otava),
with a minimum magnitude, for bench/change_detection.py to compare with changes/detect.py.

Over the logarithms of a series (oldest first), binary segmentation: in a segment, the split
with the largest energy statistic q = m k / (m + k) * (2 E|X - Y| - E|X - X'| - E|Y - Y'|)
(at least MIN_SIZE points each side) is a change point when a permutation test says so
(p <= ALPHA over PERMUTATIONS shuffles of the segment, a fixed seed), the medians either side
differ by at least the magnitude, and it is a level shift (`detect.level_shift`, the detector's
own test: a drift is not a step); then both halves are searched again. A retrospective method:
it needs points on both sides, so a step at the newest run or two is never found (a 2-point
segment of 7 cannot reach p <= 0.01 by permutation).
"""

import math
from collections.abc import Sequence

import numpy as np

from cryptobench_server.changes.detect import level_shift

MIN_SIZE = 2
PERMUTATIONS = 99
ALPHA = 0.01
SEED = 39


def _best_split(x: np.ndarray) -> tuple[float, int]:
    """The largest energy statistic over the splits of `x` and where it is."""
    n = len(x)
    sums = np.abs(x[:, None] - x[None, :]).cumsum(0).cumsum(1)
    padded = np.zeros((n + 1, n + 1))
    padded[1:, 1:] = sums

    def block(r0: int, r1: int, c0: int, c1: int) -> float:
        return float(padded[r1, c1] - padded[r0, c1] - padded[r1, c0] + padded[r0, c0])

    best, at = -math.inf, 0
    for t in range(MIN_SIZE, n - MIN_SIZE + 1):
        m, k = t, n - t
        energy = 2 * block(0, t, t, n) / (m * k) - block(0, t, 0, t) / m**2
        energy -= block(t, n, t, n) / k**2
        q = m * k / n * energy
        if q > best:
            best, at = q, t
    return best, at


def change_points(values: Sequence[float], magnitude: float) -> list[int]:
    """Indexes of the first point of each new level in positive `values` (oldest first)."""
    x = np.log(np.asarray(values, dtype=float))
    rng = np.random.default_rng(SEED)
    found: list[int] = []
    todo = [(0, len(x))]
    while todo:
        a, b = todo.pop()
        if b - a < 2 * MIN_SIZE:
            continue
        segment = x[a:b]
        q, t = _best_split(segment)
        if not q > 0:
            continue
        beaten = sum(_best_split(rng.permutation(segment))[0] >= q for _ in range(PERMUTATIONS))
        if (beaten + 1) / (PERMUTATIONS + 1) > ALPHA:
            continue
        shift = float(np.median(segment[t:]) - np.median(segment[:t]))
        before, after = np.exp(segment[:t]).tolist(), np.exp(segment[t:]).tolist()
        if abs(shift) < math.log1p(magnitude) or not level_shift(before, after, shift, magnitude):
            continue
        found.append(a + t)
        todo += [(a, a + t), (a + t, b)]
    return sorted(found)
