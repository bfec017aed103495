"""The matrix: result identities (rows) by the values of one dimension (columns), one metric.

A row is a result identity as DESIGN defines it (algorithm, operation, library and canonical
params; plus any `split` dimensions asked for) without the column dimension: with
`column=param.block_bytes` the rows are the params minus block_bytes. Identity dimensions named
in `pool` are moved out of the rows too: with `pool=param.coordinates` an ECpy result (jacobian)
and an ECC.py result (affine) of one operation share a row, so `column=library` compares the
two libraries; a cell holding several of their values says so in `pooled` and is their median.
Any other identity dimension that varies within a cell (two machines' ECpy) is split into the
rows, as GET /chart splits it: a cell is one experiment unless a person pooled it. A cell
aggregates every result of its row and column exactly as GET /chart aggregates a point (query/chart.py's
`chart_rows`, so medians are exact, with what it pools and its flags); a row a column did not
measure has no cell. Columns sort as GET /chart sorts x (versions as versions).

Against a baseline column: `ratio = value / baseline value` and `speedup` = how many times better
than the baseline whatever the metric's direction (baseline / value when less is better, else
value / baseline). Each column's `geomean_speedup` is the geometric mean of the speedups of the
rows it shares with the baseline (null when it shares none), `shared` how many those are.
Rows sort by their identity, params in natural order (query/order.py).
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from cryptobench_contract.units import LESS_IS_BETTER
from cryptobench_server.models import Series
from cryptobench_server.query import relative
from cryptobench_server.query.chart import Agg, PointRow, Points, chart_rows, x_order, x_sort_key
from cryptobench_server.query.dimensions import PARAM, Dimension, dimension
from cryptobench_server.query.filters import Filters
from cryptobench_server.query.order import params_key, value_key
from cryptobench_server.query.pooled import ALL_PARAMS
from cryptobench_server.sqlfuncs import json_without
from cryptobench_server.stats import geomean

#: The identity dimensions of a row, in the order rows are sorted by.
IDENTITY = ("algorithm", "operation", "library")
#: The series dimension of the params a row keeps when some are pooled (not ALL_PARAMS: the
#: pooled keys are then counted in each cell's `pooled`).
KEPT_PARAMS = "params.kept"


@dataclass(frozen=True)
class Matrix:
    baseline: str | None
    columns: list[dict[str, Any]]
    rows: list[dict[str, Any]]


def matrix_rows(
    session: Session,
    *,
    metric: str,
    column: Dimension,
    split: Sequence[Dimension],
    pool: Sequence[str],
    agg: Agg,
    filters: Filters,
) -> Points:
    """The chart aggregation with x = the column and series = the identity (less `pool`),
    params (less the pooled param.* keys), then `split`; what else varies within a cell (the
    machine, a tag, ...) is split too (the answer's `split`), only `pool` stays pooled."""
    pooled_keys = [name[len(PARAM) :] for name in pool if name.startswith(PARAM)]
    params = (
        Dimension(KEPT_PARAMS, json_without(Series.params, pooled_keys))
        if pooled_keys
        else Dimension(ALL_PARAMS, Series.params)
    )
    series = [
        *(dimension(name, source=Series) for name in row_identity(pool)),
        params,
        *split,
    ]
    return chart_rows(
        session, metric=metric, x=column, series=series, agg=agg, filters=filters, pool=pool
    )


def row_identity(pool: Sequence[str]) -> tuple[str, ...]:
    """The fixed identity dimensions a row keeps."""
    return tuple(name for name in IDENTITY if name not in pool)


def build(
    points: Sequence[PointRow],
    *,
    metric: str,
    column: str,
    split: Sequence[str],
    pool: Sequence[str],
    baseline: str | None,
) -> Matrix:
    """Shape point rows into columns and rows; `baseline` None means the first column."""
    value_of = x_order(column, sorted({str(p.x) for p in points}))
    texts = sorted(value_of, key=lambda t: x_sort_key(column)(value_of[t]))
    values = [value_of[t] for t in texts]
    base = texts[0] if baseline is None and texts else baseline
    cells: dict[str, dict[str, PointRow]] = {}
    keys: dict[str, dict[str, Any]] = {}
    for point in points:
        key = _row_key(point.keys, column, split, row_identity(pool))
        text = json.dumps(key, sort_keys=True)
        keys[text] = key
        cells.setdefault(text, {})[str(point.x)] = point
    less = LESS_IS_BETTER[metric]
    speedups: dict[str, list[float]] = {t: [] for t in texts}
    rows: list[dict[str, Any]] = []
    for text in sorted(keys, key=lambda t: _sort_key(keys[t], split)):
        measured = cells[text]
        reference = measured.get(base) if base is not None else None
        row_cells: list[dict[str, Any] | None] = []
        for x in texts:
            found = measured.get(x)
            if found is None:
                row_cells.append(None)
                continue
            ratio = _ratio(found.value, reference.value if reference else None)
            speedup = relative.speedup(found.value, reference.value, less) if reference else None
            if speedup is not None:
                speedups[x].append(speedup)
            row_cells.append(
                {
                    "value": found.value,
                    "min": found.min,
                    "max": found.max,
                    "n": found.n,
                    "ratio": ratio,
                    "speedup": speedup,
                    "pooled": found.pooled,
                    "flagged": found.flagged,
                    "flags": found.flags,
                }
            )
        rows.append({"key": keys[text], "cells": row_cells})
    columns = [
        {"value": value, "rows": sum(1 for r in rows if r["cells"][i] is not None)}
        | {"geomean_speedup": geomean(speedups[x]), "shared": len(speedups[x])}
        for i, (value, x) in enumerate(zip(values, texts, strict=False))
    ]
    return Matrix(baseline=base, columns=columns, rows=rows)


def _row_key(
    keys: Sequence[Any], column: str, split: Sequence[str], identity: Sequence[str]
) -> dict[str, Any]:
    named = dict(zip(identity, keys, strict=False))
    params = dict(keys[len(identity)] or {})
    out: dict[str, Any] = {k: v for k, v in named.items() if k != column}
    if column.startswith(PARAM):
        params.pop(column[len(PARAM) :], None)
    out["params"] = params
    out.update(zip(split, keys[len(identity) + 1 :], strict=False))
    return out


def _sort_key(key: dict[str, Any], split: Sequence[str]) -> list[Any]:
    """Identity text first, then params, then split values, each in natural order."""
    out: list[Any] = [key.get(name) or "" for name in IDENTITY]
    out.append(params_key(key["params"]))
    out += [value_key(name, key[name]) for name in split]
    return out


def _ratio(value: float, reference: float | None) -> float | None:
    """value / reference; None without a positive reference or when value is 0 (no speedup)."""
    if reference is None or reference <= 0 or value <= 0:
        return None
    return value / reference
