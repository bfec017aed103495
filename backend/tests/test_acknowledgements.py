"""Acknowledge and dismiss on both stores: an admin marks the changes of the masked-AES-NI run
(three nights as built, then AES-NI and the SHA extensions masked) as expected with a note; the
changes show every word, the run verdicts call the regressions acknowledged (the gate passes),
and the word holds when detection makes the changes again."""

import copy
import json
import uuid
from pathlib import Path

from history_support import upload

from cryptobench_server.changes.store import detect_all

MASKED = Path(__file__).parents[2] / "collectors/tests/fixtures/openssl/masked-features"
NIGHTS = [json.loads((MASKED / f"night{i}.json").read_text()) for i in range(1, 8)]
NOTE = "AES-NI masked on purpose (OPENSSL_ia32cap)"


def night(index: int) -> dict:
    doc = copy.deepcopy(NIGHTS[index - 1])
    doc["run_id"] = str(uuid.uuid4())
    return doc


def changes_at(client, run_id: str) -> list[dict]:
    response = client.get("/api/v1/changes", params={"run": run_id})
    assert response.status_code == 200, response.text
    return response.json()["changes"]


def word(client, ids: list[int], kind: str, note: str = NOTE, **headers):
    body = {"changes": ids, "kind": kind, "note": note}
    return client.post("/api/v1/changes/acknowledgements", json=body, headers=headers or None)


def test_an_expected_regression_is_acknowledged_and_passes_the_gate(store_client):
    *_, masked = upload(store_client, [night(1), night(2), night(3), night(6)])
    ids = [c["id"] for c in changes_at(store_client, masked)]
    assert len(ids) == 10
    assert word(store_client, ids, "expected").status_code == 403  # an upload token
    answer = word(store_client, ids, "expected", **store_client.admin)
    assert answer.status_code == 201, answer.text
    stored = answer.json()["acknowledgements"]
    assert sorted(a["change_id"] for a in stored) == sorted(ids)
    assert {(a["run_id"], a["kind"], a["note"], a["author"]) for a in stored} == {
        (masked, "expected", NOTE, "ops")
    }
    verdicts = store_client.get(f"/api/v1/runs/{masked}/verdicts").json()
    assert verdicts["status"] == "acknowledged"
    assert verdicts["counts"] == {"acknowledged": 10, "stable": 2}
    row = verdicts["verdicts"][0]
    assert row["verdict"] == "acknowledged" and row["detail"].startswith("x0.")
    assert row["detail"].endswith(f"; expected by ops: {NOTE}")
    assert row["acknowledgement"]["kind"] == "expected"
    (event,) = store_client.get("/api/v1/changes/events", params={"run": masked}).json()["events"]
    assert (event["acknowledged"], event["regressions"], event["verdict"]) == (10, 10, "regressed")


def test_every_word_is_kept_and_holds_through_detection(store_client):
    *_, masked = upload(store_client, [night(1), night(2), night(3), night(6)])
    ids = [c["id"] for c in changes_at(store_client, masked)]
    assert word(store_client, ids[:1], "expected", **store_client.admin).status_code == 201
    second = word(store_client, ids[:1], "dismissed", "a noisy runner", **store_client.admin)
    assert second.status_code == 201
    with store_client.app.state.engine.begin() as connection:
        assert detect_all(connection) == 10  # every change row made again
    again = changes_at(store_client, masked)
    (said,) = [c["acknowledgements"] for c in again if c["acknowledgements"]]
    assert [(w["kind"], w["note"]) for w in said] == [
        ("expected", NOTE),
        ("dismissed", "a noisy runner"),
    ]
    verdicts = store_client.get(f"/api/v1/runs/{masked}/verdicts").json()
    assert verdicts["status"] == "regressed"
    assert verdicts["counts"]["acknowledged"] == 1
    (row,) = [r for r in verdicts["verdicts"] if r["verdict"] == "acknowledged"]
    assert row["detail"].endswith("; dismissed by ops: a noisy runner")


def test_unknown_changes_and_empty_notes_are_refused(store_client):
    missing = word(store_client, [987654], "expected", **store_client.admin)
    assert missing.status_code == 404
    assert missing.json()["errors"] == [{"field": "changes", "message": "no change with id 987654"}]
    empty = word(store_client, [1], "expected", "", **store_client.admin)
    assert empty.status_code == 422
    assert [e["field"] for e in empty.json()["errors"]] == ["note"]
    other = word(store_client, [1], "ignored", **store_client.admin)
    assert [e["field"] for e in other.json()["errors"]] == ["kind"]
