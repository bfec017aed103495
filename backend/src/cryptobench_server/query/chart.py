"""Chart aggregation: one SQL GROUP BY over (x, series...) of the read model and a pure shaping step.

The read model (rollups.py) holds each series' results pre-aggregated, so a chart over 1M results
reads a few rows per series (`series_totals` pieces; `series_runs` when a run is a dimension):
min/max/n and the sums for the mean in SQL, the median exactly from the group's packed figures
(stats.py, interpolated as PostgreSQL's percentile_cont(0.5)).

Per point: `value` is the chosen aggregate (median | mean | min | max) of the metric column,
`min`/`max`/`n` are over the same results. Results whose metric column is NULL (the figure was
not derivable) are left out, never counted as zero; so are results without an x value.

Error bars: a result's reported `error` is in its reported unit, so it is only carried into a
canonical metric when the result was reported in that metric (scaled like the value:
`error * metric_value / value`). A point gets an `error` only when every one of its results has
such an error and all of them share one `error_kind`; the point's error is then the largest of
them (stats.level_error; for a single result: its own). Otherwise `error` and `error_kind` are
null.

A point is one experiment (DESIGN "Read API"): before aggregating, `chart_rows` asks what each
point would pool (query/pooled.py: the identity dimensions with more than one value among its
results, other than x and the series dimensions) and adds every such dimension to the series
(`split`), so that each point aggregates the results of one series identity (repeated runs of one
experiment on one machine), never a figure no experiment produced. Only the dimensions a person
names in `pool` stay pooled: such a point is the median of what it pooled, whatever `agg`, with
the min-max range of its results, and says what it pooled in `pooled`. `flagged` and `flags`
(query/flags.py: its results with plausibility flags) come from a statement over the same rows
(query/scope.py). `chart` is the one sequence dimension names -> rows -> shape that /chart, /relative and /fit
call; /matrix, /history and /tradeoff call `chart_rows` with their own dimensions.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import case, func, null
from sqlalchemy.orm import Session

from cryptobench_contract.versions import is_version_dimension, version_key
from cryptobench_server.models import Series
from cryptobench_server.query.dimensions import Dimension, dimension, rollup_for
from cryptobench_server.query.filters import Filters, conditions
from cryptobench_server.query.flags import Flagged, flag_counts
from cryptobench_server.query.pooled import FIXED as IDENTITY_FIXED
from cryptobench_server.query.pooled import Pooled, pooled
from cryptobench_server.query.scope import Scope, point_key
from cryptobench_server.sqlfuncs import concat_bytes
from cryptobench_server.stats import level_error, packed_median
from cryptobench_server.store.dialect import fetch_aggregate

Agg = Literal["median", "mean", "min", "max"]


@dataclass(frozen=True)
class PointRow:
    x: Any
    keys: tuple[Any, ...]
    value: float
    min: float
    max: float
    n: int
    error: float | None
    error_kind: str | None
    #: query/pooled.py: identity dimension -> distinct values, those with more than one.
    pooled: dict[str, int]
    #: Results with a plausibility flag, and how many carry each flag (query/flags.py).
    flagged: int
    flags: dict[str, int]
    #: The library version all the point's results share, else None.
    library_version: str | None


@dataclass(frozen=True)
class Points:
    rows: list[PointRow]
    #: The identity dimensions added to the series because they varied within a point, in the
    #: order their values follow the requested series in `PointRow.keys`.
    split: list[str]


def chart(
    session: Session,
    *,
    metric: str,
    x: str,
    series: Sequence[str],
    agg: Agg,
    filters: Filters,
    pool: Sequence[str] = (),
) -> dict[str, Any]:
    """The one chart: dimension names resolved (422 naming `x`, `series` or `pool`), the points
    aggregated and shaped. `{"x": name, "series_names": [...], "split": [...], "series":
    shape(...)}`; `series_names` are the requested ones, each series' key has the split too."""
    x_dim = dimension(x, field="x", source=Series)
    dims = [dimension(s, field="series", source=Series) for s in dict.fromkeys(series)]
    pooled_names = [_split_dimension(p, field="pool").name for p in pool]
    drawn = chart_rows(
        session, metric=metric, x=x_dim, series=dims, agg=agg, filters=filters, pool=pooled_names
    )
    names = [d.name for d in dims]
    return {
        "x": x_dim.name,
        "series_names": names,
        "split": drawn.split,
        "series": shape(drawn.rows, [*names, *drawn.split], x_dim.name),
    }


