"""Every JMH fixture's run document, delivered to the real backend (PostgreSQL) and read back."""

from datetime import UTC, datetime
from pathlib import Path

import pytest
from collect_support import FIXTURES
from fastapi.testclient import TestClient
from rich.console import Console
from sqlalchemy import create_engine

from cryptobench_collect.delivery import DeliveryOptions, deliver
from cryptobench_contract import Machine
from cryptobench_parsers.jmh.json_results import parse_jmh
from cryptobench_server.app import create_app
from cryptobench_server.auth import create_token
from cryptobench_server.config import Settings
from cryptobench_server.db import make_sessionmaker, transaction

FILES = sorted(path for path in (FIXTURES / "jmh").glob("*.json"))


@pytest.fixture
def server(pg_url, tmp_path):
    engine = create_engine(pg_url)
    with transaction(make_sessionmaker(engine)) as session:
        _, secret = create_token(session, name="jmh-tests", scope="upload")
    engine.dispose()
    app = create_app(
        Settings(database_url=pg_url, data_dir=tmp_path, frontend_dist=tmp_path / "no-ui")
    )
    with TestClient(app) as client:
        yield client, secret
    app.state.engine.dispose()


def options(client: TestClient, secret: str, spool: Path) -> DeliveryOptions:
    return DeliveryOptions(
        spool_dir=spool,
        server=str(client.base_url),
        token=secret,
        transport=client._transport,
        console=Console(quiet=True),
    )


def test_every_fixture_is_accepted_and_stored_with_its_figures(server, tmp_path):
    client, secret = server
    for path in FILES:
        run = parse_jmh(
            path.read_text(),
            source_name=path.name,
            machine=Machine(name="jmh-host"),
            started_at=datetime(2026, 11, 20, 10, 0, tzinfo=UTC),
        )
        deliver(run, options(client, secret, tmp_path / "spool"))
        stored = client.get(f"/api/v1/runs/{run.run_id}")
        assert stored.status_code == 200, path.name
        assert len(stored.json()["results"]) == len(run.results), path.name
    chart = client.get(
        "/api/v1/chart",
        params={
            "metric": "ops_per_s",
            "x": "param.message_bytes",
            "series": "param.curve",
            "algorithm": "ECDSA",
            "operation": "sign",
            "library": "Bouncy Castle",
        },
    )
    assert chart.status_code == 200
    series = {s["key"]["param.curve"]: s["points"] for s in chart.json()["series"]}
    assert [p["x"] for p in series["secp256k1"]] == [128, 256, 1024, 1048576]
    assert series["secp256k1"][-1]["value"] == pytest.approx(47.66221043170348)


def test_the_same_file_twice_is_one_run(server, tmp_path):
    client, secret = server
    path = FIXTURES / "jmh" / "lance0916_jmh-demo_1.35_avgt.json"
    for _ in range(2):
        run = parse_jmh(
            path.read_text(),
            source_name=path.name,
            machine=Machine(name="jmh-host"),
            started_at=datetime(2026, 11, 20, 10, 0, tzinfo=UTC),
        )
        deliver(run, options(client, secret, tmp_path / "spool"))
    listed = client.get("/api/v1/runs", params={"source": "jmh"}).json()
    assert [row["run_id"] for row in listed["data"]] == [str(run.run_id)]
