"""GET /api/v1/drilldown on PostgreSQL and SQLite: the results behind one chart point, with
their raw samples and stats converted into the chart's metric, from real collector output.

The data: JMH's JSON of this repository's suite in all four modes (thrpt with raw data, avgt,
sample with percentiles only, ss) and a two-fork avgt file, the firmware's host build output
(min/median/max in ns), and the ECC runner's document (20 samples per result, in ns); the first
three through POST /imports, as a user would send them, the last as `cryptobench run ecc` did.
"""

import json
from pathlib import Path

import pytest
from factories import create_test_token
from fastapi.testclient import TestClient
from history_support import read_ok, store_app

from cryptobench_server.migrate import upgrade

COLLECTOR_FIXTURES = Path(__file__).parents[2] / "collectors" / "tests" / "fixtures"
ECC_RUN = Path(__file__).parent / "fixtures" / "drilldown" / "ecc_ecpy_affine_secp256k1_n20.json"
IMPORTS = (
    ("jmh", "jmh/cryptobench_1.37_all_modes_gc.json", "jmh-host"),
    ("jmh", "jmh/mariofusco_jmh-playground_1.37_avgt_nan.json", "jmh-host"),
    ("serial", "serial/host_quick_run.log", "fw-host"),
)
MARIO = "org.jmhplayground.infra.BranchPrediction.immutableSet"


@pytest.fixture(scope="module", params=["postgresql", "sqlite"])
def client(request, tmp_path_factory):
    """A client over the data above, loaded once per database (the tests only read)."""
    tmp_path = tmp_path_factory.mktemp(request.param)
    if request.param == "postgresql":
        url = request.getfixturevalue("make_database")()
    else:
        url = f"sqlite:///{tmp_path / 'drill.sqlite'}"
        upgrade(url)
    app = store_app(url, tmp_path)
    headers = {"Authorization": f"Bearer {create_test_token(url)}"}
    with TestClient(app) as test_client:
        for kind, name, machine in IMPORTS:
            response = test_client.post(
                "/api/v1/imports",
                params={"format": kind, "machine_name": machine},
                content=(COLLECTOR_FIXTURES / name).read_bytes(),
                headers={**headers, "Content-Type": "text/plain"},
            )
            assert response.status_code == 201, response.text
        response = test_client.post(
            "/api/v1/runs", json=json.loads(ECC_RUN.read_text()), headers=headers
        )
        assert response.status_code == 201, response.text
        yield test_client
    app.state.engine.dispose()


def drill(client, **params):
    return read_ok(client, "/api/v1/drilldown", **params)


def chart_point(client, *, metric, x, x_value, series=(), key=(), **filters):
    """The point of GET /chart that the drill-down names: pooling what the chart would split,
    as the drill-down of only these series dimensions does."""
    on = {"metric": metric, "x": x, "series": list(series), **filters}
    split = read_ok(client, "/api/v1/chart", **on)["split"]
    drawn = read_ok(client, "/api/v1/chart", pool=split, **on)
    wanted = dict(zip(series, key, strict=True))
    for line in drawn["series"]:
        if line["key"] == wanted:
            for point in line["points"]:
                if str(point["x"]) == x_value:
                    return point
    raise AssertionError(f"no chart point {x_value} {wanted}")


def assert_same_as_chart(body, point):
    summary = body["summary"]
    assert (summary["n"], summary["min"], summary["max"]) == (
        point["n"],
        point["min"],
        point["max"],
    )
    assert summary["median"] == point["value"]


