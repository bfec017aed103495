"""Typed verdicts of one run: what the change detector (detect.py) says of each of its lineages at
that run, including what it cannot say and why (GET /runs/{run_id}/verdicts, the CLI's gate).

A lineage's points are the stored ones (store.lineages_around: the runs of the machine and
source within LOOKAROUND of the run), kept to the runs at the run's clock: a verdict compares
runs of one machine identity and one clock only. Over them `find_steps` runs with the lineage's
`sensitivity`, as ingest's detection does, and the run's point gets one verdict:

- `regressed` / `improved`: a step at the run (direction as the stored change's, change_row).
- `stable`: the detector had its MIN_BEFORE points before the run (since the last step) and
  found no step: the run is within the series' noise or below the threshold.
- `insufficient`: fewer points before the run than the detector needs ("2 of 3 baseline runs",
  counted since the last step, which starts a new level of unknown noise).
- `not_comparable`: no earlier point at the run's clock, but earlier runs of the lineage at
  another clock of this machine (`clock_hz`), or on a machine of the same name whose arch, CPU
  model, core count or board differ (the fields named in `differs`).
- `missing_baseline`: no earlier run of the lineage at all.

A step a person gave their word on (changes/acknowledge.py) carries the latest word as its
`acknowledgement`; a regression with one is `acknowledged` (expected, or dismissed as not real).

The run's status is the most urgent of its rows' verdicts, in STATUS_PRECEDENCE: regressed, then
action_required (any not_comparable, insufficient or missing_baseline), then acknowledged, then
improved, then stable.
"""

import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from sqlalchemy import Connection, select

from cryptobench_server.changes.acknowledge import word_text, words_on
from cryptobench_server.changes.detect import sensitivity
from cryptobench_server.changes.noise import steps_and_baseline
from cryptobench_server.changes.store import (
    STEP_VERDICT,
    Measured,
    change_row,
    lineage_key,
    lineages_around,
    what_changed,
)
from cryptobench_server.errors import NotFound
from cryptobench_server.identity import LINEAGE_FIELDS
from cryptobench_server.models import LineagePoint, Machine, Run

ACTION_REQUIRED = ("not_comparable", "insufficient", "missing_baseline")
#: A run's status: the first of these that one of its rows' verdicts maps to.
STATUS_PRECEDENCE = ("regressed", "action_required", "acknowledged", "improved", "stable")
#: The machine identity fields (machine_fingerprint without the name) a verdict never crosses.
MACHINE_FIELDS = ("arch", "cpu_model", "cores", "board")


@dataclass(frozen=True)
class Verdict:
    """One lineage's verdict at the run."""

    series: dict[str, Any]
    name: str
    verdict: str
    detail: str
    value: float
    baseline_runs: int
    baseline_runs_needed: int
    baseline: float | None = None
    ratio: float | None = None
    noise: float | None = None
    z: float | None = None
    baseline_run_pk: int | None = None
    differs: dict[str, list[Any]] = field(default_factory=dict)
    what_changed: dict[str, list[Any]] = field(default_factory=dict)
    acknowledgement: dict[str, Any] | None = None


def run_status(verdicts: Sequence[Verdict]) -> str:
    """The most urgent status (STATUS_PRECEDENCE) of the verdicts; `stable` when there is none."""
    found = {"action_required" if v.verdict in ACTION_REQUIRED else v.verdict for v in verdicts}
    return next((status for status in STATUS_PRECEDENCE if status in found), "stable")


def report(connection: Connection, run_id: uuid.UUID, *, threshold: float) -> dict[str, Any]:
    """The run's status, its verdicts counted, and every verdict (regressions first) with its
    baseline run's run_id; NotFound for an unknown run."""
    run = connection.execute(
        select(Run.id, Run.machine_id, Run.source, Run.started_at, Run.clock_hz, Machine.name)
        .join(Machine, Machine.id == Run.machine_id)
        .where(Run.run_id == run_id)
    ).one_or_none()
    if run is None:
        raise NotFound(f"no run {run_id}")
    verdicts = run_verdicts(connection, run, threshold=threshold)
    pks = {v.baseline_run_pk for v in verdicts} - {None}
    run_ids = dict(connection.execute(select(Run.id, Run.run_id).where(Run.id.in_(pks))).all())
    return {
        "run_id": run_id,
        "machine": run.name,
        "status": run_status(verdicts),
        "counts": Counter(v.verdict for v in verdicts),
        "verdicts": [
            {**asdict(v), "baseline_run_id": run_ids.get(v.baseline_run_pk or 0)} for v in verdicts
        ],
    }


def run_verdicts(connection: Connection, run, *, threshold: float) -> list[Verdict]:
    """Every lineage's verdict at `run` (a row with id, machine_id, source, started_at,
    clock_hz and the machine's name), regressions first."""
    points, _ = lineages_around(connection, run)
    verdicts: dict[str, Verdict] = {}
    unseen: dict[str, tuple[tuple, Measured]] = {}
    for key, (fields, series) in points.items():
        # A lineage whose figures at this run are not positive has no point there: no verdict.
        own = next((p for p in series if p.run.pk == run.id), None)
        if own is None:
            continue
        found = _verdict(key, run, fields, series, own, threshold)
        if found is None:
            unseen[key] = (fields, own)
        else:
            verdicts[key] = found
    verdicts |= _without_history(connection, run, unseen, threshold)
    return sorted(_acknowledged(connection, run.id, verdicts).values(), key=_order)


