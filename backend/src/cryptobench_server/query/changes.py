"""Stored step changes (changes/store.py) under the read filters, newest first."""

from datetime import datetime
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session, aliased

from cryptobench_contract.units import CANONICAL_UNIT
from cryptobench_server.models import Change, Machine, Run
from cryptobench_server.query.filters import Filters, conditions

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
    query = (
        select(Change, Run.run_id, Baseline.run_id, Machine.name)
        .select_from(Change)
        .join(Run, Run.id == Change.run_pk)
        .join(Baseline, Baseline.id == Change.baseline_run_pk)
        .join(Machine, Machine.id == Change.machine_id)
        .where(*conditions(filters, source=Change))
    )
    if since is not None:
        query = query.where(Change.started_at >= since)
    if direction is not None:
        query = query.where(Change.direction == direction)
    if after is not None:
        started_at, pk = after
        query = query.where(
            or_(
                Change.started_at < started_at,
                and_(Change.started_at == started_at, Change.id < pk),
            )
        )
    query = query.order_by(Change.started_at.desc(), Change.id.desc()).limit(limit)
    return [_shape(*row) for row in session.execute(query)]


def _shape(change: Change, run_id, baseline_run_id, machine: str) -> dict[str, Any]:
    return {
        "id": change.id,
        "series": {
            "machine": machine,
            "source": change.source,
            "family": change.family,
            "name": change.name,
            "algorithm": change.algorithm,
            "operation": change.operation,
            "library": change.library,
            "library_version": change.library_version,
            "params": change.params,
        },
        "run_id": run_id,
        "baseline_run_id": baseline_run_id,
        "started_at": change.started_at,
        "metric": change.metric,
        "unit": CANONICAL_UNIT[change.metric],
        "before": change.before,
        "after": change.after,
        "ratio": change.ratio,
        "direction": change.direction,
        "confidence": change.confidence,
        "what_changed": _ordered(change.what_changed),
    }


#: The order of what_changed's keys (JSONB keeps none): the library, the tool, the clock, tags.
FACTS = ("library_version", "tool_version", "tool_build", "tool_options", "clock_hz")


def _ordered(what: dict[str, list[Any]]) -> dict[str, list[Any]]:
    rank = {name: i for i, name in enumerate(FACTS)}
    return {k: what[k] for k in sorted(what, key=lambda k: (rank.get(k, len(FACTS)), k))}