def test_jmh_modes_behind_one_point_in_ns(client):
    """thrpt (raw, reciprocal), avgt (raw, scaled), sample (percentiles only), ss (raw)."""
    point = {"metric": "ns_per_op", "x": "algorithm", "x_value": "SHA-256", "source": "jmh"}
    body = drill(client, **point)
    assert_same_as_chart(body, chart_point(client, **point))
    assert body["result_total"] == 4 and body["run_total"] == 1
    (run,) = body["runs"]
    assert (run["machine"]["name"], run["source"], run["result_count"]) == ("jmh-host", "jmh", 19)
    assert run["point_results"] == 4
    thrpt, avgt, sample, ss = body["results"]
    assert [r["unit"] for r in body["results"]] == ["ops/s", "s/op", "s/op", "s/op"]

    low, mid, high = 680701.4800782413, 830299.517575681, 979897.5550731207
    assert thrpt["figure"] == 1e9 / mid
    dist = thrpt["distribution"]
    assert (dist["metric"], dist["unit"], dist["converted"], dist["reciprocal"]) == (
        "ns_per_op",
        "ns/op",
        True,
        True,
    )
    assert dist["values"] == [1e9 / low, 1e9 / high] and dist["forks"] == 1
    # The slowest iteration's throughput is the longest time: min and max, p90 and p10 swap.
    assert dist["marks"]["min"] == 1e9 / high and dist["marks"]["max"] == 1e9 / low
    assert dist["marks"]["median"] == 1e9 / mid
    assert dist["marks"]["p10"] == dist["marks"]["p0.0001"] == 1e9 / high
    assert "p90" not in dist["marks"] and dist["left_out"] == []

    assert avgt["distribution"]["values"] == [
        1e9 * 1.1445014631732906e-06,
        1e9 * 1.0838685756510108e-06,
    ]
    assert avgt["distribution"]["reciprocal"] is False

    assert sample["samples"] == 55851 and sample["error_kind"] == "ci99.9"
    dist = sample["distribution"]
    assert dist["values"] is None and dist["forks"] is None
    assert dist["marks"] == {
        "min": 1e9 * 7.310000000000001e-07,
        "median": 1e9 * 7.410000000000001e-07,
        "p90": 1e9 * 8.22e-07,
        "p95": 1e9 * 9.02e-07,
        "p99": 1e9 * 2.5920000000000003e-06,
        "p99.9": 1e9 * 5.047680000001332e-05,
        "p99.99": 1e9 * 0.02769065082879925,
        "max": 1e9 * 0.035979264000000004,
        "p99.999": 1e9 * 0.035979264000000004,
        "p99.9999": 1e9 * 0.035979264000000004,
    }
    assert list(dist["marks"])[:4] == ["min", "median", "p90", "p95"]

    assert ss["distribution"]["values"] == [1e9 * 0.000757722, 1e9 * 0.000507206]


def test_jmh_forks_are_flattened_and_counted(client):
    body = drill(client, metric="ns_per_op", x="algorithm", x_value=MARIO, source="jmh")
    (result,) = body["results"]
    assert result["params"] == {"same": "false", "shuffle": "true"}
    dist = result["distribution"]
    assert dist["forks"] == 2 and dist["omitted"] == 0
    assert dist["values"] == [
        26.67990477107118,
        26.813523859241688,
        26.659057254870827,
        26.722048279016736,
        27.51711270805394,
        26.421016128570237,
        32.963535678068794,
        28.079673213968487,
        26.65039594700254,
        26.677383620094446,
    ]


AES_1024 = {
    "x": "param.block_bytes",
    "x_value": "1024",
    "series": ("algorithm",),
    "key": ("AES-128-CBC",),
    "source": "esp32c6-serial",
}


def firmware(client, metric):
    params = {k: v for k, v in AES_1024.items() if k != "key"}
    return drill(client, metric=metric, series_value=list(AES_1024["key"]), **params)


