"""Response models of the read API (what /openapi.json documents and the UI's types come from)."""

import uuid
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from cryptobench_contract import ParseWarning
from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_server.query.facets import (
    MAX_FACET_VALUES,
    MAX_OPEN_DIMENSIONS,
    RUN_FACET_LIMIT,
)

CanonicalMetric = Literal[CANONICAL_METRICS]  # type: ignore[valid-type]
ParamValue = str | int | float | bool


def _utc(value: datetime) -> datetime:
    """Every time leaves the API in UTC (SQLite hands stored UTC times back naive)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


UtcDatetime = Annotated[datetime, AfterValidator(_utc)]


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


class MachineRef(_Out):
    id: int
    name: str


class MachineOut(MachineRef):
    arch: str | None
    cpu_model: str | None
    cores: int | None
    os: str | None
    board: str | None
    extra: dict[str, Any]
    first_seen: UtcDatetime
    last_seen: UtcDatetime


class MachineSummary(MachineOut):
    run_count: int


class MachinesPage(BaseModel):
    data: list[MachineSummary]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page"
    )


class ToolOut(BaseModel):
    name: str
    version: str | None
    build: str | None = None
    options: str | None = None


class RunListItem(BaseModel):
    run_id: uuid.UUID
    label: str = Field(
        description="The run as a person names it: machine · tool version · start (UTC) · tags"
    )
    source: str
    started_at: UtcDatetime
    finished_at: UtcDatetime | None
    machine: MachineRef
    clock_hz: float | None
    tool: ToolOut
    tags: dict[str, str]
    result_count: int


class RunsPage(BaseModel):
    data: list[RunListItem]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page"
    )


class CanonicalFigures(_Out):
    ns_per_op: float | None
    ops_per_s: float | None
    cycles_per_op: float | None
    bytes_per_s: float | None
    cycles_per_byte: float | None
    instructions_per_op: float | None
    instructions_per_byte: float | None
    derived: list[str] = Field(
        description="Canonical figures computed on ingest (the others were reported)"
    )
    flags: list[str] = Field(description="Plausibility flags raised on ingest")


class ReportedResult(_Out):
    """A result as the collector reported it (the run document's fields)."""

    name: str
    family: str | None
    algorithm: str
    operation: str | None
    library: str | None
    library_version: str | None
    params: dict[str, ParamValue]
    metric: str
    value: float
    unit: str
    error: float | None
    error_kind: str | None
    samples: int | None


class ResultOut(ReportedResult, CanonicalFigures):
    position: int
    series_key: str
    stats: dict[str, float] | None


class ArtifactOut(BaseModel):
    media_type: str
    content: str


class NoteOut(_Out):
    id: int
    text: str
    author: str = Field(description="Name of the token that wrote it")
    created_at: UtcDatetime


class RunDetail(RunListItem):
    machine: MachineOut
    clock_source: str | None
    machine_extra: dict[str, Any]
    results: list[ResultOut]
    artifact: ArtifactOut | None
    warnings: list[ParseWarning] = Field(
        default_factory=list, description="Lines of the output the parser did not understand"
    )
    notes: list[NoteOut] = Field(default_factory=list, description="Notes on the run, oldest first")


class FacetValue(BaseModel):
    value: str | None
    count: int
    label: str | None = Field(
        default=None,
        description="The run facet's values only: the run as a person names it (machine · "
        "tool version · start (UTC) · tags), the value being its run_id",
    )


class Facet(BaseModel):
    name: str = Field(description="Dimension: a fixed name, param.<name> or tag.<name>")
    values: list[FacetValue]
    more: bool = Field(
        False,
        description="More values match than are listed: the run facet lists the filtered runs "
        f"and the newest others, {RUN_FACET_LIMIT} in all (the Runs page lists every run); any "
        f"other facet the filtered values and those with the most results, {MAX_FACET_VALUES} in all",
    )
    left_out: int | None = Field(
        0,
        description="How many matching values are not listed; null for the run facet, whose "
        "walk stops once it has more runs than it lists",
    )


class Facets(BaseModel):
    dimensions: list[Facet]
    metrics: list[FacetValue] = Field(
        description="Each canonical metric with how many results under the filters have it"
    )
    left_out: int = Field(
        0,
        description=f"How many param.*/tag.* dimensions are not listed: at most {MAX_OPEN_DIMENSIONS} "
        "are, the filtered ones and then those with the most results",
    )


class PointBasis(BaseModel):
    """What an aggregated point stands on (query/pooled.py, query/flags.py)."""

    pooled: dict[str, int] = Field(
        description="Identity dimensions (machine, library, library_version, clock, source, "
        "algorithm, operation, param.<key>, tag.<key>) with more than one distinct value among "
        "the point's results, other than the view's own dimensions, and how many; {} when "
        "nothing was pooled"
    )
    flagged: int = Field(description="How many of the point's results carry a plausibility flag")
    flags: dict[str, int] = Field(
        description="How many of its results carry each flag (GET /vocabulary `flags`)"
    )


class ChartPoint(PointBasis):
    x: int | float | str
    value: float
    min: float
    max: float
    n: int
    error: float | None
    error_kind: str | None


class ChartSeries(BaseModel):
    key: dict[str, str | None]
    points: list[ChartPoint]


#: The `split` field of every chart-shaped answer (chart, relative, fit, history).
SPLIT_DESCRIPTION = (
    "Identity dimensions the server split because they varied within a point (a point is one "
    "experiment: query/chart.py); each series' key names them after the requested ones"
)


class Chart(BaseModel):
    metric: CanonicalMetric
    unit: str
    x: str
    split: list[str] = Field(description=SPLIT_DESCRIPTION)
    series: list[ChartSeries]


class ResultRow(ReportedResult, CanonicalFigures):
    id: int
    run_id: uuid.UUID
    started_at: UtcDatetime
    source: str
    machine: str
    clock_hz: float | None
    tags: dict[str, str]


class ResultsPage(BaseModel):
    data: list[ResultRow]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page"
    )
