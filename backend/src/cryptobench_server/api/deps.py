"""Typed dependencies shared by the routes."""

from collections.abc import AsyncIterator, Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from cryptobench_server.budget import STATE_KEY, bounded
from cryptobench_server.config import Settings


async def database_slot(request: Request) -> AsyncIterator[None]:
    """One of the app's database slots, waited for on the event loop (admission.py)."""
    async with request.app.state.database_slots.held():
        yield


def get_session(
    request: Request, _: Annotated[None, Depends(database_slot, scope="function")]
) -> Iterator[Session]:
    """The request's session, within a database slot; a read's is bounded by its budget
    (budget.py). Closed, and its slot given back, once the route's answer is made: a client
    slow to read it holds neither."""
    query_budget = getattr(request.state, STATE_KEY, None)
    with request.app.state.sessionmaker() as session:
        if query_budget is None:
            yield session
        else:
            with bounded(session, query_budget):
                yield session


def get_app_settings(request: Request) -> Settings:
    return request.app.state.settings


SessionDep = Annotated[Session, Depends(get_session, scope="function")]
SettingsDep = Annotated[Settings, Depends(get_app_settings)]
