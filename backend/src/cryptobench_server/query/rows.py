"""Flat result rows (one per stored result, with its run's context) for /results and its exports."""

from collections.abc import Iterator
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from cryptobench_server.models import FIGURES, Machine, Result, Run
from cryptobench_server.query.dimensions import base_from
from cryptobench_server.query.filters import Filters, conditions

COLUMNS = (
    Result.id,
    Run.run_id,
    Run.started_at,
    Run.source,
    Machine.name.label("machine"),
    Run.clock_hz,
    Run.tags,
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
    *(getattr(Result, c) for c in FIGURES),
    Result.derived,
    Result.flags,
)


def rows_query(filters: Filters, *, after_id: int | None = None) -> Select:
    query = base_from(select(*COLUMNS)).where(*conditions(filters))
    if after_id is not None:
        query = query.where(Result.id > after_id)
    return query.order_by(Result.id)


def page_rows(
    session: Session, filters: Filters, *, limit: int, after_id: int | None
) -> list[dict[str, Any]]:
    return [
        dict(r._mapping)
        for r in session.execute(rows_query(filters, after_id=after_id).limit(limit + 1))
    ]


def stream_rows(session: Session, filters: Filters) -> Iterator[dict[str, Any]]:
    result = session.execute(rows_query(filters), execution_options={"yield_per": 2000})
    for row in result:
        yield dict(row._mapping)
