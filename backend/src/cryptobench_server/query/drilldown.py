"""The results behind one chart point (GET /drilldown).

A point is the chart's filters plus its x value and its series key; a value may be absent (the
result has no such param or tag, the library is unknown), which is `IS NULL`, never a match on
text. The point's results are the ones GET /chart aggregates there: those with a figure in the
chart's metric. They are read from `results` (not the read model), because the list needs each
result's run, stats and raw samples; the summary is computed over every one of them, the lists
(newest run first) stop at `limit`.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from sqlalchemy import func, select
from sqlalchemy.orm import Session, joinedload
from sqlalchemy.sql.expression import ColumnElement

from cryptobench_server.models import Machine, Result, Run
from cryptobench_server.query.dimensions import base_from, dimension
from cryptobench_server.query.distribution import distribution
from cryptobench_server.query.filters import Filters, conditions, parse_filters
from cryptobench_server.query.stats import median

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
    """The point's summary, runs and results (see the module's docstring)."""
    where = point_conditions(filters, pins)
    runs, run_total = _runs(session, metric, where, limit)
    return Point(
        summary=_summary(session, metric, where),
        runs=runs,
        run_total=run_total,
        results=_results(session, metric, where, limit),
    )


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


def _summary(
    session: Session, metric: str, where: Sequence[ColumnElement[bool]]
) -> dict[str, Any] | None:
    """n, min, max, mean and the median (query/stats.py, as the chart's) of the point's figures."""
    figure = getattr(Result, metric)
    query = base_from(select(figure)).where(figure.is_not(None), *where)
    figures = np.fromiter(session.scalars(query), dtype=np.float64)
    if not len(figures):
        return None
    return {
        "n": len(figures),
        "min": float(figures.min()),
        "max": float(figures.max()),
        "mean": float(figures.mean()),
        "median": median(figures),
    }


def _runs(
    session: Session, metric: str, where: Sequence[ColumnElement[bool]], limit: int
) -> tuple[list[tuple[Run, int]], int]:
    """The runs with results at the point (newest first, at most `limit`), each with how many,
    and how many runs there are."""
    figure = getattr(Result, metric)
    counts = (
        base_from(select(Result.run_pk, func.count().label("n")))
        .where(figure.is_not(None), *where)
        .group_by(Result.run_pk)
        .subquery()
    )
    total = session.scalar(select(func.count()).select_from(counts)) or 0
    query = (
        select(Run, counts.c.n)
        .join(counts, counts.c.run_pk == Run.id)
        .options(joinedload(Run.machine))
        .order_by(Run.started_at.desc(), Run.id)
        .limit(limit)
    )
    return [(run, n) for run, n in session.execute(query)], total


def _results(
    session: Session, metric: str, where: Sequence[ColumnElement[bool]], limit: int
) -> list[dict[str, Any]]:
    """The point's results (newest run first, then in the run's order), at most `limit`, each
    with its figure in `metric` and its distribution there."""
    figure = getattr(Result, metric)
    query = (
        base_from(select(*RESULT_COLUMNS, figure.label("figure")))
        .where(figure.is_not(None), *where)
        .order_by(Run.started_at.desc(), Run.id, Result.position)
        .limit(limit)
    )
    return [_result(dict(row._mapping), metric) for row in session.execute(query)]


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
