"""Plausibility flags of stored results checked again with today's checker (normalize.py).

Ingest flags every result as it stores it; a checker that learned a new flag (migration 0010:
`cpu_time`, `exceeds_clock`, `saturated`) has to look at what was stored before. `recheck` runs
`normalize.plausibility_flags` over the given runs' results, keeps `metrics_disagree` (a flag of
the whole run, found by ingest) and writes the rows whose flags changed. `rollups` calls it
before it builds those runs' read model (catch_up, rebuild), so the flag counts there agree.
"""

from collections.abc import Sequence
from typing import NamedTuple

from sqlalchemy import Connection, bindparam, select, update

from cryptobench_server.models import Machine, Result, Run
from cryptobench_server.store.normalize import plausibility_flags, run_facts

#: Flags that need more than one result, kept as ingest found them.
RUN_FLAGS = ("metrics_disagree",)


class _Stored(NamedTuple):
    id: int
    value: float
    error: float | None
    stats: dict[str, float] | None
    metric: str
    cycles_per_op: float | None
    bytes_per_s: float | None
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
        rows = select(*(getattr(Result, name) for name in _Stored._fields))
        for row in connection.execute(rows.where(Result.run_pk == run_pk)):
            stored = _Stored(*row)
            flags = plausibility_flags(
                value=stored.value,
                error=stored.error,
                stats=stored.stats,
                cycles_per_op=stored.cycles_per_op,
                metric=stored.metric,
                bytes_per_s=stored.bytes_per_s,
                run=facts,
            )
            flags += [flag for flag in RUN_FLAGS if flag in (stored.flags or [])]
            if flags != (stored.flags or []):
                changed.append({"pk": stored.id, "set": flags})
    if changed:
        connection.execute(_SET_FLAGS, changed)
    return len(changed)


_SET_FLAGS = update(Result).where(Result.id == bindparam("pk")).values(flags=bindparam("set"))
