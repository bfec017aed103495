"""GET /history (one point per run per series), GET /changes (detected steps, newest first) and
GET /changes/events (those steps grouped by run and cause)."""

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query

from cryptobench_contract.units import CANONICAL_UNIT
from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import (
    FILTER_HELP,
    Filters,
    SeriesDimensions,
    filters_dependency,
)
from cryptobench_server.auth import ReadAccess
from cryptobench_server.models import Series
from cryptobench_server.query.changes import list_changes, list_events
from cryptobench_server.query.dimensions import dimension
from cryptobench_server.query.history import history
from cryptobench_server.query.pagination import (
    DEFAULT_LIMIT,
    Cursor,
    Limit,
    decode_cursor,
    encode_cursor,
    page,
)
from cryptobench_server.schemas_history import ChangeEvents, Changes, History
from cryptobench_server.schemas_read import CanonicalMetric

router = APIRouter(tags=["history"])
HistoryFilters = Annotated[Filters, Depends(filters_dependency("metric", "series"))]
ChangeFilters = Annotated[
    Filters, Depends(filters_dependency("since", "direction", "limit", "cursor"))
]
Since = Annotated[
    datetime | None, Query(description="Only changes at runs started at or after this")
]
Direction = Annotated[Literal["regression", "improvement"] | None, Query()]


def _run_key(started_at: datetime, pk: int) -> list[Any]:
    """Changes and events are paged by their run: (started_at, id), newest first."""
    return [started_at.isoformat(), pk]


def _after(cursor: str | None) -> tuple[datetime, int] | None:
    """The run key a page starts after, from the cursor the previous page handed out."""
    if not cursor:
        return None
    started_at, pk = decode_cursor(cursor, types=(datetime, int))
    return started_at, pk


@router.get(
    "/history",
    description="One point per run per series, oldest run first: the median of the run's "
    "results of that series, with the run's library version, tool version, tags and notes, "
    "and what the point pools and its flags as GET /chart's. " + FILTER_HELP,
)
def get_history(
    session: SessionDep,
    _: ReadAccess,
    filters: HistoryFilters,
    metric: Annotated[CanonicalMetric, Query(description="Canonical metric to follow")],
    series: SeriesDimensions = [],  # noqa: B006
) -> History:
    dims = [dimension(s, field="series", source=Series) for s in dict.fromkeys(series)]
    lines, split = history(session, metric=metric, series=dims, filters=filters)
    return History.model_validate(
        {"metric": metric, "unit": CANONICAL_UNIT[metric], "split": split, "series": lines}
    )


@router.get(
    "/changes",
    description="Step changes found in the series (changes/detect.py: at least the configured "
    "relative threshold, 5% by default, and significant against the series' own run-to-run "
    "noise), newest run first, each with its evidence (z, the noise, the runs behind both) and "
    "the run fields that differ between the run before and this one, by line. "
    + FILTER_HELP
    + " `run` selects the changes found at that run.",
)
def get_changes(
    session: SessionDep,
    _: ReadAccess,
    filters: ChangeFilters,
    since: Since = None,
    direction: Direction = None,
    limit: Limit = DEFAULT_LIMIT,
    cursor: Cursor = None,
) -> Changes:
    rows = list_changes(
        session,
        filters=filters,
        since=since,
        direction=direction,
        limit=limit + 1,
        after=_after(cursor),
    )
    rows, next_cursor = page(rows, limit, lambda c: _run_key(c["started_at"], c["id"]))
    return Changes.model_validate({"changes": rows, "next_cursor": next_cursor})


@router.get(
    "/changes/events",
    description="The changes of GET /changes grouped into events: one per run and cause (the "
    "same what_changed), newest run first, each with a summary of the series it moved "
    '("AES-128-CBC encrypt x0.21-0.26 on 6 block sizes; SHA-256 hash x0.30-0.58 on 6 block '
    'sizes"), the groups behind it and its changes. A page holds the events of `limit` runs. '
    + FILTER_HELP
    + " `run` selects the events of that run (what a CI job asks after an upload).",
)
def get_change_events(
    session: SessionDep,
    _: ReadAccess,
    filters: ChangeFilters,
    since: Since = None,
    direction: Direction = None,
    limit: Annotated[int, Query(ge=1, le=200, description="Runs per page")] = 20,
    cursor: Cursor = None,
) -> ChangeEvents:
    events, last = list_events(
        session,
        filters=filters,
        since=since,
        direction=direction,
        limit=limit,
        after=_after(cursor),
    )
    next_cursor = None if last is None else encode_cursor(_run_key(*last))
    return ChangeEvents.model_validate({"events": events, "next_cursor": next_cursor})