def chart_rows(
    session: Session,
    *,
    metric: str,
    x: Dimension,
    series: Sequence[Dimension],
    agg: Agg,
    filters: Filters,
    pool: Sequence[str] = (),
) -> Points:
    """One GROUP BY over the read model, split until each point is one experiment (but for the
    dimensions in `pool`); the median from the group's packed figures; what each point pools
    and its flags over the same rows.

    `x` and `series` are dimensions resolved on Series (`dimension(name, source=Series)`)."""
    connection = session.connection()
    split: list[Dimension] = []
    while True:
        scope = _scope(metric, [x, *series, *split], filters)
        shown = [x.name, *(s.name for s in series), *(d.name for d in split)]
        pools = pooled(connection, scope, shown)
        varying = {name for p in pools.values() for name in p.counts} - set(pool)
        if not varying:
            break
        split += [_split_dimension(name) for name in sorted(varying, key=_split_order)]
    rollup = scope.rollup
    count, total, low, high, values = (
        getattr(rollup, f"{metric}_{part}") for part in ("n", "sum", "min", "max", "values")
    )
    own = Series.metric == metric
    query = scope.grouped(
        func.min(low),
        func.max(high),
        func.sum(count),
        func.sum(total),
        concat_bytes(values) if agg == "median" or pool else null(),
        func.sum(case((own, rollup.error_n))),
        func.max(case((own, rollup.error_max))),
        func.min(case((own, rollup.error_kind_min))),
        func.max(case((own, rollup.error_kind_max))),
        func.sum(rollup.flagged_n),
    )
    width = len(scope.groups)
    rows = fetch_aggregate(connection, query)
    flags = flag_counts(connection, scope, metric) if any(row[-1] for row in rows) else {}
    out = []
    for row in rows:
        key = point_key(row[:width])
        # The pooled counts are an earlier statement: a point an upload made in between (READ
        # COMMITTED) may be missing there, which must not fail the chart.
        basis = pools.get(key, Pooled({}, None))
        out.append(_point(row, width, agg, basis, flags.get(key, Flagged())))
    return Points(out, [d.name for d in split])


def _scope(metric: str, dims: Sequence[Dimension], filters: Filters) -> Scope:
    """The rows of a chart grouped by `dims` (x first) under `filters`, with the metric."""
    names = [*(d.name for d in dims), *filters]
    rollup = rollup_for(names)
    count = getattr(rollup, f"{metric}_n")
    groups = [d.expression for d in dims]
    where = [count > 0, groups[0].is_not(None), *conditions(filters, source=Series)]
    return Scope(names, rollup, groups, where)


#: The dimension a pooled name splits by: `clock` (the runs' clock_hz) is not a filter dimension.
_CLOCK = Dimension("clock", Series.clock_hz)


def _split_dimension(name: str, field: str = "split") -> Dimension:
    return _CLOCK if name == _CLOCK.name else dimension(name, field=field, source=Series)


def _split_order(name: str) -> tuple[int, str]:
    """Fixed identity dimensions first (machine first), then param.* and tag.* by name."""
    fixed = list(IDENTITY_FIXED)
    return (fixed.index(name), "") if name in fixed else (len(fixed), name)


def _point(row: Sequence[Any], width: int, agg: Agg, pool: Pooled, flagged: Flagged) -> PointRow:
    low, high, n, total, packed, n_error, error, kind, other_kind, _ = row[width:]
    if agg == "median" or pool.counts:
        value = packed_median(packed)
    else:
        value = total / n if agg == "mean" else (low if agg == "min" else high)
    error = level_error(n_error, n, error) if kind == other_kind else None
    return PointRow(
        x=row[0],
        keys=tuple(row[1:width]),
        value=value,
        min=low,
        max=high,
        n=n,
        error=error,
        error_kind=None if error is None else kind,
        pooled=pool.counts,
        flagged=flagged.flagged,
        flags=dict(sorted(flagged.flags.items())),
        library_version=pool.library_version,
    )


def numeric(values: Sequence[Any]) -> list[float | int] | None:
    """The x values as numbers when every one of them is a finite number, else None."""
    out: list[float | int] = []
    for value in values:
        try:
            number = float(value)
        except (TypeError, ValueError):
            return None
        if not math.isfinite(number):
            return None
        out.append(int(number) if number.is_integer() and abs(number) < 2**53 else number)
    return out


def x_order(x_name: str, texts: Sequence[Any]) -> dict[Any, Any]:
    """Each x text -> the value the chart gives it: text for versions, else numbers when every
    one is a number, else text."""
    numbers = None if is_version_dimension(x_name) else numeric(texts)
    if numbers is None:
        return {x: x for x in texts}
    return dict(zip(texts, numbers, strict=True))


def x_sort_key(x_name: str):
    """How x values sort: as versions ("3.9" < "3.10") for a version dimension, else as
    themselves (numbers numerically)."""
    return version_key if is_version_dimension(x_name) else (lambda x: x)


def shape(
    rows: Sequence[PointRow], series_names: Sequence[str], x_name: str
) -> list[dict[str, Any]]:
    """Group point rows into series (sorted by key, nulls first; versions as versions) with
    points sorted by x (as versions when x is a version, else numerically when all are numbers)."""
    xs = [_text(r.x) for r in rows]
    x_of = x_order(x_name, xs)
    by_key: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for row, x in zip(rows, xs, strict=True):
        point = {
            "x": x_of[x],
            "value": row.value,
            "min": row.min,
            "max": row.max,
            "n": row.n,
            "error": row.error,
            "error_kind": row.error_kind,
            "pooled": row.pooled,
            "flagged": row.flagged,
            "flags": row.flags,
        }
        by_key.setdefault(tuple(_text(k) for k in row.keys), []).append(point)
    out = []
    versions = [is_version_dimension(name) for name in series_names]

    def order(key: tuple) -> list:
        return [
            (v is not None, version_key(v) if is_version else (v or ""))
            for v, is_version in zip(key, versions, strict=True)
        ]

    x_key = x_sort_key(x_name)
    for key in sorted(by_key, key=order):
        points = sorted(by_key[key], key=lambda p: x_key(p["x"]))
        out.append({"key": dict(zip(series_names, key, strict=False)), "points": points})
    return out


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
