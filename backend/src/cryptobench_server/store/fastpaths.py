"""The one seam for speed paths: driver- and dialect-specific ones (everything else is portable
SQL; SQLite always takes the plain path) and the garbage collector pause of large uploads.

Each path names the benchmark figure that pays for it (2-core machine, shared with other work).
"""

import gc
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy import Connection, Select, text

#: Chart aggregation on PostgreSQL: with the default 4MB the planner expects a group's packed
#: figures not to fit a hash table and sorts the rows instead (~20 ms more per chart at 1M).
AGGREGATE_MEMORY = "64MB"


def insert_rows(
    connection: Connection, table: str, columns: Sequence[str], rows: Iterable[tuple]
) -> None:
    """Bulk insert of plain tuples (JSON as text). PostgreSQL: COPY, streamed, so the server
    stores one batch while Python normalizes the next (25k results of bench/ingest.py:
    0.63-0.82 s, executemany 1.48-1.71 s).
    SQLite: one executemany."""
    names = ", ".join(columns)
    if connection.dialect.name == "postgresql":
        driver = _driver(connection)
        with driver.cursor() as cursor, cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        return
    marks = ", ".join("?" * len(columns))
    connection.exec_driver_sql(f"INSERT INTO {table} ({names}) VALUES ({marks})", list(rows))


def fetch_aggregate(connection: Connection, query: Select) -> Sequence[Sequence[Any]]:
    """Rows of an aggregate over packed figures. PostgreSQL: with AGGREGATE_MEMORY for this
    transaction through a binary-format cursor, so bytea arrives as bytes, not hex text to
    decode (~7 ms less per 200k figures, bench/chart_query.py at 1M)."""
    if connection.dialect.name != "postgresql":
        return connection.execute(query).all()
    connection.execute(text(f"SET LOCAL work_mem = '{AGGREGATE_MEMORY}'"))
    compiled = query.compile(
        dialect=connection.dialect, compile_kwargs={"render_postcompile": True}
    )
    with _driver(connection).cursor(binary=True) as cursor:
        return cursor.execute(str(compiled), compiled.params).fetchall()


_T = TypeVar("_T")


def while_waiting(wait: Callable[[], object], work: Callable[..., _T], *args: Any) -> _T:
    """`work(*args)` on a second thread while this one runs `wait`, a database statement (whose
    wait on the server releases the GIL); returns what `work` returned. Pays: the content hash
    of a 25,000-result upload (~40 ms of Python) is computed while PostgreSQL builds its read
    model (~160 ms); bench/ingest.py 0.533-0.551 of COPY with it, 0.512-0.525 with the hash
    computed before the read model (3 runs each, minutes apart)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        done = pool.submit(work, *args)
        wait()
        return done.result()


_gc_lock = threading.Lock()
_gc_holders = 0


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection while a large document is parsed, validated and stored.

    Building 25k results allocates millions of acyclic objects; with the collector on, each
    generation-2 pass walks all of them again. Refcounting still frees everything; the last
    concurrent holder turns the collector back on. Pays: bench/ingest.py 0.533-0.551 of COPY
    with the pause, 0.395-0.412 without (3 runs each, minutes apart).
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
