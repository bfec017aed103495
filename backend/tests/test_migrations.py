"""Migrations: up from empty, down to empty and up again, on SQLite and PostgreSQL; the
migrated schema matches the models; data stored at every earlier revision upgrades to head."""

import importlib
import os
import uuid

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from factories import make_result, make_run_doc
from sqlalchemy import Text, Uuid, column, create_engine, insert, inspect, select, table, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session
from test_read_support import DOCS
from test_rollups import assert_same, snapshot

from cryptobench_contract import RunDocument
from cryptobench_server.db import Base, make_engine
from cryptobench_server.demo import load_demo
from cryptobench_server.identity import series_key
from cryptobench_server.migrate import downgrade, upgrade
from cryptobench_server.models import Machine, Result, Run, Series
from cryptobench_server.store.ingest import ingest_run

DEMO_HASHES = importlib.import_module(
    "cryptobench_server.migrations.versions.0004_canonical_identity"
).DEMO_HASHES

TABLES = {"alembic_version", "api_tokens", "machines", "results", "runs"}
TABLES |= {"series", "series_runs", "series_totals", "changes", "run_notes", "artifacts"}
TABLES |= {"lineage_points", "change_acks"}
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
        series = session.execute(
            select(Series.library, Series.library_version, Series.params, Series.series_key)
            .distinct()
            .order_by(Series.library)
        ).all()
    return [tuple(r) for r in results] + [tuple(c) for c in series]


def store_old_spellings(engine) -> None:
    """Rewrite the stored run as code before the library vocabulary stored it (the read model
    is dropped by the downgrade below and made again from the results at head)."""
    canonical = {
        (lib, ver, tuple(sorted(p.items()))): (lib0, ver0, p0)
        for (lib0, ver0, p0), (lib, ver, p) in OLD_SPELLINGS
    }
    with Session(engine) as session, session.begin():
        run = session.scalars(select(Run)).one()
        for row in session.scalars(select(Result)):
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


def test_0004_renames_old_library_spellings_in_results_and_series(empty_url):
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
    rows, expected = stored
    upgrade(empty_url, revision)
    engine = create_engine(empty_url)
    with engine.begin() as connection:
        for source in SOURCE_TABLES:
            present = {c["name"] for c in inspect(connection).get_columns(source.name)}
            columns = (column(c.name, c.type) for c in source.columns if c.name in present)
            kept = [{k: v for k, v in row.items() if k in present} for row in rows[source]]
            connection.execute(insert(table(source.name, *columns)), kept)
    engine.dispose()
    upgrade(empty_url)
    engine = make_engine(empty_url)
    assert_same(snapshot(engine), expected)
    engine.dispose()


def test_0009_keeps_one_artifact_per_content_and_gives_them_back_on_downgrade(empty_url, stored):
    """Runs stored with their own copies of an artifact share one row after 0009; the
    downgrade gives every run its copy again."""
    rows, _ = stored
    runs = [dict(row) for row in rows[Run.__table__]]
    copies = ["same paste", "same paste", "another paste"] + [None] * (len(runs) - 3)
    upgrade(empty_url, "0008")
    engine = create_engine(empty_url)
    with engine.begin() as connection:
        for source in (Machine.__table__, Run.__table__):
            present = {c["name"] for c in inspect(connection).get_columns(source.name)}
            columns = [column(n, source.c[n].type if n in source.c else Text()) for n in present]
            kept = [{k: row.get(k) for k in present} for row in rows[source]]
            if source is Run.__table__:
                for row, content in zip(kept, copies, strict=True):
                    row["artifact_media_type"] = "text/plain" if content else None
                    row["artifact_content"] = content
            connection.execute(insert(table(source.name, *columns)), kept)
    upgrade(empty_url, "0009")
    with engine.connect() as connection:
        stored_artifacts = connection.execute(text("SELECT id, content FROM artifacts")).all()
        links = connection.execute(text("SELECT artifact_id FROM runs ORDER BY id")).scalars()
        by_id = dict(stored_artifacts)
        assert [by_id.get(link) for link in links] == copies
    assert sorted(content for _, content in stored_artifacts) == ["another paste", "same paste"]
    downgrade(empty_url, "0008")
    with engine.connect() as connection:
        back = connection.execute(
            text("SELECT artifact_media_type, artifact_content FROM runs ORDER BY id")
        ).all()
    engine.dispose()
    assert [content for _, content in back] == copies
    assert [media for media, _ in back] == ["text/plain" if c else None for c in copies]
