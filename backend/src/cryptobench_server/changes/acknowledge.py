"""Acknowledge and dismiss changes: a person's word on a step, kept, and read back where the step
is shown (GET /changes, the run verdicts and so the CLI's gate).

A word is `expected` (a real step, made on purpose: a new compiler, a masked CPU feature) or
`dismissed` (not a real step: a noisy runner), with a note and the admin token's name. It is
stored by the change's lineage and run (`change_acks`), not by the change row: detection makes
change rows again (an upload around it, `changes detect`), the word holds through that. A second
word on one change is added, never replaces the first: the history keeps every word, the latest
counts. A run's words go with the run.
"""

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import Connection, insert, select
from sqlalchemy.orm import Session

from cryptobench_server.errors import NotFound
from cryptobench_server.models import Change, ChangeAck, Run

Kind = Literal["expected", "dismissed"]
#: Lineage and run of a change: what a word is kept by.
Key = tuple[str, int]


def acknowledge(
    session: Session,
    change_ids: Sequence[int],
    *,
    kind: Kind,
    note: str,
    author: str,
    now: datetime,
) -> list[dict[str, Any]]:
    """Store the word on each change of `change_ids`; NotFound naming the ids that are no
    change (nothing stored then)."""
    found = session.execute(
        select(Change.id, Change.lineage, Change.run_pk, Run.run_id)
        .join(Run, Run.id == Change.run_pk)
        .where(Change.id.in_(set(change_ids)))
    ).all()
    missing = sorted(set(change_ids) - {row.id for row in found})
    if missing:
        listed = ", ".join(map(str, missing))
        raise NotFound(
            f"no change {listed}",
            errors=[{"field": "changes", "message": f"no change with id {listed}"}],
        )
    word = {"kind": kind, "note": note, "author": author, "created_at": now}
    session.execute(
        insert(ChangeAck), [{"lineage": r.lineage, "run_pk": r.run_pk, **word} for r in found]
    )
    return [{"change_id": r.id, "run_id": r.run_id, **_out(word)} for r in found]


def words_on(connection: Connection, keys: Iterable[Key]) -> dict[Key, list[dict[str, Any]]]:
    """The words on the changes of `keys` (lineage, run pk), oldest first; absent: none."""
    wanted = set(keys)
    runs = sorted({run_pk for _, run_pk in wanted})
    out: dict[Key, list[dict[str, Any]]] = {}
    for start in range(0, len(runs), 500):
        rows = connection.execute(
            select(ChangeAck)
            .where(ChangeAck.run_pk.in_(runs[start : start + 500]))
            .order_by(ChangeAck.created_at, ChangeAck.id)
        )
        for row in rows:
            key = (row.lineage, row.run_pk)
            if key in wanted:
                out.setdefault(key, []).append(_out(row._mapping))
    return out


def _out(word: Any) -> dict[str, Any]:
    return {
        "kind": word["kind"],
        "note": word["note"],
        "author": word["author"],
        "acknowledged_at": word["created_at"],
    }


def word_text(word: dict[str, Any]) -> str:
    """'expected by ops: AES-NI masked on purpose' / 'dismissed by ops: ...'."""
    return f"{word['kind']} by {word['author']}: {word['note']}"
