"""Facets: every dimension with its values and how many results carry each value.

Counts of a dimension are taken under all filters except that dimension's own (the usual
"disjunctive" faceting), so a picker keeps offering the other values a user may OR in: with
`algorithm=RSA` the algorithm facet still lists ECDSA with its count, while every other facet
counts RSA results only.

Counts add up the read model's `result_n` (rollups.py): one row per distinct series
(`series_totals`), or per series and run when a run is a dimension or a filter (`series_runs`),
instead of every result.
"""

import heapq
import math
import uuid
from collections.abc import Callable
from typing import Any, NamedTuple

from sqlalchemy import (
    Select,
    func,
    literal,
    literal_column,
    null,
    select,
    true,
    tuple_,
    union_all,
)
from sqlalchemy.orm import Session
from sqlalchemy.sql.expression import CTE
from sqlalchemy.sql.util import ClauseAdapter

from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_contract.versions import is_version_dimension, version_key
from cryptobench_server.models import Machine, Run, Series, SeriesRun
from cryptobench_server.query.chart import numeric
from cryptobench_server.query.dimensions import (
    FIXED,
    PARAM,
    TAG,
    dimension,
    rollup_for,
    series_from,
)
from cryptobench_server.query.filters import Filters, conditions, run_id
from cryptobench_server.sqlfuncs import json_item_text, json_items

Counts = dict[str | None, int]
#: The run facet lists this many runs, newest first: a picker of thousands of runs helps nobody,
#: and listing every run would cost what was measured, not what is distinct (bench/interaction.py
#: at 5M results). The Runs page lists and searches them all.
RUN_FACET_LIMIT = 100
#: Any other facet lists at most this many values (the filtered ones, then those with the most
#: results), and at most this many param.*/tag.* dimensions are listed (likewise): one run
#: with 20,000 tags made /facets 1.4 MB and the Explorer 161k DOM nodes.
MAX_FACET_VALUES, MAX_OPEN_DIMENSIONS = 200, 100
#: (condition on runs, offset, size) -> (run_id, count or None) of the runs in that window
WindowCounter = Callable[[Any, int, int | None], list[tuple[uuid.UUID, int | None]]]
OPEN = ((PARAM, Series.params), (TAG, Series.tags))
#: The name of the metric counts' rows among the dimensions' (no dimension is called so).
METRICS = "metrics"


class FacetCounts(NamedTuple):
    #: (dimension, {value: count}, whether more values match, how many are not listed: None
    #: for the run facet, whose walk stops past RUN_FACET_LIMIT runs)
    dimensions: list[tuple[str, Counts, bool, int | None]]
    #: how many results have each canonical metric (a chart of it is not empty)
    metrics: Counts
    #: how many param.*/tag.* dimensions are not listed (MAX_OPEN_DIMENSIONS)
    left_out: int


def facets(session: Session, filters: Filters) -> FacetCounts:
    """The fixed dimensions, then param.*, then tag.*, by name, each with its counts; and the
    metric counts, under all filters. Runs, values and open dimensions past their limits are
    left out (`_run_counts`, `_capped`, MAX_OPEN_DIMENSIONS), and counted.

    One statement counts every dimension but `run`, and the metrics: the series under all
    filters are chosen once (a CTE), the dimensions without a filter of their own, every
    param/tag key and every metric group it, each filtered dimension has its own branch
    (UNION ALL). `run` values are UUIDs (their text differs between the databases): a second
    query."""
    counted = [name for name in FIXED if name != "run"]
    counted += [name for name in filters if name.startswith((PARAM, TAG))]
    chosen = _chosen(filters)
    branches = [
        _own_counts(name, filters) if name in filters else _counts(name, chosen) for name in counted
    ]
    branches += [_pairs(prefix, column, chosen) for prefix, column in OPEN]
    branches += [_metric_count(metric, chosen) for metric in CANONICAL_METRICS]
    found: dict[str, Counts] = {name: {} for name in counted}
    pairs: dict[str, Counts] = {}
    metrics: Counts = {}
    for name, key, value, count in session.execute(union_all(*branches)):
        if name == METRICS:
            metrics[key] = count or 0
        elif key is None:
            found[name][_text(value)] = count
        elif value is not None:
            pairs.setdefault(name + key, {})[_text(value)] = count
    found["run"], more_runs = _run_counts(session, filters)
    fixed = [
        ("run", found[name], more_runs, None)
        if name == "run"
        else _capped(name, found[name], filters)
        for name in FIXED
    ]
    open_ = {**pairs, **{name: found[name] for name in counted if name not in FIXED}}
    listed = heapq.nlargest(
        MAX_OPEN_DIMENSIONS,
        (name for name, counts in open_.items() if counts),
        key=lambda name: (name in filters, sum(open_[name].values())),
    )
    dimensions = fixed + [_capped(name, open_[name], filters) for name in sorted(listed)]
    metric_counts: Counts = {metric: metrics[metric] for metric in CANONICAL_METRICS}
    return FacetCounts(dimensions, metric_counts, sum(1 for c in open_.values() if c) - len(listed))


