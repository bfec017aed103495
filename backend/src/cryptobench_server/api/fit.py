"""GET /fit: the size-curve cost model, time per operation = a + b * bytes, per series.

`x` is a byte size (param.block_bytes or param.message_bytes); the points are the chart's
(`agg` of `metric`, ns_per_op or cycles_per_op, at each size). Each series gets a weighted
least-squares fit (weights 1 / t^2: relative residuals) with its R^2, the fixed cost `a` (metric
unit), the per-byte cost `b`, `bytes_per_unit` = 1 / b (asymptotic throughput: bytes per ns or
per cycle) and `half_size` = a / b in bytes (where fixed and per-byte costs are equal). `good`
says whether the fit is worth drawing: three sizes or more, a >= 0, b > 0, R^2 >= `min_r2`.
Each point says what it pools and its flags, as GET /chart's.
"""

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from cryptobench_contract.sizes import OPERATION_BYTES
from cryptobench_contract.units import CANONICAL_UNIT
from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import (
    FILTER_HELP,
    Filters,
    PoolDimensions,
    SeriesDimensions,
    filters_dependency,
)
from cryptobench_server.auth import ReadAccess
from cryptobench_server.errors import InvalidInput
from cryptobench_server.models import Series
from cryptobench_server.query.chart import Agg, chart
from cryptobench_server.query.dimensions import PARAM, dimension
from cryptobench_server.query.fits import MIN_R2, fit_line
from cryptobench_server.schemas_views import SizeFits

router = APIRouter(tags=["fit"])
FitFilters = Annotated[Filters, Depends(filters_dependency("metric", "x", "series", "agg", "pool"))]
SIZES = tuple(PARAM + key for key in OPERATION_BYTES)


@router.get("/fit", description=(__doc__ or "") + "\n" + FILTER_HELP)
def get_fit(
    session: SessionDep,
    _: ReadAccess,
    filters: FitFilters,
    x: Annotated[str, Query(description="The size: param.block_bytes or param.message_bytes")],
    metric: Annotated[
        Literal["ns_per_op", "cycles_per_op"], Query(description="Time per operation")
    ] = "ns_per_op",
    series: SeriesDimensions = [],  # noqa: B006
    agg: Annotated[Agg, Query(description="Aggregate of the results at one size")] = "median",
    pool: PoolDimensions = [],  # noqa: B006
) -> SizeFits:
    if dimension(x, field="x", source=Series).name not in SIZES:
        raise InvalidInput(
            f"x must be one of {', '.join(SIZES)}",
            errors=[{"field": "x", "message": "not a size in bytes"}],
        )
    drawn = chart(session, metric=metric, x=x, series=series, agg=agg, filters=filters, pool=pool)
    out = []
    for s in drawn["series"]:
        points = s["points"]
        numeric = all(isinstance(p["x"], int | float) for p in points)
        fit = fit_line([p["x"] for p in points], [p["value"] for p in points]) if numeric else None
        described = None
        if fit is not None:
            described = {
                "a": fit.a,
                "b": fit.b,
                "r2": fit.r2,
                "n": fit.n,
                "good": fit.good,
                "bytes_per_unit": fit.bytes_per_unit,
                "half_size": fit.half_size,
            }
        out.append({"key": s["key"], "points": points, "fit": described})
    return SizeFits.model_validate(
        {
            "metric": metric,
            "unit": CANONICAL_UNIT[metric],
            "x": drawn["x"],
            "split": drawn["split"],
            "min_r2": MIN_R2,
            "series": out,
        }
    )
