"""GET /runs/{run_id}/verdicts on PostgreSQL and SQLite: the masked-AES-NI runs of one machine
(collectors/tests/fixtures/openssl/masked-features: nights 1-5 as built, 6-7 with AES-NI and the
SHA extensions masked) give each series of a run one typed verdict, and the run one status."""

import copy
import json
import uuid
from pathlib import Path

from history_support import upload

MASKED = Path(__file__).parents[2] / "collectors/tests/fixtures/openssl/masked-features"
NIGHTS = [json.loads((MASKED / f"night{i}.json").read_text()) for i in range(1, 8)]


def verdicts(client, run_id: str) -> dict:
    response = client.get(f"/api/v1/runs/{run_id}/verdicts")
    assert response.status_code == 200, response.text
    return response.json()


def night(index: int, **machine) -> dict:
    """Night `index` (1-based) as a new run, its machine fields replaced by `machine`."""
    doc = copy.deepcopy(NIGHTS[index - 1])
    doc["run_id"] = str(uuid.uuid4())
    doc["machine"] |= machine
    return doc


def test_a_first_run_has_no_baseline(store_client):
    (run_id,) = upload(store_client, [night(1)])
    found = verdicts(store_client, run_id)
    assert (found["status"], found["machine"]) == ("action_required", "masked-box")
    assert found["counts"] == {"missing_baseline": len(found["verdicts"])} and found["verdicts"]
    row = found["verdicts"][0]
    assert row["detail"] == "no earlier run of this series on this machine"
    assert (row["baseline_runs"], row["baseline_runs_needed"]) == (0, 3)


def test_a_step_after_two_baselines_is_insufficient_and_after_three_regressed(store_client):
    *_, masked = upload(store_client, [night(1), night(2), night(6)])
    found = verdicts(store_client, masked)
    assert found["status"] == "action_required"
    assert {row["verdict"] for row in found["verdicts"]} == {"insufficient"}
    assert {row["detail"] for row in found["verdicts"]} == {"2 of 3 baseline runs"}
    nights = [night(i, name="other-box") for i in (1, 2, 3, 6)]
    *_, masked = upload(store_client, nights)
    found = verdicts(store_client, masked)
    assert found["status"] == "regressed"
    aes = [row for row in found["verdicts"] if row["series"]["algorithm"] == "AES-128-CBC"]
    assert len(aes) == 6 and {row["verdict"] for row in aes} == {"regressed"}
    assert all(0.2 < row["ratio"] < 0.27 and row["baseline_runs"] == 3 for row in aes)
    assert aes[0]["detail"].startswith("x0.2") and "tool_build" in aes[0]["what_changed"]
    assert found["verdicts"][0]["verdict"] == "regressed"


def test_runs_of_one_build_are_stable(store_client):
    *_, last = upload(store_client, [night(1), night(2), night(3), night(4)])
    found = verdicts(store_client, last)
    assert found["status"] == "stable"
    assert set(found["counts"]) == {"stable"}
    row = found["verdicts"][0]
    assert row["detail"].startswith("x") and "noise" in row["detail"]
    assert row["baseline_runs"] == 3 and row["noise"] is not None


def test_another_cpu_model_of_the_same_name_is_not_comparable(store_client):
    *_, moved = upload(store_client, [night(1), night(2), night(3), night(4, cpu_model="Xeon")])
    found = verdicts(store_client, moved)
    assert found["status"] == "action_required"
    assert set(found["counts"]) == {"not_comparable"}
    row = found["verdicts"][0]
    assert row["differs"] == {"cpu_model": ["AMD EPYC", "Xeon"]}
    assert row["detail"] == "cpu_model differs: AMD EPYC -> Xeon"


def test_another_clock_is_not_comparable(store_client):
    *_, slower = upload(store_client, [night(1), night(2), night(3), night(4, clock_hz=1.2e9)])
    found = verdicts(store_client, slower)
    assert set(found["counts"]) == {"not_comparable"}
    assert found["verdicts"][0]["differs"] == {"clock_hz": [2596146000.0, 1.2e9]}


def test_an_unknown_run_is_404(store_client):
    response = store_client.get(f"/api/v1/runs/{uuid.uuid4()}/verdicts")
    assert response.status_code == 404
