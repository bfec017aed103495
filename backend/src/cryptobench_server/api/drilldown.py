"""GET /drilldown: what is behind one point of a chart (GET /chart with the same parameters).

The point is named by the chart's `x` and `series` dimensions with `x_value` and one
`series_value` per series dimension, in order; an empty value names an absent one (the results
without that param or tag). The answer lists the runs (machine, time, tags, how many of the
point's results each has) and the results (each with its figure in `metric` and, where the tool
gave raw samples or stats, their `distribution` in the same metric when the conversion that put
the result on the chart applies to them; see query/distribution.py), newest run first, at most
`limit` of each; `summary` (n, min, max, mean, median) is over all of them, as the chart's point.
"""

from typing import Annotated

from fastapi import APIRouter, Depends, Query
from pydantic import StringConstraints

from cryptobench_contract.units import CANONICAL_UNIT
from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import FILTER_HELP, Filters, filters_dependency, run_item
from cryptobench_server.auth import ReadAccess
from cryptobench_server.errors import InvalidInput
from cryptobench_server.query.dimensions import dimension
from cryptobench_server.query.drilldown import Pin, drill
from cryptobench_server.query.pagination import DEFAULT_LIMIT, Limit
from cryptobench_server.schemas_read import CanonicalMetric
from cryptobench_server.schemas_views import Drilldown, PointRun

router = APIRouter(tags=["drilldown"])
#: A dimension value as stored text can be: no NUL character (PostgreSQL refuses it).
Value = Annotated[str, StringConstraints(pattern=r"^[^\x00]*$")]
DrilldownFilters = Annotated[
    Filters,
    Depends(filters_dependency("metric", "x", "x_value", "series", "series_value", "limit")),
]


@router.get("/drilldown", description=(__doc__ or "") + "\n" + FILTER_HELP)
def get_drilldown(
    session: SessionDep,
    _: ReadAccess,
    filters: DrilldownFilters,
    metric: Annotated[CanonicalMetric, Query(description="The chart's canonical metric")],
    x: Annotated[str, Query(description="The chart's x dimension, e.g. param.key_bits")],
    x_value: Annotated[Value, Query(description="The point's x value; empty: absent")],
    series: Annotated[
        list[str], Query(description="The chart's series dimension(s) (repeatable)")
    ] = [],  # noqa: B006
    series_value: Annotated[
        list[Value], Query(description="The point's value of each series dimension, in order")
    ] = [],  # noqa: B006
    limit: Limit = DEFAULT_LIMIT,
) -> Drilldown:
    if len(series_value) != len(series):
        raise InvalidInput(
            "give one series_value per series dimension",
            errors=[{"field": "series_value", "message": "one value per series dimension"}],
        )
    x_name = dimension(x, field="x").name
    names = [dimension(s, field="series").name for s in series]
    values = [x_value, *series_value]
    pins = [Pin(n, v or None) for n, v in zip([x_name, *names], values, strict=True)]
    point = drill(session, metric=metric, filters=filters, pins=pins, limit=limit)
    return Drilldown.model_validate(
        {
            "metric": metric,
            "unit": CANONICAL_UNIT[metric],
            "x": x_name,
            "x_value": x_value or None,
            "key": {pin.dimension: pin.value for pin in pins[1:]},
            "summary": point.summary,
            "run_total": point.run_total,
            "result_total": point.summary["n"] if point.summary else 0,
            "runs": [
                PointRun(**run_item(run).model_dump(), point_results=n) for run, n in point.runs
            ],
            "results": point.results,
        }
    )
