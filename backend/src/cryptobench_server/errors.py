"""Domain errors and their one mapping to RFC 9457 problem+json responses."""

import math
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

PROBLEM_JSON = "application/problem+json"


class DomainError(Exception):
    status = 400
    title = "Bad request"
    #: headers of the answer (WWW-Authenticate, Retry-After)
    headers: dict[str, str] | None = None

    def __init__(self, detail: str, *, errors: list[dict[str, Any]] | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.errors = errors or []


class NotFound(DomainError):
    status, title = 404, "Not found"


class Conflict(DomainError):
    status, title = 409, "Conflict"


class Unauthorized(DomainError):
    status, title = 401, "Unauthorized"
    headers = {"WWW-Authenticate": "Bearer"}  # noqa: RUF012 - never changed


class Forbidden(DomainError):
    status, title = 403, "Forbidden"


class PayloadTooLarge(DomainError):
    status, title = 413, "Payload too large"


class InvalidInput(DomainError):
    status, title = 422, "Invalid input"


class LimitExceeded(DomainError):
    """The request asks for more than a limit allows (query/limits.py)."""

    status, title = 400, "Limit exceeded"


class QueryStopped(DomainError):
    """A read query stopped at the time limit, or because its client went away (budget.py)."""

    status, title = 503, "Query stopped"


class Busy(DomainError):
    """What a request waits for stayed taken for `wait_s`: a 503 saying when to come back, in
    its text and in Retry-After (the wait, in whole seconds)."""

    status, title = 503, "Service busy"

    def __init__(self, taken: str, wait_s: float) -> None:
        retry = max(1, math.ceil(wait_s))
        super().__init__(f"{taken} for {wait_s:g} s; send {self.again} again in {retry} s")
        self.headers = {"Retry-After": str(retry)}

    again = "the request"


class DatabaseBusy(Busy):
    """Every connection for requests stayed in use for the pool wait (admission.py, db.py)."""

    def __init__(self, wait_s: float) -> None:
        super().__init__(
            "the database is busy: every connection for requests stayed in use", wait_s
        )


class DatabaseRolledBack(DomainError):
    """The database gave up on the request so that concurrent writers go on (`contention`)."""

    status, title = 503, "Database busy"
    headers = {"Retry-After": "1"}  # noqa: RUF012 - never changed


class DatabaseDown(DomainError):
    """The database cannot be reached."""

    status, title = 503, "Service unavailable"
    headers = {"Retry-After": "5"}  # noqa: RUF012 - never changed


class DatabaseUnusable(DomainError):
    """The database is reachable but cannot hold CryptoBench's data (e.g. not UTF8)."""

    status, title = 503, "Database unusable"


def field_path(loc: Sequence[str | int]) -> str:
    """`("body", "results", 3, "value")` -> `results[3].value`."""
    path = ""
    for part in loc:
        if part in ("body", "query", "path", "header") and path == "":
            continue
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path


def problem(
    status: int,
    title: str,
    detail: str,
    errors: list[dict[str, Any]] | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    body: dict[str, Any] = {
        "type": "about:blank",
        "title": title,
        "status": status,
        "detail": detail,
    }
    if errors:
        body["errors"] = errors
    return JSONResponse(body, status_code=status, media_type=PROBLEM_JSON, headers=headers)


def validation_errors(raw: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"field": field_path(e.get("loc", ())), "message": e.get("msg", "invalid")} for e in raw
    ]


def invalid_fields(raw: Sequence[dict[str, Any]]) -> InvalidInput:
    """422 naming every field of pydantic's `raw` errors (locations as pydantic gives them)."""
    errors = validation_errors(raw)
    fields = ", ".join(e["field"] or "body" for e in errors[:5])
    return InvalidInput(f"invalid field(s): {fields}", errors=errors)


#: PostgreSQL's SQLSTATEs for a transaction it gave up on so that concurrent ones go on.
_CONTENTION = {
    "40P01": "a deadlock with concurrent writes",
    "40001": "a serialization conflict with concurrent writes",
    "55P03": "a lock not granted within lock_timeout",
}
_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6


def contention(exc: DBAPIError) -> str | None:
    """Why the database gave up on this statement to let concurrent writers go on (a deadlock,
    a lock waited for too long), or None when it is another error. The write paths take their
    locks in one order (locks.py), so this is left for what that order does not cover."""
    state = getattr(exc.orig, "sqlstate", None)
    if state in _CONTENTION:
        return _CONTENTION[state]
    if getattr(exc.orig, "sqlite_errorcode", 0) & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED):
        return "the database stayed locked by another writer"
    return None


def domain_problem(exc: DomainError) -> JSONResponse:
    return problem(exc.status, exc.title, exc.detail, exc.errors, exc.headers)


def database_error(exc: DBAPIError) -> DomainError | None:
    """What a database error means to the client (503s with Retry-After), or None when it is
    a failure of the server. The one reading, for requests and for import workers."""
    why = contention(exc)
    if why is not None:
        detail = f"the database rolled this request back ({why}); it changed nothing, send it again"
        return DatabaseRolledBack(detail)
    if isinstance(exc, OperationalError | InterfaceError) or exc.connection_invalidated:
        return DatabaseDown("database unavailable")
    return None


def unavailable() -> JSONResponse:
    return domain_problem(DatabaseDown("database unavailable"))


def install_handlers(app: FastAPI) -> None:
    @app.exception_handler(DomainError)
    async def _domain(_: Request, exc: DomainError) -> JSONResponse:
        return domain_problem(exc)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        invalid = invalid_fields(exc.errors())
        return problem(invalid.status, invalid.title, invalid.detail, invalid.errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return problem(exc.status_code, str(exc.detail), str(exc.detail))

    @app.exception_handler(PoolTimeout)
    async def _pool(request: Request, _: PoolTimeout) -> JSONResponse:
        return domain_problem(DatabaseBusy(request.app.state.settings.pool_wait_s))

    @app.exception_handler(DBAPIError)
    async def _database(_: Request, exc: DBAPIError) -> JSONResponse:
        known = database_error(exc)
        if known is None:
            raise exc
        return domain_problem(known)

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        return problem(500, "Internal error", "the server failed; the error is in its log")
