"""POST /api/v1/imports: the raw text a tool printed, parsed by the server (token scope
`upload`; a preview, `dry_run=true`, needs no token unless reads do).

The body is `text/plain` (the output itself) or `multipart/form-data` with a `file` field, read
under its own cap (`max_import_bytes`, 413; bodies.py). 201 when a run was stored, 200 when
every run was stored before (same text, same options: same run ids), 200 for `dry_run=true` (a
preview in canonical units; nothing stored), 422 problem+json naming the line or what detection
tried, or the option (a blank machine_name, a tag without `=`), or the work budget
(`import_budget_s`) the import ran past. The import is parsed and stored in a worker process
(import_workers.py): however hostile the text, the server's other requests go on.
"""

import uuid
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, Field
from starlette.datastructures import UploadFile

from cryptobench_contract import ParseWarning
from cryptobench_contract.vocabulary import Operation
from cryptobench_parsers.formats import NAMES
from cryptobench_server.api.ingest import run_url
from cryptobench_server.auth import BodyAccess
from cryptobench_server.errors import InvalidInput
from cryptobench_server.import_workers import Job
from cryptobench_server.store.imports import import_options

router = APIRouter(tags=["imports"])
#: What `format=` (cryptobench-server import's --format) takes: detection or one of the formats
#: of the parsers' registry (an enum of the OpenAPI document, which the UI's types come from).
if TYPE_CHECKING:
    FormatChoice = str
else:
    FormatChoice = Literal[("auto", *NAMES)]


class PreviewRow(BaseModel):
    name: str
    family: str | None
    algorithm: str
    operation: Operation | None
    library: str | None
    params: dict[str, Any]
    metric: str
    value: float
    unit: str
    ns_per_op: float | None
    ops_per_s: float | None
    cycles_per_op: float | None
    bytes_per_s: float | None
    cycles_per_byte: float | None
    instructions_per_op: float | None
    instructions_per_byte: float | None
    derived: list[str] = Field(description="Canonical figures computed from the reported one")
    flags: list[str] = Field(description="Plausibility flags storing would raise")
    flag_reasons: dict[str, str] = Field(description="Each flag's reason (GET /vocabulary `flags`)")


class ImportedRunOut(BaseModel):
    run_id: uuid.UUID
    results: int = Field(description="How many results the run holds")
    created: bool = Field(description="False when stored before (or on a dry run)")
    source: str
    machine: str
    started_at: datetime = Field(description="The run's start: see date_source")
    date_source: Literal["output", "given", "import-time"] | None = Field(
        description="Where started_at comes from: the output, the person's started_at, or "
        "the time of the import (also the run's machine.extra.date_source)"
    )
    tags: dict[str, str]
    url: str
    preview: list[PreviewRow] | None = Field(
        default=None, description="dry_run only: the results in canonical units"
    )


class ImportResponse(BaseModel):
    format: str = Field(description="The format parsed: the one given, or the one detected")
    detection: str = Field(description="Why this format ('given' when not detected)")
    dry_run: bool
    runs: list[ImportedRunOut]
    warnings: list[ParseWarning] = Field(
        description="Figure-like lines that were not understood, with their line numbers"
    )


_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "text/plain": {"schema": {"type": "string"}},
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "properties": {"file": {"type": "string", "format": "binary"}},
                    "required": ["file"],
                }
            },
        },
    }
}


@router.post(
    "/imports",
    status_code=201,
    openapi_extra=_BODY,
    responses={
        200: {"model": ImportResponse, "description": "Stored before, or a dry run"},
        413: {"description": "Body larger than the configured cap"},
        422: {
            "description": "Nothing parseable: the line, or the formats tried; or past the "
            "work budget (import_budget_s)"
        },
        503: {"description": "Every import worker stayed busy (Retry-After)"},
    },
)
async def import_output(
    request: Request,
    response: Response,
    _: BodyAccess,
    format: FormatChoice = "auto",
    machine_name: Annotated[str | None, Query(max_length=200)] = None,
    started_at: Annotated[
        datetime | None,
        Query(
            description="When the output was measured (ISO 8601; UTC without an offset): the "
            "runs' start unless the output states one; else the import time, and each run's "
            "machine.extra.date_source says which"
        ),
    ] = None,
    tag: Annotated[list[str] | None, Query(description="key=value, repeatable")] = None,
    dry_run: bool = False,
) -> ImportResponse:
    """Parse a tool's output with the collectors' parsers and store its run(s)."""
    options = import_options(
        format=format,
        machine_name=machine_name,
        started_at=started_at,
        tag=tag or [],
        source_name="text",
        max_runs=request.app.state.settings.max_import_runs,
    )
    data, source_name = await _body(request)
    job = Job(data, replace(options, source_name=source_name), dry_run)
    outcome = await request.app.state.import_workers.run(job)
    if dry_run or not any(run.created for run in outcome.runs):
        response.status_code = 200
    return ImportResponse(
        format=outcome.format,
        detection=outcome.detection,
        dry_run=dry_run,
        runs=[
            ImportedRunOut(
                run_id=run.run_id,
                results=run.results,
                created=run.created,
                source=run.source,
                machine=run.machine,
                started_at=run.started_at,
                date_source=run.date_source,
                tags=run.tags,
                url=run_url(run.run_id),
                preview=None if run.preview is None else [PreviewRow(**r) for r in run.preview],
            )
            for run in outcome.runs
        ],
        warnings=outcome.warnings,
    )


async def _body(request: Request) -> tuple[bytes, str]:
    """The output's bytes and a name for messages: the uploaded file's, or `text`."""
    data = await request.body()
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "multipart/form-data":
        return data, "text"
    form = await request.form()
    upload = form.get("file")
    if not isinstance(upload, UploadFile):
        raise InvalidInput(
            "multipart body without a `file` field",
            errors=[{"field": "file", "message": "required"}],
        )
    return await upload.read(), upload.filename or "file"
