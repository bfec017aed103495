"""Deleting a run: the run, its results and every row derived from them, in one transaction.

The read model takes the run out with its own producer (`rollups.remove_run_rollups`: the run's
series_runs, its series' totals made again, series left without runs); the changes of the
lineages around the run are detected again without it (changes/store.py); results, notes and
changes at or against the run go by the foreign keys' ON DELETE CASCADE. So what is left equals
a rebuild over the remaining runs (tests/test_history_api.py). A machine or an artifact left
without runs goes too. The locks are locks.py's, in its order, like ingest's.
"""

import uuid
from datetime import datetime

from sqlalchemy import Connection, Row, delete, exists, func, select
from sqlalchemy.orm import Session

from cryptobench_server.changes.store import refresh_run
from cryptobench_server.errors import Conflict, NotFound
from cryptobench_server.locks import run_writer
from cryptobench_server.models import Machine, Run, RunNote
from cryptobench_server.schemas_history import MAX_NOTES_PER_RUN
from cryptobench_server.store import artifacts
from cryptobench_server.store.rollups import remove_run_rollups


def delete_run(session: Session, run_id: uuid.UUID, *, threshold: float) -> None:
    connection = session.connection()
    run = _locked_run(connection, run_id)
    refresh_run(connection, run.id, threshold=threshold, without_run=True)
    remove_run_rollups(connection, run.id)
    connection.execute(delete(Run).where(Run.id == run.id))
    if run.artifact_id is not None:
        artifacts.release(connection, run.artifact_id)
    orphan = ~exists().where(Run.machine_id == Machine.id)
    connection.execute(delete(Machine).where(Machine.id == run.machine_id, orphan))


def _locked_run(connection: Connection, run_id: uuid.UUID) -> Row:
    """The run (pk, machine_id), once this transaction holds locks.py's locks for writing it;
    NotFound when there is none (also when a writer this one waited for deleted it)."""
    query = select(Run.id, Run.machine_id, Run.artifact_id, Machine.fingerprint).join(Machine)
    query = query.where(Run.run_id == run_id)
    run = connection.execute(query).one_or_none()
    if run is not None:
        run_writer(connection, run.fingerprint)
        run = connection.execute(query).one_or_none()
    if run is None:
        raise NotFound(f"no run {run_id}")
    return run


def add_note(
    session: Session, run_id: uuid.UUID, *, text: str, author: str, now: datetime
) -> RunNote:
    """The run's new note; Conflict when the run holds MAX_NOTES_PER_RUN already (counted under
    the run's lock, so concurrent notes cannot pass it together)."""
    connection = session.connection()
    run = _locked_run(connection, run_id)
    held = connection.scalar(
        select(func.count()).select_from(RunNote).where(RunNote.run_pk == run.id)
    )
    if held is not None and held >= MAX_NOTES_PER_RUN:
        raise Conflict(
            f"run {run_id} holds {held} notes, the most a run may hold ({MAX_NOTES_PER_RUN})",
            errors=[{"field": "notes", "message": f"at most {MAX_NOTES_PER_RUN} per run"}],
        )
    note = RunNote(run_pk=run.id, text=text, author=author, created_at=now)
    session.add(note)
    session.flush()
    return note
