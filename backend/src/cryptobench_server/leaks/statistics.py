"""The statistics of a timing-leak screen: one definition of each (pure, numpy only).

A screen measures one operation on two input classes (dudect: fixed vs random secret; Marvin:
valid vs invalid padding). What is computed of the two classes' samples `a` and `b`:
- `crop`: the samples at or below the pooled 99th percentile (dudect crops the same way): the
  tail that preemption, interrupts and page faults add (a millisecond among microseconds) would
  make the means and variances those of the noise. Welch's t, the power and t against sample
  count are of the cropped samples; the rank test, the medians and their interval of all.
- `welch`: Welch's t of the means, its Welch-Satterthwaite degrees of freedom and the two-sided
  p-value of Student's t (the regularized incomplete beta function). |t| > `T_THRESHOLD` (4.5,
  dudect's paper: two-sided p ~ 7e-6) is the evidence of a leak.
- `rank_test`: the Mann-Whitney U test in its normal approximation with the tie correction and a
  continuity correction of 0.5 (scipy's `mannwhitneyu(method="asymptotic")`): a leak that moves
  the order of the samples, not only their mean, and does not follow a few outliers.
- `median_difference_interval`: a percentile bootstrap interval of median(b) - median(a),
  seeded (PCG64, `BOOTSTRAP_SEED`), so the same samples always give the same interval.
- `detectable_difference`: the power of the screen: the smallest difference of the means that
  these samples would have shown with |t| > `T_THRESHOLD` in 80% of repeats,
  (T_THRESHOLD + z_0.8) * standard error; below it a leak may have been missed.
- `count_sets`: deterministic counts (instructions under QEMU): the exact comparison of the
  per-class sets of counts; any count of one class the other never shows is a witness of a
  secret-dependent path.
- `t_progress`: Welch's t over growing prefixes of both classes (t against sample count): a
  leak's t grows as the square root of the samples, noise's does not.
- `histograms`: both classes over shared bins, for the drill-down's picture.
"""

import math
from typing import NamedTuple

import numpy as np

#: |t| above this is a detected leak (dudect's paper; two-sided p about 6.8e-6).
T_THRESHOLD = 4.5
#: The power at which `detectable_difference` is stated, and its normal quantile.
POWER = 0.8
Z_POWER = 0.8416212335729143
#: Samples above this pooled percentile are left out of the mean-based statistics.
CROP_PERCENTILE = 99.0
BOOTSTRAP_SEED = 20161123
BOOTSTRAP_RESAMPLES = 1000


class Welch(NamedTuple):
    t: float
    df: float
    p: float


class RankTest(NamedTuple):
    u: float
    z: float
    p: float


class CountSets(NamedTuple):
    differ: bool
    only_a: int
    only_b: int
    range_a: tuple[float, float]
    range_b: tuple[float, float]


def crop(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Both classes without their samples above the pooled CROP_PERCENTILE (order kept), and how
    many were left out; both whole when cropping would leave a class fewer than two samples."""
    limit = float(np.percentile(np.concatenate([a, b]), CROP_PERCENTILE))
    kept_a, kept_b = a[a <= limit], b[b <= limit]
    if min(len(kept_a), len(kept_b)) < 2:
        return a, b, 0
    return kept_a, kept_b, len(a) + len(b) - len(kept_a) - len(kept_b)


def welch(a: np.ndarray, b: np.ndarray) -> Welch:
    """Welch's t of mean(b) - mean(a); needs two samples in each class."""
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        raise ValueError("Welch's t needs two samples in each class")
    va, vb = float(np.var(a, ddof=1)) / na, float(np.var(b, ddof=1)) / nb
    difference = float(np.mean(b)) - float(np.mean(a))
    if va + vb == 0:
        t = 0.0 if difference == 0 else math.copysign(math.inf, difference)
        return Welch(t, float(na + nb - 2), 1.0 if difference == 0 else 0.0)
    t = difference / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va**2 / (na - 1) + vb**2 / (nb - 1))
    return Welch(t, df, student_two_sided(t, df))


