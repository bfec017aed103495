"""Relative view: a chart's points as speedups over a baseline series or a baseline x value.

`speedup` = how many times better than the baseline point, whatever the metric's direction:
baseline / value when less is better, value / baseline otherwise, so > 1 is always better.
Against a series, a point's baseline is the baseline series' point at the same x; against an x
value, it is the same series' point at that x. When the chart split identity dimensions
(`split`, query/chart.py), the baseline series is named by the requested dimensions only and each
series is measured against the baseline series with its own split values (the same machine, ...):
a speedup is never between two machines nobody asked to compare. Points without a baseline point (or with a
non-positive one) are left out. Each series carries the geometric mean of its speedups and the
chart the geometric mean over all series, both leaving out the baseline itself (the baseline
series; the points at the baseline x), whose speedup is 1 by definition.
"""

from collections.abc import Sequence
from typing import Any

from cryptobench_server.stats import geomean


def speedup(value: float, reference: float, less_is_better: bool) -> float | None:
    if value <= 0 or reference <= 0:
        return None
    return reference / value if less_is_better else value / reference


def relative(
    series: Sequence[dict[str, Any]],
    *,
    less_is_better: bool,
    baseline_key: dict[str, str | None] | None = None,
    baseline_x: str | None = None,
    split: Sequence[str] = (),
) -> dict[str, Any]:
    """`series` as query/chart.shape makes them; exactly one of baseline_key, baseline_x;
    `split` the dimensions of their keys that the chart added (compared like with like)."""

    def is_base(key: dict[str, str | None]) -> bool:
        return baseline_key is not None and all(key.get(k) == v for k, v in baseline_key.items())

    def split_of(key: dict[str, str | None]) -> tuple:
        return tuple(key.get(name) for name in split)

    bases = {
        split_of(s["key"]): {str(p["x"]): p["value"] for p in s["points"]}
        for s in series
        if is_base(s["key"])
    }
    out, everything = [], []
    for s in series:
        base_points = bases.get(split_of(s["key"]), {})
        own = {str(p["x"]): p["value"] for p in s["points"]}
        points = []
        for p in s["points"]:
            reference = base_points.get(str(p["x"])) if baseline_x is None else own.get(baseline_x)
            ratio = None if reference is None else speedup(p["value"], reference, less_is_better)
            if ratio is not None:
                basis = {name: p[name] for name in ("pooled", "flagged", "flags")}
                points.append(
                    {"x": p["x"], "value": p["value"], "baseline": reference, "speedup": ratio}
                    | basis
                )
        ratios = [p["speedup"] for p in points if str(p["x"]) != baseline_x]
        if not is_base(s["key"]):
            everything += ratios
        else:
            ratios = []
        out.append({"key": s["key"], "points": points, "geomean_speedup": geomean(ratios)})
    return {"series": out, "geomean_speedup": geomean(everything)}
