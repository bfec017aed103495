"""GET /api/v1/runs (filters, search, keyset pages), /runs/{run_id} and /machines."""

from datetime import UTC, datetime

from history_support import read_ok
from test_read_support import JMH1, JMH2, O2, O2B, OS

from cryptobench_server.api.read_common import run_label
from cryptobench_server.models import Machine, Run


def run_ids(client, **params) -> list[str]:
    return [r["run_id"] for r in read_ok(client, "/api/v1/runs", **params)["data"]]


def test_newest_first_in_pages_of_limit(loaded):
    first = loaded.get("/api/v1/runs", params={"limit": 2}).json()
    assert [r["run_id"] for r in first["data"]] == [JMH2, JMH1]
    second = loaded.get("/api/v1/runs", params={"limit": 2, "cursor": first["next_cursor"]}).json()
    assert [r["run_id"] for r in second["data"]] == [O2B, OS]
    third = loaded.get("/api/v1/runs", params={"limit": 2, "cursor": second["next_cursor"]}).json()
    assert [r["run_id"] for r in third["data"]] == [O2]
    assert third["next_cursor"] is None


def test_filters_and_search(loaded):
    assert run_ids(loaded, algorithm="ECDSA") == [JMH2, JMH1]
    assert run_ids(loaded, **{"param.key_bits": "4096", "tag.opt_level": "-O2"}) == [O2B, O2]
    assert run_ids(loaded, padding="PKCS#1 v1.5") == [OS, O2]
    assert run_ids(loaded, q="JVM-h") == [JMH2, JMH1]
    assert run_ids(loaded, q="-os") == [OS]
    assert run_ids(loaded, q="100%") == []


def test_list_item_shape(loaded):
    item = loaded.get("/api/v1/runs", params={"run": JMH1}).json()["data"][0]
    machine_id = item["machine"].pop("id")
    assert isinstance(machine_id, int)
    assert item == {
        "run_id": JMH1,
        "label": "jvm-host · jmh 1.37 · 2026-11-21 09:00 UTC · jvm=21",
        "source": "jmh",
        "started_at": "2026-11-21T09:00:00Z",
        "finished_at": None,
        "machine": {"name": "jvm-host"},
        "clock_hz": None,
        "tool": {"name": "jmh", "version": "1.37", "build": None, "options": None},
        "tags": {"jvm": "21"},
        "result_count": 3,
    }


def test_bad_cursor_is_422(loaded):
    for cursor in ("garbage", "WzEsMl0", "WyJub3QgYSBkYXRlIiwxXQ"):
        response = loaded.get("/api/v1/runs", params={"cursor": cursor})
        assert response.status_code == 422
        assert response.json()["errors"] == [{"field": "cursor", "message": "invalid cursor"}]


def test_run_detail_has_every_figure(loaded):
    body = loaded.get(f"/api/v1/runs/{O2}").json()
    assert body["machine"]["name"] == "esp32c6-devkit-1"
    assert body["machine"]["board"] == "ESP32-C6-DevKitC-1"
    assert (body["clock_hz"], body["clock_source"], body["tags"]) == (
        160e6,
        "configured",
        {"opt_level": "-O2"},
    )
    assert body["tool"] == {
        "name": "cryptobench-esp32c6",
        "version": "1.0.0",
        "build": None,
        "options": None,
    }
    assert body["artifact"] is None
    first = body["results"][0]
    first.pop("series_key")
    assert first == {
        "position": 0,
        "name": "RSA-2048 verify pss",
        "family": "signature",
        "algorithm": "RSA",
        "operation": "verify",
        "library": "Mbed TLS",
        "library_version": "3.6.2",
        "params": {"key_bits": 2048, "padding": "pss"},
        "metric": "cycles_per_op",
        "value": 1_600_000.0,
        "unit": "cycles/op",
        "error": None,
        "error_kind": None,
        "samples": None,
        "stats": None,
        "ns_per_op": 10_000_000.0,
        "ops_per_s": 100.0,
        "cycles_per_op": 1_600_000.0,
        "bytes_per_s": None,
        "cycles_per_byte": None,
        "instructions_per_op": None,
        "instructions_per_byte": None,
        "derived": ["ops_per_s", "ns_per_op"],
        "flags": [],
    }
    assert [r["params"]["padding"] for r in body["results"]] == [
        "pss",
        "pkcs1v15",
        "pss",
        "pkcs1v15",
    ]


def test_unknown_run_is_404_problem(loaded):
    response = loaded.get("/api/v1/runs/00000000-0000-4000-8000-00000000ffff")
    assert response.status_code == 404
    assert response.json()["detail"] == "no run 00000000-0000-4000-8000-00000000ffff"


def test_a_malformed_run_id_stays_a_422_naming_it(loaded):
    response = loaded.get("/api/v1/runs/not-a-run")
    assert response.status_code == 422
    assert [e["field"] for e in response.json()["errors"]] == ["run_id"]


def test_a_run_is_labelled_by_machine_tool_start_and_its_first_tags():
    """The label of the run list, the run page, the run facet and the drill-down's runs."""
    run = Run(
        machine=Machine(name="bbb-01"),
        source="openssl-speed",
        tool_name="openssl",
        tool_version=None,
        started_at=datetime(2026, 4, 3, 8, 4, 59, tzinfo=UTC),
        tags={"z": "1", "a": "2", "m": "3", "b": "4", "c": "5"},
    )
    assert run_label(run) == "bbb-01 · openssl · 2026-04-03 08:04 UTC · a=2 · b=4 · c=5 · +2 tags"
    run.tool_name, run.tags = "", {}
    assert run_label(run) == "bbb-01 · openssl-speed · 2026-04-03 08:04 UTC"


def test_machines_with_run_counts(loaded):
    body = loaded.get("/api/v1/machines", params={"limit": 1}).json()
    assert [(m["name"], m["run_count"], m["cpu_model"]) for m in body["data"]] == [
        ("esp32c6-devkit-1", 3, "ESP32-C6")
    ]
    rest = loaded.get("/api/v1/machines", params={"limit": 1, "cursor": body["next_cursor"]}).json()
    assert [(m["name"], m["run_count"], m["cores"]) for m in rest["data"]] == [("jvm-host", 2, 8)]
    assert rest["next_cursor"] is None


def test_reads_need_a_token_when_the_operator_turns_read_tokens_on(pg_url, tmp_path):
    from factories import create_test_token
    from fastapi.testclient import TestClient

    from cryptobench_server.app import create_app
    from cryptobench_server.config import Settings

    app = create_app(Settings(database_url=pg_url, data_dir=tmp_path, read_tokens=True))
    token = create_test_token(pg_url, scope="read")
    paths = [
        "/api/v1/runs",
        "/api/v1/machines",
        "/api/v1/facets",
        "/api/v1/chart?metric=ns_per_op&x=algorithm",
        f"/api/v1/compare?baseline={O2}&contender={OS}",
        "/api/v1/results",
        f"/api/v1/runs/{O2}",
    ]
    with TestClient(app) as client:
        assert [client.get(p).status_code for p in paths] == [401] * len(paths)
        authed = [
            client.get(p, headers={"Authorization": f"Bearer {token}"}).status_code for p in paths
        ]
    assert authed == [200, 200, 200, 200, 404, 200, 404]
    app.state.engine.dispose()