def student_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom: I_{df/(df+t^2)}(df/2, 1/2)."""
    if math.isinf(t):
        return 0.0
    return _incomplete_beta(df / 2, 0.5, df / (df + t * t))


def normal_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def rank_test(a: np.ndarray, b: np.ndarray) -> RankTest:
    """Mann-Whitney U of `b` (ranks over both classes, ties averaged) and its normal z."""
    na, nb = len(a), len(b)
    n = na + nb
    ranks, ties = _ranks(np.concatenate([a, b]))
    u = float(ranks[na:].sum()) - nb * (nb + 1) / 2
    centre = na * nb / 2
    variance = na * nb / 12 * ((n + 1) - ties / (n * (n - 1)))
    if variance <= 0:
        return RankTest(u, 0.0, 1.0)
    excess = max(abs(u - centre) - 0.5, 0.0)
    z = math.copysign(excess, u - centre) / math.sqrt(variance)
    return RankTest(u, z, normal_two_sided(z))


def _ranks(values: np.ndarray) -> tuple[np.ndarray, float]:
    """Ranks from 1 (ties get their mean rank) and the tie term sum(t^3 - t)."""
    order = np.argsort(values, kind="mergesort")
    ordered = values[order]
    starts = np.flatnonzero(np.concatenate([[True], ordered[1:] != ordered[:-1]]))
    counts = np.diff(np.append(starts, len(values)))
    mean_rank = starts + (counts + 1) / 2
    ranks = np.empty(len(values))
    ranks[order] = np.repeat(mean_rank, counts)
    return ranks, float(np.sum(counts.astype(np.float64) ** 3 - counts))


def median_difference_interval(
    a: np.ndarray, b: np.ndarray, *, level: float = 0.95, resamples: int = BOOTSTRAP_RESAMPLES
) -> tuple[float, float]:
    """The percentile bootstrap interval of median(b) - median(a), the same for the same input."""
    rng = np.random.Generator(np.random.PCG64(BOOTSTRAP_SEED))
    chunk = max(1, 2_000_000 // max(len(a), len(b)))
    differences: list[np.ndarray] = []
    for start in range(0, resamples, chunk):
        size = min(chunk, resamples - start)
        med_a = np.median(rng.choice(a, (size, len(a))), axis=1)
        med_b = np.median(rng.choice(b, (size, len(b))), axis=1)
        differences.append(med_b - med_a)
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(np.concatenate(differences), [tail, 100 - tail])
    return float(low), float(high)


def detectable_difference(a: np.ndarray, b: np.ndarray) -> float:
    """The smallest difference of the means |t| > T_THRESHOLD shows with 80% power here."""
    standard_error = math.sqrt(
        float(np.var(a, ddof=1)) / len(a) + float(np.var(b, ddof=1)) / len(b)
    )
    return (T_THRESHOLD + Z_POWER) * standard_error


def detectable_tau(measurements: int) -> float:
    """dudect's statistics: the smallest difference in standard deviations (2 tau, dudect's tau
    being t / sqrt(measurements)) that |t| > T_THRESHOLD shows with 80% power."""
    return 2 * (T_THRESHOLD + Z_POWER) / math.sqrt(measurements)


def measurements_for_t(tau: float, t: float = 5.0) -> float:
    """How many measurements show |t| = `t` at dudect's effect `tau`: dudect's `(5/tau)^2`."""
    return (t / tau) ** 2


def count_sets(a: np.ndarray, b: np.ndarray) -> CountSets:
    """The exact comparison of two classes' sets of deterministic counts."""
    set_a, set_b = set(a.tolist()), set(b.tolist())
    return CountSets(
        differ=set_a != set_b,
        only_a=len(set_a - set_b),
        only_b=len(set_b - set_a),
        range_a=(float(a.min()), float(a.max())),
        range_b=(float(b.min()), float(b.max())),
    )


def t_progress(a: np.ndarray, b: np.ndarray, *, points: int = 24) -> list[tuple[int, float]]:
    """Welch's t over the first fraction f of each class, at up to `points` fractions spread
    geometrically from 5 samples per class to all: (samples of both classes, t)."""
    smallest = min(len(a), len(b))
    if smallest < 5:
        return []
    fractions = np.unique(np.geomspace(5 / smallest, 1.0, points))
    out: list[tuple[int, float]] = []
    for fraction in fractions:
        ka = max(2, round(len(a) * fraction))
        kb = max(2, round(len(b) * fraction))
        t = welch(a[:ka], b[:kb]).t
        out.append((ka + kb, t if math.isfinite(t) else math.copysign(1e308, t)))
    return out


class Histograms(NamedTuple):
    edges: list[float]
    a: list[int]
    b: list[int]
    below: tuple[int, int]
    above: tuple[int, int]


def histograms(a: np.ndarray, b: np.ndarray, *, bins: int = 40) -> Histograms:
    """Both classes over one set of bins spanning the pooled 0.5th..99.5th percentiles; what falls
    outside is counted in `below`/`above` (per class), not stretched over the picture."""
    pooled = np.concatenate([a, b])
    low, high = (float(v) for v in np.percentile(pooled, [0.5, 99.5]))
    if high <= low:
        low, high = low - 0.5, high + 0.5
    edges = np.linspace(low, high, bins + 1)
    counts = [np.histogram(c[(c >= low) & (c <= high)], edges)[0].tolist() for c in (a, b)]
    return Histograms(
        edges=edges.tolist(),
        a=counts[0],
        b=counts[1],
        below=(int((a < low).sum()), int((b < low).sum())),
        above=(int((a > high).sum()), int((b > high).sum())),
    )


def _incomplete_beta(p: float, q: float, x: float) -> float:
    """The regularized incomplete beta function I_x(p, q) (Lentz's continued fraction)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (
        math.lgamma(p + q) - math.lgamma(p) - math.lgamma(q) + p * math.log(x) + q * math.log1p(-x)
    )
    if x < (p + 1) / (p + q + 2):
        return math.exp(log_front) * _beta_fraction(p, q, x) / p
    return 1.0 - math.exp(log_front) * _beta_fraction(q, p, 1 - x) / q


def _beta_fraction(p: float, q: float, x: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1.0 - (p + q) * x / (p + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    fraction = d
    for m in range(1, 500):
        for numerator in (
            m * (q - m) * x / ((p + 2 * m - 1) * (p + 2 * m)),
            -(p + m) * (p + q + m) * x / ((p + 2 * m) * (p + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            fraction *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return fraction