def _acknowledged(
    connection: Connection, run_pk: int, verdicts: dict[str, Verdict]
) -> dict[str, Verdict]:
    """The verdicts, each step with the latest word on it; a regression with one acknowledged."""
    steps = [key for key, v in verdicts.items() if v.verdict in ("regressed", "improved")]
    words = words_on(connection, ((key, run_pk) for key in steps))
    out = dict(verdicts)
    for (key, _), said in words.items():
        found, word = verdicts[key], said[-1]
        kind = "acknowledged" if found.verdict == "regressed" else found.verdict
        detail = f"{found.detail}; {word_text(word)}"
        out[key] = replace(found, verdict=kind, detail=detail, acknowledgement=word)
    return out


def _order(verdict: Verdict) -> tuple:
    """Regressions first, then action required, improved, stable; then by name and params
    (numbers by value: block size 16 before 1024)."""
    rank = {
        "regressed": 0,
        **dict.fromkeys(ACTION_REQUIRED, 1),
        "acknowledged": 2,
        "improved": 3,
        "stable": 4,
    }
    params = [
        (k, (0, v, "") if isinstance(v, int | float) else (1, 0, str(v)))
        for k, v in sorted(verdict.series["params"].items())
    ]
    return rank[verdict.verdict], verdict.name, verdict.series["metric"], params


def _verdict(
    key: str, run, fields: tuple, series: list[Measured], own: Measured, threshold: float
) -> Verdict | None:
    """The verdict from the lineage's own history on this machine (`own` is the run's point);
    None when it has none."""
    index = series.index(own)
    same = [p for p in series if p.run.facts["clock_hz"] == run.clock_hz]
    at = same.index(own)
    base = _base(fields, own, threshold)
    if at == 0:
        other = next((p for p in series[:index] if p.run.facts["clock_hz"] != run.clock_hz), None)
        if other is None:
            return None
        clocks = [other.run.facts["clock_hz"], run.clock_hz]
        return Verdict(
            **base,
            verdict="not_comparable",
            detail=f"clock_hz differs: {clocks[0]} -> {clocks[1]}",
            differs={"clock_hz": clocks},
        )
    metric = fields[LINEAGE_FIELDS.index("metric")]
    steps, baseline = steps_and_baseline([p.point for p in same], at, metric, threshold)
    step = next((s for s in steps if s.index == at), None)
    if step is not None:
        row = change_row(key, run.machine_id, run.source, fields, same, step)
        verdict = STEP_VERDICT[row["direction"]]
        base |= {"baseline_runs": step.before_n, "baseline_run_pk": row["baseline_run_pk"]}
        z = "inf" if row["z"] is None else f"{row['z']:.1f}"
        detail = f"x{step.ratio:.3g} (z {z}, noise {step.noise:.1%})"
        return Verdict(
            **base,
            verdict=verdict,
            detail=detail,
            baseline=step.before,
            ratio=step.ratio,
            noise=step.noise,
            z=row["z"],
            what_changed=row["what_changed"],
        )
    before = same[baseline.start : at]
    base |= {"baseline_runs": len(before), "baseline_run_pk": before[-1].run.pk}
    if not baseline.known:
        return Verdict(**base, verdict="insufficient", detail=baseline.missing)
    level, noise = baseline.level or 0.0, baseline.noise or 0.0
    ratio = same[at].point.value / level
    return Verdict(
        **base,
        verdict="stable",
        detail=f"x{ratio:.3g} (noise {noise:.1%})",
        baseline=level,
        ratio=ratio,
        noise=noise,
        what_changed=what_changed(before[-1], same[at]),
    )


def _base(fields: tuple, point: Measured, threshold: float) -> dict[str, Any]:
    series = dict(zip(LINEAGE_FIELDS, fields, strict=True))
    return {
        "series": series,
        "name": point.name,
        "value": point.point.value,
        "baseline_runs": 0,
        "baseline_runs_needed": sensitivity(series["metric"], threshold).min_before,
    }


def _without_history(
    connection: Connection, run, lineages: dict[str, tuple[tuple, Measured]], threshold: float
) -> dict[str, Verdict]:
    """Verdicts of lineages without an earlier run on this machine: not_comparable when a
    machine of the same name with other hardware ran them before, else missing_baseline."""
    if not lineages:
        return {}
    columns = select(Machine.id, *(getattr(Machine, f) for f in MACHINE_FIELDS))
    mine = connection.execute(columns.where(Machine.id == run.machine_id)).one()
    others = connection.execute(columns.where(Machine.name == run.name, Machine.id != mine.id))
    keys = {
        lineage_key(other.id, run.source, fields): (key, other)
        for other in others
        for key, (fields, _) in lineages.items()
    }
    seen: dict[str, Any] = {}
    chunks = list(keys)
    for start in range(0, len(chunks), 500):
        found = connection.execute(
            select(LineagePoint.lineage)
            .join(Run, Run.id == LineagePoint.run_pk)
            .where(
                LineagePoint.lineage.in_(chunks[start : start + 500]),
                Run.started_at < run.started_at,
            )
            .distinct()
        )
        for (lineage,) in found:
            key, other = keys[lineage]
            seen.setdefault(key, other)
    out = {}
    for key, (fields, own) in lineages.items():
        base = _base(fields, own, threshold)
        earlier = seen.get(key)
        if earlier is None:
            detail = "no earlier run of this series on this machine"
            out[key] = Verdict(**base, verdict="missing_baseline", detail=detail)
            continue
        differs = {
            f: [getattr(earlier, f), getattr(mine, f)]
            for f in MACHINE_FIELDS
            if getattr(earlier, f) != getattr(mine, f)
        }
        detail = "; ".join(f"{f} differs: {a} -> {b}" for f, (a, b) in differs.items())
        out[key] = Verdict(**base, verdict="not_comparable", detail=detail, differs=differs)
    return out
