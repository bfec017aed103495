"""Size-curve cost model: time per operation = a + b * bytes, per series.

Fitted by weighted least squares with weights 1 / t^2, i.e. minimizing the *relative* residuals
sum(((t - a - b x) / t)^2): benchmark noise is roughly proportional to the time, and with sizes
from 16 B to 1 MiB an unweighted fit would let the largest size decide everything and leave the
fixed cost `a` to rounding. R^2 is the weighted one (1 - weighted residual sum / weighted total
sum about the weighted mean). A fit is `good` when it has at least three sizes, a >= 0, b > 0
and R^2 >= MIN_R2; only good fits are drawn.

Reported: `a` (the fixed cost per operation, in the metric's unit), `b` (per byte),
`bytes_per_unit` = 1 / b (the asymptotic throughput: bytes per ns, or per cycle) and
`half_size` = a / b (the size at which half the time is fixed cost: the half-performance length).
"""

from collections.abc import Sequence
from dataclasses import dataclass

MIN_R2 = 0.99


@dataclass(frozen=True)
class Fit:
    a: float
    b: float
    r2: float
    n: int
    good: bool

    @property
    def bytes_per_unit(self) -> float | None:
        return 1 / self.b if self.b > 0 else None

    @property
    def half_size(self) -> float | None:
        return self.a / self.b if self.b > 0 else None


def fit_line(sizes: Sequence[float], times: Sequence[float]) -> Fit | None:
    """The weighted fit of (size, time) pairs; None with fewer than two distinct sizes or a
    non-positive time."""
    if len(set(sizes)) < 2 or any(t <= 0 for t in times):
        return None
    w = [1 / (t * t) for t in times]
    sw = sum(w)
    mx = sum(wi * x for wi, x in zip(w, sizes, strict=True)) / sw
    my = sum(wi * y for wi, y in zip(w, times, strict=True)) / sw
    sxx = sum(wi * (x - mx) ** 2 for wi, x in zip(w, sizes, strict=True))
    sxy = sum(wi * (x - mx) * (y - my) for wi, x, y in zip(w, sizes, times, strict=True))
    syy = sum(wi * (y - my) ** 2 for wi, y in zip(w, times, strict=True))
    b = sxy / sxx
    a = my - b * mx
    residual = sum(wi * (y - a - b * x) ** 2 for wi, x, y in zip(w, sizes, times, strict=True))
    r2 = 1 - residual / syy if syy > 0 else 1.0
    good = len(sizes) >= 3 and a >= 0 and b > 0 and r2 >= MIN_R2
    return Fit(a=a, b=b, r2=r2, n=len(sizes), good=good)
