"""Migrations: up from empty, down to empty and up again, on SQLite and PostgreSQL; the
migrated schema matches the models."""

import os

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import make_url

from cryptobench_server.db import Base
from cryptobench_server.migrate import downgrade, upgrade

TABLES = {"alembic_version", "api_tokens", "chart_cells", "machines", "results", "runs"}
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
