"""API tokens: random, shown once, stored as SHA-256, compared in constant time, revocable.

Scopes: `read` (GET when the operator turns read tokens on), `upload` (POST runs; implies read)
and `admin` (everything). A preview (`POST /api/v1/imports?dry_run=true`) stores nothing: it
needs what a read needs (`authorize_body`, asked by the body cap before any byte is read and by
the route). Tokens are accepted only in the `Authorization: Bearer` header,
never in the query string (which ends up in access logs), and are never logged.
"""

import hashlib
import hmac
import logging
import re
import secrets
from datetime import UTC, datetime
from typing import Annotated, Literal

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import TypeAdapter, ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from cryptobench_server.errors import DomainError, Forbidden, NotFound, Unauthorized
from cryptobench_server.models import ApiToken

Scope = Literal["read", "upload", "admin"]
SCOPES: tuple[Scope, ...] = ("read", "upload", "admin")
GRANTS: dict[str, frozenset[str]] = {
    "read": frozenset({"read"}),
    "upload": frozenset({"read", "upload"}),
    "admin": frozenset({"read", "upload", "admin"}),
}
TOKEN_PREFIX = "cbt_"
QUERY_TOKEN_NAMES = frozenset({"token", "access_token", "api_key", "apikey"})

#: Paths whose POST with `dry_run=true` stores nothing (a preview): open as a read is.
PREVIEW_PATHS = frozenset({"/api/v1/imports"})
_FLAG = TypeAdapter(bool)

_QUERY_TOKEN = re.compile(r"(?i)([?&](?:{})=)[^&\s]*".format("|".join(sorted(QUERY_TOKEN_NAMES))))


class RedactQueryTokens(logging.Filter):
    """Log filter for uvicorn's access log: a token sent in the URL is refused, and not logged either."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _QUERY_TOKEN.sub(r"\1[redacted]", a) if isinstance(a, str) else a
                for a in record.args
            )
        return True


bearer = HTTPBearer(
    auto_error=False, description="An API token made by `cryptobench-server token create`"
)


def hash_token(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def create_token(session: Session, *, name: str, scope: Scope) -> tuple[ApiToken, str]:
    """Store a new token and return it with its secret (the only time the secret exists)."""
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r}; use one of {', '.join(SCOPES)}")
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(
        name=name,
        scope=scope,
        token_hash=hash_token(secret),
        prefix=secret[:10],
        created_at=datetime.now(UTC),
    )
    session.add(token)
    session.flush()
    return token, secret


def list_tokens(session: Session) -> list[ApiToken]:
    return list(session.scalars(select(ApiToken).order_by(ApiToken.id)))


def revoke_token(session: Session, name_or_id: str) -> list[ApiToken]:
    """Revoke every live token with that name (or that id); NotFound when none matches."""
    query = select(ApiToken).where(ApiToken.revoked_at.is_(None))
    if name_or_id.isdigit():
        query = query.where(ApiToken.id == int(name_or_id))
    else:
        query = query.where(ApiToken.name == name_or_id)
    tokens = list(session.scalars(query))
    if not tokens:
        raise NotFound(f"no live token named {name_or_id!r}")
    for token in tokens:
        token.revoked_at = datetime.now(UTC)
    return tokens


def find_token(session: Session, secret: str) -> ApiToken | None:
    digest = hash_token(secret)
    token = session.scalar(select(ApiToken).where(ApiToken.token_hash == digest))
    if token is None or token.revoked_at is not None:
        return None
    return token if hmac.compare_digest(token.token_hash, digest) else None


def refuse_query_token(request: Request) -> None:
    if QUERY_TOKEN_NAMES.intersection(k.lower() for k in request.query_params):
        raise DomainError("tokens are accepted only in the Authorization header, never in the URL")


def authorize(request: Request, scope: Scope) -> ApiToken:
    """The request's token if it grants `scope`: 401 without a valid token, 403 when too weak."""
    refuse_query_token(request)
    cached = getattr(request.state, "api_token", None)
    token = cached or _token_from_header(request)
    request.state.api_token = token
    if scope not in GRANTS[token.scope]:
        raise Forbidden(f"this token has scope {token.scope!r}; this needs scope {scope!r}")
    return token


def authorize_read(request: Request) -> ApiToken | None:
    """What a read needs: nothing unless the operator turned read tokens on, then `read`."""
    if not request.app.state.settings.read_tokens:
        refuse_query_token(request)
        return None
    return authorize(request, "read")


def is_preview(request: Request) -> bool:
    """A POST to a preview path with `dry_run` true, read as the route reads it (pydantic's
    bool, the last value given); a value that is no bool is no preview."""
    if request.url.path not in PREVIEW_PATHS:
        return False
    try:
        return _FLAG.validate_python(request.query_params.get("dry_run", "false"))
    except ValidationError:
        return False


def authorize_body(request: Request) -> ApiToken | None:
    """What a request with a body needs: `upload`, or a read's access for a preview."""
    return authorize_read(request) if is_preview(request) else authorize(request, "upload")


def _token_from_header(request: Request) -> ApiToken:
    scheme, _, secret = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        raise Unauthorized("send an API token: 'Authorization: Bearer <token>'")
    with request.app.state.sessionmaker() as session:
        token = find_token(session, secret.strip())
    if token is None:
        raise Unauthorized("unknown or revoked API token")
    return token


def _upload_access(
    request: Request, _: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> ApiToken:
    return authorize(request, "upload")


def _admin_access(
    request: Request, _: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> ApiToken:
    return authorize(request, "admin")


def _read_access(
    request: Request, _: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> ApiToken | None:
    return authorize_read(request)


def _body_access(
    request: Request, _: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> ApiToken | None:
    return authorize_body(request)


UploadAccess = Annotated[ApiToken, Depends(_upload_access)]
AdminAccess = Annotated[ApiToken, Depends(_admin_access)]
ReadAccess = Annotated[ApiToken | None, Depends(_read_access)]
#: `upload`, or for a preview (dry run) what a read needs.
BodyAccess = Annotated[ApiToken | None, Depends(_body_access)]
