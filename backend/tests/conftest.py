"""Fixtures shared by the backend tests (`pg_url` comes from the cryptobench_testsupport plugin).

`settings`/`client`: the app over the test's PostgreSQL database; `upload_token`/`authed_client`:
the same client sending a token with scope upload; `loaded`: a client over a database holding
test_read_support.DOCS, once on PostgreSQL and once on the SQLite fallback.
"""

from collections.abc import Iterator

import pytest
from factories import create_test_token
from fastapi.testclient import TestClient
from history_support import store_client, store_url  # noqa: F401  (fixtures)
from test_read_support import DOCS

from cryptobench_server.app import create_app
from cryptobench_server.config import Settings
from cryptobench_server.migrate import upgrade


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


def _loaded_client(url: str, tmp_path) -> TestClient:
    app = create_app(
        Settings(database_url=url, data_dir=tmp_path, frontend_dist=tmp_path / "no-ui")
    )
    client = TestClient(app)
    token = create_test_token(url)
    for doc in DOCS:
        response = client.post(
            "/api/v1/runs", json=doc, headers={"Authorization": f"Bearer {token}"}
        )
        assert response.status_code == 201, response.text
    return client


@pytest.fixture(params=["postgresql", "sqlite"])
def loaded(request, tmp_path) -> Iterator[TestClient]:
    """A client over a database holding DOCS: PostgreSQL, then the SQLite fallback."""
    if request.param == "postgresql":
        url = request.getfixturevalue("pg_url")
    else:
        url = f"sqlite:///{tmp_path / 'read.sqlite'}"
        upgrade(url)
    with _loaded_client(url, tmp_path) as client:
        yield client
    client.app.state.engine.dispose()
