"""Store one run document: all of it in one transaction, or nothing; idempotent on run_id.

`ingest_run` is the one write path (HTTP upload, `demo load`, benchmarks). Results go in with
COPY on PostgreSQL and one executemany on SQLite, never row by row through the ORM.
"""

import uuid
from collections import defaultdict
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import cache
from typing import Any, NamedTuple

import orjson
import psycopg
from sqlalchemy import Engine, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DataError
from sqlalchemy.orm import Session, joinedload

from cryptobench_contract import RunDocument
from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_contract.vocabulary import canonical_algorithm, canonical_params
from cryptobench_server.changes.detect import DEFAULT_THRESHOLD
from cryptobench_server.changes.store import refresh_run
from cryptobench_server.errors import Conflict, InvalidInput
from cryptobench_server.fastpaths import insert_rows, paused_gc
from cryptobench_server.fingerprints import content_hash, machine_fingerprint, series_key
from cryptobench_server.models import Machine, Run
from cryptobench_server.normalize import (
    apply_plan,
    bytes_per_op,
    disagreeing_metrics,
    figure_plan,
    plausibility_flags,
)
from cryptobench_server.rollups import add_runs

RESULT_COLUMNS = (
    "run_pk",
    "position",
    "series_key",
    "name",
    "family",
    "algorithm",
    "operation",
    "library",
    "library_version",
    "params",
    "metric",
    "value",
    "unit",
    "error",
    "error_kind",
    "samples",
    "stats",
    "raw",
    *CANONICAL_METRICS,
    "derived",
    "flags",
)


CYCLES = CANONICAL_METRICS.index("cycles_per_op")
NS = CANONICAL_METRICS.index("ns_per_op")


class Ingested(NamedTuple):
    run: Run
    created: bool


class _LostRace(Exception):
    """Another transaction stored the same run_id first."""


def ingest_run(
    *,
    engine: Engine,
    doc: RunDocument,
    now: datetime | None = None,
    change_threshold: float = DEFAULT_THRESHOLD,
) -> Ingested:
    """Store `doc` unless its run_id is known: (run, True) when new, (run, False) when identical.

    The step changes its results make in their lineages are detected in the same transaction
    (changes/store.py), with `change_threshold` as the smallest relative step reported.
    Raises Conflict when the run_id is stored with different content.
    """
    with paused_gc():
        digest = content_hash(doc)
        existing = find_existing(engine, doc.run_id, digest)
        if existing is not None:
            return Ingested(existing, False)
    try:
        with paused_gc():
            run_pk = _store(engine, doc, digest, now or datetime.now(UTC), change_threshold)
    except (DataError, psycopg.DataError) as exc:
        raise InvalidInput(f"the run cannot be stored: {_first_line(exc)}") from exc
    except _LostRace:
        stored = find_existing(engine, doc.run_id, digest)
        assert stored is not None, "the winning transaction's run must be visible once it lost"
        return Ingested(stored, False)
    with Session(engine, expire_on_commit=False) as session:
        stored = _load(session, Run.id == run_pk)
        assert stored is not None, "the run this transaction committed must be visible"
        return Ingested(stored, True)


def _first_line(exc: Exception) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return text.splitlines()[0] if text else type(exc).__name__


def find_existing(engine: Engine, run_id: uuid.UUID, digest: str) -> Run | None:
    with Session(engine, expire_on_commit=False) as session:
        run = _load(session, Run.run_id == run_id)
    if run is not None and run.content_hash != digest:
        raise Conflict(
            f"run {run_id} is already stored with different content; "
            "a changed run needs a new run_id"
        )
    return run


def _load(session: Session, where) -> Run | None:
    return session.scalar(select(Run).options(joinedload(Run.machine)).where(where))


def _store(engine: Engine, doc: RunDocument, digest: str, now: datetime, threshold: float) -> int:
    """Machine, run, results, their read model rows (rollups.py) and the changes they make
    (changes/store.py) in one transaction. Rows are normalized while they stream into the
    database (fastpaths.insert_rows)."""
    with Session(engine) as session, session.begin():
        machine_id = _upsert_machine(session, doc, now)
        run_pk = _insert_run(session, doc, digest, machine_id, len(doc.results), now)
        if run_pk is None:
            raise _LostRace
        rows = ((run_pk, *row) for row in result_rows(doc))
        insert_rows(session.connection(), "results", RESULT_COLUMNS, rows)
        add_runs(session.connection(), [run_pk])
        refresh_run(session.connection(), run_pk, threshold=threshold)
        return run_pk


def _insert_for(session: Session):
    return postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert


def _upsert_machine(session: Session, doc: RunDocument, now: datetime) -> int:
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
    statement = _insert_for(session)(Machine).values(**values)
    statement = statement.on_conflict_do_update(
        index_elements=["fingerprint"],
        set_={"last_seen": statement.excluded.last_seen, "os": statement.excluded.os},
    ).returning(Machine.id)
    return session.execute(statement).scalar_one()


