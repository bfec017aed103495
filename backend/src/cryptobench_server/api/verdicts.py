"""GET /runs/{run_id}/verdicts: a typed verdict per series of the run (changes/verdicts.py)."""

import uuid

from fastapi import APIRouter

from cryptobench_server.api.deps import SessionDep, SettingsDep
from cryptobench_server.auth import ReadAccess
from cryptobench_server.changes.verdicts import report
from cryptobench_server.schemas_verdicts import RunVerdicts

router = APIRouter(tags=["verdicts"])


@router.get(
    "/runs/{run_id}/verdicts",
    description="What change detection says of each series (lineage) of the run against the "
    "earlier runs of the same machine identity and clock: regressed or improved (a step at "
    "this run), stable (no step: within noise or below the threshold), insufficient (fewer "
    'earlier runs than the detector needs: "2 of 3 baseline runs"), missing_baseline (no '
    "earlier run), not_comparable (earlier runs only at another clock, or on a machine of the "
    "same name whose arch, CPU model, core count or board differ: `differs` names them). The "
    "run's status is the most urgent row: regressed > action_required (not_comparable, "
    "insufficient, missing_baseline) > improved > stable.",
)
def get_run_verdicts(
    session: SessionDep, settings: SettingsDep, _: ReadAccess, run_id: uuid.UUID
) -> RunVerdicts:
    found = report(session.connection(), run_id, threshold=settings.change_threshold)
    return RunVerdicts.model_validate(found)
