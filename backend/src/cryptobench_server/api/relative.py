"""GET /relative: a chart (as GET /chart) whose points are speedups over a baseline.

The baseline is either a series, named by one `baseline_series` value per `series` dimension in
order (`series=param.padding&series=tag.opt_level&baseline_series=pss&baseline_series=-O2`; the
text `(none)` never names a value, an empty value names an absent one), or an x value
(`baseline_x=2048`: each series against its own point there). Exactly one of the two.

Points are the chart's (GET /chart: versions in version order, what each pools and its flags).
Each point has its value, the baseline's value and `speedup` = how many times better than the
baseline (> 1 better) whatever the metric's direction (`less_is_better`). Points without a
baseline point are left out. Each series has `geomean_speedup` over its points, and the chart one
over every series; both leave out the baseline itself (speedup 1 by definition; null for the
baseline series).
"""

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from cryptobench_contract.units import CANONICAL_UNIT, LESS_IS_BETTER
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
from cryptobench_server.errors import InvalidInput
from cryptobench_server.query.chart import chart
from cryptobench_server.query.relative import relative
from cryptobench_server.schemas_read import CanonicalMetric
from cryptobench_server.schemas_views import Relative

router = APIRouter(tags=["relative"])
RelativeFilters = Annotated[
    Filters,
    Depends(
        filters_dependency("metric", "x", "series", "agg", "pool", "baseline_series", "baseline_x")
    ),
]


@router.get("/relative", description=(__doc__ or "") + "\n" + FILTER_HELP)
def get_relative(
    session: SessionDep,
    _: ReadAccess,
    filters: RelativeFilters,
    metric: Annotated[CanonicalMetric, Query(description="Canonical metric to compare")],
    x: XDimension,
    series: SeriesDimensions = [],  # noqa: B006
    baseline_series: Annotated[
        list[str], Query(description="The baseline series: one value per series dimension")
    ] = [],  # noqa: B006
    baseline_x: Annotated[
        str | None, Query(description="The baseline x value (each series against itself there)")
    ] = None,
    agg: PointAgg = "median",
    pool: PoolDimensions = [],  # noqa: B006
) -> Relative:
    names = list(dict.fromkeys(series))
    if (baseline_x is None) == (not baseline_series) or (
        baseline_series and len(baseline_series) != len(names)
    ):
        raise InvalidInput(
            "give baseline_x, or baseline_series once per series dimension",
            errors=[{"field": "baseline_series", "message": "one value per series dimension"}],
        )
    drawn = chart(session, metric=metric, x=x, series=names, agg=agg, filters=filters, pool=pool)
    key = (
        dict(zip(drawn["series_names"], (v or None for v in baseline_series), strict=False))
        if baseline_series
        else None
    )
    shaped = relative(
        drawn["series"],
        less_is_better=LESS_IS_BETTER[metric],
        baseline_key=key,
        baseline_x=baseline_x,
        split=drawn["split"],
    )
    return Relative.model_validate(
        {
            "metric": metric,
            "unit": CANONICAL_UNIT[metric],
            "less_is_better": LESS_IS_BETTER[metric],
            "x": drawn["x"],
            "split": drawn["split"],
            "baseline_series": key,
            "baseline_x": baseline_x,
            **shaped,
        }
    )
