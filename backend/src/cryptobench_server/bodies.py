"""Request bodies: capped, and read only from a token holder (issue 25), for every route at once.

An ASGI middleware in front of the application, before any byte of a body is read:
- a Content-Length over the cap is answered 413;
- a request that may carry a body (POST, PUT, PATCH) needs a token granting `upload` (every
  route that stores a body needs at least that): 401 or 403 otherwise, so an anonymous 1 GiB
  body costs nothing; a preview (an import's dry run, which stores nothing) needs what a read
  needs, and is capped all the same (auth.authorize_body);
- while the body streams in, its bytes are counted, and the read that passes the cap is a 413
  (an HTTPException, answered as problem+json by errors.py);
- the body of any other request (GET, DELETE, ...) is handed on empty: no route reads one, and
  nothing may queue it.

Caps: `max_body_bytes` (default), `max_import_bytes` for POST /api/v1/imports (a paste is parsed
in memory; see imports.py). The 413 names the cap.
"""

from collections.abc import Mapping

from fastapi import HTTPException, Request
from sqlalchemy.exc import InterfaceError, OperationalError
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cryptobench_server.auth import authorize_body
from cryptobench_server.errors import DomainError, PayloadTooLarge, domain_problem, unavailable

BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


def too_large(cap: int) -> str:
    return f"Request body larger than {cap} bytes"


class CappedBodies:
    """The middleware: `cap` bytes for every body, or `caps[path]` for the paths listed."""

    def __init__(self, app: ASGIApp, *, cap: int, caps: Mapping[str, int]) -> None:
        self.app = app
        self.cap = cap
        self.caps = dict(caps)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cap = self.caps.get(scope["path"], self.cap)
        try:
            await _admit(Request(scope), cap)
        except DomainError as exc:
            await domain_problem(exc)(scope, receive, send)
            return
        except (OperationalError, InterfaceError):
            await unavailable()(scope, receive, send)
            return
        if scope["method"] in BODY_METHODS:
            await self.app(scope, _counted(receive, cap), send)
        else:
            await self.app(scope, _emptied(receive), send)


async def _admit(request: Request, cap: int) -> None:
    """Refuses what is declared too large, and a body from a sender without the access it
    needs (an upload token, or a read's access for a preview)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > cap:
        raise PayloadTooLarge(too_large(cap), errors=[{"field": "body", "message": too_large(cap)}])
    if request.method in BODY_METHODS:
        await run_in_threadpool(authorize_body, request)


def _counted(receive: Receive, cap: int) -> Receive:
    total = 0

    async def counted() -> Message:
        nonlocal total
        message = await receive()
        total += len(message.get("body", b""))
        if total > cap:
            raise HTTPException(status_code=413, detail=too_large(cap))
        return message

    return counted


def _emptied(receive: Receive) -> Receive:
    async def emptied() -> Message:
        message = await receive()
        if message["type"] == "http.request" and message.get("body"):
            return {**message, "body": b""}
        return message

    return emptied
