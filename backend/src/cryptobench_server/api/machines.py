"""GET /machines: every machine with how many runs it has, by name (paginated)."""

from fastapi import APIRouter
from sqlalchemy import func, select

from cryptobench_server.api.deps import SessionDep
from cryptobench_server.auth import ReadAccess
from cryptobench_server.models import Machine, Run
from cryptobench_server.query.pagination import (
    DEFAULT_LIMIT,
    Cursor,
    Limit,
    decode_cursor,
    page,
    past,
)
from cryptobench_server.schemas_read import MachineOut, MachinesPage, MachineSummary

router = APIRouter(tags=["machines"])


@router.get("/machines")
def list_machines(
    session: SessionDep, _: ReadAccess, limit: Limit = DEFAULT_LIMIT, cursor: Cursor = None
) -> MachinesPage:
    """Machines sorted by name, each with its run count."""
    runs = (
        select(Run.machine_id, func.count().label("run_count")).group_by(Run.machine_id).subquery()
    )
    query = select(Machine, func.coalesce(runs.c.run_count, 0)).outerjoin(
        runs, runs.c.machine_id == Machine.id
    )
    if cursor:
        name, pk = decode_cursor(cursor, types=(str, int))
        query = query.where(past((name, pk), Machine.name, Machine.id, descending=False))
    rows = list(session.execute(query.order_by(Machine.name, Machine.id).limit(limit + 1)))
    rows, next_cursor = page(rows, limit, lambda r: [r[0].name, r[0].id])
    data = [
        MachineSummary(**MachineOut.model_validate(m).model_dump(), run_count=n) for m, n in rows
    ]
    return MachinesPage(data=data, next_cursor=next_cursor)
