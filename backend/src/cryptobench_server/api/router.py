"""The /api/v1 router: one include line per resource; every route's query string within limits."""

from fastapi import APIRouter, Depends

from cryptobench_server.api import (
    acknowledgements,
    chart,
    compare,
    drilldown,
    facets,
    fit,
    health,
    history,
    imports,
    ingest,
    leaks,
    machines,
    matrix,
    relative,
    results,
    runs,
    tradeoff,
    verdicts,
    vocabulary,
)
from cryptobench_server.query.limits import check_query_size

api_router = APIRouter(prefix="/api/v1", dependencies=[Depends(check_query_size)])
api_router.include_router(health.router)
api_router.include_router(ingest.router)
api_router.include_router(imports.router)
api_router.include_router(runs.router)
api_router.include_router(machines.router)
api_router.include_router(facets.router)
api_router.include_router(chart.router)
api_router.include_router(compare.router)
api_router.include_router(matrix.router)
api_router.include_router(relative.router)
api_router.include_router(fit.router)
api_router.include_router(tradeoff.router)
api_router.include_router(drilldown.router)
api_router.include_router(results.router)
api_router.include_router(vocabulary.router)
api_router.include_router(history.router)
api_router.include_router(verdicts.router)
api_router.include_router(acknowledgements.router)
api_router.include_router(leaks.router)