def test_firmware_min_median_max_in_its_unit_and_as_throughput(client):
    """aes-128-cbc-1024: n 3, min 1915, median 1918, max 1929 ns; as bytes/s the fastest
    iteration is the highest throughput."""
    body = firmware(client, "ns_per_op")
    assert_same_as_chart(body, chart_point(client, metric="ns_per_op", **AES_1024))
    (result,) = body["results"]
    assert (result["name"], result["samples"], result["machine"]) == (
        "aes-128-cbc-1024",
        3,
        "fw-host",
    )
    assert result["tags"] == {"hw_accel": "aesni", "opt_level": "-O2", "target": "host"}
    dist = result["distribution"]
    assert dist["values"] is None
    assert dist["marks"] == {"min": 1915.0, "median": 1918.0, "max": 1929.0}

    body = firmware(client, "bytes_per_s")
    assert_same_as_chart(body, chart_point(client, metric="bytes_per_s", **AES_1024))
    (result,) = body["results"]
    assert result["figure"] == 1024e9 / 1918
    dist = result["distribution"]
    assert (dist["unit"], dist["reciprocal"]) == ("B/s", True)
    assert dist["marks"] == {"min": 1024e9 / 1929, "median": 1024e9 / 1918, "max": 1024e9 / 1915}


def test_an_absent_series_value_is_the_results_without_it(client):
    """RSA verify without padding has no hash: key {param.hash: null} is those two results."""
    point = {
        "metric": "ns_per_op",
        "x": "algorithm",
        "x_value": "RSA",
        "series": ("param.hash",),
        "operation": "verify",
        "source": "esp32c6-serial",
    }
    body = drill(client, series_value=[""], **point)
    assert body["key"] == {"param.hash": None}
    assert [r["name"] for r in body["results"]] == ["rsa-2048-none-verify", "rsa-3072-none-verify"]
    assert body["summary"]["median"] == (67656.0 + 183582.0) / 2
    assert_same_as_chart(body, chart_point(client, key=(None,), **point))


ECC = json.loads(ECC_RUN.read_text())
ECPY_ADD = next(r for r in ECC["results"] if r["name"] == "point-add" and r["library"] == "ECpy")


def ecpy_add(client, metric):
    return drill(
        client,
        metric=metric,
        x="library",
        x_value="ECpy",
        series="param.variant",
        series_value="",
        operation="point-add",
        source="python-ecc",
    )


def test_ecc_runner_samples_in_ns_cycles_and_ops(client):
    raw, stats = ECPY_ADD["raw"], ECPY_ADD["stats"]
    assert len(raw) == 20 and set(stats) == {"mean", "median", "min", "max", "stddev"}

    (result,) = ecpy_add(client, "ns_per_op")["results"]
    dist = result["distribution"]
    assert dist["values"] == raw and dist["forks"] is None
    assert dist["marks"] == stats and dist["left_out"] == []

    (result,) = ecpy_add(client, "cycles_per_op")["results"]
    dist = result["distribution"]
    assert dist["unit"] == "cycles/op"
    clock = ECC["machine"]["clock_hz"] / 1e9
    assert dist["values"] == [clock * v for v in raw]
    assert dist["marks"] == {k: clock * v for k, v in stats.items()}

    (result,) = ecpy_add(client, "ops_per_s")["results"]
    dist = result["distribution"]
    assert dist["values"] == [1e9 / v for v in raw]
    # A mean or a standard deviation of times says nothing exact about rates.
    assert dist["left_out"] == ["mean", "stddev"]
    assert dist["marks"] == {
        "min": 1e9 / stats["max"],
        "median": 1e9 / stats["median"],
        "max": 1e9 / stats["min"],
    }


def test_runs_and_results_stop_at_limit_the_summary_does_not(client):
    """Family hash: 4 JMH results and 7 firmware ones (sha256-fixed-message and 6 sizes)."""
    body = drill(client, metric="ns_per_op", x="family", x_value="hash", limit=1)
    assert (body["run_total"], body["result_total"], body["summary"]["n"]) == (2, 11, 11)
    assert len(body["runs"]) == 1 and len(body["results"]) == 1
    every = drill(client, metric="ns_per_op", x="family", x_value="hash")
    assert sorted(r["point_results"] for r in every["runs"]) == [4, 7]
    assert every["results"][0] == body["results"][0]
    assert every["runs"][0]["run_id"] == body["runs"][0]["run_id"]


