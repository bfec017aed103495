"""SQL constructs with a PostgreSQL form and an SQLite fallback.

- `json_text(column, key)`: the text of one key of a JSON object column. PostgreSQL
  `(column ->> 'key')` (so expression indexes on it apply); SQLite `json_extract` cast to
  text, with JSON booleans spelled `true`/`false` as PostgreSQL does.
- `concat_bytes(column)`: the aggregate joining a group's byte strings: PostgreSQL
  `string_agg(column, ''::bytea)`; SQLite an aggregate `cb_concat_bytes` registered on every
  SQLite connection.
- `join_bytes(a, b)`: two byte strings joined, NULL taken as empty (NULL when both are):
  PostgreSQL `coalesce(a || b, a, b)`; SQLite a function `cb_join_bytes` (its `||` makes text).
- `json_without(column, keys)`: a JSON object column without `keys`: PostgreSQL
  `column - ARRAY[...]::text[]` (jsonb), SQLite `json_remove` (minified; stored objects have
  their keys sorted, so equal objects stay equal text).
- `json_items(column)`: the (key, value) rows of a JSON object column, a table-valued function
  to join: PostgreSQL `jsonb_each_text`, SQLite `json_each`.
- `json_item_text(items)`: the text of such a row's value (`items` made with
  `.table_valued("key", "value", "type")`): PostgreSQL's as `jsonb_each_text` gives it, SQLite's
  with JSON booleans spelled `true`/`false` as PostgreSQL does.

`json_text`'s key is rendered as a quoted literal (never user SQL), so GROUP BY and SELECT
compile to the same expression. The byte aggregates keep no order: packed figures are a
multiset (the median partitions them); an ORDER BY inside the aggregate would sort every group
on its own (bench/README.md, "Speed paths").
"""

import sqlite3
import struct
from collections.abc import Sequence
from typing import Any

import numpy as np
from sqlalchemy import Engine, LargeBinary, String, event, literal_column
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import QueryableAttribute
from sqlalchemy.sql.expression import ColumnElement, FunctionElement

#: A column in a query: a Core expression or an ORM-mapped attribute.
SqlColumn = ColumnElement[Any] | QueryableAttribute[Any]


class json_text(FunctionElement):
    """Clauses: the column, the key as an SQL string literal, the SQLite JSON path literal.

    The literals are `literal_column`s so that they are part of SQLAlchemy's statement cache key.
    """

    type = String()
    inherit_cache = True
    name = "json_text"

    def __init__(self, column: SqlColumn, key: str) -> None:
        super().__init__(
            column, literal_column(_literal(key)), literal_column(_literal('$."' + key + '"'))
        )


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


@compiles(json_text, "postgresql")
def _json_text_pg(element: json_text, compiler, **kw) -> str:
    column, key, _ = (compiler.process(c, **kw) for c in element.clauses)
    return f"({column} ->> {key})"


@compiles(json_text)
def _json_text_sqlite(element: json_text, compiler, **kw) -> str:
    column, _, path = (compiler.process(c, **kw) for c in element.clauses)
    return _sqlite_text(f"json_type({column}, {path})", f"json_extract({column}, {path})")


def _sqlite_text(kind: str, value: str) -> str:
    """An SQLite JSON value's text as PostgreSQL spells it: booleans `true`/`false`, the rest cast."""
    return (
        f"(CASE {kind} WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' "
        f"ELSE CAST({value} AS TEXT) END)"
    )


class json_without(FunctionElement):
    """Clauses: the column, then each key as an SQL string literal, then each one's SQLite JSON
    path literal; typed as the column, so the result is read as a JSON object."""

    inherit_cache = True
    name = "json_without"

    def __init__(self, column: SqlColumn, keys: Sequence[str]) -> None:
        keys = list(keys)
        literals = [_literal(k) for k in keys] + [_literal('$."' + k + '"') for k in keys]
        super().__init__(column, *(literal_column(text) for text in literals))
        self.type = column.type


def _without_parts(element: json_without, compiler, **kw) -> tuple[str, list[str], list[str]]:
    column, *rest = (compiler.process(c, **kw) for c in element.clauses)
    half = len(rest) // 2
    return column, rest[:half], rest[half:]


