"""Migrations: up from empty, down to empty and up again, on SQLite and PostgreSQL; the
migrated schema matches the models; data stored at every earlier revision upgrades to head."""

import os

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import column as sa_column
from sqlalchemy import create_engine, insert, inspect, select, text
from sqlalchemy import table as sa_table
from sqlalchemy.engine import make_url
from test_read_support import DOCS
from test_rollups import assert_same, snapshot

from cryptobench_contract import RunDocument
from cryptobench_server.db import Base, make_engine
from cryptobench_server.ingest import ingest_run
from cryptobench_server.migrate import downgrade, upgrade
from cryptobench_server.models import Machine, Result, Run

TABLES = {"alembic_version", "api_tokens", "machines", "results", "runs"}
TABLES |= {"series", "series_runs", "series_totals"}
#: PostgreSQL-only expression indexes of migration 0002; the models cannot express them on both databases.
MIGRATION_ONLY_INDEXES = {"ix_results_param_curve", "ix_results_param_key_bits"}


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'empty.sqlite'}"
    admin_url = request.getfixturevalue("postgres_admin_url")
    name = f"cb_empty_{os.getpid()}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        c.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return make_url(admin_url).set(database=name).render_as_string(hide_password=False)


def tables(url: str) -> set[str]:
    engine = create_engine(url)
    found = set(inspect(engine).get_table_names())
    engine.dispose()
    return found


def _compared(name, type_, _parent) -> bool:
    return not (type_ == "index" and name in MIGRATION_ONLY_INDEXES)


def schema_differences(url: str) -> list:
    engine = create_engine(url)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"include_name": _compared})
        diff = compare_metadata(context, Base.metadata)
    engine.dispose()
    return diff


def test_upgrade_downgrade_upgrade_from_empty(empty_url):
    upgrade(empty_url)
    assert tables(empty_url) == TABLES
    assert schema_differences(empty_url) == []
    downgrade(empty_url, "base")
    assert tables(empty_url) == {"alembic_version"}
    upgrade(empty_url)
    assert tables(empty_url) == TABLES


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """The machines, runs and results of the read API's documents, and their read model."""
    url = f"sqlite:///{tmp_path_factory.mktemp('source') / 'source.sqlite'}"
    upgrade(url)
    engine = make_engine(url)
    for doc in DOCS:
        ingest_run(engine=engine, doc=RunDocument.model_validate(doc))
    with engine.connect() as connection:
        rows = {t: connection.execute(select(t)).mappings().all() for t in SOURCE_TABLES}
    model = snapshot(engine)
    engine.dispose()
    return rows, model


SOURCE_TABLES = (Machine.__table__, Run.__table__, Result.__table__)


@pytest.mark.parametrize("revision", ["0001", "0002", "0003", "0004"])
def test_upgrade_from_every_revision_with_data(empty_url, revision, stored):
    """Data stored at an old revision (the columns it had) reads the same at head: the
    migrations run with data, and `upgrade` builds the read model of the runs stored before."""
    rows, model = stored
    upgrade(empty_url, revision)
    engine = create_engine(empty_url)
    with engine.begin() as connection:
        for table in SOURCE_TABLES:
            present = {c["name"] for c in inspect(connection).get_columns(table.name)}
            old = sa_table(
                table.name, *(sa_column(c.name, c.type) for c in table.columns if c.name in present)
            )
            kept = [{k: v for k, v in row.items() if k in present} for row in rows[table]]
            connection.execute(insert(old), kept)
    engine.dispose()
    upgrade(empty_url)
    engine = make_engine(empty_url)
    assert_same(snapshot(engine), model)
    engine.dispose()
