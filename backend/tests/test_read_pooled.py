"""What a point stands on, on PostgreSQL and SQLite: `pooled` on every aggregate route (chart,
relative, fit, matrix, history), versions in version order on /relative, and the plausibility
flags of seed 003's CPU-timed cryptodev figures (stored on ingest, counted on points, checked
again by `rollups rebuild`)."""

import uuid

from factories import make_result, make_run_doc
from sqlalchemy import update

from cryptobench_server.db import make_engine
from cryptobench_server.demo import demo_documents
from cryptobench_server.models import Result
from cryptobench_server.store import rollups

BLOCKS = (16, 64, 256)
AES = {"algorithm": "AES-128-CBC"}
#: seed003-openssl-speed-progress-devcrypto.json: openssl without -elapsed, engine devcrypto.
DEVCRYPTO = uuid.uuid5(
    uuid.UUID("6f1d2c3e-5a4b-4c8d-9e0f-0123456789ab"), "seed003-openssl-speed-progress-devcrypto"
)


def aes(block_bytes: int, ns: float, version: str = "3.0.13") -> dict:
    return make_result(
        name="aes-128-cbc",
        family="cipher",
        algorithm="AES-128-CBC",
        operation="encrypt",
        library="OpenSSL",
        library_version=version,
        params={"block_bytes": block_bytes},
        metric="ns_per_op",
        value=ns,
        unit="ns/op",
    )


def openssl_run(machine: str, results: list[dict], clock_hz: int = 2_000_000_000, **overrides):
    return make_run_doc(
        results,
        source="openssl-speed",
        machine={"name": machine, "arch": "x86_64", "cores": 4, "clock_hz": clock_hz},
        tool={"name": "openssl", "version": "3.0.13", "options": "speed -elapsed"},
        **{"tags": {}, **overrides},
    )


def upload(client, *docs: dict) -> None:
    for doc in docs:
        response = client.post("/api/v1/runs", json=doc)
        assert response.status_code == 201, response.text


