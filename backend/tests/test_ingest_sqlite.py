"""The same upload on the embedded SQLite store (executemany instead of COPY)."""

import pytest
from factories import create_test_token, make_result, make_run_doc
from fastapi.testclient import TestClient
from history_support import store_app
from sqlalchemy import create_engine, text

from cryptobench_server.migrate import upgrade


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    url = f"sqlite:///{tmp_path / 'store.sqlite'}"
    upgrade(url)
    return url


@pytest.fixture
def sqlite_client(sqlite_url, tmp_path):
    app = store_app(sqlite_url, tmp_path)
    with TestClient(app) as test_client:
        test_client.headers["Authorization"] = f"Bearer {create_test_token(sqlite_url)}"
        yield test_client
    app.state.engine.dispose()


def test_upload_stores_exact_values_on_sqlite(sqlite_client, sqlite_url):
    results = [
        make_result(
            metric="bytes_per_s",
            value=30229.13,
            unit="kB/s",
            family="cipher",
            algorithm="aes-128-cbc",
            operation="encrypt",
            params={"blocksize": "16"},
            stats={"max": 1.0, "min": 2.0},
        )
    ]
    doc = make_run_doc(results=results)
    assert sqlite_client.post("/api/v1/runs", json=doc).status_code == 201
    assert sqlite_client.post("/api/v1/runs", json=doc).status_code == 200
    assert sqlite_client.post("/api/v1/runs", json={**doc, "tags": {}}).status_code == 409
    engine = create_engine(sqlite_url)
    with engine.connect() as c:
        row = c.execute(text("SELECT * FROM results")).mappings().one()
        runs = c.execute(text("SELECT count(*) FROM runs")).scalar_one()
    engine.dispose()
    assert runs == 1
    assert (row["algorithm"], row["params"], row["value"], row["unit"]) == (
        "AES-128-CBC",
        '{"block_bytes":16}',
        30229.13,
        "kB/s",
    )
    assert row["bytes_per_s"] == pytest.approx(30_229_130.0, rel=1e-15)
    assert row["ops_per_s"] == pytest.approx(1_889_320.625, rel=1e-12)
    assert row["cycles_per_op"] == pytest.approx(84.6865258775, rel=1e-10)
    assert row["derived"] == '["ops_per_s","ns_per_op","cycles_per_op","cycles_per_byte"]'
    assert row["flags"] == '["stats_min_above_max"]'
