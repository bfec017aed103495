"""Facets: every dimension with its values and how many results carry each value.

Counts of a dimension are taken under all filters except that dimension's own (the usual
"disjunctive" faceting), so a picker keeps offering the other values a user may OR in: with
`algorithm=RSA` the algorithm facet still lists ECDSA with its count, while every other facet
counts RSA results only.

Counts add up the read model's `result_n` (rollups.py): one row per distinct series
(`series_totals`), or per series and run when a run is a dimension or a filter (`series_runs`),
instead of every result.
"""

from typing import Any

from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_contract.versions import is_version_dimension, version_key
from sqlalchemy import String, case, cast, func, literal_column, select
from sqlalchemy.orm import Session

from cryptobench_server.models import Series
from cryptobench_server.query.chart import numeric
from cryptobench_server.query.dimensions import (
    FIXED,
    PARAM,
    TAG,
    dimension,
    rollup_for,
    series_from,
)
from cryptobench_server.query.filters import Filters, conditions

Counts = dict[str | None, int]


def facets(session: Session, filters: Filters) -> list[tuple[str, Counts]]:
    """(dimension, {value: count}) for the fixed dimensions, then param.*, then tag.*, by name."""
    fixed = [(name, _counts(session, name, filters)) for name in FIXED]
    open_ = {}
    for prefix, column in ((PARAM, Series.params), (TAG, Series.tags)):
        for (key, value), count in _pairs(session, prefix, column, filters).items():
            open_.setdefault(prefix + key, {})[value] = count
    for name in filters:
        if name.startswith((PARAM, TAG)):
            open_[name] = _counts(session, name, filters)
    return fixed + sorted((k, v) for k, v in open_.items() if v)


def metric_counts(session: Session, filters: Filters) -> Counts:
    """How many results under the filters have each canonical metric (a chart of it is not empty)."""
    rollup = rollup_for(filters)
    columns = [func.coalesce(func.sum(getattr(rollup, f"{m}_n")), 0) for m in CANONICAL_METRICS]
    query = series_from(select(*columns), filters, rollup)
    counts = session.execute(query.where(*_conditions(filters))).one()
    return dict(zip(CANONICAL_METRICS, counts))


def ordered(counts: Counts, name: str = "") -> list[tuple[str | None, int]]:
    """Values sorted as versions when `name` is a version dimension, else numerically when all
    are numbers, else as text; null first."""
    values = [v for v in counts if v is not None]
    numbers = None if is_version_dimension(name) else numeric(values)
    if numbers is not None:
        keys: dict[str, Any] = dict(zip(values, numbers))
    else:
        keys = {v: version_key(v) if is_version_dimension(name) else v for v in values}
    head = [(None, counts[None])] if None in counts else []
    return head + [(v, counts[v]) for v in sorted(values, key=keys.__getitem__)]


def _conditions(filters: Filters, without: str | None = None) -> list:
    return conditions(filters, without=without, source=Series)


def _counts(session: Session, name: str, filters: Filters) -> Counts:
    expression = dimension(name, source=Series).expression
    names = [name, *(f for f in filters if f != name)]
    rollup = rollup_for(names)
    query = series_from(select(expression, func.sum(rollup.result_n)), names, rollup)
    rows = session.execute(query.where(*_conditions(filters, without=name)).group_by(expression))
    return {_text(v): n for v, n in rows}


def _pairs(session: Session, prefix: str, column, filters: Filters) -> dict[tuple[str, str], int]:
    """Counts of every (key, value) of a JSON object column, under the filters on other keys."""
    key, value, source = json_pairs(session, column)
    rollup = rollup_for(filters)
    query = series_from(select(key, value, func.sum(rollup.result_n)), filters, rollup)
    rows = session.execute(
        query.join(source, literal_column("true")).where(*_conditions(filters)).group_by(key, value)
    )
    return {(k, _text(v)): n for k, v, n in rows if v is not None}


def json_pairs(session: Session, column) -> tuple[Any, Any, Any]:
    if session.get_bind().dialect.name == "postgresql":
        pairs = func.jsonb_each_text(column).table_valued("key", "value").alias("kv")
        return pairs.c.key, pairs.c.value, pairs
    pairs = func.json_each(column).table_valued("key", "value", "type").alias("kv")
    text = case(
        (pairs.c.type == "true", "true"),
        (pairs.c.type == "false", "false"),
        else_=cast(pairs.c.value, String),
    )
    return pairs.c.key, text, pairs


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
