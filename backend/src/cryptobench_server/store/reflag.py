"""Plausibility flags of stored results checked again with today's checker (plausibility.py).

Ingest flags every result as it stores it; a checker that learned a new flag (migration 0010:
`cpu_time`, `exceeds_clock`, `saturated`; issue 27: `cycles_disagree`, `repeated_value`) has to
look at what was stored before. `recheck` runs the same checks as ingest over the given runs'
results (`plausibility_flags` per result, `RunChecks` over each run) and writes the rows whose
flags changed. `rollups` calls it before it builds those runs' read model (catch_up, rebuild),
so the flag counts there agree.
"""

from collections.abc import Sequence
from typing import NamedTuple

from sqlalchemy import Connection, bindparam, select, update

from cryptobench_server.models import Machine, Result, Run
from cryptobench_server.store.plausibility import (
    Checked,
    RunChecks,
    RunFacts,
    plausibility_flags,
    run_facts,
)


class _Stored(NamedTuple):
    id: int
    position: int
    series_key: str
    value: float
    unit: str
    error: float | None
    stats: dict[str, float] | None
    metric: str
    ns_per_op: float | None
    cycles_per_op: float | None
    bytes_per_s: float | None
    cycles_per_byte: float | None
    instructions_per_op: float | None
    instructions_per_byte: float | None
    ops_per_s: float | None
    flags: list[str]


def recheck(connection: Connection, run_pks: Sequence[int]) -> int:
    """Flag the results of `run_pks` again; returns how many rows changed."""
    changed: list[dict[str, object]] = []
    runs = select(
        Run.id, Run.tool_name, Run.tool_options, Run.tags, Run.clock_hz, Machine.cores
    ).join(Machine, Machine.id == Run.machine_id)
    for run_pk, tool_name, options, tags, clock_hz, cores in connection.execute(
        runs.where(Run.id.in_(run_pks))
    ):
        facts = run_facts(
            tool_name=tool_name,
            tool_options=options,
            tags=tags or {},
            clock_hz=clock_hz,
            cores=cores,
        )
        changed += _changed_flags(connection, run_pk, facts)
    if changed:
        connection.execute(_SET_FLAGS, changed)
    return len(changed)


def _changed_flags(connection: Connection, run_pk: int, facts: RunFacts) -> list[dict[str, object]]:
    """{"pk", "set"} of the run's results whose flags today differ from the stored ones."""
    checks = RunChecks(facts)
    stored: dict[int, _Stored] = {}
    flags: dict[int, list[str]] = {}
    rows = select(*(getattr(Result, name) for name in _Stored._fields))
    for row in connection.execute(rows.where(Result.run_pk == run_pk)):
        result = stored[row.position] = _Stored(*row)
        flags[result.position] = plausibility_flags(
            value=result.value,
            error=result.error,
            stats=result.stats,
            cycles_per_op=result.cycles_per_op,
            metric=result.metric,
            bytes_per_s=result.bytes_per_s,
            run=facts,
        )
        reported = getattr(result, result.metric, None)  # the canonical figure reported
        checks.add(
            Checked(
                result.position,
                result.series_key,
                result.metric,
                reported,
                result.ns_per_op,
                flags[result.position],
            ),
            result.value,
            result.unit,
        )
    flags.update(checks.late_flags())
    return [
        {"pk": stored[position].id, "set": new}
        for position, new in flags.items()
        if new != (stored[position].flags or [])
    ]


_SET_FLAGS = update(Result).where(Result.id == bindparam("pk")).values(flags=bindparam("set"))
