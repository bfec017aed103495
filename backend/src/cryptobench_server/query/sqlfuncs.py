"""SQL constructs with a PostgreSQL form and an SQLite fallback.

- `json_text(column, key)`: the text of one key of a JSON object column. PostgreSQL
  `(column ->> 'key')` (so expression indexes on it apply); SQLite `json_extract` cast to
  text, with JSON booleans spelled `true`/`false` as PostgreSQL does.
- `concat_bytes(column)`: the aggregate joining a group's byte strings: PostgreSQL
  `string_agg(column, ''::bytea)`; SQLite an aggregate `cb_concat_bytes` registered on every
  SQLite connection.
The key is rendered as a quoted literal (never user SQL), so GROUP BY and SELECT compile to the
same expression.
"""

import sqlite3

from sqlalchemy import Engine, LargeBinary, String, event, literal_column
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.expression import ColumnElement, FunctionElement


class json_text(FunctionElement):
    """Clauses: the column, the key as an SQL string literal, the SQLite JSON path literal.

    The literals are `literal_column`s so that they are part of SQLAlchemy's statement cache key.
    """

    type = String()
    inherit_cache = True
    name = "json_text"

    def __init__(self, column: ColumnElement, key: str) -> None:
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
    return (
        f"(CASE json_type({column}, {path}) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' "
        f"ELSE CAST(json_extract({column}, {path}) AS TEXT) END)"
    )


class concat_bytes(FunctionElement):
    """Aggregate: the group's byte strings joined (NULLs skipped), in no particular order."""

    type = LargeBinary()
    inherit_cache = True
    name = "concat_bytes"


@compiles(concat_bytes, "postgresql")
def _concat_bytes_pg(element: concat_bytes, compiler, **kw) -> str:
    return f"string_agg({compiler.process(element.clauses, **kw)}, ''::bytea)"


@compiles(concat_bytes)
def _concat_bytes_sqlite(element: concat_bytes, compiler, **kw) -> str:
    return f"cb_concat_bytes({compiler.process(element.clauses, **kw)})"


class _ConcatBytes:
    """SQLite aggregate behind `concat_bytes`."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def step(self, value: bytes | None) -> None:
        if value is not None:
            self.parts.append(value)

    def finalize(self) -> bytes | None:
        return b"".join(self.parts) if self.parts else None


@event.listens_for(Engine, "connect")
def _register_sqlite_aggregates(dbapi_connection, _record) -> None:
    if isinstance(dbapi_connection, sqlite3.Connection):
        dbapi_connection.create_aggregate("cb_concat_bytes", 1, _ConcatBytes)