def _capped(name: str, counts: Counts, filters: Filters) -> tuple[str, Counts, bool, int | None]:
    """A dimension's counts cut to MAX_FACET_VALUES values: the filtered ones, then the most
    results; with whether values were left out and how many."""
    if len(counts) <= MAX_FACET_VALUES:
        return name, counts, False, 0
    chosen = set(filters.get(name, ()))
    kept = heapq.nlargest(MAX_FACET_VALUES, counts, key=lambda v: (v in chosen, counts[v] or 0))
    return name, {v: counts[v] for v in kept}, True, len(counts) - len(kept)


def ordered(counts: Counts, name: str = "") -> list[tuple[str | None, int]]:
    """Values sorted as versions when `name` is a version dimension, else numerically when all
    are numbers, else as text; null first. Runs stay as listed (newest first)."""
    if name == "run":
        return list(counts.items())
    values = [v for v in counts if v is not None]
    numbers = None if is_version_dimension(name) else numeric(values)
    if numbers is not None:
        keys: dict[str, Any] = dict(zip(values, numbers, strict=True))
    else:
        keys = {v: version_key(v) if is_version_dimension(name) else v for v in values}
    head = [(None, counts[None])] if None in counts else []
    return head + [(v, counts[v]) for v in sorted(values, key=keys.__getitem__)]


def _conditions(filters: Filters, without: str | None = None) -> list:
    return conditions(filters, without=without, source=Series)


class _Chosen(NamedTuple):
    """The series (with machine name and result count) under all filters, and the adapter that
    moves a dimension's expression onto it."""

    rows: CTE
    adapter: ClauseAdapter

    def adapt(self, expression: Any) -> Any:
        """`expression` (a column, an ORM attribute or an expression) over the chosen rows."""
        return self.adapter.traverse(expression.expression)


def _chosen(filters: Filters) -> _Chosen:
    rollup = rollup_for(filters)
    counts = [getattr(rollup, f"{metric}_n") for metric in CANONICAL_METRICS]
    columns = (Series, Machine.name.label("machine_name"), rollup.result_n, *counts)
    query = series_from(select(*columns), [*filters, "machine"], rollup)
    rows = query.where(*_conditions(filters)).cte("chosen")
    return _Chosen(rows, ClauseAdapter(rows))


def _counts(name: str, chosen: _Chosen) -> Select:
    """(name, NULL, value, count) rows of a dimension without a filter of its own."""
    expression = chosen.adapt(dimension(name, source=Series).expression)
    columns = (literal(name), null().label("key"), expression, func.sum(chosen.rows.c.result_n))
    return select(*columns).select_from(chosen.rows).group_by(expression)


def _metric_count(metric: str, chosen: _Chosen) -> Select:
    """(METRICS, metric, NULL, count) row: how many chosen results have the metric."""
    count = func.sum(chosen.rows.c[f"{metric}_n"])
    return select(literal(METRICS), literal(metric), null(), count).select_from(chosen.rows)


def _own_counts(name: str, filters: Filters) -> Select:
    """(name, NULL, value, count) rows of a filtered dimension, under the filters but its own."""
    expression = dimension(name, source=Series).expression
    names = [name, *(f for f in filters if f != name)]
    rollup = rollup_for(names)
    columns = (literal(name), null().label("key"), expression, func.sum(rollup.result_n))
    query = series_from(select(*columns), names, rollup)
    return query.where(*_conditions(filters, without=name)).group_by(expression)


