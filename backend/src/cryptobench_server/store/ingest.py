"""Store one run document: all of it in one transaction, or nothing; idempotent on run_id.

`ingest_upload` (an uploaded body: POST /api/v1/runs) and `ingest_run` (an already validated
document: `demo load`, imports, benchmarks) are the one write path, each entered once per run
with the garbage collector paused once. Results go in with COPY on PostgreSQL and one
executemany on SQLite, never row by row through the ORM (dialect.py).
"""

import uuid
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any, NamedTuple, TypeVar

import orjson
import psycopg
import pydantic_core
from pydantic import TypeAdapter, ValidationError
from sqlalchemy import Connection, Engine, select, update
from sqlalchemy.exc import DataError
from sqlalchemy.orm import Session, joinedload

from cryptobench_contract import Result, RunDocument, RunHead
from cryptobench_server.changes.detect import DEFAULT_THRESHOLD
from cryptobench_server.changes.store import refresh_run
from cryptobench_server.errors import Conflict, InvalidInput, invalid_fields
from cryptobench_server.identity import machine_fingerprint
from cryptobench_server.locks import run_writer
from cryptobench_server.models import Machine, Run
from cryptobench_server.store import artifacts
from cryptobench_server.store.dialect import insert_for, insert_rows, paused_gc, replace_rows
from cryptobench_server.store.fingerprints import content_hash
from cryptobench_server.store.rollups import add_run
from cryptobench_server.store.rows import RESULT_COLUMNS, ResultRow, ResultRows, json_text
from cryptobench_server.store.series import RunOf, SeriesRows, series_rows

#: Results validated per chunk of this many (bench/README.md, "Speed paths"); an invalid
#: result's errors are reported from its chunk on.
CHUNK = 1000

_RESULTS = TypeAdapter(list[Result])
_FLAGS = ResultRow._fields.index("flags")
_T = TypeVar("_T")


class Ingested(NamedTuple):
    run: Run
    created: bool


class _LostRace(Exception):
    """Another transaction stored the same run_id first."""


def ingest_upload(*, engine: Engine, body: bytes, change_threshold: float) -> Ingested:
    """`ingest_run` of an uploaded body, parsed and checked here (`parse_upload`)."""
    with paused_gc():
        return _ingest(engine, parse_upload(body), datetime.now(UTC), change_threshold)


def ingest_run(
    *,
    engine: Engine,
    doc: RunHead,
    now: datetime | None = None,
    change_threshold: float = DEFAULT_THRESHOLD,
) -> Ingested:
    """Store `doc` unless its run_id is known: (run, True) when new, (run, False) when identical.

    `doc` is a RunDocument, or a RunHead whose results are checked here (CHUNK at a time,
    before any is written). Raises InvalidInput naming every
    invalid result field (nothing is stored), Conflict when the run_id is stored with
    different content.

    The step changes its results make in their lineages are detected in the same transaction
    (changes/store.py), with `change_threshold` as the smallest relative step reported.
    """
    with paused_gc():
        return _ingest(engine, doc, now or datetime.now(UTC), change_threshold)


def parse_upload(body: bytes) -> RunHead:
    """The uploaded document, all but its results validated (ingest checks those while it
    stores them). Raises InvalidInput naming every invalid field, the results' included."""
    try:
        raw = pydantic_core.from_json(body, allow_inf_nan=True)
    except ValueError as exc:
        raise InvalidInput(
            f"the body is not JSON: {exc}", errors=[{"field": "", "message": "JSON decode error"}]
        ) from None
    try:
        return RunHead.model_validate(raw)
    except ValidationError as exc:
        results = raw.get("results") if isinstance(raw, dict) else None
        errors = [dict(e) for e in exc.errors()]
        if isinstance(results, list):
            errors += result_errors(results)
        raise invalid_fields(errors) from None


