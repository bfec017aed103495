"""Typed dependencies shared by the routes."""

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from cryptobench_server.budget import STATE_KEY, bounded
from cryptobench_server.config import Settings


def get_session(request: Request) -> Iterator[Session]:
    """The request's session; a read's is bounded by its budget (budget.py)."""
    query_budget = getattr(request.state, STATE_KEY, None)
    with request.app.state.sessionmaker() as session:
        if query_budget is None:
            yield session
        else:
            with bounded(session, query_budget):
                yield session


def get_app_settings(request: Request) -> Settings:
    return request.app.state.settings


SessionDep = Annotated[Session, Depends(get_session)]
SettingsDep = Annotated[Settings, Depends(get_app_settings)]
