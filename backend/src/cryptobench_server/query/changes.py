"""Stored step changes (changes/store.py) under the read filters, newest first: one by one, or
grouped into events (change_events.py), a page of events being the events of `limit` runs."""

from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session, aliased

from cryptobench_contract.units import CANONICAL_UNIT
from cryptobench_server.changes.acknowledge import Key, words_on
from cryptobench_server.changes.detect import deterministic, few_points
from cryptobench_server.changes.store import STEP_VERDICT
from cryptobench_server.models import Change, Machine, Run
from cryptobench_server.query.change_events import cause_key, group_events, series_label
from cryptobench_server.query.filters import Filters, conditions
from cryptobench_server.query.line_diff import line_diff
from cryptobench_server.query.pagination import past

Baseline = aliased(Run)


def list_changes(
    session: Session,
    *,
    filters: Filters,
    since: datetime | None,
    direction: str | None,
    limit: int,
    after: tuple[datetime, int] | None,
) -> list[dict[str, Any]]:
    """Up to `limit` changes (newest run first) after the keyset position `after`."""
    query = _selected(select(Change, Run.run_id, Baseline.run_id, Machine.name), filters, since)
    query = _direction(query, direction)
    if after is not None:
        query = query.where(past(after, Change.started_at, Change.id, descending=True))
    query = query.order_by(Change.started_at.desc(), Change.id.desc()).limit(limit)
    rows = session.execute(query).all()
    words = _words(session, rows)
    return [_shape(*row, words=words) for row in rows]


def list_events(
    session: Session,
    *,
    filters: Filters,
    since: datetime | None,
    direction: str | None,
    limit: int,
    after: tuple[datetime, int] | None,
) -> tuple[list[dict[str, Any]], tuple[datetime, int] | None]:
    """The events of up to `limit` runs with changes (newest first) after the keyset position
    `after` (a run's started_at and key), and the position of the page's last run when more
    runs follow."""
    runs = _direction(
        _selected(select(Change.started_at, Change.run_pk), filters, since), direction
    ).distinct()
    if after is not None:
        runs = runs.where(past(after, Change.started_at, Change.run_pk, descending=True))
    found = session.execute(
        runs.order_by(Change.started_at.desc(), Change.run_pk.desc()).limit(limit + 1)
    ).all()
    page = found[:limit]
    position = (page[-1][0], page[-1][1]) if len(found) > limit else None
    if not page:
        return [], None
    query = _selected(select(Change, Run.run_id, Baseline.run_id, Machine.name), filters, since)
    query = _direction(query, direction).where(Change.run_pk.in_([pk for _, pk in page]))
    rows = session.execute(
        query.order_by(Change.started_at.desc(), Change.run_pk.desc(), Change.id)
    ).all()
    return group_events(_causes(rows, _words(session, rows))), position


def _words(session: Session, rows: Sequence[Any]) -> dict[Key, list[dict[str, Any]]]:
    """The words on the changes of `rows` (changes/acknowledge.py)."""
    return words_on(session.connection(), ((row[0].lineage, row[0].run_pk) for row in rows))


def _causes(
    rows: Sequence[Any], words: dict[Key, list[dict[str, Any]]]
) -> Iterator[tuple[bytes, int, dict[str, Any]]]:
    """Each row's cause key, run and shape; each cause diffed once."""
    diffs: dict[bytes, list[dict[str, Any]]] = {}
    for change, *rest in rows:
        key = cause_key(change.what_changed)
        if key not in diffs:
            diffs[key] = what_changed(change.what_changed)
        yield key, change.run_pk, _shape(change, *rest, words=words, diffs=diffs[key])


def _selected(query: Select, filters: Filters, since: datetime | None) -> Select:
    query = (
        query.select_from(Change)
        .join(Run, Run.id == Change.run_pk)
        .join(Baseline, Baseline.id == Change.baseline_run_pk)
        .join(Machine, Machine.id == Change.machine_id)
        .where(*conditions(filters, source=Change))
    )
    return query if since is None else query.where(Change.started_at >= since)


def _direction(query: Select, direction: str | None) -> Select:
    return query if direction is None else query.where(Change.direction == direction)


def _shape(
    change: Change,
    run_id,
    baseline_run_id,
    machine: str,
    *,
    words: dict[Key, list[dict[str, Any]]],
    diffs: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    counted = deterministic(change.metric)
    series = {
        "machine": machine,
        "source": change.source,
        "family": change.family,
        "name": change.name,
        "algorithm": change.algorithm,
        "operation": change.operation,
        "library": change.library,
        "library_version": change.library_version,
        "params": change.params,
        "variant": change.variant,
    }
    return {
        "id": change.id,
        "series": series,
        "label": series_label(series),
        "run_id": run_id,
        "baseline_run_id": baseline_run_id,
        "started_at": change.started_at,
        "metric": change.metric,
        "unit": CANONICAL_UNIT[change.metric],
        "before": change.before,
        "after": change.after,
        "ratio": change.ratio,
        "direction": change.direction,
        "verdict": STEP_VERDICT[change.direction],
        "evidence": {
            "z": change.z,
            "noise": change.noise,
            "before_n": change.before_n,
            "after_n": change.after_n,
            "few_points": not counted and few_points(change.before_n, change.after_n),
            "deterministic": counted,
        },
        "what_changed": what_changed(change.what_changed) if diffs is None else diffs,
        "acknowledgements": words.get((change.lineage, change.run_pk), []),
    }


#: The order of what_changed's keys (JSONB keeps none): the library, the tool, the clock, tags.
FACTS = ("library_version", "tool_version", "tool_build", "tool_options", "clock_hz")


def what_changed(stored: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """The stored facts ({fact: [before, after]}) as line diffs (line_diff.py), in FACTS order
    then tags by name."""
    rank = {name: i for i, name in enumerate(FACTS)}
    order = sorted(stored, key=lambda k: (rank.get(k, len(FACTS)), k))
    return [line_diff(k, *stored[k]) for k in order]