def _ingest(engine: Engine, doc: RunHead, now: datetime, threshold: float) -> Ingested:
    existing = _stored(engine, doc.run_id)
    if existing is not None:
        return Ingested(_same(existing, doc), False)
    try:
        run_pk = _store(engine, doc, now, threshold)
    except (DataError, psycopg.DataError) as exc:
        raise InvalidInput(f"the run cannot be stored: {_first_line(exc)}") from exc
    except _LostRace:
        stored = _stored(engine, doc.run_id)
        assert stored is not None, "the winning transaction's run must be visible once it lost"
        return Ingested(_same(stored, doc), False)
    with Session(engine, expire_on_commit=False) as session:
        stored = _load(session, Run.id == run_pk)
        assert stored is not None, "the run this transaction committed must be visible"
        return Ingested(stored, True)


def checked_results(doc: RunHead) -> Iterator[list[Result]]:
    """`doc.results` checked against `Result`, CHUNK at a time; a RunDocument's results, made
    and checked when it was, are passed through as they are (validating a `Result` instance
    again runs its validators again). At the first invalid chunk, raises InvalidInput naming
    every invalid field of every result from there on. A RunHead's parsed results are let go
    (None in `doc.results`) once their chunk is checked: an upload holds its parsed JSON and
    its results at once only a chunk at a time."""
    results = doc.results
    for start in range(0, len(results), CHUNK):
        if isinstance(doc, RunDocument):
            yield results[start : start + CHUNK]
            continue
        try:
            checked = _RESULTS.validate_python(results[start : start + CHUNK])
        except ValidationError:
            raise invalid_fields(result_errors(results, start)) from None
        results[start : start + CHUNK] = [None] * len(checked)
        yield checked


def result_errors(results: list[Any], start: int = 0) -> list[dict[str, Any]]:
    """pydantic's errors of the results from `start` on, located in the document
    (`("results", index, field...)`)."""
    errors: list[dict[str, Any]] = []
    for first in range(start, len(results), CHUNK):
        try:
            _RESULTS.validate_python(results[first : first + CHUNK])
        except ValidationError as exc:
            for e in exc.errors():
                index, *inside = e["loc"]  # a list's errors start at the item's index
                errors.append({**e, "loc": ("results", first + int(index), *inside)})
    return errors


def _first_line(exc: Exception) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return text.splitlines()[0] if text else type(exc).__name__


def _stored(engine: Engine, run_id: uuid.UUID) -> Run | None:
    with Session(engine, expire_on_commit=False) as session:
        return _load(session, Run.run_id == run_id)


def _same(stored: Run, doc: RunHead) -> Run:
    """`stored` when `doc` has its content; raises InvalidInput when its results are invalid,
    Conflict when it is valid with other content."""
    if stored.content_hash != content_hash(doc, list(checked_results(doc))):
        raise Conflict(
            f"run {doc.run_id} is already stored with different content; "
            "a changed run needs a new run_id"
        )
    return stored


def _load(session: Session, where) -> Run | None:
    return session.scalar(select(Run).options(joinedload(Run.machine)).where(where))


def _store(engine: Engine, doc: RunHead, now: datetime, threshold: float) -> int:
    """Machine, run, results, their read model rows (rollups.py) and the changes they make
    (changes/store.py) in one transaction. Results are validated and normalized while they
    stream into the database (dialect.insert_rows); while the database stores the last of them,
    a second thread makes what needs every row: the run-wide flags, the run's series rows
    (series.py) and its content hash. Rows given a run-wide flag are written again after
    (`_late_flags`). Locks are taken in locks.py's order."""
    with Session(engine) as session, session.begin():
        connection = session.connection()
        run_writer(connection, machine_fingerprint(doc.machine))
        artifact_id = artifacts.acquire(connection, doc.artifact) if doc.artifact else None
        machine_id = _upsert_machine(session, doc, now)
        run_pk = _insert_run(session, doc, now, machine_id=machine_id, artifact_id=artifact_id)
        if run_pk is None:
            raise _LostRace
        run = RunOf(run_pk, doc.source, machine_id, doc.machine.clock_hz, json_text(doc.tags))
        validated: list[list[Result]] = []
        chunks = _kept(checked_results(doc), validated)
        rows = ResultRows(doc, chunks)
        made: list[tuple[Any, ...]] = []

        def after_rows() -> tuple[list[tuple[int, list[str]]], SeriesRows, str]:
            late = rows.late_flags()
            flagged = {position for position, _ in late}
            return late, series_rows(run, made, flagged), content_hash(doc, validated)

        streamed = ((run_pk, *row) for row in _kept(rows, made))
        late, series, digest = insert_rows(
            connection, "results", RESULT_COLUMNS, streamed, then=after_rows
        )
        _late_flags(connection, run_pk, made, late)
        add_run(connection, run_pk, series)
        connection.execute(update(Run).where(Run.id == run_pk).values(content_hash=digest))
        refresh_run(connection, run_pk, threshold=threshold)
        return run_pk


