"""A point is one experiment (issue 37), over the demo data on PostgreSQL and SQLite: every point
of the Explorer's landing view, History's default view, each seed preset and each "the seed vs
runs on other machines" view (frontend/src/lib/views.json, the one definition the UI imports)
aggregates the results of one series identity, asked of the drill-down behind it (the results
that point stands on), and pools nothing; seed 003's BeagleBone at 16 KiB is its two experiments.
"""

import json
from pathlib import Path
from typing import Any

import pytest
from history_support import read_ok

from cryptobench_server.demo import demo_documents

VIEWS = json.loads(
    (Path(__file__).parents[2] / "frontend" / "src" / "lib" / "views.json").read_text()
)


def _chart_views() -> list[tuple[str, dict[str, Any]]]:
    out = [("explorer", VIEWS["explorer"])]
    for preset in VIEWS["presets"]:
        out += [(preset["id"], preset["state"]), (f"{preset['id']} vs others", preset["others"])]
    return out


def _params(view: dict[str, Any]) -> dict[str, Any]:
    return {**view["filters"], "metric": view["metric"], "series": view["series"]}


@pytest.fixture
def demo(store_client):
    for doc in demo_documents():
        response = store_client.post(
            "/api/v1/runs", content=doc.to_json(), headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 201, response.text
    return store_client


def _identities(client, params: dict[str, Any], x_value: str, key: dict[str, Any]) -> set:
    """The series identities among the results behind one point (GET /drilldown pinned to the
    point's x and every series dimension of its key, the split ones too)."""
    pins = {"series": list(key), "series_value": [v or "" for v in key.values()]}
    body = read_ok(client, "/api/v1/drilldown", **{**params, **pins}, x_value=x_value, limit=1000)
    assert len(body["results"]) == body["summary"]["n"]
    return {
        json.dumps(
            [r[k] for k in ("algorithm", "operation", "library", "library_version", "params")]
            + [r["machine"], r["source"], r["tags"]],
            sort_keys=True,
        )
        for r in body["results"]
    }


def _pooled_points(client, params: dict[str, Any], answer: dict[str, Any], x_of) -> list:
    """(key, x) of every point that pools or stands on more than one identity."""
    out = []
    for line in answer["series"]:
        for point in line["points"]:
            identities = _identities(client, params, x_of(point), line["key"])
            if point["pooled"] or len(identities) != 1:
                out.append((line["key"], x_of(point), point["pooled"], len(identities)))
    return out


@pytest.mark.parametrize("name", [name for name, _ in _chart_views()])
def test_every_point_of_a_default_or_preset_view_is_one_experiment(demo, name):
    view = dict(_chart_views())[name]
    params = {**_params(view), "x": view["x"]}
    answer = read_ok(demo, "/api/v1/chart", **params)
    assert sum(len(s["points"]) for s in answer["series"]) > 0
    assert _pooled_points(demo, params, answer, lambda p: str(p["x"])) == []


def test_every_point_of_the_default_history_is_one_experiment(demo):
    params = _params(VIEWS["history"])
    answer = read_ok(demo, "/api/v1/history", **params)
    assert sum(len(s["points"]) for s in answer["series"]) > 0
    drill = {**params, "x": "run"}
    assert _pooled_points(demo, drill, answer, lambda p: p["run_id"]) == []


def test_seed003_beside_other_machines_keeps_the_engine_apart(demo):
    """The BeagleBone at 16 KiB: the cryptodev engine (6.62 GB/s, CPU time) and software
    (45.96 MB/s CPU time, 45.42 MB/s elapsed), never their mean 3.33 GB/s."""
    preset = next(p for p in VIEWS["presets"] if p["id"] == "openssl-cryptodev")
    answer = read_ok(demo, "/api/v1/chart", **_params(preset["others"]), x="param.block_bytes")
    at_16k = {
        (s["key"]["tag.engine"], s["key"]["tag.timing"]): p["value"]
        for s in answer["series"]
        for p in s["points"]
        if p["x"] == 16384
    }
    assert at_16k == {
        ("devcrypto", "cpu"): 6_619_136_000.0,
        ("none", "cpu"): pytest.approx(45_957_669.799, rel=1e-9),
        ("none", "elapsed"): 45_416_450.0,
    }
