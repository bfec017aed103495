"""GET /chart: one metric aggregated over x and any number of series dimensions.

Response `{"metric", "unit", "x", "series": [{"key": {dim: value}, "points": [{"x", "value", "min",
"max", "n", "error", "error_kind", "pooled", "flagged", "flags"}]}]}`. `value` is the `agg` (median | mean | min | max) of the
results at that point; min, max and n are over the same results. Results whose metric is NULL
(not derivable, e.g. time without a clock) or that have no x value are absent, never zero.
Points are sorted by x: as versions for a version dimension ("3.9" before "3.10"), else
numerically when every x is a number.

A point is one experiment: the identity dimensions (machine, library, library_version, clock,
source, algorithm, operation, param.<key>, tag.<key>) that vary among a point's results, other
than x and the series dimensions, are split into the series (`split` names them; each series'
key has their values), so each point aggregates repeated runs of one experiment on one machine.
Only the dimensions named in `pool` are pooled: such a point is the median of its results with
their min-max range (whatever `agg`), and `pooled` says what it pooled (`{"machine": 2}`: two
machines' results in one figure; `{}`: nothing pooled); `flagged` = how many of its results
carry a plausibility flag, `flags` = how many carry each (GET /vocabulary names them).

Error: a result's reported error is carried into the metric only when it was reported in that
metric (scaled like its value). A point has an error only when every result in it has one and all
share one error_kind; it is then the largest of them (for one result: its own), else null.
"""

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from cryptobench_contract.units import CANONICAL_UNIT
from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import (
    FILTER_HELP,
    Filters,
    PointAgg,
    PoolDimensions,
    SeriesDimensions,
    XDimension,
    filters_dependency,
)
from cryptobench_server.auth import ReadAccess
from cryptobench_server.query.chart import chart
from cryptobench_server.schemas_read import CanonicalMetric, Chart

router = APIRouter(tags=["chart"])
ChartFilters = Annotated[
    Filters, Depends(filters_dependency("metric", "x", "series", "agg", "pool"))
]


@router.get("/chart", description=(__doc__ or "") + "\n" + FILTER_HELP)
def get_chart(
    session: SessionDep,
    _: ReadAccess,
    filters: ChartFilters,
    metric: Annotated[CanonicalMetric, Query(description="Canonical metric to plot")],
    x: XDimension,
    series: SeriesDimensions = [],  # noqa: B006
    agg: PointAgg = "median",
    pool: PoolDimensions = [],  # noqa: B006
) -> Chart:
    drawn = chart(session, metric=metric, x=x, series=series, agg=agg, filters=filters, pool=pool)
    return Chart.model_validate(
        {
            "metric": metric,
            "unit": CANONICAL_UNIT[metric],
            "x": drawn["x"],
            "split": drawn["split"],
            "series": drawn["series"],
        }
    )
