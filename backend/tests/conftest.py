"""Fixtures shared by the backend tests (`pg_url`, `store_url` come from the cryptobench_testsupport
plugin).

`settings`/`client`: the app over the test's PostgreSQL database; `upload_token`/`authed_client`:
the same client sending a token with scope upload; `loaded` (history_support): a client over a
database holding test_read_support.DOCS, once on PostgreSQL and once on the SQLite fallback.
"""

from collections.abc import Iterator

import pytest
from factories import create_test_token
from fastapi.testclient import TestClient

# fixtures
from history_support import loaded, store_client  # noqa: F401

from cryptobench_server.app import create_app
from cryptobench_server.config import Settings


@pytest.fixture
def settings(pg_url, tmp_path) -> Settings:
    return Settings(database_url=pg_url, data_dir=tmp_path, frontend_dist=tmp_path / "no-ui")


@pytest.fixture
def client(settings) -> Iterator[TestClient]:
    app = create_app(settings)
    with TestClient(app) as test_client:
        yield test_client
    app.state.engine.dispose()


@pytest.fixture
def upload_token(settings) -> str:
    return create_test_token(settings.resolved_database_url)


@pytest.fixture
def authed_client(client, upload_token) -> TestClient:
    client.headers["Authorization"] = f"Bearer {upload_token}"
    return client
