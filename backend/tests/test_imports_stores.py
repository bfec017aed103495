"""POST /api/v1/imports of stores that carry history (github-action-benchmark's data.js: one
run per commit entry) and of bssl speed / pytest-benchmark output, on both databases: History
follows a bench commit by commit and Changes names the commits of a step."""

from pathlib import Path

from test_imports import store  # noqa: F401

FIXTURES = Path(__file__).parents[2] / "parsers" / "tests" / "fixtures"
ORCHARD = FIXTURES / "action_benchmark" / "jarys-orchard_cargo_data.js"
MILAGRO = FIXTURES / "action_benchmark" / "ChihChengLiang-milagro_bls_binding_pytest_data.js"
AGGREGATE = "benchmark.py::test_verifying_aggregate_of_128_signatures"


def post(client, data: bytes, **params):
    return client.post(
        "/api/v1/imports",
        params={"format": "auto", **params},
        content=data,
        headers={"Content-Type": "text/plain"},
    )


def test_a_data_js_is_a_history_with_its_commits_and_a_step_between_two(store):  # noqa: F811
    client, _, _ = store
    response = post(client, MILAGRO.read_bytes())
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["format"] == "action-benchmark" and len(body["runs"]) == 66
    assert {run["source"] for run in body["runs"]} == {"github-action-benchmark"}
    run_of = {run["run_id"]: run["tags"]["commit"] for run in body["runs"]}
    history = client.get(
        "/api/v1/history", params={"metric": "ops_per_s", "algorithm": AGGREGATE}
    ).json()
    [series] = history["series"]
    points = series["points"]
    assert len(points) == 66
    assert [p["started_at"] for p in points] == sorted(p["started_at"] for p in points)
    assert (points[0]["tags"]["commit"][:7], points[0]["value"]) == ("e1fb03d", 60.050231045455305)
    assert (points[-1]["tags"]["commit"][:7], points[-1]["value"]) == (
        "d7d4cf3",
        20.083602482008217,
    )
    assert (points[28]["tags"]["commit"][:7], points[28]["value"]) == ("73fb7b2", 22.95990243790112)
    changes = client.get("/api/v1/changes", params={"algorithm": AGGREGATE}).json()["changes"]
    [step] = [c for c in changes if run_of[c["run_id"]].startswith("73fb7b2")]
    assert (run_of[step["baseline_run_id"]][:7], step["direction"]) == ("d3310c2", "regression")
    assert {
        "fact": "tag.commit",
        "hunks": [{"before": [run_of[step["baseline_run_id"]]], "after": [run_of[step["run_id"]]]}],
        "unchanged": 0,
    } in step["what_changed"]


def test_the_store_imported_again_after_more_commits_adds_only_the_new_entries(store):  # noqa: F811
    client, _, _ = store
    text = ORCHARD.read_text()
    cut = text.rindex('      {\n        "commit"')
    older = text[:cut].rstrip().rstrip(",") + "\n    ]\n  }\n}"
    first = post(client, older.encode()).json()["runs"]
    again = post(client, ORCHARD.read_bytes())
    assert again.status_code == 201, again.text
    runs = again.json()["runs"]
    assert [run["run_id"] for run in runs][:4] == [run["run_id"] for run in first]
    assert [run["created"] for run in runs] == [False, False, False, False, True]
    assert post(client, ORCHARD.read_bytes()).status_code == 200


def test_bssl_speed_and_pytest_benchmark_are_detected_and_stored(store):  # noqa: F811
    client, _, _ = store
    bssl = post(
        client,
        (FIXTURES / "bssl_speed" / "boringssl-c6e3780_aarch64_gcm_commit_message.txt").read_bytes(),
    ).json()
    assert (bssl["format"], [run["results"] for run in bssl["runs"]]) == ("bssl", [20, 20])
    assert {run["source"] for run in bssl["runs"]} == {"bssl-speed"}
    pytest_json = FIXTURES / "pytest_benchmark" / "ionelmc-pytest-benchmark_test_storage_0030.json"
    imported = post(client, pytest_json.read_bytes()).json()
    [run] = imported["runs"]
    assert (imported["format"], run["source"], run["machine"]) == (
        "pytest-benchmark",
        "pytest-benchmark",
        "minibox",
    )
    stored = client.get(f"/api/v1/runs/{run['run_id']}").json()
    [result] = stored["results"]
    assert (result["ns_per_op"], result["error_kind"]) == (261.205074138546, "stddev")
