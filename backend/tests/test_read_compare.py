"""GET /api/v1/compare: shared results, ratios, speedups, verdicts against noise, natural order,
geomean, differences."""

import math

import pytest
from factories import make_result, make_run_doc
from test_read_support import JMH1, JMH2, O2, O2B, OS

BLOCKS = (16, 64, 256, 1024, 8192, 16384)
#: Six openssl runs of one machine: AES-128-CBC's throughput moves 6% between runs (the noise),
#: the fifth run is 1.034x slower than the fourth, the sixth runs with AES-NI masked (x0.21).
LEVELS = (1.0, 1.06, 1.0, 1.06, 1.06 / 1.034, 0.21)
#: The series' noise before runs 4 and 5 (runs 1-3 and 1-4): 1.4826 * median |ln step| / sqrt 2
#: (every step is ln 1.06); the noise of a ratio of two of its runs is sqrt 2 times that.
SIGMA = 1.4826 * math.log(1.06) / math.sqrt(2)


def compare(client, baseline, contender, metric):
    response = client.get(
        "/api/v1/compare", params={"baseline": baseline, "contender": contender, "metric": metric}
    )
    assert response.status_code == 200, response.text
    return response.json()


def test_opt_levels_on_time_per_operation(loaded):
    body = compare(loaded, O2, OS, "ns_per_op")
    assert (body["metric"], body["unit"], body["less_is_better"]) == ("ns_per_op", "ns/op", True)
    assert (body["baseline"]["run_id"], body["contender"]["tags"]) == (O2, {"opt_level": "-Os"})
    assert [
        (r["params"], r["baseline"], r["contender"], r["ratio"], r["verdict"]) for r in body["rows"]
    ] == [
        ({"key_bits": 2048, "padding": "pkcs1v15"}, 9e6, 11e6, 11e6 / 9e6, "worse"),
        ({"key_bits": 2048, "padding": "pss"}, 10e6, 12.5e6, 1.25, "worse"),
        ({"key_bits": 4096, "padding": "pkcs1v15"}, 25e6, 35e6, 1.4, "worse"),
        ({"key_bits": 4096, "padding": "pss"}, 30e6, 40e6, 40e6 / 30e6, "worse"),
    ]
    expected = math.exp(
        (math.log(11e6 / 9e6) + math.log(1.25) + math.log(1.4) + math.log(40e6 / 30e6)) / 4
    )
    assert (body["geomean_ratio"], body["geomean_verdict"]) == (expected, "worse")
    assert body["differences"] == [
        {"field": "tag.opt_level", "baseline": "-O2", "contender": "-Os"}
    ]
    fields = body["fields"]
    assert fields[0] == {
        "field": "tag.opt_level",
        "baseline": "-O2",
        "contender": "-Os",
        "differs": True,
        "lines": None,
    }
    assert not any(f["differs"] for f in fields[1:])
    assert {"machine.name", "clock_hz", "tool.name", "source"} <= {f["field"] for f in fields}


def test_direction_flips_for_throughput_and_repeats_use_the_median(loaded):
    body = compare(loaded, OS, O2B, "ops_per_s")
    assert (body["unit"], body["less_is_better"]) == ("ops/s", False)
    assert [
        (r["params"], r["baseline"], r["contender"], r["ratio"], r["verdict"]) for r in body["rows"]
    ] == [
        (
            {"key_bits": 2048, "padding": "pss"},
            80.0,
            (1.6e8 / 1.76e6 + 1.6e8 / 2.4e6) / 2,
            (1.6e8 / 1.76e6 + 1.6e8 / 2.4e6) / 2 / 80.0,
            "worse",
        ),
        ({"key_bits": 4096, "padding": "pss"}, 25.0, 31.25, 1.25, "better"),
    ]
    assert body["differences"] == [
        {"field": "tag.opt_level", "baseline": "-Os", "contender": "-O2"}
    ]


def test_runs_sharing_nothing_and_field_differences(loaded):
    body = compare(loaded, O2, JMH1, "ops_per_s")
    assert (body["rows"], body["geomean_ratio"]) == ([], None)
    fields = {d["field"]: (d["baseline"], d["contender"]) for d in body["differences"]}
    assert fields["source"] == ("esp32c6-serial", "jmh")
    assert fields["clock_hz"] == (160e6, None)
    assert fields["machine.name"] == ("esp32c6-devkit-1", "jvm-host")
    assert fields["tool.version"] == ("1.0.0", "1.37")
    assert fields["tag.opt_level"] == ("-O2", None)
    assert fields["tag.jvm"] == (None, "21")
    assert "machine.os" not in fields


def test_jmh_error_free_compare_and_unknown_run(loaded):
    body = compare(loaded, JMH1, JMH2, "ops_per_s")
    assert [(r["params"]["curve"], r["ratio"], r["verdict"]) for r in body["rows"]] == [
        ("secp256k1", 850.0 / 800.0, "better"),
        ("secp256r1", 1.1, "better"),
    ]
    missing = loaded.get(
        "/api/v1/compare",
        params={"baseline": O2, "contender": "00000000-0000-4000-8000-00000000ffff"},
    )
    assert missing.status_code == 404
    assert missing.json()["detail"] == "no run 00000000-0000-4000-8000-00000000ffff (contender)"


