"""Engine and session factory; the same code runs on SQLite and PostgreSQL."""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker

from cryptobench_server.errors import DatabaseUnusable


class Base(DeclarativeBase):
    pass


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    engine = create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
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
