"""FastAPI application factory: database, routes, error handlers and the built UI."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.routing import APIRoute

from cryptobench_server import budget
from cryptobench_server.admission import Slots
from cryptobench_server.api.router import api_router
from cryptobench_server.apidocs import install_docs
from cryptobench_server.bodies import CappedBodies
from cryptobench_server.config import Settings, get_settings
from cryptobench_server.db import make_engine, make_probe_engine, make_sessionmaker
from cryptobench_server.errors import install_handlers
from cryptobench_server.frontend import mount_frontend
from cryptobench_server.headers import SecurityHeaders
from cryptobench_server.import_workers import ImportWorkers
from cryptobench_server.openapi import install_openapi


def _operation_id(route: APIRoute) -> str:
    return f"{route.tags[0]}-{route.name}" if route.tags else route.name


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    app = FastAPI(
        lifespan=_lifespan,
        title="CryptoBench",
        version="1.0.0",
        description="Cryptography benchmark results from many platforms, normalized and comparable.",
        generate_unique_id_function=_operation_id,
        docs_url=None,
        redoc_url=None,
    )
    url = settings.resolved_database_url
    engine = make_engine(url, pool_size=settings.pool_size, pool_wait_s=settings.pool_wait_s)
    app.state.settings = settings
    app.state.engine = engine
    app.state.sessionmaker = make_sessionmaker(engine)
    app.state.database_slots = Slots(settings.pool_size, settings.pool_wait_s)
    app.state.probe_engine = make_probe_engine(url)
    app.state.import_workers = ImportWorkers(
        url,
        processes=settings.import_workers,
        budget_s=settings.import_budget_s,
        memory_mb=settings.import_memory_mb,
    )
    budget.install(engine)
    app.add_middleware(budget.BoundedReads, seconds=settings.query_timeout_s)
    app.add_middleware(
        CappedBodies,
        cap=settings.max_body_bytes,
        caps={"/api/v1/imports": settings.max_import_bytes},
    )
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware, allow_origins=settings.cors_origins, allow_methods=["GET"]
        )
    app.add_middleware(SecurityHeaders)
    install_handlers(app)
    install_openapi(app)
    app.include_router(api_router)
    install_docs(app)
    mount_frontend(app, settings.frontend_dist or _checkout_dist())
    return app


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    yield
    app.state.import_workers.close()


def _checkout_dist() -> Path:
    return Path(__file__).resolve().parents[3] / "frontend" / "dist"
