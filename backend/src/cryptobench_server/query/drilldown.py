"""The results behind one chart point (GET /drilldown).

A point is the chart's filters plus its x value and its series key; a value may be absent (the
result has no such param or tag, the library is unknown), which is `IS NULL`, never a match on
text. The point's results are the ones GET /chart aggregates there: those with a figure in the
chart's metric. They are read from `results` (not the read model), because the list needs each
result's run, stats and raw samples; the summary is computed over every one of them, the lists
(newest run first) stop at `limit`.
"""

import heapq
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC
from typing import Any, NamedTuple

import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload
from sqlalchemy.sql.expression import ColumnElement

from cryptobench_server.models import Machine, Result, Run
from cryptobench_server.query.dimensions import base_from, dimension
from cryptobench_server.query.distribution import distribution
from cryptobench_server.query.filters import Filters, conditions, parse_filters
from cryptobench_server.stats import mean, median

RESULT_COLUMNS = (
    Result.id,
    Result.name,
    Result.family,
    Result.algorithm,
    Result.operation,
    Result.library,
    Result.library_version,
    Result.params,
    Result.metric,
    Result.value,
    Result.unit,
    Result.error,
    Result.error_kind,
    Result.samples,
    Result.stats,
    Result.raw,
    Result.flags,
    Run.run_id,
    Run.started_at,
    Run.source,
    Run.clock_hz,
    Run.tags,
    Machine.name.label("machine"),
)


@dataclass(frozen=True)
class Pin:
    """One dimension of the point and its value; None: the dimension is absent."""

    dimension: str
    value: str | None


@dataclass(frozen=True)
class Point:
    summary: dict[str, Any] | None
    runs: list[tuple[Run, int]]
    run_total: int
    results: list[dict[str, Any]]


def drill(
    session: Session, *, metric: str, filters: Filters, pins: Sequence[Pin], limit: int
) -> Point:
    """The point's summary, runs and results (see the module's docstring).

    One scan reads what every result of the point contributes (its figure, run and place); the
    runs and results to list are then fetched by key. Four statements over the point's results
    (count, summary, runs, list) took 1.7 s for a 40,000-result point whose plan is a slow one
    (an absent tag), this 0.55-0.73 s (bench/drilldown_query.py at 200k results, 2 loaded cores).
    """
    figure = getattr(Result, metric)
    where = [figure.is_not(None), *point_conditions(filters, pins)]
    query = base_from(select(Result.id, Result.run_pk, Result.position, figure)).where(*where)
    rows = [Placed(*row) for row in session.execute(query)]
    if not rows:
        return Point(summary=None, runs=[], run_total=0, results=[])
    counts = Counter(row.run_pk for row in rows)
    started = _started(session, counts.keys())
    listed_runs = sorted(counts, key=lambda pk: (started[pk], pk))[:limit]
    newest = heapq.nsmallest(limit, rows, key=lambda r: (started[r.run_pk], r.run_pk, r.position))
    return Point(
        summary=_summary(np.fromiter((row.figure for row in rows), np.float64, len(rows))),
        runs=[(run, counts[run.id]) for run in _runs(session, listed_runs)],
        run_total=len(counts),
        results=_results(session, metric, [row.id for row in newest]),
    )


class Placed(NamedTuple):
    """What one result of the point contributes: its figure, and its place in the lists."""

    id: int
    run_pk: int
    position: int
    figure: float


def _started(session: Session, pks: Collection[int]) -> dict[int, float]:
    """A sort key per run of `pks` putting later runs first (SQLite hands times back naive, in
    UTC). A range, not an IN list: a point may span more runs than SQLite takes parameters."""
    query = select(Run.id, Run.started_at).where(Run.id.between(min(pks), max(pks)))
    return {
        pk: -(when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()
        for pk, when in session.execute(query)
        if pk in pks
    }


def point_conditions(filters: Filters, pins: Sequence[Pin]) -> list[ColumnElement[bool]]:
    """The chart's filters AND each pinned dimension's value (canonical, as a filter's) or its
    absence."""
    where = conditions(filters)
    for pin in pins:
        if pin.value is None:
            where.append(dimension(pin.dimension).expression.is_(None))
        else:
            where += conditions(parse_filters([(pin.dimension, pin.value)]))
    return where


def _summary(figures: np.ndarray) -> dict[str, Any]:
    """n, min, max, mean and the median (stats.py, as the chart's) of the point's figures."""
    return {
        "n": len(figures),
        "min": float(figures.min()),
        "max": float(figures.max()),
        "mean": mean(figures),
        "median": median(figures),
    }


def _runs(session: Session, pks: Sequence[int]) -> list[Run]:
    """The runs `pks`, in that order."""
    query = select(Run).where(Run.id.in_(pks)).options(joinedload(Run.machine))
    by_pk = {run.id: run for run in session.scalars(query)}
    return [by_pk[pk] for pk in pks]


def _results(session: Session, metric: str, ids: Sequence[int]) -> list[dict[str, Any]]:
    """The results `ids`, in that order, each with its figure in `metric` and its distribution
    there."""
    figure = getattr(Result, metric)
    query = base_from(select(*RESULT_COLUMNS, figure.label("figure"))).where(Result.id.in_(ids))
    by_id = {row.id: dict(row._mapping) for row in session.execute(query)}
    return [_result(by_id[i], metric) for i in ids]


def _result(row: dict[str, Any], metric: str) -> dict[str, Any]:
    row["distribution"] = distribution(
        metric=metric,
        reported_metric=row["metric"],
        unit=row["unit"],
        clock_hz=row["clock_hz"],
        params=row["params"],
        raw=row.pop("raw"),
        stats=row["stats"],
    )
    return row
