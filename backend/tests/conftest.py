import pytest
from fastapi.testclient import TestClient
from history_support import store_client, store_url  # noqa: F401  (fixtures)

from cryptobench_server.app import create_app
from cryptobench_server.config import Settings


@pytest.fixture
def settings(pg_url, tmp_path) -> Settings:
    return Settings(database_url=pg_url, data_dir=tmp_path, frontend_dist=tmp_path / "no-ui")


@pytest.fixture
def client(settings) -> TestClient:
    app = create_app(settings)
    with TestClient(app) as test_client:
        yield test_client
    app.state.engine.dispose()