def get(client, path: str, **params) -> dict:
    response = client.get(f"/api/v1/{path}", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def two_machines(client) -> None:
    """One experiment (AES-128-CBC at three block sizes) measured on two machines."""
    for machine, scale in (("lab-a", 1.0), ("lab-b", 2.0)):
        upload(client, openssl_run(machine, [aes(b, b * scale) for b in BLOCKS]))


def pooled(series: list[dict]) -> list[dict]:
    return [p["pooled"] for s in series for p in s["points"]]


def keyed(answer: dict) -> list[tuple[dict, list]]:
    """Each series' key with its (x, value) points."""
    return [(s["key"], [(p["x"], p["value"]) for p in s["points"]]) for s in answer["series"]]


def test_two_machines_are_split_on_every_aggregate_route(store_client):
    """A point is one experiment: what varies within a point (the machine) is split into the
    series on every route, never aggregated into a figure neither machine measured."""
    two_machines(store_client)
    apart = [{}] * 6
    on = {"x": "param.block_bytes", **AES}
    lab_a, lab_b = [(b, float(b)) for b in BLOCKS], [(b, 2.0 * b) for b in BLOCKS]

    chart = get(store_client, "chart", metric="ns_per_op", **on)
    assert chart["split"] == ["machine"]
    assert keyed(chart) == [({"machine": "lab-a"}, lab_a), ({"machine": "lab-b"}, lab_b)]
    assert pooled(chart["series"]) == apart
    split = get(store_client, "chart", metric="ns_per_op", series="machine", **on)
    assert (split["split"], keyed(split)) == ([], keyed(chart))

    relative = get(store_client, "relative", metric="ns_per_op", baseline_x="16", **on)
    assert relative["split"] == ["machine"]
    assert [[p["speedup"] for p in s["points"]] for s in relative["series"]] == [
        [1.0, 0.25, 0.0625]
    ] * 2

    fit = get(store_client, "fit", **on)
    assert (fit["split"], pooled(fit["series"])) == (["machine"], apart)
    assert [s["key"] for s in fit["series"]] == [{"machine": "lab-a"}, {"machine": "lab-b"}]

    matrix = get(store_client, "matrix", metric="ns_per_op", column="param.block_bytes", **AES)
    assert matrix["split"] == ["machine"]
    assert [r["key"]["machine"] for r in matrix["rows"]] == ["lab-a", "lab-b"]
    assert [[c["value"] for c in r["cells"]] for r in matrix["rows"]] == [
        [16.0, 64.0, 256.0],
        [32.0, 128.0, 512.0],
    ]
    for split_by in ({"split": "machine"}, {"column": "machine"}):
        query = {"column": "param.block_bytes", **split_by, **AES}
        matrix = get(store_client, "matrix", metric="ns_per_op", **query)
        assert {str(c["pooled"]) for r in matrix["rows"] for c in r["cells"] if c} == {"{}"}


def test_a_pool_asked_for_is_the_median_with_its_range(store_client):
    """`pool=machine`: the point pools the three machines as asked, says so, and is their
    median with the min-max range, whatever `agg` (never the mean of different experiments)."""
    for machine, scale in (("lab-a", 1.0), ("lab-b", 2.0), ("lab-c", 6.0)):
        upload(store_client, openssl_run(machine, [aes(16, 16 * scale)]))
    on = {"metric": "ns_per_op", "x": "param.block_bytes", "pool": "machine", **AES}
    for agg in ("median", "mean"):
        chart = get(store_client, "chart", agg=agg, **on)
        assert chart["split"] == []
        (point,) = chart["series"][0]["points"]
        summary = {k: point[k] for k in ("value", "min", "max", "n", "pooled")}
        assert summary == {
            "value": 32.0,
            "min": 16.0,
            "max": 96.0,
            "n": 3,
            "pooled": {"machine": 3},
        }


def test_history_splits_what_one_run_measured(store_client):
    two_machines(store_client)
    history = get(store_client, "history", metric="ns_per_op", **AES)
    assert history["split"] == ["param.block_bytes"]
    assert [s["key"] for s in history["series"]] == [{"param.block_bytes": str(b)} for b in BLOCKS]
    assert pooled(history["series"]) == [{}] * 6
    history = get(store_client, "history", metric="ns_per_op", series="param.block_bytes", **AES)
    assert (history["split"], pooled(history["series"])) == ([], [{}] * 6)


def test_absent_values_clocks_and_tags_are_split(store_client):
    """A tag one run has and the other lacks, and two clocks of one machine, are two
    experiments: the chart splits them."""
    upload(
        store_client,
        openssl_run("lab-a", [aes(16, 16.0)], tags={"opt_level": "-O2"}),
        openssl_run("lab-a", [aes(16, 32.0, version="3.5.0")], clock_hz=1_000_000_000),
    )
    chart = get(store_client, "chart", metric="ns_per_op", x="param.block_bytes", **AES)
    assert chart["split"] == ["library_version", "clock", "tag.opt_level"]
    assert keyed(chart) == [
        (
            {"library_version": "3.0.13", "clock": "2000000000.0", "tag.opt_level": "-O2"},
            [(16, 16.0)],
        ),
        (
            {"library_version": "3.5.0", "clock": "1000000000.0", "tag.opt_level": None},
            [(16, 32.0)],
        ),
    ]
    chart = get(
        store_client,
        "chart",
        metric="ns_per_op",
        x="param.block_bytes",
        series=["tag.opt_level", "library_version"],
        **AES,
    )
    assert chart["split"] == ["clock"] or chart["split"] == []
    assert pooled(chart["series"]) == [{}, {}]


def test_relative_sorts_versions_as_versions(store_client):
    upload(
        store_client,
        *(
            openssl_run("lab-a", [aes(16, ns, version)])
            for version, ns in (("3.10", 8.0), ("3.9", 10.0))
        ),
    )
    on = {"metric": "ns_per_op", "x": "library_version", **AES}
    assert [p["x"] for p in get(store_client, "chart", **on)["series"][0]["points"]] == [
        "3.9",
        "3.10",
    ]
    body = get(store_client, "relative", baseline_x="3.9", **on)
    assert [(p["x"], p["speedup"]) for p in body["series"][0]["points"]] == [
        ("3.9", 1.0),
        ("3.10", 1.25),
    ]


def seed003(client) -> None:
    for doc in demo_documents():
        if doc.tags.get("seed") == "003":
            response = client.post(
                "/api/v1/runs", content=doc.to_json(), headers={"Content-Type": "application/json"}
            )
            assert response.status_code == 201, response.text


def flags_by_run(client) -> dict[str, set[str]]:
    runs = get(client, "runs", **{"tag.seed": "003"})["data"]
    out = {}
    for run in runs:
        results = get(client, f"runs/{run['run_id']}")["results"]
        out[run["run_id"]] = {flag for r in results for flag in r["flags"]}
    return out


def test_seed003_cpu_time_figures_of_cryptodev_are_flagged_and_counted(store_client):
    seed003(store_client)
    flags = flags_by_run(store_client)
    assert flags.pop(str(DEVCRYPTO)) == {"cpu_time"}
    assert list(flags.values()) == [set(), set()]  # the in-process run and the -elapsed table
    chart = get(
        store_client,
        "chart",
        metric="bytes_per_s",
        x="param.block_bytes",
        series="tag.engine",
        **AES,
        **{"tag.timing": "cpu"},
    )
    marks = {
        s["key"]["tag.engine"]: {(p["flagged"], str(p["flags"])) for p in s["points"]}
        for s in chart["series"]
    }
    assert marks == {"devcrypto": {(1, "{'cpu_time': 1}")}, "none": {(0, "{}")}}


def test_rollups_rebuild_flags_what_was_stored_before_the_checker(store_client, store_url):
    seed003(store_client)
    engine = make_engine(store_url)
    with engine.begin() as connection:
        connection.execute(update(Result).values(flags=[]))
        rollups.rebuild(connection)
    engine.dispose()
    assert flags_by_run(store_client)[str(DEVCRYPTO)] == {"cpu_time"}
    chart = get(
        store_client, "chart", metric="bytes_per_s", x="tag.engine", **AES, **{"tag.seed": "003"}
    )
    flagged: dict[str, int] = {}
    for s in chart["series"]:  # split by block size, timing, ...: one experiment a point
        for p in s["points"]:
            flagged[p["x"]] = flagged.get(p["x"], 0) + p["flagged"]
    assert flagged == {"devcrypto": 6, "none": 0}
