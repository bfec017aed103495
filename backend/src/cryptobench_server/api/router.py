"""The /api/v1 router: one include line per resource."""

from fastapi import APIRouter

from cryptobench_server.api import health, ingest

api_router = APIRouter(prefix="/api/v1")
api_router.include_router(health.router)
api_router.include_router(ingest.router)
