"""History: one point per run per series (the median of that run's results), oldest run first.

Series are told apart by the requested dimensions, like the chart's; their keys sort with
versions as versions (contract/versions.py), so `library_version` lines come 1.1.1g, 3.0.2,
3.0.13. Each point carries the run's facts that explain a move: library version (null when the
run's results of that series disagree), tool version, tags, and the notes on the run.
"""

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from cryptobench_contract.versions import version_key
from cryptobench_server.models import Result, Run, RunNote
from cryptobench_server.query.dimensions import Dimension, base_from
from cryptobench_server.query.filters import Filters, conditions


@dataclass
class _Point:
    run_pk: int
    run_id: Any
    started_at: datetime
    tool_version: str | None
    tags: dict[str, str]
    figures: list[float] = field(default_factory=list)
    versions: set[str | None] = field(default_factory=set)


def history(
    session: Session, *, metric: str, series: Sequence[Dimension], filters: Filters
) -> list[dict[str, Any]]:
    figure = getattr(Result, metric)
    query = base_from(
        select(
            Run.id,
            Run.run_id,
            Run.started_at,
            Run.tool_version,
            Run.tags,
            Result.library_version,
            figure,
            *(d.expression for d in series),
        )
    ).where(figure.is_not(None), *conditions(filters))
    by_key: dict[tuple, dict[int, _Point]] = {}
    for row in session.execute(query):
        pk, run_id, started_at, tool_version, tags, version, value, *keys = row
        key = tuple(None if k is None else str(k) for k in keys)
        point = by_key.setdefault(key, {}).get(pk)
        if point is None:
            point = by_key[key][pk] = _Point(pk, run_id, started_at, tool_version, tags or {})
        point.figures.append(value)
        point.versions.add(version)
    notes = _notes(session, {pk for points in by_key.values() for pk in points})
    names = [d.name for d in series]
    return [
        {"key": dict(zip(names, key, strict=True)), "points": _points(by_key[key], notes)}
        for key in sorted(by_key, key=lambda k: [version_key(v) for v in k])
    ]


def _points(points: dict[int, _Point], notes: dict[int, list[RunNote]]) -> list[dict[str, Any]]:
    ordered = sorted(points.values(), key=lambda p: (p.started_at, p.run_pk))
    return [
        {
            "run_id": p.run_id,
            "started_at": p.started_at,
            "value": statistics.median(p.figures),
            "n": len(p.figures),
            "library_version": next(iter(p.versions)) if len(p.versions) == 1 else None,
            "tool_version": p.tool_version,
            "tags": p.tags,
            "notes": notes.get(p.run_pk, []),
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
