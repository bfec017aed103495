"""Variants are not history, on both stores: runs that differ by a variant tag (identity.
VARIANT_TAGS: the demo's RV32 -O2 and -Os builds, an engine) are lineages of their own, so an
A/B pair reports no change event and a nightly lineage goes on past the other variant's runs."""

import copy
import json
import uuid
from pathlib import Path

from history_support import upload
from sqlalchemy import text

from cryptobench_contract import RunDocument
from cryptobench_server import demo
from cryptobench_server.db import make_engine
from cryptobench_server.migrate import downgrade, upgrade
from cryptobench_server.store.ingest import ingest_run

MASKED = Path(__file__).parents[2] / "collectors/tests/fixtures/openssl/masked-features"
DEMO = Path(demo.__file__).parent
NIGHT = json.loads((MASKED / "night1.json").read_text())


def rv32_pair() -> list[dict]:
    """The demo's two RV32 runs (instruction counts of one Mbed TLS build at -O2 and -Os)."""
    return [
        json.loads((DEMO / f"qemu-rv32-mbedtls-{opt}.json").read_text()) for opt in ("O2", "Os")
    ]


def night(i: int, **tags: str) -> dict:
    doc = copy.deepcopy(NIGHT)
    doc["run_id"] = str(uuid.uuid4())
    doc["started_at"] = f"2026-11-0{i}T02:00:00Z"
    doc["finished_at"] = f"2026-11-0{i}T02:05:00Z"
    doc["tags"] |= tags
    return doc


def test_the_rv32_opt_level_pair_reports_no_change(store_client):
    o2, os_ = rv32_pair()
    assert (o2["tags"]["opt_level"], os_["tags"]["opt_level"]) == ("-O2", "-Os")
    _, os_run = upload(store_client, [o2, os_])
    assert store_client.get("/api/v1/changes/events").json() == {"events": [], "next_cursor": None}
    found = store_client.get(f"/api/v1/runs/{os_run}/verdicts").json()
    assert found["counts"] == {"missing_baseline": 56}
    assert found["verdicts"][0]["series"]["variant"] == {
        "hw_accel": "none",
        "opt_level": "-Os",
        "target": "qemu-riscv32-virt",
    }


def test_a_nightly_lineage_goes_on_past_the_other_variant(store_client):
    nights = [night(1), night(2), night(3), night(4, engine="afalg"), night(5)]
    *_, other, fifth = upload(store_client, nights)
    assert store_client.get("/api/v1/changes", params={"run": other}).json()["changes"] == []
    found = store_client.get(f"/api/v1/runs/{other}/verdicts").json()
    assert set(found["counts"]) == {"missing_baseline"}
    found = store_client.get(f"/api/v1/runs/{fifth}/verdicts").json()
    assert set(found["counts"]) == {"stable"}
    assert {row["baseline_runs"] for row in found["verdicts"]} == {3}


def test_an_upgrade_across_0014_detects_again_by_variant(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    upgrade(url)
    engine = make_engine(url)
    for doc in rv32_pair():
        ingest_run(engine=engine, doc=RunDocument.model_validate(doc))
    downgrade(url, "0013")
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM lineage_points")).scalar() == 0
    upgrade(url)
    with engine.connect() as connection:
        points = connection.execute(text("SELECT count(DISTINCT lineage) FROM lineage_points"))
        changes = connection.execute(text("SELECT count(*) FROM changes")).scalar()
        assert (points.scalar(), changes) == (112, 0)
    engine.dispose()