def test_a_run_as_the_x_dimension(client):
    body = drill(
        client,
        metric="ns_per_op",
        x="run",
        x_value=ECC["run_id"],
        series="library",
        series_value="ECpy",
    )
    assert body["result_total"] == 11
    assert {r["run_id"] for r in body["results"]} == {ECC["run_id"]}


def test_a_point_with_nothing_behind_it(client):
    body = drill(client, metric="ns_per_op", x="algorithm", x_value="Ed448")
    assert body["summary"] is None
    assert (body["run_total"], body["result_total"], body["runs"], body["results"]) == (
        0,
        0,
        [],
        [],
    )


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"series": "library"}, "series_value"),
        ({"series_value": "x"}, "series_value"),
        ({"x": "nonsense"}, "x"),
        ({"colour": "blue"}, "colour"),
        ({"metric": "other"}, "metric"),
        ({"limit": 0}, "limit"),
    ],
)
def test_bad_requests_are_problems_naming_the_field(client, params, field):
    query = {"metric": "ns_per_op", "x": "algorithm", "x_value": "RSA", **params}
    response = client.get("/api/v1/drilldown", params=query)
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"
    assert field in [e["field"] for e in response.json()["errors"]]


def test_documented_in_the_openapi_schema(client):
    operation = client.get("/openapi.json").json()["paths"]["/api/v1/drilldown"]["get"]
    assert operation["operationId"] == "drilldown-get_drilldown"
    assert operation["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Drilldown"
    }
    assert "application/problem+json" in operation["responses"]["422"]["content"]


@pytest.mark.parametrize(
    ("metric", "x", "series"),
    [
        ("ns_per_op", "param.key_bits", ["param.padding", "tag.opt_level"]),
        ("ops_per_s", "algorithm", ["tag.opt_level"]),
        ("cycles_per_op", "run", ["machine"]),
        ("ns_per_op", "param.message_bytes", ["param.curve", "operation"]),
    ],
)
def test_every_point_of_a_chart_is_what_its_drilldown_counts(loaded, metric, x, series):
    """Over test_read_support's runs: n, min, max and median of each point, absent values too."""
    response = loaded.get("/api/v1/chart", params={"metric": metric, "x": x, "series": series})
    assert response.status_code == 200, response.text
    points = [(line["key"], p) for line in response.json()["series"] for p in line["points"]]
    assert points
    dims = [*series, *response.json()["split"]]  # a point is one experiment: pinned by all
    for key, point in points:
        values = [key[d] or "" for d in dims]
        body = drill(
            loaded, metric=metric, x=x, x_value=str(point["x"]), series=dims, series_value=values
        )
        assert_same_as_chart(body, point)
        assert sum(run["point_results"] for run in body["runs"]) == point["n"]
        assert [r["figure"] for r in body["results"]].count(point["min"]) >= 1


@pytest.mark.parametrize(
    ("path", "params", "field"),
    [
        ("/api/v1/drilldown", {"x_value": "R\x00SA"}, "x_value"),
        ("/api/v1/drilldown", {"series": "library", "series_value": "\x00"}, "series_value"),
        ("/api/v1/drilldown", {"library": "\x00"}, "library"),
        ("/api/v1/chart", {"param.curve": "P-256\x00"}, "param.curve"),
    ],
)
def test_a_nul_character_is_a_problem_not_a_database_error(client, path, params, field):
    """PostgreSQL text cannot hold NUL: a 422 naming the parameter, on both databases."""
    point = {"x_value": "RSA"} if path.endswith("drilldown") else {}
    response = client.get(path, params={"metric": "ns_per_op", "x": "algorithm", **point, **params})
    assert response.status_code == 422, response.text
    assert [e["field"] for e in response.json()["errors"]] == [field]
