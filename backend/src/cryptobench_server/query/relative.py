"""Relative view: a chart's points as speedups over a baseline series or a baseline x value.

`speedup` = how many times better than the baseline point, whatever the metric's direction:
baseline / value when less is better, value / baseline otherwise, so > 1 is always better.
Against a series, a point's baseline is the baseline series' point at the same x; against an x
value, it is the same series' point at that x. Points without a baseline point (or with a
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
) -> dict[str, Any]:
    """`series` as query/chart.shape makes them; exactly one of baseline_key, baseline_x."""
    base_points: dict[str, float] = {}
    if baseline_key is not None:
        for s in series:
            if s["key"] == baseline_key:
                base_points = {str(p["x"]): p["value"] for p in s["points"]}
    out, everything = [], []
    for s in series:
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
        if s["key"] != baseline_key:
            everything += ratios
        else:
            ratios = []
        out.append({"key": s["key"], "points": points, "geomean_speedup": geomean(ratios)})
    return {"series": out, "geomean_speedup": geomean(everything)}
