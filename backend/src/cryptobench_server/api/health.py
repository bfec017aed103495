"""GET /health: the database answers (used by compose and load balancers)."""

from fastapi import APIRouter
from sqlalchemy import text

from cryptobench_server.api.deps import SessionDep

router = APIRouter(tags=["health"])


@router.get("/health")
def health(session: SessionDep) -> dict[str, str]:
    session.execute(text("SELECT 1"))
    return {"status": "ok", "database": session.get_bind().dialect.name}
