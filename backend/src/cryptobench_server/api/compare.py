"""GET /compare: two runs side by side on one metric.

Rows are the results both runs share (same algorithm, operation and canonical params; a run's
repeated results are reduced to their median), in natural order (numbers by value, versions by
version), each with both values, `ratio` = contender / baseline, `speedup` = how many times
better the contender is (> 1 better, whatever the metric's direction), the `noise` of the
ratio (the series' run-to-run noise before each run, the tools' own errors) and a verdict
against it: 'same' (within the vocabulary's tolerance), 'within noise', 'better' or 'worse';
`geomean_ratio` and `geomean_speedup` are the geometric means, with their noise and verdict.
Each row also has the typed verdict of the run verdicts (`typed_verdict`, `detail`): against the
noise change detection measures of the series (changes/noise.py), `stable` below the detector's
threshold or within its z, else `regressed` or `improved`; `insufficient` while that noise is
not known ("2 of 3 baseline runs"); `not_comparable` between two machines or clocks (the name,
arch, CPU model, core count, board or clock_hz that differ).
`differences` lists the run fields that differ: source, machine.*, clock_hz, tool.* and tag.*;
`fields` lists every one of them, the differing first.
"""

import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Query
from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

from cryptobench_contract.units import CANONICAL_UNIT, LESS_IS_BETTER
from cryptobench_server.api.deps import SessionDep, SettingsDep
from cryptobench_server.api.read_common import tool_of
from cryptobench_server.auth import ReadAccess
from cryptobench_server.changes.verdicts import MACHINE_FIELDS as VERDICT_MACHINE_FIELDS
from cryptobench_server.errors import NotFound
from cryptobench_server.models import Result, Run
from cryptobench_server.query.compare import (
    Measured,
    differences,
    shared_rows,
    side_by_side,
    summary,
)
from cryptobench_server.query.noise import series_noise
from cryptobench_server.schemas_compare import CompareRun, Comparison
from cryptobench_server.schemas_read import CanonicalMetric
from cryptobench_server.stats import relative_error

router = APIRouter(tags=["compare"])
MACHINE_FIELDS = ("name", "arch", "cpu_model", "cores", "os", "board")


@router.get("/compare", description=__doc__)
def get_compare(
    session: SessionDep,
    settings: SettingsDep,
    _: ReadAccess,
    baseline: Annotated[uuid.UUID, Query(description="run_id of the reference run")],
    contender: Annotated[uuid.UUID, Query(description="run_id of the run compared with it")],
    metric: Annotated[
        CanonicalMetric, Query(description="Canonical metric to compare")
    ] = "ns_per_op",
) -> Comparison:
    base_run, other_run = _run(session, baseline, "baseline"), _run(session, contender, "contender")
    base_fields, other_fields = _fields(base_run), _fields(other_run)
    threshold = settings.change_threshold
    rows = shared_rows(
        _measured(session, base_run, metric),
        _measured(session, other_run, metric),
        metric,
        (series_noise(session, base_run, threshold), series_noise(session, other_run, threshold)),
        threshold=threshold,
        differs=_machine_differs(base_fields, other_fields),
    )
    return Comparison.model_validate(
        {
            "metric": metric,
            "unit": CANONICAL_UNIT[metric],
            "less_is_better": LESS_IS_BETTER[metric],
            "baseline": _ref(base_run),
            "contender": _ref(other_run),
            "rows": rows,
            **summary(rows, metric),
            "differences": differences(base_fields, other_fields),
            "fields": side_by_side(base_fields, other_fields),
        }
    )


def _machine_differs(baseline: dict[str, Any], contender: dict[str, Any]) -> dict[str, list[Any]]:
    """The machine identity and clock fields that differ: a verdict never crosses them."""
    names = ["clock_hz", *(f"machine.{f}" for f in ("name", *VERDICT_MACHINE_FIELDS))]
    return {f: [baseline[f], contender[f]] for f in names if baseline[f] != contender[f]}


def _run(session: Session, run_id: uuid.UUID, role: str) -> Run:
    run = session.scalar(select(Run).options(joinedload(Run.machine)).where(Run.run_id == run_id))
    if run is None:
        raise NotFound(f"no run {run_id} ({role})")
    return run


def _measured(session: Session, run: Run, metric: str) -> list[Measured]:
    """The run's results in `metric`, each with the relative error its tool reported."""
    query = select(
        Result.algorithm,
        Result.operation,
        Result.params,
        getattr(Result, metric),
        Result.value,
        Result.error,
        Result.error_kind,
        Result.samples,
    ).where(Result.run_pk == run.id)
    return [
        Measured(algorithm, operation, params, figure, relative_error(*reported))
        for algorithm, operation, params, figure, *reported in session.execute(query)
    ]


def _ref(run: Run) -> CompareRun:
    return CompareRun(
        run_id=run.run_id,
        source=run.source,
        started_at=run.started_at,
        machine=run.machine.name,
        tool=tool_of(run),
        tags=run.tags,
    )


def _fields(run: Run) -> dict[str, Any]:
    fields: dict[str, Any] = {"source": run.source, "clock_hz": run.clock_hz}
    fields.update({f"machine.{f}": getattr(run.machine, f) for f in MACHINE_FIELDS})
    fields.update({f"tool.{k}": v for k, v in tool_of(run).model_dump().items()})
    fields.update({f"tag.{k}": v for k, v in run.tags.items()})
    return fields
