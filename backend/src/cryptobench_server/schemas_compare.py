"""Response model of GET /compare: two runs, the results they share, verdicts against noise."""

import uuid
from typing import Any, Literal

from pydantic import BaseModel, Field

from cryptobench_server.schemas_history import LineHunk
from cryptobench_server.schemas_read import CanonicalMetric, ParamValue, ToolOut, UtcDatetime

Verdict = Literal["better", "worse", "same", "within noise"]
CompareVerdict = Literal["regressed", "improved", "stable", "insufficient", "not_comparable"]


class CompareRun(BaseModel):
    run_id: uuid.UUID
    source: str
    started_at: UtcDatetime
    machine: str
    tool: ToolOut
    tags: dict[str, str]


class CompareRow(BaseModel):
    algorithm: str
    operation: str | None
    params: dict[str, ParamValue]
    baseline: float
    contender: float
    ratio: float | None = Field(description="contender / baseline; null when the baseline is 0")
    speedup: float | None = Field(
        description="How many times better the contender is (> 1 better) whatever the metric's "
        "direction, as the Explorer's 'relative to'; null when either figure is 0"
    )
    noise: float | None = Field(
        description="Standard error of ln(ratio): the series' run-to-run noise on both sides "
        "and the tools' own errors; null when neither is known"
    )
    noise_basis: list[Literal["history", "tool"]] = Field(
        description="What `noise` stands on: the series' history of runs, the tools' errors"
    )
    noise_runs: int = Field(description="The fewest runs of history behind `noise` (0: none)")
    verdict: Verdict | None = Field(
        description="'same' within the vocabulary's tolerance, 'within noise' below NOISE_Z "
        "standard errors, else 'better' or 'worse'"
    )
    typed_verdict: CompareVerdict | None = Field(
        description="The run verdicts' vocabulary against the series' noise as change detection "
        "measures it: stable (below the threshold or within noise), regressed, improved, "
        "insufficient (noise not known yet), not_comparable (other machine or clock); null when "
        "a figure is 0"
    )
    detail: str = Field(
        description='Why, in words: "x0.21, noise 1.7%", "2 of 3 baseline runs", '
        '"machine.cpu_model differs: A -> B"'
    )


class Difference(BaseModel):
    field: str = Field(description="e.g. machine.name, clock_hz, tool.version, tag.opt_level")
    baseline: Any
    contender: Any


class LineDiff(BaseModel):
    hunks: list[LineHunk] = Field(min_length=1)
    unchanged: int = Field(description="Lines both values share, left out")


class FieldComparison(Difference):
    differs: bool
    lines: LineDiff | None = Field(
        description="A differing value of several lines (tool.build): only the lines that differ"
    )


class Comparison(BaseModel):
    metric: CanonicalMetric
    unit: str
    less_is_better: bool
    baseline: CompareRun
    contender: CompareRun
    rows: list[CompareRow] = Field(
        description="Sorted by algorithm, operation and params, numbers by value, versions by version"
    )
    geomean_ratio: float | None = Field(
        description="Geometric mean of the rows' ratios; null without rows"
    )
    geomean_speedup: float | None = Field(
        description="Geometric mean of the rows' speedups (> 1: the contender is better)"
    )
    geomean_noise: float | None = Field(
        description="Standard error of ln(geomean_ratio); null unless every row has a noise"
    )
    geomean_verdict: Verdict | None = Field(
        description="The verdict rule (GET /vocabulary) applied to geomean_ratio and its noise"
    )
    differences: list[Difference]
    fields: list[FieldComparison] = Field(
        description="Every compared run field with both values, the differing ones first"
    )