def _run_counts(session: Session, filters: Filters) -> tuple[Counts, bool]:
    """The run facet: the filtered runs (in the filter's order), then the newest runs under
    every filter but `run`, up to `RUN_FACET_LIMIT` in all, each with its result count; and
    whether more runs match.

    Runs are walked newest first (the started_at index) in windows, each window counted by
    its runs' series_runs in the same statement, until enough are found: the cost follows the
    runs listed, not the runs stored. A window after the first is sized by the share of runs
    that matched so far."""
    counted = _run_counter(session, filters)
    chosen = [run_id(v) for v in filters.get("run", ())]
    listed = counted(Run.run_id.in_(chosen), 0, None) if chosen else []
    first = sorted(((run, n) for run, n in listed if n), key=lambda pair: chosen.index(pair[0]))
    room = max(RUN_FACET_LIMIT - len(first), 0)
    rest: list[tuple[uuid.UUID, int]] = []
    # Under other filters part of the walked runs do not match: a first window of twice the
    # room spares the heavy clicks a second statement (bench/interaction.py: half the runs of
    # a `family=hash` walk match).
    filtered = any(name != "run" for name in filters)
    offset, walk = 0, (room + 1) * (2 if filtered else 1)
    while True:
        window = counted(Run.run_id.not_in(chosen), offset, walk)
        rest += [(run, n) for run, n in window if n]
        offset += len(window)
        if len(rest) > room or len(window) < walk:
            break
        missing = room + 1 - len(rest)
        walk = math.ceil(missing * offset / len(rest) * 1.25) if rest else walk * 8
    counts: Counts = {str(run): n for run, n in [*first, *rest[:room]]}
    return counts, len(rest) > room


def _run_counter(session: Session, filters: Filters) -> WindowCounter:
    """How to count a window of runs (a condition on runs, an offset and a size, newest first)
    under every filter but `run`: (run_id, count or None) of every run in the window, one
    statement.

    Under no other filter a run's count is its result count. Otherwise only runs of a machine
    and source of the chosen series are walked (a list of literals, cheap to check), and a
    run's count sums its series_runs of the chosen series."""
    others = [name for name in filters if name != "run"]
    conditions_ = _conditions(filters, without="run")
    walked: Any = true()
    if others:
        kinds = series_from(select(Series.machine_id, Series.source), others)
        pairs = [tuple(pair) for pair in session.execute(kinds.where(*conditions_).distinct())]
        walked = tuple_(Run.machine_id, Run.source).in_(pairs)

    def count(condition: Any, offset: int, size: int | None) -> list[tuple[uuid.UUID, int | None]]:
        window = (
            select(Run.id, Run.run_id, Run.result_count, Run.started_at)
            .where(Run.result_count > 0, walked, condition)
            .order_by(Run.started_at.desc(), Run.id.desc())
            .offset(offset)
            .limit(size)
            .cte("window")
        )
        query = select(window.c.run_id, window.c.result_count)
        if others:
            n = func.sum(SeriesRun.result_n).label("n")
            per_run = (
                series_from(select(SeriesRun.run_pk, n), others, SeriesRun)
                .where(*conditions_, SeriesRun.run_pk.in_(select(window.c.id)))
                .group_by(SeriesRun.run_pk)
                .subquery()
            )
            joined = window.outerjoin(per_run, per_run.c.run_pk == window.c.id)
            query = select(window.c.run_id, per_run.c.n).select_from(joined)
        newest = query.order_by(window.c.started_at.desc(), window.c.id.desc())
        return [(run, n) for run, n in session.execute(newest)]

    return count


def _pairs(prefix: str, column, chosen: _Chosen) -> Select:
    """(prefix, key, value, count) rows of every key and value of a JSON object column.

    The chosen series are first grouped by the whole object: far fewer distinct objects than
    series (machines, clocks and metrics multiply series, not params), so the objects are
    taken apart once each (bench/interaction.py at 1M: 15 ms -> 1 ms per column)."""
    document = chosen.adapt(column)
    documents = (
        select(document.label("document"), func.sum(chosen.rows.c.result_n).label("n"))
        .select_from(chosen.rows)
        .group_by(document)
        .subquery()
    )
    pairs = json_items(documents.c.document).table_valued("key", "value", "type").alias("kv")
    key, value = pairs.c.key, json_item_text(pairs)
    columns = (literal(prefix), key, value, func.sum(documents.c.n))
    query = select(*columns).select_from(documents).join(pairs, literal_column("true"))
    return query.group_by(key, value)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
