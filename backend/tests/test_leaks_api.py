"""GET /api/v1/leaks and GET /api/v1/leaks/{run_id}/{position} on PostgreSQL and SQLite.

The data: two leak screens as a collector uploads them (one run tagged mode=leak-test, results
in pairs differing only by params.input_class, per-sample measurements in `raw`), synthetic
from seeded known distributions: a host run timing an early-exit compare (the random class 3%
slower: a leak) and a constant-time compare (one distribution: none detected) in ns, and an
RV32 run counting instructions (the early-exit compare's counts depend on the input, the
constant-time one's do not); and dudect's own output (oreparaz/dudect's README, the parsers'
held-out fixture) through POST /imports, as a user pastes it.
"""

from pathlib import Path

import numpy as np
import pytest
from factories import create_test_token, make_result, make_run_doc
from fastapi.testclient import TestClient
from history_support import read_ok, store_app

from cryptobench_server.migrate import upgrade

DUDECT = (
    Path(__file__).parents[2]
    / "parsers/tests/fixtures/heldout/dudect/oreparaz-dudect_README_typical_output.md"
)
HOST, RV32 = "leak-host", "qemu-riscv32-virt"
N = 2000


def _pair(name: str, metric: str, unit: str, fixed: np.ndarray, random: np.ndarray) -> list:
    def one(cls: str, raw: np.ndarray) -> dict:
        return make_result(
            name=f"{name} {cls}",
            family="mac",
            algorithm="compare",
            operation="verify",
            library="fixtures",
            library_version="1.0",
            params={"message_bytes": 32, "variant": name, "input_class": cls},
            metric=metric,
            value=float(np.median(raw)),
            unit=unit,
            samples=len(raw),
            raw=raw.tolist(),
        )

    return [one("fixed", fixed), one("random", random)]


def _docs() -> list[dict]:
    rng = np.random.default_rng(40)
    host = _pair(
        "early-exit", "ns_per_op", "ns/op", rng.normal(1000, 20, N), rng.normal(1030, 20, N)
    ) + _pair("constant-time", "ns_per_op", "ns/op", rng.normal(900, 20, N), rng.normal(900, 20, N))
    counts = rng.integers(1180, 1311, 500).astype(float)
    rv32 = _pair(
        "early-exit", "instructions_per_op", "instructions/op", np.full(500, 1180.0), counts
    ) + _pair(
        "constant-time",
        "instructions_per_op",
        "instructions/op",
        np.full(500, 812.0),
        np.full(500, 812.0),
    )
    machine = {"name": HOST, "arch": "x86_64", "cpu_model": "test CPU", "cores": 2}
    rv32_machine = {"name": RV32, "arch": "riscv32", "cpu_model": "QEMU virt, rv32imac", "cores": 1}
    tags = {"mode": "leak-test"}
    return [
        make_run_doc(host, source="manual", machine=machine, tags=tags),
        make_run_doc(
            rv32,
            source="esp32c6-serial",
            machine=rv32_machine,
            tags=tags,
            started_at="2026-11-21T10:00:00Z",
            finished_at="2026-11-21T10:01:00Z",
        ),
    ]


