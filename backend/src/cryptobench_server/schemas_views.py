"""Response models of the comparison views (matrix, fits, sizes, drill-down)."""

import uuid
from typing import Any

from pydantic import BaseModel, Field

from cryptobench_server.schemas_read import (
    SPLIT_DESCRIPTION,
    CanonicalMetric,
    PointBasis,
    ReportedResult,
    RunListItem,
    UtcDatetime,
)


class MatrixColumn(BaseModel):
    value: int | float | str = Field(description="The column dimension's value")
    rows: int = Field(description="How many rows this column measured")
    shared: int = Field(description="Rows measured by both this column and the baseline")
    geomean_speedup: float | None = Field(
        description="Geometric mean of the shared rows' speedups over the baseline"
    )


class MatrixCell(PointBasis):
    value: float = Field(description="The aggregate (agg) of the cell's results")
    min: float
    max: float
    n: int
    ratio: float | None = Field(description="value / the baseline column's value in this row")
    speedup: float | None = Field(
        description="Times better than the baseline (>1 better) whatever the metric's direction"
    )


class MatrixRow(BaseModel):
    key: dict[str, Any] = Field(
        description="algorithm, operation, library and params (less the column dimension and "
        "the pooled ones), then each split dimension"
    )
    cells: list[MatrixCell | None] = Field(
        description="One per column, in the columns' order; null where not measured"
    )


class Matrix(BaseModel):
    metric: CanonicalMetric
    unit: str
    less_is_better: bool
    column: str
    split: list[str]
    pool: list[str] = Field(description="Identity dimensions moved out of the rows")
    agg: str
    baseline: str | None = Field(description="The baseline column's value (as text)")
    columns: list[MatrixColumn]
    rows: list[MatrixRow]


class RelativePoint(PointBasis):
    """`pooled`, `flagged` and `flags` are the point's own (the baseline point's are on it)."""

    x: int | float | str
    value: float
    baseline: float = Field(description="The baseline point's value")
    speedup: float = Field(description="Times better than the baseline (>1 better)")


class RelativeSeries(BaseModel):
    key: dict[str, str | None]
    points: list[RelativePoint]
    geomean_speedup: float | None = Field(
        description="Geometric mean of the speedups, leaving out the baseline itself"
    )


class Relative(BaseModel):
    metric: CanonicalMetric
    unit: str
    less_is_better: bool
    x: str
    split: list[str] = Field(description=SPLIT_DESCRIPTION)
    baseline_series: dict[str, str | None] | None
    baseline_x: str | None
    series: list[RelativeSeries]
    geomean_speedup: float | None = Field(
        description="Geometric mean over every series' speedups but the baseline's"
    )


class SizeFit(BaseModel):
    a: float = Field(description="Fixed cost per operation, in the metric's unit")
    b: float = Field(description="Cost per byte, in the metric's unit")
    r2: float = Field(description="Weighted R^2 of the fit")
    n: int = Field(description="Sizes fitted")
    good: bool = Field(description="Worth drawing: n >= 3, a >= 0, b > 0, r2 >= min_r2")
    bytes_per_unit: float | None = Field(
        description="1 / b: asymptotic throughput in bytes per ns (or per cycle)"
    )
    half_size: float | None = Field(description="a / b: bytes at which a equals the per-byte cost")


class SizePoint(PointBasis):
    x: int | float | str
    value: float


class SizeFitSeries(BaseModel):
    key: dict[str, str | None]
    points: list[SizePoint]
    fit: SizeFit | None


class SizeFits(BaseModel):
    metric: CanonicalMetric
    unit: str
    x: str
    split: list[str] = Field(description=SPLIT_DESCRIPTION)
    min_r2: float
    series: list[SizeFitSeries]


class TradeoffPoint(PointBasis):
    """One experiment: an identity whose results differ in machine, clock, library version,
    ... is one point per value of each (`split`), as GET /chart splits them."""

    algorithm: str
    operation: str | None
    library: str | None
    params: dict[str, Any] = Field(description="Canonical params with every standard size added")
    size: int = Field(description="The chosen size in bytes")
    split: dict[str, str | None] = Field(
        description="Its value of each identity dimension the server split (the answer's `split`)"
    )
    value: float
    n: int
    pareto: bool = Field(
        description="No point of this operation with the same split values is as small and as fast"
    )


class Tradeoff(BaseModel):
    metric: CanonicalMetric
    unit: str
    less_is_better: bool
    size: str
    split: list[str] = Field(description=SPLIT_DESCRIPTION)
    points: list[TradeoffPoint]
    unsized: int = Field(description="Identities under the filters without this size")


class Distribution(BaseModel):
    """A result's raw samples and stats in the chart's metric (or, when it cannot be reached,
    in its own metric's canonical unit)."""

    metric: CanonicalMetric = Field(description="The metric of values and marks")
    unit: str = Field(description="The canonical unit of that metric")
    converted: bool = Field(description="True when that is the chart's metric")
    reciprocal: bool = Field(
        description="The conversion inverted the order (ops/s <-> ns/op): min and max, "
        "p90 and p10 traded names"
    )
    values: list[float] | None = Field(description="The raw samples (forks flattened); null: none")
    forks: int | None = Field(description="How many forks (lists) the raw samples came in")
    omitted: int = Field(description="Samples without a figure in this metric (0 under 1/x)")
    marks: dict[str, float] = Field(
        description="min, median, max, pNN, mean, stddev as known, by ascending value"
    )
    left_out: list[str] = Field(description="Stats without a counterpart in this metric")


class PointResult(ReportedResult):
    id: int
    run_id: uuid.UUID
    started_at: UtcDatetime
    source: str
    machine: str
    tags: dict[str, str] = Field(description="The run's tags")
    figure: float = Field(description="The result in the chart's metric")
    stats: dict[str, float] | None = Field(description="As reported, in the reported unit")
    flags: list[str]
    distribution: Distribution | None = Field(description="Null: the tool gave one number")


class PointRun(RunListItem):
    point_results: int = Field(description="How many of the point's results this run has")


class PointSummary(BaseModel):
    n: int
    min: float
    max: float
    mean: float
    median: float


class Drilldown(BaseModel):
    metric: CanonicalMetric
    unit: str
    x: str
    x_value: str | None = Field(description="Null: the results without the x dimension")
    key: dict[str, str | None] = Field(description="The series dimensions and their values")
    summary: PointSummary | None = Field(
        description="Over every result of the point (as GET /chart aggregates it); null: none"
    )
    run_total: int
    result_total: int
    runs: list[PointRun] = Field(description="Newest first, at most `limit`")
    results: list[PointResult] = Field(description="Newest run first, at most `limit`")
