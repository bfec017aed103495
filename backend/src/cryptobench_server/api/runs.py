"""GET /runs (filtered, searchable, paginated, newest first), GET /runs/{run_id} (everything),
DELETE /runs/{run_id} (admin) and POST /runs/{run_id}/notes."""

import uuid
from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response
from sqlalchemy import String, cast, func, or_, select
from sqlalchemy.orm import joinedload

from cryptobench_contract import ParseWarning
from cryptobench_server.api.deps import SessionDep, SettingsDep
from cryptobench_server.api.read_common import FILTER_HELP, Filters, filters_dependency, run_item
from cryptobench_server.auth import AdminAccess, ReadAccess, UploadAccess
from cryptobench_server.errors import NotFound
from cryptobench_server.models import Artifact, Machine, Result, Run
from cryptobench_server.query.dimensions import base_from
from cryptobench_server.query.filters import conditions
from cryptobench_server.query.history import notes_of
from cryptobench_server.query.pagination import (
    DEFAULT_LIMIT,
    Cursor,
    Limit,
    decode_cursor,
    page,
    past,
)
from cryptobench_server.schemas_history import NoteIn
from cryptobench_server.schemas_read import (
    ArtifactOut,
    MachineOut,
    NoteOut,
    ResultOut,
    RunDetail,
    RunsPage,
)
from cryptobench_server.store.removal import add_note, delete_run

router = APIRouter(tags=["runs"])
RunFilters = Annotated[Filters, Depends(filters_dependency("q", "limit", "cursor"))]


@router.get(
    "/runs",
    description="Runs, newest first. "
    + FILTER_HELP
    + " A run matches when one of its results does.",
)
def list_runs(
    session: SessionDep,
    _: ReadAccess,
    filters: RunFilters,
    q: Annotated[
        str | None, Query(description="Text in machine name, tool, source or tags")
    ] = None,
    limit: Limit = DEFAULT_LIMIT,
    cursor: Cursor = None,
) -> RunsPage:
    query = select(Run).options(joinedload(Run.machine)).join(Machine, Machine.id == Run.machine_id)
    if filters:
        query = query.where(
            Run.id.in_(base_from(select(Result.run_pk)).where(*conditions(filters)))
        )
    if q:
        query = query.where(_search(q))
    if cursor:
        started_at, pk = decode_cursor(cursor, types=(datetime, int))
        query = query.where(past((started_at, pk), Run.started_at, Run.id, descending=True))
    runs = list(
        session.scalars(query.order_by(Run.started_at.desc(), Run.id.desc()).limit(limit + 1))
    )
    runs, next_cursor = page(runs, limit, lambda r: [r.started_at.isoformat(), r.id])
    return RunsPage(data=[run_item(r) for r in runs], next_cursor=next_cursor)


def _search(q: str):
    pattern = "%" + q.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    fields = (Machine.name, Run.tool_name, Run.tool_version, Run.source, cast(Run.tags, String))
    return or_(*(func.lower(f).like(pattern, escape="\\") for f in fields))


@router.get("/runs/{run_id}")
def get_run(run_id: uuid.UUID, session: SessionDep, _: ReadAccess) -> RunDetail:
    """One run with its machine, tool, tags, every result (all canonical figures, flags) and artifact."""
    run = session.scalar(select(Run).options(joinedload(Run.machine)).where(Run.run_id == run_id))
    if run is None:
        raise NotFound(f"no run {run_id}")
    results = session.scalars(
        select(Result).where(Result.run_pk == run.id).order_by(Result.position)
    )
    stored = session.get(Artifact, run.artifact_id) if run.artifact_id is not None else None
    artifact = ArtifactOut(media_type=stored.media_type, content=stored.content) if stored else None
    return RunDetail(
        **run_item(run).model_dump(exclude={"machine"}),
        machine=MachineOut.model_validate(run.machine),
        clock_source=run.clock_source,
        machine_extra=run.machine_extra,
        results=[ResultOut.model_validate(r) for r in results],
        artifact=artifact,
        warnings=[ParseWarning.model_validate(w) for w in run.warnings or []],
        notes=[NoteOut.model_validate(n) for n in notes_of(session, run.id)],
    )


@router.delete(
    "/runs/{run_id}",
    status_code=204,
    responses={403: {"description": "The token's scope is not admin"}},
)
def remove_run(
    run_id: uuid.UUID, session: SessionDep, settings: SettingsDep, _: AdminAccess
) -> Response:
    """Delete the run, its results, notes and every derived row (charts, facets, history,
    changes) in one transaction; the changes around it are detected again without it."""
    with session.begin():
        delete_run(session, run_id, threshold=settings.change_threshold)
    return Response(status_code=204)


@router.post("/runs/{run_id}/notes", status_code=201)
def post_note(run_id: uuid.UUID, note: NoteIn, session: SessionDep, token: UploadAccess) -> NoteOut:
    """Add a note to a run (shown on the run page and on history); the author is the token's name."""
    with session.begin():
        stored = add_note(session, run_id, text=note.text, author=token.name, now=datetime.now(UTC))
    return NoteOut.model_validate(stored)