@pytest.fixture(scope="module", params=["postgresql", "sqlite"])
def client(request, tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp(request.param)
    if request.param == "postgresql":
        url = request.getfixturevalue("make_database")()
    else:
        url = f"sqlite:///{tmp_path / 'leaks.sqlite'}"
        upgrade(url)
    app = store_app(url, tmp_path)
    headers = {"Authorization": f"Bearer {create_test_token(url)}"}
    with TestClient(app) as test_client:
        for doc in _docs():
            response = test_client.post("/api/v1/runs", json=doc, headers=headers)
            assert response.status_code == 201, response.text
        response = test_client.post(
            "/api/v1/imports",
            params={"format": "dudect", "machine_name": "dudect-readme"},
            content=DUDECT.read_bytes(),
            headers={**headers, "Content-Type": "text/plain"},
        )
        assert response.status_code == 201, response.text
        yield test_client
    app.state.engine.dispose()


def _by(body: dict) -> dict:
    return {(s["machine"], s["params"].get("variant", s["name"])): s for s in body["screens"]}


def test_every_screen_has_a_verdict_with_its_scope(client):
    body = read_ok(client, "/api/v1/leaks")
    assert body["threshold"] == 4.5
    assert "timing only" in body["scope"] and "not proof" in body["scope"]
    found = {key: s["verdict"]["kind"] for key, s in _by(body).items()}
    assert found == {
        (HOST, "early-exit"): "leak",
        (HOST, "constant-time"): "none",
        (RV32, "early-exit"): "leak",
        (RV32, "constant-time"): "none",
        ("dudect-readme", "dudect_cmpmemcmp_-O2"): "leak",
        ("dudect-readme", "dudect_aes32_-O2"): "leak",
        ("dudect-readme", "dudect_donnabad_-O2"): "leak",
        ("dudect-readme", "dudect_cmpct_-O2"): "none",
    }
    assert body["truncated"] is False


def test_timing_screens(client):
    screens = _by(read_ok(client, "/api/v1/leaks", machine=HOST))
    leak, none = screens[(HOST, "early-exit")], screens[(HOST, "constant-time")]
    assert [c["name"] for c in leak["classes"]] == ["fixed", "random"]
    assert [c["n"] for c in leak["classes"]] == [N, N]
    assert (leak["metric"], leak["unit"], leak["params"]) == (
        "ns_per_op",
        "ns/op",
        {"message_bytes": 32, "variant": "early-exit"},
    )
    verdict = leak["verdict"]
    assert verdict["text"] == f"leak detected (t = {verdict['t']:.1f}, 4,000 samples)"
    assert 40 < verdict["t"] < 55  # 30 / (20 * sqrt(2 / 2000)) = 47.4
    assert verdict["p"] == 0.0 and verdict["rank_p"] < 1e-5
    assert none["verdict"]["text"].startswith("none detected: a difference below 0.")
    assert abs(none["verdict"]["t"]) < 4.5
    assert 880 < none["speed"] < 920


def test_instruction_count_screens(client):
    screens = _by(read_ok(client, "/api/v1/leaks", machine=RV32))
    leak = screens[(RV32, "early-exit")]
    low, high = leak["classes"][1]["min"], leak["classes"][1]["max"]
    assert leak["verdict"]["text"] == (
        f"leak: instruction counts differ by class (fixed 1,180..1,180, random "
        f"{low:,.0f}..{high:,.0f})"
    )
    assert (leak["verdict"]["evidence"], leak["unit"]) == ("counts", "instructions/op")
    assert screens[(RV32, "constant-time")]["verdict"]["text"] == (
        "none detected: the same instruction counts in both classes (812..812, 1,000 samples)"
    )


def test_filters_and_limit(client):
    body = read_ok(client, "/api/v1/leaks", **{"param.variant": "early-exit"}, limit=1)
    assert body["truncated"] is True
    assert [s["machine"] for s in body["screens"]] == [RV32]


def test_drilldown(client):
    listed = _by(read_ok(client, "/api/v1/leaks", machine=HOST))[(HOST, "early-exit")]
    body = read_ok(client, f"/api/v1/leaks/{listed['run_id']}/{listed['position']}")
    assert body["screen"] == listed
    assert len(body["edges"]) == 41
    assert [h["name"] for h in body["histograms"]] == ["fixed", "random"]
    assert [sum(h["counts"]) + h["below"] + h["above"] for h in body["histograms"]] == [N, N]
    interval = body["interval"]
    assert interval["low"] < 30 < interval["high"] and interval["high"] - interval["low"] < 5
    assert body["progress"][0]["samples"] == 10
    # t against samples ends at the verdict's t, of the samples at or below the 99th percentile
    assert listed["verdict"]["cropped"] == 40
    assert body["progress"][-1] == {"samples": 2 * N - 40, "t": listed["verdict"]["t"]}


def test_exact_counts_have_no_t_against_samples(client):
    listed = _by(read_ok(client, "/api/v1/leaks", machine=RV32))[(RV32, "early-exit")]
    body = read_ok(client, f"/api/v1/leaks/{listed['run_id']}/{listed['position']}")
    assert (body["progress"], len(body["histograms"])) == ([], 2)


def test_dudect_drilldown_has_no_samples(client):
    listed = _by(read_ok(client, "/api/v1/leaks"))[("dudect-readme", "dudect_cmpct_-O2")]
    body = read_ok(client, f"/api/v1/leaks/{listed['run_id']}/{listed['position']}")
    assert (body["histograms"], body["progress"], body["interval"]) == ([], [], None)
    assert listed["verdict"]["evidence"] == "dudect"


@pytest.mark.parametrize(
    ("path", "params", "status", "field"),
    [
        ("/api/v1/leaks", {"nonsense": "1"}, 422, "nonsense"),
        ("/api/v1/leaks", {"limit": "0"}, 422, "limit"),
        ("/api/v1/leaks/not-a-uuid/0", {}, 422, "run_id"),
        ("/api/v1/leaks/00000000-0000-0000-0000-000000000000/0", {}, 404, None),
    ],
)
def test_bad_requests_are_problems(client, path, params, status, field):
    response = client.get(path, params=params)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("application/problem+json")
    if field:
        assert field in response.text
