"""History, changes, notes and run deletion over HTTP, on PostgreSQL and on SQLite."""

import os
import subprocess
import sys

from history_support import RUNS, STEP_RUN, synthetic_runs, upload
from sqlalchemy import create_engine, text
from test_rollups import assert_same, snapshot

from cryptobench_server.changes.store import detect_all
from cryptobench_server.errors import PROBLEM_JSON
from cryptobench_server.schemas_history import MAX_NOTES_PER_RUN
from cryptobench_server.store import rollups


def test_a_step_at_run_nine_is_one_regression_and_the_noisy_neighbour_reports_nothing(
    store_client,
):
    run_ids = upload(store_client, synthetic_runs())
    changes = store_client.get("/api/v1/changes").json()["changes"]
    assert len(changes) == 1
    change = changes[0]
    assert change["run_id"] == run_ids[STEP_RUN - 1]
    assert change["baseline_run_id"] == run_ids[STEP_RUN - 2]
    assert (change["metric"], change["unit"], change["direction"]) == (
        "ns_per_op",
        "ns/op",
        "regression",
    )
    assert change["series"]["operation"] == "sign"
    assert change["series"]["machine"] == "esp32c6-devkit-1"
    assert 1.08 < change["ratio"] < 1.12
    assert change["evidence"]["before_n"] == STEP_RUN - 1
    assert change["evidence"]["z"] > 3 and not change["evidence"]["few_points"]
    assert change["what_changed"] == [
        {
            "fact": "library_version",
            "hunks": [{"before": ["3.6.2"], "after": ["3.6.3"]}],
            "unchanged": 0,
        },
        {"fact": "tag.nightly", "hunks": [{"before": ["n08"], "after": ["n09"]}], "unchanged": 0},
    ]


def test_the_change_is_found_when_its_run_is_uploaded(store_client):
    docs = synthetic_runs()
    upload(store_client, docs[: STEP_RUN - 1])
    assert store_client.get("/api/v1/changes").json()["changes"] == []
    (step_run,) = upload(store_client, docs[STEP_RUN - 1 : STEP_RUN])
    found = store_client.get("/api/v1/changes", params={"run": step_run}).json()["changes"]
    assert [(c["run_id"], c["direction"]) for c in found] == [(step_run, "regression")]
    upload(store_client, docs[STEP_RUN:])
    assert len(store_client.get("/api/v1/changes").json()["changes"]) == 1


def test_changes_filters(store_client):
    upload(store_client, synthetic_runs())
    get = lambda **p: store_client.get("/api/v1/changes", params=p).json()["changes"]  # noqa: E731
    assert len(get(operation="sign")) == 1
    assert get(operation="verify") == []
    assert len(get(direction="regression", machine="esp32c6-devkit-1")) == 1
    assert get(direction="improvement") == []
    assert get(since="2026-11-10T03:00:00Z") == []
    assert len(get(since="2026-11-10T02:00:00Z")) == 1
    assert len(get(**{"param.curve": "P-256"})) == 1
    assert store_client.get("/api/v1/changes", params={"nope": 1}).status_code == 422


def test_history_is_one_point_per_run_per_series_in_time_order(store_client):
    run_ids = upload(store_client, list(reversed(synthetic_runs())))[::-1]
    body = store_client.get(
        "/api/v1/history", params={"metric": "ns_per_op", "series": "operation"}
    ).json()
    assert body["metric"] == "ns_per_op" and body["unit"] == "ns/op"
    assert [s["key"] for s in body["series"]] == [{"operation": "sign"}, {"operation": "verify"}]
    sign = body["series"][0]["points"]
    assert [p["run_id"] for p in sign] == run_ids
    assert [p["library_version"] for p in sign] == ["3.6.2"] * 8 + ["3.6.3"] * 4
    assert sign[0]["n"] == 1 and sign[0]["tags"] == {"nightly": "n01"}
    assert sign[0]["tool_version"] == "1.0.0"
    assert sign[0]["started_at"] == "2026-11-02T02:00:00Z"


