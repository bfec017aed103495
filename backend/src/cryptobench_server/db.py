"""Engine and session factory; the same code runs on SQLite and PostgreSQL."""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker
from sqlalchemy.pool import NullPool

from cryptobench_server.errors import DatabaseUnusable


class Base(DeclarativeBase):
    pass


#: Connections a pool opens beyond pool_size for work outside the requests' slots (token
#: checks, uploads, imports, CSV exports): admission.py holds requests to pool_size.
POOL_OVERFLOW = 20


def make_engine(url: str, *, pool_size: int = 10, pool_wait_s: float = 30.0) -> Engine:
    """An engine whose pool keeps `pool_size` connections (plus POOL_OVERFLOW); a checkout waits
    at most `pool_wait_s` (sqlalchemy.exc.TimeoutError, a 503 with Retry-After)."""
    return _engine(url, pool_size=pool_size, max_overflow=POOL_OVERFLOW, pool_timeout=pool_wait_s)


def make_probe_engine(url: str) -> Engine:
    """An engine without a pool (each connection opened and closed): /health's, which answers
    while every pooled connection is in use and keeps none open."""
    return _engine(url, poolclass=NullPool)


def _engine(url: str, **pool: Any) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        else:  # in memory: one database per connection, so one connection per thread
            pool = {}
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, **pool
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    engine = create_engine(url, pool_pre_ping=True, **pool)
    # before SQLAlchemy's own first-connect work, which fails with a bare TypeError on SQL_ASCII
    event.listen(engine, "connect", _require_utf8, insert=True)
    return engine


def _require_utf8(dbapi_connection, _record) -> None:
    """Refuse a PostgreSQL database whose encoding is not UTF8, naming the cause and the fix.

    Read as bytes: on SQL_ASCII the driver returns text columns undecoded."""
    with dbapi_connection.cursor() as cursor:
        cursor.execute(
            "SELECT convert_to(datname, 'UTF8'), convert_to(pg_encoding_to_char(encoding), 'UTF8')"
            " FROM pg_database WHERE datname = current_database()"
        )
        name, encoding = (bytes(value).decode("utf-8", "replace") for value in cursor.fetchone())
    if encoding != "UTF8":
        raise DatabaseUnusable(
            f"the PostgreSQL database {name} is encoded {encoding}, CryptoBench needs UTF8: "
            "recreate it with CREATE DATABASE ... ENCODING 'UTF8' TEMPLATE template0 (a new "
            "cluster: initdb --encoding=UTF8, or POSTGRES_INITDB_ARGS=--encoding=UTF8)"
        )


#: Values one SQLite statement takes: SQLite's own default, which builds such as Debian's
#: raise (to 250,000); held to it so that a statement too large anywhere is too large here.
SQLITE_VARIABLES = 32_766


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    dbapi_connection.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, SQLITE_VARIABLES)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


@contextmanager
def transaction(factory: sessionmaker[Session]) -> Iterator[Session]:
    with factory() as session, session.begin():
        yield session


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"
