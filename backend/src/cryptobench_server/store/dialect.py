"""The one seam for driver- and dialect-specific paths (everything else is portable SQL; SQLite
always takes the plain path) and the garbage collector pause of an upload:

- `insert_for`: the dialect's INSERT, the one with ON CONFLICT (machines, runs, the read model);
- `insert_rows`: PostgreSQL binary COPY, streamed, with Python work on a second thread while
  the server stores the last rows; SQLite one executemany;
- `replace_rows`: a run's rows at some positions deleted and written again (COPY, executemany);
- `fetch_aggregate`: `work_mem` and a binary-format cursor for packed figures (charts);
- `paused_gc`: no cyclic GC while one upload is parsed, validated and stored.

The figure that pays for each speed path is in bench/README.md ("Speed paths").
"""

import gc
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar, overload

from psycopg import postgres
from psycopg.adapt import Dumper
from psycopg.pq import Format
from sqlalchemy import Connection, Engine, Select, text
from sqlalchemy.dialects import postgresql, sqlite

_T = TypeVar("_T")

#: Chart aggregation on PostgreSQL: with the default 4MB the planner expects a group's packed
#: figures not to fit a hash table and sorts the rows instead.
AGGREGATE_MEMORY = "64MB"


def insert_for(bind: Connection | Engine) -> Callable[..., Any]:
    """The `insert` construct of `bind`'s dialect, the one that has `on_conflict_do_*`."""
    return postgresql.insert if bind.dialect.name == "postgresql" else sqlite.insert


@overload
def insert_rows(
    connection: Connection, table: str, columns: Sequence[str], rows: Iterable[tuple]
) -> None: ...
@overload
def insert_rows(
    connection: Connection,
    table: str,
    columns: Sequence[str],
    rows: Iterable[tuple],
    then: Callable[[], _T],
) -> _T: ...
def insert_rows(
    connection: Connection,
    table: str,
    columns: Sequence[str],
    rows: Iterable[tuple],
    then: Callable[[], Any] | None = None,
) -> Any:
    """Bulk insert of plain tuples (JSON as text); returns what `then()` returned.

    PostgreSQL: binary COPY, streamed, so the server stores one batch while Python makes the
    next (a float is sent as its 8 bytes, not printed as digits for the server to read back).
    The server stores the last batches after Python has handed them over: `then`, Python work
    that needs every row made, runs on a second thread during that wait (whose wait on the
    server releases the GIL). SQLite: one executemany, then `then`."""
    names = ", ".join(columns)
    work = then or (lambda: None)
    if connection.dialect.name != "postgresql":
        marks = ", ".join("?" * len(columns))
        connection.exec_driver_sql(f"INSERT INTO {table} ({names}) VALUES ({marks})", list(rows))
        return work()
    driver = _driver(connection)
    types = _column_types(driver, table, tuple(columns))
    with driver.cursor() as cursor, ThreadPoolExecutor(max_workers=1) as pool:
        cursor.adapters.register_dumper(None, _JsonText)
        with cursor.copy(f"COPY {table} ({names}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(types)
            for row in rows:
                copy.write_row(row)
            done = pool.submit(work)
        return done.result()


class _JsonText(Dumper):
    """A JSON column's text (rows hold JSON as text) in jsonb's binary form: its format
    version, then the text."""

    format = Format.BINARY
    oid = postgres.types["jsonb"].oid

    def dump(self, obj: str) -> bytes:
        return b"\x01" + obj.encode()


_types: dict[tuple[str, tuple[str, ...]], list[int]] = {}


def _column_types(driver: Any, table: str, columns: tuple[str, ...]) -> list[int]:
    """The type oids of `table`'s `columns` (what a binary COPY sends each value as), read
    from the catalog once per process."""
    key = (table, columns)
    if key not in _types:
        found = dict(
            driver.execute(
                "SELECT attname, atttypid FROM pg_attribute WHERE attrelid = %s::regclass",
                (table,),
            ).fetchall()
        )
        _types[key] = [found[column] for column in columns]
    return _types[key]


def replace_rows(
    connection: Connection,
    table: str,
    columns: Sequence[str],
    run_pk: int,
    positions: Sequence[int],
    rows: Iterable[tuple],
) -> None:
    """The rows of run `run_pk` at `positions` deleted and `rows` inserted (`insert_rows`): on
    PostgreSQL one DELETE and one COPY write each row once, where an UPDATE per row made a new
    version of it and of its index entries, one statement per row."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(
            f"DELETE FROM {table} WHERE run_pk = %s AND position = ANY(%s)",
            (run_pk, list(positions)),
        )
    else:
        connection.exec_driver_sql(
            f"DELETE FROM {table} WHERE run_pk = ? AND position = ?",
            [(run_pk, position) for position in positions],
        )
    insert_rows(connection, table, columns, rows)


def fetch_aggregate(connection: Connection, query: Select) -> Sequence[Sequence[Any]]:
    """Rows of an aggregate over packed figures. PostgreSQL: with AGGREGATE_MEMORY for this
    transaction through a binary-format cursor, so bytea arrives as bytes, not hex text to
    decode."""
    if connection.dialect.name != "postgresql":
        return connection.execute(query).all()
    connection.execute(text(f"SET LOCAL work_mem = '{AGGREGATE_MEMORY}'"))
    compiled = query.compile(
        dialect=connection.dialect, compile_kwargs={"render_postcompile": True}
    )
    with _driver(connection).cursor(binary=True) as cursor:
        return cursor.execute(str(compiled), compiled.params).fetchall()


_gc_lock = threading.Lock()
_gc_holders = 0


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection while a large document is parsed, validated and stored
    (entered once per upload, by ingest).

    Building many results allocates millions of acyclic objects; with the collector on, each
    generation-2 pass walks all of them again. Refcounting still frees everything; the last
    concurrent holder turns the collector back on.
    """
    global _gc_holders
    with _gc_lock:
        _gc_holders += 1
        gc.disable()
    try:
        yield
    finally:
        with _gc_lock:
            _gc_holders -= 1
            if _gc_holders == 0:
                gc.enable()


def _driver(connection: Connection) -> Any:
    """The psycopg connection under a pooled SQLAlchemy connection (for COPY and binary fetches)."""
    driver = connection.connection.driver_connection
    assert driver is not None, "a checked-out connection has its driver connection"
    return driver