def openssl_run(i: int, level: float, build: str) -> dict:
    return make_run_doc(
        [
            make_result(
                name="aes-128-cbc",
                family="cipher",
                algorithm="AES-128-CBC",
                operation="encrypt",
                library="OpenSSL",
                library_version="3.0.13",
                params={"block_bytes": block},
                metric="bytes_per_s",
                value=1e9 * level * (1 + block / 65536),
                unit="B/s",
            )
            for block in reversed(BLOCKS)
        ],
        run_id=f"00000000-0000-4000-8000-0000000000c{i}",
        source="openssl-speed",
        started_at=f"2026-11-2{i}T10:00:00Z",
        finished_at=None,
        machine={"name": "x86-box", "arch": "x86_64", "cores": 8},
        tool={"name": "openssl", "version": "3.0.13", "build": build},
        tags={},
    )


@pytest.fixture
def openssl_runs(store_client):
    normal = "compiler: gcc -O3\nCPUINFO: OPENSSL_ia32cap=0x7ffaf3ffffebffff:0x27ab\nseeding: os"
    masked = "compiler: gcc -O3\nCPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x0\nseeding: os"
    for i, level in enumerate(LEVELS, start=1):
        doc = openssl_run(i, level, masked if i == 6 else normal)
        response = store_client.post("/api/v1/runs", json=doc)
        assert response.status_code == 201, response.text
    return store_client


def run_id(i: int) -> str:
    return f"00000000-0000-4000-8000-0000000000c{i}"


def test_speedups_in_natural_order_and_a_small_difference_within_noise(openssl_runs):
    body = compare(openssl_runs, run_id(4), run_id(5), "bytes_per_s")
    assert [r["params"]["block_bytes"] for r in body["rows"]] == list(BLOCKS)
    noise = math.sqrt(2) * SIGMA
    for row in body["rows"]:
        assert row["ratio"] == pytest.approx(1 / 1.034)
        assert row["speedup"] == pytest.approx(1 / 1.034)
        assert (row["noise"], row["noise_basis"], row["noise_runs"]) == (
            pytest.approx(noise),
            ["history"],
            3,
        )
        assert row["verdict"] == "within noise"
        assert (row["typed_verdict"], row["detail"]) == ("stable", f"x0.967, noise {noise:.1%}")
    assert body["geomean_speedup"] == pytest.approx(1 / 1.034)
    assert body["geomean_noise"] == pytest.approx(noise / math.sqrt(6))
    assert body["geomean_verdict"] == "within noise"


def test_a_real_step_stands_out_of_the_noise(openssl_runs):
    body = compare(openssl_runs, run_id(5), run_id(6), "bytes_per_s")
    assert {r["verdict"] for r in body["rows"]} == {"worse"}
    assert {r["typed_verdict"] for r in body["rows"]} == {"regressed"}
    assert body["rows"][0]["speedup"] == pytest.approx(0.21 * 1.034 / 1.06)
    assert body["geomean_verdict"] == "worse"
    # On time per operation the speedup keeps its sense (> 1 better), the ratio flips.
    time = compare(openssl_runs, run_id(6), run_id(5), "ns_per_op")
    assert time["rows"][0]["ratio"] == pytest.approx(0.21 * 1.034 / 1.06)
    assert time["rows"][0]["speedup"] == pytest.approx(1.06 / 1.034 / 0.21)
    assert time["geomean_verdict"] == "better"


def test_a_differing_build_shows_only_the_lines_that_differ(openssl_runs):
    body = compare(openssl_runs, run_id(5), run_id(6), "bytes_per_s")
    build = next(f for f in body["fields"] if f["field"] == "tool.build")
    assert build["differs"] and build["lines"] == {
        "hunks": [
            {
                "before": ["CPUINFO: OPENSSL_ia32cap=0x7ffaf3ffffebffff:0x27ab"],
                "after": ["CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x0"],
            }
        ],
        "unchanged": 2,
    }
    assert [f["field"] for f in body["fields"] if f["differs"]] == ["tool.build"]
    assert next(f for f in body["fields"] if f["field"] == "tool.name")["lines"] is None


def test_noise_from_the_tools_errors_without_history(loaded):
    body = compare(loaded, JMH1, JMH2, "ops_per_s")
    row = body["rows"][0]  # secp256k1: 800 +- 16 (ci99.9) vs 850 +- 5 (stddev)
    assert row["noise_basis"] == ["tool"] and row["noise_runs"] == 0
    assert row["noise"] == pytest.approx(math.hypot(16 / 3.2905 / 800, 5 / 850))
    assert row["speedup"] == pytest.approx(850 / 800)
    esp = compare(loaded, O2, OS, "ns_per_op")["rows"][0]
    assert (esp["noise"], esp["noise_basis"], esp["verdict"]) == (None, [], "worse")
    assert (esp["typed_verdict"], esp["detail"]) == ("insufficient", "0 of 3 baseline runs")
