"""Reads bounded in time: each GET has a budget of database time, and its queries stop when the
budget runs out or its client goes away.

`BoundedReads` (ASGI middleware) gives every GET and HEAD a `QueryBudget` (`query_timeout_s`,
10 s by default) and watches it: at the deadline, or when the server reports the client gone
(`http.disconnect`), it stops the budget. The request's session (`bounded`, from
api/deps.get_session) obeys it: on PostgreSQL each transaction begins with
`SET LOCAL statement_timeout` to what is left of the budget (the server's own stop, even if a
cancel request cannot get through) and a stop cancels the running statement; on SQLite a progress
handler aborts the running statement once the budget is stopped; on both a stopped budget
refuses any further statement. A query stopped either way is a 503 problem+json saying why,
never "database unavailable".
"""

import asyncio
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from sqlalchemy import Connection, Engine, event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from sqlalchemy.pool import ConnectionPoolEntry
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cryptobench_server.errors import QueryStopped

log = logging.getLogger(__name__)
#: Where the request's budget is kept in the ASGI scope's state (request.state).
STATE_KEY = "query_budget"
READS = frozenset({"GET", "HEAD"})
TIMEOUT, GONE = "timeout", "client gone"
#: SQLite VM instructions between two looks at the budget (about 0.1 ms of work).
SQLITE_STEPS = 10_000
#: PostgreSQL's code for a statement cancelled (statement_timeout or a cancel request).
QUERY_CANCELED = "57014"


class QueryBudget:
    """One request's allowance of database time, and whether its queries must stop."""

    def __init__(self, seconds: float, label: str) -> None:
        self.seconds = seconds
        self.label = label
        self.started = time.monotonic()
        self.reason: str | None = None
        #: the response is complete: nothing is stopped any more (the session's rollback at its
        #: close, after the response, must not be cancelled)
        self.finished = False
        self._lock = threading.Lock()
        self._dbapi: Any = None
        self._postgres = False

    def remaining_ms(self) -> int:
        return max(1, round((self.started + self.seconds - time.monotonic()) * 1000))

    def stop(self, reason: str) -> None:
        """Stop the queries (the first reason stays): the running PostgreSQL statement is cancelled
        on a thread of its own (a cancel request is a connection to the server)."""
        if self.finished:
            return
        with self._lock:
            self.reason = self.reason or reason
            cancellable = self._postgres and self._dbapi is not None
        if cancellable:
            threading.Thread(target=self._cancel, daemon=True).start()

    def _cancel(self) -> None:
        # under the lock: the connection cannot be detached (and serve another statement)
        # while its statement is being cancelled
        with self._lock:
            if self._dbapi is None or self.finished:
                return
            try:
                self._dbapi.cancel_safe(timeout=5)
            except psycopg.Error as exc:  # statement_timeout stops it then
                log.warning("%s: the cancel request failed: %s", self.label, exc)

    def attach(self, connection: Connection) -> None:
        """Bound `connection` (a transaction of the request's session has begun on it) until
        `detach`, or until it goes back to the pool (`install`)."""
        dbapi: Any = connection.connection.dbapi_connection
        postgres = connection.dialect.name == "postgresql"
        if postgres:
            connection.exec_driver_sql(f"SET LOCAL statement_timeout = {self.remaining_ms()}")
        else:
            dbapi.set_progress_handler(self._sqlite_progress, SQLITE_STEPS)
        with self._lock:
            self._dbapi, self._postgres = dbapi, postgres
        connection.connection.info[STATE_KEY] = self
        event.listen(connection, "before_cursor_execute", self._refuse_when_stopped)

    def detach(self, dbapi: Any = None) -> None:
        """No cancel may reach the attached connection (or `dbapi`, when it is the one), and no
        progress handler stays on it."""
        with self._lock:
            if dbapi is None or dbapi is self._dbapi:
                dbapi, self._dbapi = self._dbapi, None
        if dbapi is not None and not self._postgres:
            dbapi.set_progress_handler(None, 0)

    def _sqlite_progress(self) -> int:
        return 1 if self.reason is not None else 0

    def _refuse_when_stopped(self, *_: Any) -> None:
        if self.reason is not None:
            raise self.error()

    def error(self) -> QueryStopped:
        elapsed = time.monotonic() - self.started
        log.warning("%s: query stopped after %.2f s (%s)", self.label, elapsed, self.reason)
        if self.reason == GONE:
            return QueryStopped(
                f"the client went away; the query was stopped after {elapsed:.1f} s"
            )
        return QueryStopped(
            f"the query ran past the limit of {self.seconds:g} s and was stopped: "
            "ask for less (fewer filters, a narrower selection)"
        )


def is_cancelled(exc: DBAPIError) -> bool:
    """A statement stopped by the budget: PostgreSQL's query_canceled, SQLite's interrupt."""
    orig = exc.orig
    return getattr(orig, "sqlstate", None) == QUERY_CANCELED or str(orig) == "interrupted"


def install(engine: Engine) -> None:
    """Release a budget's connection when it goes back to `engine`'s pool."""

    def _checkin(dbapi: Any, record: ConnectionPoolEntry) -> None:
        budget = record.info.pop(STATE_KEY, None)
        if budget is not None:
            budget.detach(dbapi)

    event.listen(engine, "checkin", _checkin)


@contextmanager
def bounded(session: Session, budget: QueryBudget) -> Iterator[Session]:
    """`session` under `budget`: each transaction it begins is bounded; a statement stopped by
    the budget (or by PostgreSQL's statement_timeout) raises QueryStopped."""

    def _begin(_session: Session, _transaction: Any, connection: Connection) -> None:
        budget.attach(connection)

    event.listen(session, "after_begin", _begin)
    try:
        yield session
    except DBAPIError as exc:
        if budget.reason is None and not is_cancelled(exc):
            raise
        budget.reason = budget.reason or TIMEOUT
        raise budget.error() from exc
    finally:
        budget.detach()


class BoundedReads:
    """ASGI middleware: a QueryBudget for each GET and HEAD, stopped at its deadline or when the
    client goes away. It alone reads the server's `receive` and hands the app every message."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in READS:
            await self.app(scope, receive, send)
            return
        budget = QueryBudget(self.seconds, f"{scope['method']} {scope['path']}")
        scope.setdefault("state", {})[STATE_KEY] = budget
        inbox: asyncio.Queue[Message] = asyncio.Queue()
        watcher = asyncio.create_task(_watch(receive, inbox, budget))

        async def forwarded() -> Message:
            message = await inbox.get()
            if message["type"] == "http.disconnect":
                inbox.put_nowait(message)  # every later call sees it too
            return message

        async def sent(message: Message) -> None:
            await send(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                budget.finished = True

        try:
            await self.app(scope, forwarded, sent)
        finally:
            watcher.cancel()


async def _watch(receive: Receive, inbox: "asyncio.Queue[Message]", budget: QueryBudget) -> None:
    """Stop `budget` at its deadline, and when the client goes away."""
    try:
        async with asyncio.timeout(budget.seconds):
            await _forward_until_disconnect(receive, inbox)
    except TimeoutError:
        budget.stop(TIMEOUT)
        await _forward_until_disconnect(receive, inbox)
    budget.stop(GONE)


async def _forward_until_disconnect(receive: Receive, inbox: "asyncio.Queue[Message]") -> None:
    while True:
        message = await receive()
        inbox.put_nowait(message)
        if message["type"] == "http.disconnect":
            return
