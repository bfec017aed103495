"""Whether an import's run is stored before: its run id is derived from public facts (the text
and the options; a data.js entry's suite, commit, date and content), so a stored run under that
id is the same import again only when it holds the same figures. Anything else under that id is
a 409 naming the first difference, never "stored before" (issue 35).

The results are compared as the results table holds them (store/rows.py), field by field; the
run's timestamps, artifact and warnings are not compared: an import dated by its arrival, or a
data.js that grew since, holds the same figures at another time or in a longer text.
"""

from typing import Any

import orjson
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from cryptobench_contract import RunDocument
from cryptobench_server.errors import Conflict
from cryptobench_server.models import Result, Run
from cryptobench_server.store.fingerprints import RESULT_FIELDS
from cryptobench_server.store.rows import ResultRow, result_rows

#: The reported fields of a result compared, as the results table names them: the fields the
#: content hash reads.
COMPARED = RESULT_FIELDS
_JSON = {"params", "stats", "raw"}


def stored_before(engine: Engine, document: RunDocument) -> bool:
    """True when `document`'s run is stored with its figures, False when it is not stored;
    raises Conflict naming the first difference when it is stored with others."""
    with Session(engine) as session:
        run = session.execute(
            select(Run.id, Run.source, Run.tags).where(Run.run_id == document.run_id)
        ).one_or_none()
        if run is None:
            return False
        stored = session.execute(
            select(*(getattr(Result, name) for name in COMPARED))
            .where(Result.run_pk == run.id)
            .order_by(Result.position)
        ).all()
    difference = _head_difference(run.source, run.tags, document) or _results_difference(
        [tuple(row) for row in stored], result_rows(document)
    )
    if difference is not None:
        field, message = difference
        raise Conflict(
            f"run {document.run_id} is already stored with other content ({field}: {message}); "
            "nothing of this import's run was stored over it",
            errors=[{"field": field, "message": message}],
        )
    return True


def _head_difference(
    source: str, tags: dict[str, str], document: RunDocument
) -> tuple[str, str] | None:
    if source != document.source:
        return "source", _stored_given(source, document.source)
    if tags != document.tags:
        return "tags", _stored_given(tags, document.tags)
    return None


def _results_difference(
    stored: list[tuple[Any, ...]], given: list[ResultRow]
) -> tuple[str, str] | None:
    if len(stored) != len(given):
        return "results", f"{len(stored)} results stored, {len(given)} in this import"
    for position, (old, row) in enumerate(zip(stored, given, strict=True)):
        for name, before in zip(COMPARED, old, strict=True):
            now = getattr(row, name)
            if name in _JSON and now is not None:
                now = orjson.loads(now)
            if before != now:
                field = f"results[{position}].{name}"
                return field, f"{row.name!r}: " + _stored_given(before, now)
    return None


def _stored_given(before: object, now: object) -> str:
    return f"stored {before!r}, this import {now!r}"
