"""pytest fixtures: a real PostgreSQL for the whole session, and a fresh database per request.

Under pytest-xdist (`make test` runs `-n 2`) each worker is a session of its own (its own cluster,
its own templates), and `ModuleScheduling` keeps each test module on one worker, so module
fixtures (a running service, a collector's re-runs) start once; the modules that build the agents
are one unit, as two builds in one build directory (or two JMH runs) would race.

`postgres_cluster` starts a throwaway cluster once per session (or uses the server named by
CRYPTOBENCH_TEST_DATABASE_URL, e.g. when `make test` already started one). `make_database`
gives each caller an empty database of its own, copied from a migrated template; `store_url`
a fresh migrated database of each store the service runs on (PostgreSQL, then the SQLite
fallback, a copy of a file migrated once per session: an Alembic upgrade is 0.3-0.5 s, a copy
under 1 ms).
"""

import itertools
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from xdist.scheduler import LoadScopeScheduling

from cryptobench_server.migrate import upgrade
from cryptobench_testsupport.pgcluster import destroy, start_cluster

_counter = itertools.count()

#: Test modules that build the firmware or the JMH suite in the agents' build directories.
AGENT_BUILDS = frozenset(
    {
        "test_agents_suites",
        "test_firmware_host",
        "test_firmware_qemu",
        "test_jmh_cli",
        "test_jmh_end_to_end",
        "test_seed_identity",
    }
)


def _scope(nodeid: str) -> str:
    """The unit one worker runs: a test module, or all the modules that build the agents."""
    path = nodeid.split("::", 1)[0]
    return AGENT_BUILDS_SCOPE if Path(path).stem in AGENT_BUILDS else path


AGENT_BUILDS_SCOPE = "agent builds"


class ModuleScheduling(LoadScopeScheduling):
    """pytest-xdist's load-by-scope, its scope `_scope` (xdist's own `xdist_group` marks do not
    group under pytest 9: they rename the node id, which pytest 9 computes)."""

    def _split_scope(self, nodeid: str) -> str:
        return _scope(nodeid)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> ModuleScheduling:
    return ModuleScheduling(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The agents' builds first: the longest unit, and workers take the units in this order."""
    items.sort(key=lambda item: _scope(item.nodeid) != AGENT_BUILDS_SCOPE)


@pytest.fixture(scope="session")
def postgres_admin_url() -> Iterator[str]:
    given = os.environ.get("CRYPTOBENCH_TEST_DATABASE_URL")
    if given:
        yield given
        return
    cluster = start_cluster(_scratch_directory())
    try:
        yield cluster.url("postgres")
    finally:
        destroy(cluster)


@pytest.fixture(scope="session")
def make_database(postgres_admin_url: str) -> Callable[[], str]:
    """Factory: create a new empty PostgreSQL database, migrated to head, and return its URL."""
    admin = create_engine(postgres_admin_url, isolation_level="AUTOCOMMIT")
    template = f"cb_template_{os.getpid()}"
    _create(admin, template)
    upgrade(_database_url(postgres_admin_url, template))

    def _make() -> str:
        name = f"cb_test_{os.getpid()}_{next(_counter)}"
        _create(admin, name, template=template)
        return _database_url(postgres_admin_url, name)

    return _make


def _scratch_directory() -> Path | None:
    """A new directory in memory (/dev/shm) for the session's cluster, where there is one: on
    disk, the creation of a database per test and removing a cluster of a thousand of them took
    a quarter of the suite's time (157 ms a database, 70 s to remove 1.3 GB); in memory 56 ms and
    1.5 s. None (the system's temporary directory) where there is none."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        return None
    return Path(tempfile.mkdtemp(prefix="cryptobench-pg-", dir=shm))


def _create(admin: Engine, name: str, template: str | None = None) -> None:
    clause = f' TEMPLATE "{template}" STRATEGY FILE_COPY' if template else ""
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        connection.execute(text(f'CREATE DATABASE "{name}"{clause}'))


def _drop(admin_url: str, database_url: str) -> None:
    """Drop a test's database (and end the connections a test left open to it), so that the
    cluster holds one template and the databases in use, not a thousand copies."""
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    name = make_url(database_url).database
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def _database_url(admin_url: str, name: str) -> str:
    return make_url(admin_url).set(database=name).render_as_string(hide_password=False)


@pytest.fixture
def pg_url(make_database: Callable[[], str], postgres_admin_url: str) -> Iterator[str]:
    """URL of a fresh, migrated PostgreSQL database for one test, dropped after it."""
    url = make_database()
    yield url
    _drop(postgres_admin_url, url)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to head, once per session; `store_url` copies it."""
    path = tmp_path_factory.mktemp("sqlite-template") / "template.sqlite"
    upgrade(f"sqlite:///{path}")
    return path


def _copy_sqlite(source: Path, target: Path) -> None:
    """`source` copied page by page (SQLite's backup API, whatever its journal holds)."""
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


@pytest.fixture(params=["postgresql", "sqlite"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """URL of a fresh, migrated database for one test, once on each store."""
    if request.param == "postgresql":
        url: str = request.getfixturevalue("pg_url")
        return url
    target = tmp_path / "store.sqlite"
    _copy_sqlite(request.getfixturevalue("sqlite_template"), target)
    return f"sqlite:///{target}"
