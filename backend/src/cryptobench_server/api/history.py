"""GET /history (one point per run per series) and GET /changes (detected steps, newest first)."""

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from cryptobench_contract.units import CANONICAL_UNIT
from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import FILTER_HELP, Filters, filters_dependency
from cryptobench_server.auth import ReadAccess
from cryptobench_server.models import Series
from cryptobench_server.query.changes import list_changes
from cryptobench_server.query.dimensions import dimension
from cryptobench_server.query.history import history
from cryptobench_server.query.pagination import DEFAULT_LIMIT, Cursor, Limit, decode_cursor, page
from cryptobench_server.schemas_history import Changes, History
from cryptobench_server.schemas_read import CanonicalMetric

router = APIRouter(tags=["history"])
HistoryFilters = Annotated[Filters, Depends(filters_dependency("metric", "series"))]
ChangeFilters = Annotated[
    Filters, Depends(filters_dependency("since", "direction", "limit", "cursor"))
]


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
    series: Annotated[
        list[str], Query(description="Dimension(s) telling lines apart (repeatable)")
    ] = [],  # noqa: B006
) -> History:
    dims = [dimension(s, field="series", source=Series) for s in dict.fromkeys(series)]
    return History.model_validate(
        {
            "metric": metric,
            "unit": CANONICAL_UNIT[metric],
            "series": history(session, metric=metric, series=dims, filters=filters),
        }
    )


@router.get(
    "/changes",
    description="Step changes found in the series (changes/detect.py: at least the configured "
    "relative threshold, 5% by default, and significant against the series' own run-to-run "
    "noise), newest run first, each with what changed between the run before and this one. "
    + FILTER_HELP
    + " `run` selects the changes found at that run (what a CI job asks after an upload).",
)
def get_changes(
    session: SessionDep,
    _: ReadAccess,
    filters: ChangeFilters,
    since: Annotated[
        datetime | None, Query(description="Only changes at runs started at or after this")
    ] = None,
    direction: Annotated[Literal["regression", "improvement"] | None, Query()] = None,
    limit: Limit = DEFAULT_LIMIT,
    cursor: Cursor = None,
) -> Changes:
    after = None
    if cursor:
        started_at, pk = decode_cursor(cursor, types=(datetime, int))
        after = (started_at, pk)
    rows = list_changes(
        session,
        filters=filters,
        since=since,
        direction=direction,
        limit=limit + 1,
        after=after,
    )
    rows, next_cursor = page(rows, limit, lambda c: [c["started_at"].isoformat(), c["id"]])
    return Changes.model_validate({"changes": rows, "next_cursor": next_cursor})
