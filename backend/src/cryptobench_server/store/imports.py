"""Imports: raw tool output -> the pure parsers -> normal ingest. One code path for
`POST /api/v1/imports` and `cryptobench-server import`.

Run ids are derived from the text and the options, so a run already stored under its id with
the same figures is the same import again: it is answered as stored (created=False) without
comparing timestamps; with other figures it is a 409 naming the difference (imported_before.py).
Runs are parsed, stored and let go one at a time (the runs of a paste share its artifact), so
an import holds one run's results at a time. A run the contract refuses stops the import there
with a 422 naming it; the runs before it stay stored (the same text again answers them as
stored and goes on).
"""

import uuid
from datetime import UTC, datetime
from typing import Any, NamedTuple

import orjson
from sqlalchemy import Engine

from cryptobench_contract import ParseWarning, RunDocument
from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.imports import Imported, ImportOptions, decode, import_text
from cryptobench_server.errors import Conflict, InvalidInput
from cryptobench_server.store.dialect import paused_gc
from cryptobench_server.store.imported_before import stored_before
from cryptobench_server.store.ingest import ingest_run
from cryptobench_server.store.plausibility import FLAG_REASONS
from cryptobench_server.store.rows import result_rows


class ImportedRun(NamedTuple):
    """What the answer says of a run: its identity, whether it was stored now, and on a dry
    run its results in canonical units."""

    run_id: uuid.UUID
    results: int
    created: bool
    source: str
    machine: str
    started_at: datetime
    date_source: str | None
    tags: dict[str, str]
    preview: list[dict[str, Any]] | None


class ImportOutcome(NamedTuple):
    format: str
    detection: str
    runs: list[ImportedRun]
    warnings: list[ParseWarning]


def import_options(
    *,
    format: str,
    machine_name: str | None,
    tag: list[str],
    source_name: str,
    max_runs: int,
    started_at: datetime | None = None,
) -> ImportOptions:
    """The options of an import (at most `max_runs` runs): an empty machine name is none, a
    blank one (spaces only) and a malformed tag are an InvalidInput naming them. `started_at`
    is when the person says the output was measured (a time without an offset is UTC): the
    runs' start unless the output states one (parsers imports.py)."""
    if machine_name and not machine_name.strip():
        raise InvalidInput(
            "machine_name is blank: give a name or leave it out",
            errors=[{"field": "machine_name", "message": "blank"}],
        )
    return ImportOptions(
        format=format,
        machine_name=machine_name.strip() if machine_name else None,
        tags=parse_tags(tag),
        source_name=source_name,
        max_runs=max_runs,
        started_at=started_at.replace(tzinfo=UTC)
        if started_at and not started_at.tzinfo
        else started_at,
    )


def parse_tags(pairs: list[str]) -> dict[str, str]:
    """`k=v` strings -> tags; a pair without `=` or with an empty key is an InvalidInput."""
    tags = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidInput(
                f"tag {pair!r}: expected key=value", errors=[{"field": "tag", "message": pair}]
            )
        tags[key.strip()] = value
    return tags


def parse_import(data: bytes, options: ImportOptions) -> Imported:
    """The parsers' run documents for `data`; a ParseError becomes a 422 naming the line. The
    garbage collector is paused while the text is parsed, as ingest pauses it while it stores
    (dialect.paused_gc: a large paste's results are many objects and no cycles)."""
    try:
        with paused_gc():
            text = decode(data, source_name=options.source_name)
            return import_text(text, options, received_at=datetime.now(UTC))
    except ParseError as exc:
        raise _invalid(exc) from None


def store_import(*, engine: Engine, imported: Imported, dry_run: bool) -> ImportOutcome:
    """Store each run through normal ingest unless it is stored already (or this is a dry run),
    as the parsers make them."""
    runs: list[ImportedRun] = []
    warnings: list[ParseWarning] = []
    try:
        for document in imported.runs:
            created = False if dry_run else _store(engine, document)
            preview = preview_rows(document) if dry_run else None
            runs.append(_summary(document, created, preview))
            warnings += document.warnings
    except ParseError as exc:
        raise _invalid(exc, stored=sum(run.created for run in runs)) from None
    return ImportOutcome(imported.detection.format, imported.detection.reason, runs, warnings)


def _invalid(exc: ParseError, stored: int = 0) -> InvalidInput:
    detail = exc.message if exc.line is None else f"line {exc.line}: {exc.message}"
    if stored:
        detail += f" ({stored} run(s) before it were stored)"
    return InvalidInput(
        detail, errors=[{"field": "body", "line": exc.line, "message": exc.message}]
    )


def _summary(
    document: RunDocument, created: bool, preview: list[dict[str, Any]] | None
) -> ImportedRun:
    return ImportedRun(
        document.run_id,
        len(document.results),
        created,
        document.source,
        document.machine.name,
        document.started_at,
        document.machine.extra.get("date_source"),
        document.tags,
        preview,
    )


def _store(engine: Engine, document: RunDocument) -> bool:
    if stored_before(engine, document):
        return False
    try:
        return ingest_run(engine=engine, doc=document).created
    except Conflict:
        if stored_before(engine, document):
            return False
        raise


def preview_rows(document: RunDocument) -> list[dict[str, Any]]:
    """The results as the store would hold them (the rows ingest makes): what was reported,
    every canonical figure (None where it cannot be derived) and the plausibility flags storing
    would raise, with their reasons (plausibility.FLAG_REASONS)."""
    rows = []
    for row in result_rows(document):
        flags: list[str] = orjson.loads(row.flags)
        rows.append(
            {
                **{field: getattr(row, field) for field in _SHOWN},
                "params": orjson.loads(row.params or "{}"),
                "derived": orjson.loads(row.derived),
                "flags": flags,
                "flag_reasons": {flag: FLAG_REASONS[flag] for flag in flags},
            }
        )
    return rows


_SHOWN = (
    "name",
    "family",
    "algorithm",
    "operation",
    "library",
    "metric",
    "value",
    "unit",
    *CANONICAL_METRICS,
)
