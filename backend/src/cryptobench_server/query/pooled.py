"""What a chart point pools: the identity dimensions with more than one value among its results.

Identity dimensions are what tells one measured experiment from another: `machine`, `library`,
`library_version`, `clock` (the runs' clock_hz), `source`, `algorithm`, `operation`, each
`param.<key>` and each `tag.<key>`. A point's `pooled` names those with more than one distinct
value among the rows it aggregates (a missing value counts as one: results with and without a
library version are pooled), leaving out the chart's own x and series dimensions (constant
within a point); `{}` when nothing was pooled.

Counted in SQL over the chart's scope, grouped as the figures are: one statement counts the
distinct values of the fixed dimensions and of the whole params and tags objects; only when a
point has more than one params (or tags) object does a second one count each key's values
(`json_items`: a key some rows lack counts the absence as one more value).
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, case, distinct, func, literal_column, true, union_all

from cryptobench_server.models import Series
from cryptobench_server.query.dimensions import PARAM, TAG
from cryptobench_server.query.scope import PointKey, Scope, point_key
from cryptobench_server.sqlfuncs import SqlColumn, json_items

FIXED: dict[str, SqlColumn] = {
    "machine": Series.machine_id,
    "library": Series.library,
    "library_version": Series.library_version,
    "clock": Series.clock_hz,
    "source": Series.source,
    "algorithm": Series.algorithm,
    "operation": Series.operation,
}
OPEN: dict[str, SqlColumn] = {PARAM: Series.params, TAG: Series.tags}
#: A chart series that is every parameter at once (the matrix's row identity).
ALL_PARAMS = "params"


@dataclass(frozen=True)
class Pooled:
    counts: dict[str, int]
    #: The library version every row of the point shares (None when they differ or lack one).
    library_version: str | None


def pooled(connection: Connection, scope: Scope, split: Iterable[str]) -> dict[PointKey, Pooled]:
    """Per point (by point_key of its group values): what it pools, leaving out `split`."""
    split = set(split)
    fixed = [name for name in FIXED if name not in split]
    open_ = [p for p in OPEN if not (p == PARAM and ALL_PARAMS in split)]
    query = scope.grouped(
        func.count(),
        *(func.count(distinct(OPEN[p])) for p in open_),
        *(_distinct_count(FIXED[name]) for name in fixed),
        _distinct_count(Series.library_version),
        func.min(Series.library_version),
    )
    width = len(scope.groups)
    out: dict[PointKey, Pooled] = {}
    rows: dict[PointKey, int] = {}
    keyed: list[str] = []
    for row in connection.execute(query):
        key = point_key(row[:width])
        total, *gates = row[width : width + 1 + len(open_)]
        counts = row[width + 1 + len(open_) : -2]
        versions, version = row[-2:]
        rows[key] = total
        keyed += [p for p, gate in zip(open_, gates, strict=True) if gate > 1 and p not in keyed]
        out[key] = Pooled(
            {name: n for name, n in zip(fixed, counts, strict=True) if n > 1},
            version if versions == 1 else None,
        )
    if keyed:
        for key, name, n in _open_counts(connection, scope, keyed, rows):
            if name not in split:
                out[key].counts[name] = n
    return out


def _distinct_count(column: SqlColumn):
    """Distinct values of `column`, NULL counted as one of them."""
    return func.count(distinct(column)) + func.max(case((column.is_(None), 1), else_=0))


def _open_counts(
    connection: Connection, scope: Scope, prefixes: Sequence[str], rows: dict[PointKey, int]
) -> list[tuple[PointKey, str, int]]:
    """(point, `param.k`/`tag.k`, distinct values) for the keys with more than one value."""
    parts = []
    for prefix in prefixes:
        items = json_items(OPEN[prefix]).table_valued("key", "value")
        counted = (func.count(distinct(items.c.value)), func.count())
        query = scope.select(literal_column(f"'{prefix}'"), items.c.key, *counted)
        parts.append(query.join(items, true()).group_by(*scope.groups, items.c.key))
    width = len(scope.groups)
    out = []
    for row in connection.execute(union_all(*parts)):
        key = point_key(row[:width])
        if key not in rows:
            # a point an upload made between the two statements (READ COMMITTED): the chart's
            # own aggregate did not see it either
            continue
        prefix, name, values, having = row[width:]
        n = values + (1 if having < rows[key] else 0)
        if n > 1:
            out.append((key, prefix + name, n))
    return out