def _late_flags(
    connection: Connection,
    run_pk: int,
    made: list[tuple[Any, ...]],
    late: list[tuple[int, list[str]]],
) -> None:
    """The stored rows (`made`) whose run-wide flags (known once every row was seen) are not the
    ones they were written with, replaced by themselves with their flags (dialect.replace_rows,
    not one UPDATE per row: bench/README.md, "Speed paths"; most such rows are written with
    their flag already, ResultRows)."""
    positions, rows = [], []
    for position, flags in late:
        text, row = orjson.dumps(flags).decode(), made[position]
        if row[_FLAGS] != text:
            positions.append(position)
            rows.append((run_pk, *row[:_FLAGS], text, *row[_FLAGS + 1 :]))
    if positions:
        replace_rows(connection, "results", RESULT_COLUMNS, run_pk, positions, rows)


def _kept(items: Iterable[_T], kept: list[_T]) -> Iterator[_T]:
    """`items`, each also appended to `kept` as it is taken."""
    for item in items:
        kept.append(item)
        yield item


def _upsert_machine(session: Session, doc: RunHead, now: datetime) -> int:
    m = doc.machine
    values = {
        "fingerprint": machine_fingerprint(m),
        "name": m.name,
        "arch": m.arch,
        "cpu_model": m.cpu_model,
        "cores": m.cores,
        "os": m.os,
        "board": m.board,
        "extra": m.extra,
        "first_seen": now,
        "last_seen": now,
    }
    statement = insert_for(session.get_bind())(Machine).values(**values)
    statement = statement.on_conflict_do_update(
        index_elements=["fingerprint"],
        set_={"last_seen": statement.excluded.last_seen, "os": statement.excluded.os},
    ).returning(Machine.id)
    return session.execute(statement).scalar_one()


def _insert_run(
    session: Session, doc: RunHead, now: datetime, *, machine_id: int, artifact_id: int | None
) -> int | None:
    """The run's row, its content hash still empty (`_store` sets it)."""
    source = doc.machine.extra.get("clock_source")
    values = {
        "run_id": doc.run_id,
        "content_hash": "",
        "source": doc.source,
        "started_at": doc.started_at,
        "finished_at": doc.finished_at,
        "machine_id": machine_id,
        "clock_hz": doc.machine.clock_hz,
        "clock_source": str(source)[:32] if source is not None else None,
        "machine_extra": doc.machine.extra,
        "tool_name": doc.tool.name,
        "tool_version": doc.tool.version,
        "tool_build": doc.tool.build,
        "tool_options": doc.tool.options,
        "tags": doc.tags,
        "result_count": len(doc.results),
        "artifact_id": artifact_id,
        "warnings": [w.model_dump(mode="json") for w in doc.warnings],
        "created_at": now,
    }
    statement = insert_for(session.get_bind())(Run).values(**values)
    statement = statement.on_conflict_do_nothing(index_elements=["run_id"]).returning(Run.id)
    return session.execute(statement).scalar_one_or_none()
