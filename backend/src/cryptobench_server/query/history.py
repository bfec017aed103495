"""History: one point per run per series (the median of that run's results), oldest run first.

A history is a chart with the run on x (query/chart.py's `chart_rows` over `series_runs`), so a
point is what /chart would draw for that run: the exact median, n, and what it pools and its
flags. Series are told apart by the requested dimensions, like the chart's; their keys sort with
versions as versions (contract/versions.py), so `library_version` lines come 1.1.1g, 3.0.2,
3.0.13. Each point carries the run's facts that explain a move: library version (null when the
run's results of that series disagree), tool version, tags, and the notes on the run.
"""

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from cryptobench_contract.versions import version_key
from cryptobench_server.models import Run, RunNote, Series
from cryptobench_server.query.chart import PointRow, chart_rows
from cryptobench_server.query.dimensions import Dimension, dimension
from cryptobench_server.query.filters import Filters


def history(
    session: Session, *, metric: str, series: Sequence[Dimension], filters: Filters
) -> tuple[list[dict[str, Any]], list[str]]:
    """The series, and the identity dimensions split because they varied within a run's point
    (query/chart.py): each series' key names the requested dimensions, then those.
    `series` are dimensions resolved on Series (`dimension(name, source=Series)`)."""
    run = dimension("run", source=Series)
    drawn = chart_rows(session, metric=metric, x=run, series=series, agg="median", filters=filters)
    rows = drawn.rows
    runs = {
        r.run_id: r
        for r in session.execute(
            select(Run.id, Run.run_id, Run.started_at, Run.tool_version, Run.tags).where(
                Run.run_id.in_({row.x for row in rows})
            )
        )
    }
    notes = _notes(session, {r.id for r in runs.values()})
    by_key: dict[tuple, list[PointRow]] = {}
    for row in rows:
        by_key.setdefault(tuple(None if k is None else str(k) for k in row.keys), []).append(row)
    names = [*(d.name for d in series), *drawn.split]
    return [
        {"key": dict(zip(names, key, strict=True)), "points": _points(by_key[key], runs, notes)}
        for key in sorted(by_key, key=lambda k: [version_key(v) for v in k])
    ], drawn.split


def _points(
    rows: list[PointRow], runs: dict[Any, Any], notes: dict[int, list[RunNote]]
) -> list[dict[str, Any]]:
    ordered = sorted(rows, key=lambda p: (runs[p.x].started_at, runs[p.x].id))
    return [
        {
            "run_id": p.x,
            "started_at": runs[p.x].started_at,
            "value": p.value,
            "n": p.n,
            "library_version": p.library_version,
            "tool_version": runs[p.x].tool_version,
            "tags": runs[p.x].tags or {},
            "notes": notes.get(runs[p.x].id, []),
            "pooled": p.pooled,
            "flagged": p.flagged,
            "flags": p.flags,
        }
        for p in ordered
    ]


def _notes(session: Session, run_pks: set[int]) -> dict[int, list[RunNote]]:
    out: dict[int, list[RunNote]] = {}
    if not run_pks:
        return out
    query = select(RunNote).where(RunNote.run_pk.in_(sorted(run_pks))).order_by(RunNote.id)
    for note in session.scalars(query):
        out.setdefault(note.run_pk, []).append(note)
    return out


def notes_of(session: Session, run_pk: int) -> list[RunNote]:
    return _notes(session, {run_pk}).get(run_pk, [])
