"""Migrations: up from empty, down to empty and up again, on SQLite and PostgreSQL; the
migrated schema matches the models."""

import importlib
import os
import uuid

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from factories import make_result, make_run_doc
from sqlalchemy import Uuid, column, create_engine, inspect, select, table, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from cryptobench_contract import RunDocument
from cryptobench_server.db import Base
from cryptobench_server.demo import load_demo
from cryptobench_server.fingerprints import series_key
from cryptobench_server.ingest import ingest_run
from cryptobench_server.migrate import downgrade, upgrade
from cryptobench_server.models import ChartCell, Result, Run

DEMO_HASHES = importlib.import_module(
    "cryptobench_server.migrations.versions.0004_canonical_identity"
).DEMO_HASHES

TABLES = {
    "alembic_version",
    "api_tokens",
    "changes",
    "chart_cells",
    "machines",
    "results",
    "run_notes",
    "runs",
}
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


#: How results were stored before the library vocabulary, and what revision 0004 makes of them.
OLD_SPELLINGS = [
    (("mbedtls", "2.28.3", {"key_bits": 2048}), ("Mbed TLS", "2.28.3", {"key_bits": 2048})),
    (
        ("JDK", "17.0.15", {"curve": "secp256r1", "provider": "SunEC"}),
        ("SunEC", "17.0.15", {"curve": "secp256r1"}),
    ),
    (
        ("cryptography", "50.0.2", {"curve": "secp256k1", "provider": "OpenSSL 4.0.3 29 Sep 2026"}),
        (
            "cryptography",
            "50.0.2",
            {"curve": "secp256k1", "provider": "OpenSSL", "provider_version": "4.0.3"},
        ),
    ),
    (("ecpy", "1.2.5", {"curve": "secp256k1"}), ("ECpy", "1.2.5", {"curve": "secp256k1"})),
]


def stored_identities(engine) -> list[tuple]:
    with Session(engine) as session:
        results = session.execute(
            select(
                Result.position,
                Result.library,
                Result.library_version,
                Result.params,
                Result.series_key,
            ).order_by(Result.position)
        ).all()
        cells = session.execute(
            select(
                ChartCell.library, ChartCell.library_version, ChartCell.params, ChartCell.series_key
            ).order_by(ChartCell.library)
        ).all()
    return [tuple(r) for r in results] + [tuple(c) for c in cells]


def store_old_spellings(engine) -> None:
    """Rewrite the stored run as code before the library vocabulary stored it."""
    canonical = {
        (lib, ver, tuple(sorted(p.items()))): (lib0, ver0, p0)
        for (lib0, ver0, p0), (lib, ver, p) in OLD_SPELLINGS
    }
    with Session(engine) as session, session.begin():
        run = session.scalars(select(Run)).one()
        for model in (Result, ChartCell):
            for row in session.scalars(select(model)):
                library, version, params = canonical[
                    (row.library, row.library_version, tuple(sorted(row.params.items())))
                ]
                row.series_key = series_key(
                    algorithm=row.algorithm,
                    operation=row.operation,
                    params=params,
                    library=library,
                    library_version=version,
                    machine=run.machine.fingerprint,
                    clock_hz=run.clock_hz,
                    tags=run.tags,
                )
                row.library, row.library_version, row.params = library, version, params


def test_0004_renames_old_library_spellings_in_results_series_and_cells(empty_url):
    upgrade(empty_url)
    engine = create_engine(empty_url)
    results = [
        make_result(name=f"r{i}", library=lib, library_version=ver, params=params)
        for i, ((lib, ver, params), _) in enumerate(OLD_SPELLINGS)
    ]
    ingest_run(engine=engine, doc=RunDocument.model_validate(make_run_doc(results)))
    expected = stored_identities(engine)
    assert [row[1] for row in expected[:4]] == ["Mbed TLS", "SunEC", "cryptography", "ECpy"]
    store_old_spellings(engine)
    assert stored_identities(engine) != expected
    downgrade(empty_url, "0003")
    upgrade(empty_url)
    assert stored_identities(engine) == expected
    engine.dispose()


def test_0004_keeps_demo_load_idempotent_for_demo_files_it_changed(empty_url):
    upgrade(empty_url)
    engine = create_engine(empty_url)
    load_demo(engine)
    runs = table("runs", column("run_id", Uuid()), column("content_hash"))
    with engine.begin() as connection:
        for run_id, (before, _after) in DEMO_HASHES.items():
            connection.execute(
                runs.update().where(runs.c.run_id == uuid.UUID(run_id)).values(content_hash=before)
            )
    downgrade(empty_url, "0003")
    upgrade(empty_url)
    assert not [item for item in load_demo(engine) if item.created]
    engine.dispose()
