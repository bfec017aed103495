"""Clients on both stores (PostgreSQL and SQLite) and the synthetic lineages of the history tests."""

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from factories import create_test_token, make_result, make_run_doc
from fastapi import FastAPI
from fastapi.testclient import TestClient
from test_read_support import DOCS

from cryptobench_server.app import create_app
from cryptobench_server.config import Settings

RUNS = 12
STEP_RUN = 9  # the ninth run (1-based) is 10% slower
START = datetime(2026, 11, 1, 2, 0, tzinfo=UTC)


def store_app(url: str, tmp_path: Path) -> FastAPI:
    """The service over the database at `url`, its files in `tmp_path`, without a built UI."""
    return create_app(
        Settings(database_url=url, data_dir=tmp_path, frontend_dist=tmp_path / "no-ui")
    )


def read_ok(client: TestClient, path: str, **params: Any) -> Any:
    """The JSON of GET `path` with `params`, asserted to answer 200."""
    response = client.get(path, params=params)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture
def store_client(store_url, tmp_path):
    """A client with an upload token; `store_client.admin` holds an admin token's headers."""
    app = store_app(store_url, tmp_path)
    with TestClient(app) as client:
        client.headers["Authorization"] = f"Bearer {create_test_token(store_url)}"
        admin = create_test_token(store_url, scope="admin", name="ops")
        client.admin = {"Authorization": f"Bearer {admin}"}  # type: ignore[attr-defined]
        yield client
    app.state.engine.dispose()


def _loaded_client(url: str, tmp_path: Path) -> TestClient:
    client = TestClient(store_app(url, tmp_path))
    token = create_test_token(url)
    for doc in DOCS:
        response = client.post(
            "/api/v1/runs", json=doc, headers={"Authorization": f"Bearer {token}"}
        )
        assert response.status_code == 201, response.text
    return client


@pytest.fixture
def loaded(store_url, tmp_path) -> Iterator[TestClient]:
    """A client over a database holding DOCS: PostgreSQL, then the SQLite fallback."""
    with _loaded_client(store_url, tmp_path) as client:
        yield client
    client.app.state.engine.dispose()


def synthetic_runs(seed: int = 3) -> list[dict]:
    """12 nightly runs of one board: ECDSA sign steps 10% slower (ns/op) at run 9, when Mbed TLS
    goes 3.6.2 -> 3.6.3; ECDSA verify only jitters 1-3% and has one outlier (+25%, run 5)."""
    rnd = random.Random(seed)
    docs = []
    for i in range(1, RUNS + 1):
        version = "3.6.3" if i >= STEP_RUN else "3.6.2"
        sign = 50_000.0 * (1.10 if i >= STEP_RUN else 1.0) * (1 + rnd.uniform(-0.01, 0.01))
        verify = 120_000.0 * (1 + rnd.choice((-1, 1)) * rnd.uniform(0.01, 0.03))
        if i == 5:
            verify *= 1.25
        results = [
            _ecdsa("sign", sign, version),
            _ecdsa("verify", verify, version),
        ]
        docs.append(
            make_run_doc(
                results,
                source="python-ecc",
                started_at=(START + timedelta(days=i)).isoformat(),
                finished_at=(START + timedelta(days=i, minutes=5)).isoformat(),
                tool={"name": "cryptobench-ecc", "version": "1.0.0"},
                tags={"nightly": f"n{i:02d}"},
            )
        )
    return docs


def _ecdsa(operation: str, ns: float, version: str) -> dict:
    return make_result(
        name=f"ecdsa-{operation}",
        family="signature",
        algorithm="ECDSA",
        operation=operation,
        library="Mbed TLS",
        library_version=version,
        params={"curve": "secp256r1", "hash": "SHA-256"},
        metric="ns_per_op",
        value=ns,
        unit="ns/op",
    )


def upload(client, docs) -> list[str]:
    for doc in docs:
        response = client.post("/api/v1/runs", json=doc)
        assert response.status_code == 201, response.text
    return [doc["run_id"] for doc in docs]