def test_history_series_by_library_version_sort_as_versions(store_client):
    docs = synthetic_runs()
    for doc, version in zip(docs, ["3.0.13", "3.0.2", "1.1.1g", "3.5.0"], strict=False):
        for r in doc["results"]:
            r["library_version"] = version
    upload(store_client, docs[:4])
    body = store_client.get(
        "/api/v1/history",
        params={"metric": "ns_per_op", "series": "library_version", "operation": "sign"},
    ).json()
    assert [s["key"]["library_version"] for s in body["series"]] == [
        "1.1.1g",
        "3.0.2",
        "3.0.13",
        "3.5.0",
    ]


def test_notes_show_on_the_run_and_on_history(store_client):
    run_ids = upload(store_client, synthetic_runs()[:2])
    response = store_client.post(f"/api/v1/runs/{run_ids[1]}/notes", json={"text": "new toolchain"})
    assert response.status_code == 201
    assert response.json()["author"] == "test"
    detail = store_client.get(f"/api/v1/runs/{run_ids[1]}").json()
    assert [n["text"] for n in detail["notes"]] == ["new toolchain"]
    points = store_client.get("/api/v1/history", params={"metric": "ns_per_op"}).json()
    notes = [[n["text"] for n in p["notes"]] for p in points["series"][0]["points"]]
    assert notes == [[], ["new toolchain"]]
    assert (
        store_client.post(f"/api/v1/runs/{run_ids[1]}/notes", json={"text": ""}).status_code == 422
    )
    missing = "00000000-0000-4000-8000-000000000000"
    assert store_client.post(f"/api/v1/runs/{missing}/notes", json={"text": "x"}).status_code == 404
    anonymous = store_client.post(
        f"/api/v1/runs/{run_ids[1]}/notes", json={"text": "x"}, headers={"Authorization": ""}
    )
    assert anonymous.status_code == 401


def test_a_run_holds_at_most_twenty_notes_of_at_most_4000_characters(store_client):
    [run_id] = upload(store_client, synthetic_runs()[:1])
    url = f"/api/v1/runs/{run_id}/notes"
    for number in range(MAX_NOTES_PER_RUN):
        assert store_client.post(url, json={"text": f"{number} " + "n" * 3990}).status_code == 201
    over = store_client.post(url, json={"text": "one more"})
    assert (over.status_code, over.headers["content-type"]) == (409, PROBLEM_JSON)
    assert over.json()["detail"] == f"run {run_id} holds 20 notes, the most a run may hold (20)"
    assert over.json()["errors"] == [{"field": "notes", "message": "at most 20 per run"}]
    long = store_client.post(url, json={"text": "n" * 4001})
    assert (long.status_code, long.json()["errors"][0]["field"]) == (422, "text")
    notes = store_client.get(f"/api/v1/runs/{run_id}").json()["notes"]
    assert [note["text"].split()[0] for note in notes] == [str(n) for n in range(20)]