@compiles(json_without, "postgresql")
def _json_without_pg(element: json_without, compiler, **kw) -> str:
    column, keys, _ = _without_parts(element, compiler, **kw)
    return f"({column} - ARRAY[{', '.join(keys)}]::text[])"


@compiles(json_without)
def _json_without_sqlite(element: json_without, compiler, **kw) -> str:
    column, _, paths = _without_parts(element, compiler, **kw)
    return f"json_remove({column}, {', '.join(paths)})"


class concat_bytes(FunctionElement):
    """Aggregate: the group's byte strings (NULLs skipped) joined in no particular order."""

    type = LargeBinary()
    inherit_cache = True
    name = "concat_bytes"


@compiles(concat_bytes, "postgresql")
def _concat_bytes_pg(element: concat_bytes, compiler, **kw) -> str:
    return f"string_agg({compiler.process(element.clauses, **kw)}, ''::bytea)"


@compiles(concat_bytes)
def _concat_bytes_sqlite(element: concat_bytes, compiler, **kw) -> str:
    return f"cb_concat_bytes({compiler.process(element.clauses, **kw)})"


class join_bytes(FunctionElement):
    """Two byte strings joined; a NULL one counts as empty, both NULL give NULL."""

    type = LargeBinary()
    inherit_cache = True
    name = "join_bytes"


@compiles(join_bytes, "postgresql")
def _join_bytes_pg(element: join_bytes, compiler, **kw) -> str:
    a, b = (compiler.process(clause, **kw) for clause in element.clauses)
    return f"coalesce({a} || {b}, {a}, {b})"


@compiles(join_bytes)
def _join_bytes_sqlite(element: join_bytes, compiler, **kw) -> str:
    return f"cb_join_bytes({compiler.process(element.clauses, **kw)})"


class json_items(FunctionElement):
    """Table-valued: one (key, value) row per key of a JSON object; `.table_valued("key",
    "value")` makes it a FROM item whose expression may refer to the tables before it."""

    inherit_cache = True
    name = "json_items"


@compiles(json_items, "postgresql")
def _json_items_pg(element: json_items, compiler, **kw) -> str:
    return f"jsonb_each_text({compiler.process(element.clauses, **kw)})"


@compiles(json_items)
def _json_items_sqlite(element: json_items, compiler, **kw) -> str:
    return f"json_each({compiler.process(element.clauses, **kw)})"


class json_item_text(FunctionElement):
    """Clauses: a `json_items` row's value and (SQLite) its JSON type."""

    type = String()
    inherit_cache = True
    name = "json_item_text"

    def __init__(self, items: Any) -> None:
        super().__init__(items.c.value, items.c.type)


@compiles(json_item_text, "postgresql")
def _json_item_text_pg(element: json_item_text, compiler, **kw) -> str:
    value, _ = element.clauses
    return compiler.process(value, **kw)


@compiles(json_item_text)
def _json_item_text_sqlite(element: json_item_text, compiler, **kw) -> str:
    value, kind = (compiler.process(c, **kw) for c in element.clauses)
    return _sqlite_text(kind, value)


class _ConcatBytes:
    """SQLite aggregate behind `concat_bytes`."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def step(self, value: bytes | None) -> None:
        if value is not None:
            self.parts.append(value)

    def finalize(self) -> bytes | None:
        return b"".join(self.parts) if self.parts else None


def pack(values: Sequence[float]) -> bytes:
    """Figures packed as big-endian float64 (the read model's `<metric>_values`)."""
    return struct.pack(f">{len(values)}d", *values)


def unpack(data: bytes) -> np.ndarray:
    """The figures `pack` packed, as native float64."""
    return np.frombuffer(data, dtype=">f8").astype(np.float64)


@event.listens_for(Engine, "connect")
def _register_sqlite_functions(dbapi_connection, _record) -> None:
    if isinstance(dbapi_connection, sqlite3.Connection):
        # typeshed's aggregate protocol takes int values only; these take bytes and floats
        dbapi_connection.create_aggregate("cb_concat_bytes", 1, _ConcatBytes)  # type: ignore[arg-type]
        dbapi_connection.create_function("cb_join_bytes", 2, _join, deterministic=True)


def _join(a: bytes | None, b: bytes | None) -> bytes | None:
    """SQLite function behind `join_bytes`."""
    if a is None or b is None:
        return a if b is None else b
    return a + b
