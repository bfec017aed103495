"""GET /tradeoff: size vs speed. Each result identity (algorithm, operation, library, params)
under the filters is a point: x = its standard size in bytes (`size`: public_key_bytes,
signature_bytes, ciphertext_bytes or shared_secret_bytes, from the standards via the contract;
the identity's params carry every size it has), y = the `agg` of `metric` as GET /chart computes
it, one point per experiment (an identity measured on two machines is two points, their values
of the dimensions split in `split`). `pareto` marks the points no other point of the same
operation and split values beats in both size and speed.
Identities without that size (ciphers, hashes, unknown sets) are counted in `unsized`.
"""

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from cryptobench_contract.units import CANONICAL_UNIT, LESS_IS_BETTER
from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import FILTER_HELP, Filters, filters_dependency
from cryptobench_server.auth import ReadAccess
from cryptobench_server.models import Series
from cryptobench_server.query.chart import Agg, chart_rows
from cryptobench_server.query.dimensions import Dimension, dimension
from cryptobench_server.query.tradeoff import tradeoff_points
from cryptobench_server.schemas_read import CanonicalMetric
from cryptobench_server.schemas_views import Tradeoff

router = APIRouter(tags=["tradeoff"])
TradeoffFilters = Annotated[Filters, Depends(filters_dependency("metric", "size", "agg"))]
Size = Literal["public_key_bytes", "signature_bytes", "ciphertext_bytes", "shared_secret_bytes"]


@router.get("/tradeoff", description=(__doc__ or "") + "\n" + FILTER_HELP)
def get_tradeoff(
    session: SessionDep,
    _: ReadAccess,
    filters: TradeoffFilters,
    metric: Annotated[CanonicalMetric, Query(description="Canonical metric of the speed")],
    size: Annotated[Size, Query(description="Which standard size is x")] = "public_key_bytes",
    agg: Annotated[Agg, Query(description="Aggregate of an identity's results")] = "median",
) -> Tradeoff:
    series = [
        dimension("operation", source=Series),
        dimension("library", source=Series),
        Dimension("params", Series.params),
    ]
    drawn = chart_rows(
        session,
        metric=metric,
        x=dimension("algorithm", source=Series),
        series=series,
        agg=agg,
        filters=filters,
    )
    points, unsized = tradeoff_points(drawn, size=size, less_is_better=LESS_IS_BETTER[metric])
    return Tradeoff.model_validate(
        {
            "metric": metric,
            "unit": CANONICAL_UNIT[metric],
            "less_is_better": LESS_IS_BETTER[metric],
            "size": size,
            "split": drawn.split,
            "points": points,
            "unsized": unsized,
        }
    )
