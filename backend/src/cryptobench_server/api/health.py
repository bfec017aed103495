"""GET /health: the database answers (used by compose and load balancers).

Answered while every database slot is in use (admission.py): the ping opens a connection of its
own (db.make_probe_engine) on a worker thread of its own, one probe at a time."""

import anyio
from anyio.lowlevel import RunVar
from fastapi import APIRouter, Request
from sqlalchemy import Engine, text

router = APIRouter(tags=["health"])
_PROBES: RunVar[anyio.CapacityLimiter] = RunVar("health probes")


@router.get("/health")
async def health(request: Request) -> dict[str, str]:
    engine = request.app.state.probe_engine
    await anyio.to_thread.run_sync(_ping, engine, limiter=_limiter())
    return {"status": "ok", "database": engine.dialect.name}


def _ping(engine: Engine) -> None:
    with engine.connect() as connection:
        connection.execute(text("SELECT 1"))


def _limiter() -> anyio.CapacityLimiter:
    try:
        return _PROBES.get()
    except LookupError:
        limiter = anyio.CapacityLimiter(1)
        _PROBES.set(limiter)
        return limiter
