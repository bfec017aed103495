"""GET /changes/events on PostgreSQL and SQLite: seven real `cryptobench run openssl` runs of one
machine (AES-128-CBC and SHA-256 through EVP, 1-second samples), the last two with AES-NI and
the SHA extensions masked (OPENSSL_ia32cap): the 10 changes at the sixth run are one event whose
summary names both algorithms with their ratio ranges and block counts, whose what_changed names
only the CPUINFO line of the tool's build, and whose evidence says it stands on few points. (The
noisy 64-byte SHA-256 series, 319-414 MB/s before, steps at the seventh run: an event of its
own, with nothing recorded changed.)"""

import json
from pathlib import Path

from history_support import upload
from sqlalchemy import text

from cryptobench_contract import RunDocument
from cryptobench_server.db import make_engine
from cryptobench_server.migrate import downgrade, upgrade
from cryptobench_server.query.change_events import event
from cryptobench_server.store.ingest import ingest_run

MASKED = Path(__file__).parents[2] / "collectors/tests/fixtures/openssl/masked-features"
NIGHTS = [json.loads((MASKED / f"night{i}.json").read_text()) for i in range(1, 8)]
BLOCKS = [16, 64, 256, 1024, 8192, 16384]


def test_the_changes_of_one_run_with_one_cause_are_one_event(store_client):
    run_ids = upload(store_client, NIGHTS)
    flat = store_client.get("/api/v1/changes", params={"run": run_ids[5]}).json()["changes"]
    assert len(flat) == 10
    assert {(c["direction"], c["verdict"]) for c in flat} == {("regression", "regressed")}
    answer = store_client.get("/api/v1/changes/events").json()
    assert answer["next_cursor"] is None
    later, event = answer["events"]
    assert (later["run_id"], later["summary"], later["what_changed"]) == (
        run_ids[6],
        "SHA-256 hash (block size 64 B) x0.29",
        [],
    )
    assert (event["run_id"], event["machine"]) == (run_ids[5], "masked-box")
    assert event["variant"] == {"engine": "none", "evp": "true", "multi": "1"}
    assert (event["regressions"], event["improvements"]) == (10, 0)
    assert (event["verdict"], later["verdict"]) == ("regressed", "regressed")
    aes, sha = event["groups"]
    assert aes["text"].startswith("AES-128-CBC encrypt x0.2") and aes["text"].endswith(
        " on 6 block sizes"
    )
    assert sha["text"].startswith("SHA-256 hash x0.") and sha["text"].endswith(" on 4 block sizes")
    assert event["summary"] == f"{aes['text']}; {sha['text']}"
    assert (aes["varying"], aes["count"], aes["verdict"]) == (["block_bytes"], 6, "regressed")
    assert 0.2 < aes["ratio_min"] <= aes["ratio_max"] < 0.27
    (build,) = event["what_changed"]
    cpuinfo = [line for line in NIGHTS[5]["tool"]["build"].splitlines() if "CPUINFO" in line]
    assert build == {
        "fact": "tool_build",
        "hunks": [
            {
                "before": ["CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab"],
                "after": cpuinfo,
            }
        ],
        "unchanged": 4,
    }
    assert event["evidence"]["few_points"] and event["evidence"]["z_min"] > 3
    changes = event["changes"]
    assert sorted(c["series"]["params"]["block_bytes"] for c in changes) == sorted(
        BLOCKS + BLOCKS[2:]
    )
    assert {c["evidence"]["before_n"] for c in changes} == {5}
    labels = {c["label"] for c in changes}
    assert "AES-128-CBC encrypt, block size 16 B (OpenSSL 3.0.19)" in labels
    assert all(c["what_changed"] == event["what_changed"] for c in changes)


def test_events_page_by_run_and_filter_by_direction(store_client):
    upload(store_client, NIGHTS)
    get = lambda **p: store_client.get("/api/v1/changes/events", params=p)  # noqa: E731
    assert get(direction="improvement").json() == {"events": [], "next_cursor": None}
    assert len(get(direction="regression", algorithm="SHA-256").json()["events"]) == 2
    assert len(get(direction="regression", algorithm="AES-128-CBC").json()["events"]) == 1
    first = get(limit=1).json()
    assert len(first["events"]) == 1 and first["next_cursor"] is not None
    second = get(limit=1, cursor=first["next_cursor"]).json()
    assert len(second["events"][0]["changes"]) == 10 and second["next_cursor"] is None
    assert get(cursor="nope").status_code == 422


def test_an_upgrade_across_0011_detects_the_changes_again_with_their_evidence(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    upgrade(url)
    engine = make_engine(url)
    for doc in NIGHTS:
        ingest_run(engine=engine, doc=RunDocument.model_validate(doc))
    downgrade(url, "0010")
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM changes")).scalar() == 0
    upgrade(url)
    with engine.connect() as connection:
        found = connection.execute(text("SELECT before_n, after_n FROM changes")).all()
    engine.dispose()
    assert sorted(found) == [(5, 2)] * 10 + [(6, 1)]


def test_an_event_that_moved_series_both_ways_is_regressed():
    def shaped(algorithm: str, ratio: float, verdict: str) -> dict:
        direction = {"regressed": "regression", "improved": "improvement"}[verdict]
        series = {"algorithm": algorithm, "operation": "sign", "library": "Mbed TLS", "params": {}}
        evidence = {"z": 9.0, "noise": 0.01, "few_points": False, "deterministic": False}
        return {
            "run_id": "r",
            "started_at": "t",
            "series": series | {"machine": "m", "source": "esp32c6-serial", "variant": {}},
            "metric": "cycles_per_op",
            "ratio": ratio,
            "direction": direction,
            "verdict": verdict,
            "evidence": evidence,
            "what_changed": [],
            "acknowledgements": [],
        }

    found = event([shaped("RSA", 1.2, "regressed"), shaped("ECDSA", 0.8, "improved")])
    assert (found["verdict"], found["regressions"], found["improvements"]) == ("regressed", 1, 1)
    assert [(g["text"], g["verdict"]) for g in found["groups"]] == [
        ("ECDSA sign x0.80", "improved"),
        ("RSA sign x1.20", "regressed"),
    ]
    assert event([shaped("ECDSA", 0.8, "improved")])["verdict"] == "improved"
