"""POST /api/v1/runs: upload one run document (token scope `upload`).

201 when stored, 200 with the stored run when the same document was uploaded before, 409 when
the run_id is stored with different content, 413 past the body cap (bodies.py: checked on
Content-Length and while streaming, after the token), 422 naming the field path.
"""

import uuid
from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from cryptobench_server.auth import UploadAccess
from cryptobench_server.models import Run
from cryptobench_server.store.ingest import Ingested, ingest_upload


class RunSummary(BaseModel):
    run_id: uuid.UUID
    source: str
    machine: str
    started_at: datetime
    finished_at: datetime | None
    tool: str
    tags: dict[str, str]
    result_count: int
    content_hash: str = Field(description="SHA-256 of the validated document")
    created_at: datetime
    url: str


def run_url(run_id: uuid.UUID) -> str:
    """Where a stored run is read (GET /api/v1/runs/{run_id})."""
    return f"/api/v1/runs/{run_id}"


def run_summary(run: Run) -> RunSummary:
    return RunSummary(
        run_id=run.run_id,
        source=run.source,
        machine=run.machine.name,
        started_at=run.started_at,
        finished_at=run.finished_at,
        tool=run.tool_name,
        tags=run.tags,
        result_count=run.result_count,
        content_hash=run.content_hash,
        created_at=run.created_at,
        url=run_url(run.run_id),
    )


router = APIRouter(tags=["runs"])


#: The body is read by ingest (its results are validated while they are stored), so it is
#: declared here; openapi.py puts RunDocument's schema in the components.
_BODY = {
    "requestBody": {
        "required": True,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RunDocument"}}},
    }
}


@router.post(
    "/runs",
    status_code=201,
    responses={
        200: {"model": RunSummary, "description": "The same document was stored before"},
        409: {"description": "run_id stored with different content"},
        413: {"description": "Body larger than the configured cap"},
    },
    openapi_extra=_BODY,
)
async def upload_run(request: Request, response: Response, _: UploadAccess) -> RunSummary:
    """Store one run document (idempotent on run_id)."""
    body = await request.body()
    run, created = await run_in_threadpool(_ingest, request.app.state, body)
    if not created:
        response.status_code = 200
    response.headers["Location"] = run_url(run.run_id)
    return run_summary(run)


def _ingest(state: Any, body: bytes) -> Ingested:
    return ingest_upload(
        engine=state.engine, body=body, change_threshold=state.settings.change_threshold
    )