def test_delete_needs_admin_and_removes_the_run_everywhere(store_client, store_url):
    run_ids = upload(store_client, synthetic_runs())
    step_run = run_ids[STEP_RUN - 1]
    store_client.post(f"/api/v1/runs/{step_run}/notes", json={"text": "suspicious"})
    assert store_client.delete(f"/api/v1/runs/{step_run}").status_code == 403
    assert (
        store_client.delete(f"/api/v1/runs/{step_run}", headers=store_client.admin).status_code
        == 204
    )
    assert (
        store_client.delete(f"/api/v1/runs/{step_run}", headers=store_client.admin).status_code
        == 404
    )
    assert store_client.get(f"/api/v1/runs/{step_run}").status_code == 404
    listed = [r["run_id"] for r in store_client.get("/api/v1/runs").json()["data"]]
    assert step_run not in listed and len(listed) == RUNS - 1
    assert store_client.get("/api/v1/results", params={"run": step_run}).json()["data"] == []
    chart = store_client.get(
        "/api/v1/chart", params={"metric": "ns_per_op", "x": "run", "series": "operation"}
    ).json()
    assert all(step_run not in [p["x"] for p in s["points"]] for s in chart["series"])
    assert all(len(s["points"]) == RUNS - 1 for s in chart["series"])
    facets = store_client.get("/api/v1/facets").json()["dimensions"]
    runs_facet = next(f for f in facets if f["name"] == "run")
    assert step_run not in [v["value"] for v in runs_facet["values"]]
    history = store_client.get("/api/v1/history", params={"metric": "ns_per_op"}).json()
    assert step_run not in [p["run_id"] for p in history["series"][0]["points"]]
    # The step is now at the next run, as a detection over the remaining runs finds it.
    changes = store_client.get("/api/v1/changes").json()["changes"]
    assert [c["run_id"] for c in changes] == [run_ids[STEP_RUN]]
    assert _stored_changes(store_url) == _rebuilt_changes(store_url)
    engine = create_engine(store_url)
    after_delete = snapshot(engine)
    with engine.begin() as connection:
        rollups.rebuild(connection)
    assert_same(after_delete, snapshot(engine))
    engine.dispose()
    engine = create_engine(store_url)
    with engine.connect() as c:
        counts = [
            c.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()
            for t in ("runs", "results", "run_notes")
        ]
    engine.dispose()
    assert counts == [RUNS - 1, 2 * (RUNS - 1), 0]


def test_deleting_the_last_run_of_a_machine_removes_the_machine(store_client):
    (run_id,) = upload(store_client, synthetic_runs()[:1])
    assert (
        store_client.delete(f"/api/v1/runs/{run_id}", headers=store_client.admin).status_code == 204
    )
    assert store_client.get("/api/v1/machines").json()["data"] == []


COLUMNS = "run_pk, baseline_run_pk, lineage, name, before, after, ratio, direction, what_changed"


def _stored_changes(url: str) -> list:
    engine = create_engine(url)
    with engine.connect() as c:
        rows = c.execute(text(f"SELECT {COLUMNS} FROM changes ORDER BY run_pk, lineage")).all()
    engine.dispose()
    return [tuple(r) for r in rows]


def _rebuilt_changes(url: str) -> list:
    engine = create_engine(url)
    with engine.begin() as c:
        detect_all(c)
    engine.dispose()
    return _stored_changes(url)


def test_changes_detect_over_stored_runs_finds_what_ingest_found(store_client, store_url):
    upload(store_client, synthetic_runs())
    stored = _stored_changes(store_url)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from cryptobench_server.cli import main; main()",
            "changes",
            "detect",
        ],
        env={**os.environ, "CRYPTOBENCH_DATABASE_URL": store_url},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (0, "changes: 1 found over every stored run\n")
    assert _stored_changes(store_url) == stored


def test_versions_sort_as_versions_on_chart_axes_series_and_facets(store_client):
    docs = synthetic_runs()[:5]
    versions = ["3.0.13", "3.10", "3.0.2", "1.1.1g", "3.5.0"]
    for doc, version in zip(docs, versions, strict=False):
        for r in doc["results"]:
            r["library_version"] = version
    upload(store_client, docs)
    expected = ["1.1.1g", "3.0.2", "3.0.13", "3.5.0", "3.10"]
    chart = store_client.get(
        "/api/v1/chart",
        params={"metric": "ns_per_op", "x": "library_version", "operation": "sign"},
    ).json()
    assert [p["x"] for p in chart["series"][0]["points"]] == expected
    chart = store_client.get(
        "/api/v1/chart",
        params={"metric": "ns_per_op", "x": "operation", "series": "library_version"},
    ).json()
    assert [s["key"]["library_version"] for s in chart["series"]] == expected
    facets = store_client.get("/api/v1/facets").json()["dimensions"]
    versions_facet = next(f for f in facets if f["name"] == "library_version")
    assert [v["value"] for v in versions_facet["values"]] == expected