def _insert_run(
    session: Session, doc: RunDocument, digest: str, machine_id: int, count: int, now: datetime
) -> int | None:
    source = doc.machine.extra.get("clock_source")
    artifact = doc.artifact
    values = {
        "run_id": doc.run_id,
        "content_hash": digest,
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
        "result_count": count,
        "artifact_media_type": artifact.media_type if artifact else None,
        "artifact_content": artifact.content if artifact else None,
        "warnings": [w.model_dump(mode="json") for w in doc.warnings],
        "created_at": now,
    }
    statement = _insert_for(session)(Run).values(**values)
    statement = statement.on_conflict_do_nothing(index_elements=["run_id"]).returning(Run.id)
    return session.execute(statement).scalar_one_or_none()


def _json(value: Any) -> str | None:
    return None if value is None else orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


class _Identity(NamedTuple):
    algorithm: str
    params_json: str | None
    op_bytes: float | None
    series_key: str


def result_rows(doc: RunDocument) -> Iterator[tuple]:
    """The results table's rows for `doc` (without run_pk), normalized and flagged."""
    clock = doc.machine.clock_hz
    identity = _identities(doc)
    idents = [_identity_of(identity, r) for r in doc.results]
    disagreeing = _disagreeing_series(doc, idents)
    for position, (r, ident) in enumerate(zip(doc.results, idents, strict=True)):
        plan = figure_plan(r.metric, r.unit, clock, ident.op_bytes)
        figures = apply_plan(plan, r.value)
        derived = (
            plan.derived
            if r.value > 0
            else tuple(
                m
                for m, f in zip(CANONICAL_METRICS, figures, strict=False)
                if f is not None and m != r.metric
            )
        )
        flags = plausibility_flags(
            value=r.value,
            error=r.error,
            stats=r.stats,
            metric=r.metric,
            cycles_per_op=figures[CYCLES],
        )
        if ident.series_key in disagreeing:
            flags.append("metrics_disagree")
        yield (
            position,
            ident.series_key,
            r.name,
            r.family,
            ident.algorithm,
            r.operation,
            r.library,
            r.library_version,
            ident.params_json,
            r.metric,
            r.value,
            r.unit,
            r.error,
            r.error_kind,
            r.samples,
            _json(r.stats),
            _json(r.raw),
            *figures,
            _json_names(derived),
            _json(flags) if flags else "[]",
        )


@cache
def _json_names(names: tuple[str, ...]) -> str:
    """The JSON list of derived figure names (a handful of distinct lists per run)."""
    return orjson.dumps(list(names)).decode()


def _disagreeing_series(doc: RunDocument, idents: list[_Identity]) -> set[str]:
    """Series keys whose results, reported in different metrics, disagree (normalize.disagreeing_metrics).

    Only series reported in more than one metric are normalized here, so a run of one metric
    per series (nearly all) costs one set insertion per result (`idents`: each result's
    identity, computed once by `result_rows`).
    """
    metrics_of: dict[str, set[str]] = defaultdict(set)
    for r, ident in zip(doc.results, idents, strict=True):
        metrics_of[ident.series_key].add(r.metric)
    mixed = {key for key, metrics in metrics_of.items() if len(metrics) > 1}
    if not mixed:
        return set()
    reported: dict[str, dict[str, list[float | None]]] = defaultdict(lambda: defaultdict(list))
    for r, ident in zip(doc.results, idents, strict=True):
        if ident.series_key in mixed:
            figures = apply_plan(
                figure_plan(r.metric, r.unit, doc.machine.clock_hz, ident.op_bytes), r.value
            )
            reported[ident.series_key][r.metric].append(figures[NS])
    return {key for key, by_metric in reported.items() if disagreeing_metrics(by_metric)}


def _identity_of(identity, r) -> _Identity:
    return identity(r.algorithm, r.operation, tuple(r.params.items()), r.library, r.library_version)


def _identities(doc: RunDocument):
    """Per-run memo: canonical algorithm and params, and the series key, once per combination."""
    machine = machine_fingerprint(doc.machine)

    @cache
    def identity(
        algorithm: str,
        operation: str | None,
        items: tuple,
        library: str | None,
        version: str | None,
    ) -> _Identity:
        params = canonical_params(dict(items))
        name = canonical_algorithm(algorithm)
        key = series_key(
            algorithm=name,
            operation=operation,
            params=params,
            library=library,
            library_version=version,
            machine=machine,
            clock_hz=doc.machine.clock_hz,
            tags=doc.tags,
        )
        return _Identity(name, _json(params), bytes_per_op(params), key)

    return identity
