"""GET /api/v1/compare: shared results, ratios, verdicts by metric direction, geomean, differences."""

import math

from test_read_support import JMH1, JMH2, O2, O2B, OS


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
