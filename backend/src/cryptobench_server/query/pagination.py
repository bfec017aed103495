"""Keyset pagination: `limit` + an opaque `cursor` naming the last row of the previous page.

The cursor is the sort key of that row, JSON in URL-safe base64; clients pass it back verbatim
and never build one. A tampered or foreign cursor is a 422 naming `cursor`, never a 500: every
item must have its type and fit its column (integers in 64 bits, text without NUL, times that
exist in UTC).
"""

import base64
import binascii
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

from fastapi import Query
from sqlalchemy import and_, or_
from sqlalchemy.sql.expression import ColumnElement

from cryptobench_server.errors import InvalidInput
from cryptobench_server.sqlfuncs import SqlColumn

DEFAULT_LIMIT, MAX_LIMIT = 100, 1000
#: Keys are BIGINT / INTEGER primary keys: both databases hold 64-bit signed integers.
INT64 = range(-(2**63), 2**63)
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Rows per page")]
T = TypeVar("T")
Cursor = Annotated[str | None, Query(description="`next_cursor` of the previous page")]


def encode_cursor(key: list[Any]) -> str:
    return (
        base64.urlsafe_b64encode(json.dumps(key, separators=(",", ":")).encode())
        .decode()
        .rstrip("=")
    )


def decode_cursor(cursor: str, *, types: tuple[type, ...]) -> list[Any]:
    """The sort key inside `cursor`: a JSON list whose items have `types` (datetime: ISO text)."""
    try:
        key = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        key = None
    if not isinstance(key, list) or len(key) != len(types):
        raise _invalid()
    return [_typed(item, kind) for item, kind in zip(key, types, strict=False)]


def _typed(item: Any, kind: type) -> Any:
    if kind is datetime and isinstance(item, str):
        try:
            moment = datetime.fromisoformat(item)
            return moment if moment.utcoffset() is None else moment.astimezone(UTC)
        except (ValueError, OverflowError):
            raise _invalid() from None
    if kind is int and isinstance(item, int) and not isinstance(item, bool) and item in INT64:
        return item
    if kind is str and isinstance(item, str) and "\x00" not in item:
        return item
    raise _invalid()


def _invalid() -> InvalidInput:
    return InvalidInput(
        "cursor is not one this API handed out",
        errors=[{"field": "cursor", "message": "invalid cursor"}],
    )


def page(rows: list[T], limit: int, key_of: Callable[[T], list[Any]]) -> tuple[list[T], str | None]:
    """Cut `rows` (fetched with limit + 1) to `limit`; the cursor is set when more rows exist."""
    if len(rows) <= limit:
        return rows, None
    rows = rows[:limit]
    return rows, encode_cursor(key_of(rows[-1]))


def past(
    position: tuple[Any, Any],
    sort: SqlColumn,
    key: SqlColumn,
    *,
    descending: bool,
) -> ColumnElement[bool]:
    """The rows after `position`, a (sort, key) pair of the last row handed out, in the order
    by `sort` then `key` (both descending, or both ascending)."""
    value, last = position
    if descending:
        return or_(sort < value, and_(sort == value, key < last))
    return or_(sort > value, and_(sort == value, key > last))
