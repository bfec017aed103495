"""Model of a run's typed verdicts (GET /runs/{run_id}/verdicts, changes/verdicts.py)."""

import uuid
from typing import Any, Literal

from pydantic import BaseModel, Field

from cryptobench_server.schemas_history import Acknowledgement

VerdictKind = Literal[
    "regressed",
    "acknowledged",
    "improved",
    "stable",
    "insufficient",
    "missing_baseline",
    "not_comparable",
]
RunStatus = Literal["regressed", "action_required", "acknowledged", "improved", "stable"]


class SeriesVerdict(BaseModel):
    series: dict[str, Any] = Field(
        description="The lineage: family, algorithm, operation, library, params and metric"
    )
    name: str = Field(description="The smallest verbatim name of the run's results of it")
    verdict: VerdictKind
    detail: str = Field(
        description='Why, in words: "x0.21 (z 12.0, noise 1.2%)", "2 of 3 baseline runs", '
        '"cpu_model differs: A -> B"'
    )
    value: float = Field(description="The run's figure of the lineage (median of its results)")
    baseline: float | None = Field(description="The level compared with (median of the baseline)")
    ratio: float | None = Field(description="value / baseline (after / before for a step)")
    noise: float | None = Field(description="The series' run-to-run noise, relative")
    z: float | None = Field(description="A step's evidence; null when infinite or no step")
    baseline_runs: int = Field(description="Earlier runs the detector compared with")
    baseline_runs_needed: int = Field(description="Earlier runs the detector needs")
    baseline_run_id: uuid.UUID | None = Field(description="The last run of the baseline")
    differs: dict[str, list[Any]] = Field(
        description="not_comparable: the machine or clock fields that differ, [earlier, this run]"
    )
    what_changed: dict[str, list[Any]] = Field(
        description="Run facts that differ from the last baseline run, [before, after]"
    )
    acknowledgement: Acknowledgement | None = Field(
        description="The latest word on the step at this run: a regression with one is "
        "`acknowledged` (expected or dismissed), which does not fail the gate"
    )


class RunVerdicts(BaseModel):
    run_id: uuid.UUID
    machine: str
    status: RunStatus = Field(
        description="The most urgent of the rows: regressed, then action_required (a row "
        "not_comparable, insufficient or missing_baseline), then acknowledged (a regression "
        "a person marked expected or dismissed), then improved, then stable"
    )
    counts: dict[VerdictKind, int]
    verdicts: list[SeriesVerdict] = Field(description="Regressions first, then action required")
