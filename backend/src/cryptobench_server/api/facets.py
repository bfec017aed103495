"""GET /facets: every dimension with its values and result counts under the filters."""

from typing import Annotated

from fastapi import APIRouter, Depends

from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import (
    FILTER_HELP,
    Filters,
    filters_dependency,
    run_labels,
)
from cryptobench_server.auth import ReadAccess
from cryptobench_server.query.facets import (
    MAX_FACET_VALUES,
    MAX_OPEN_DIMENSIONS,
    RUN_FACET_LIMIT,
    facets,
    ordered,
)
from cryptobench_server.schemas_read import Facet, Facets, FacetValue

router = APIRouter(tags=["facets"])
FacetFilters = Annotated[Filters, Depends(filters_dependency())]


@router.get(
    "/facets",
    description=(
        "What the UI's pickers offer: the fixed dimensions, each param.<name> and each tag.<name>, with every "
        "value and how many results carry it. A dimension's counts apply every filter except its own, so the "
        "other values of a filtered dimension stay visible. Values are sorted (numerically when all are "
        "numbers), null first; "
        f"runs newest first, at most {RUN_FACET_LIMIT} of them (`more` when others match), each with "
        "its `label` (machine · tool version · start · tags); any other "
        f"dimension at most {MAX_FACET_VALUES} values (the filtered ones, then those with the most results; "
        f"`more` and `left_out` when others match); at most {MAX_OPEN_DIMENSIONS} param.*/tag.* dimensions "
        "(likewise; `left_out` counts the others). " + FILTER_HELP
    ),
)
def get_facets(session: SessionDep, _: ReadAccess, filters: FacetFilters) -> Facets:
    found = facets(session, filters)
    runs = next(counts for name, counts, _, _ in found.dimensions if name == "run")
    labels = run_labels(session, [v for v in runs if v is not None])
    dimensions = [
        Facet(
            name=name,
            values=[
                FacetValue(value=v, count=n, label=labels.get(v) if name == "run" and v else None)
                for v, n in ordered(counts, name)
            ],
            more=more,
            left_out=left_out,
        )
        for name, counts, more, left_out in found.dimensions
    ]
    metrics = [FacetValue(value=m, count=n) for m, n in found.metrics.items()]
    return Facets(dimensions=dimensions, metrics=metrics, left_out=found.left_out)
