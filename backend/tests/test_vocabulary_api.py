"""GET /api/v1/vocabulary: the contract's units, dimensions, names and verdict rule, as served."""

import re

from cryptobench_contract.libraries import LIBRARIES
from cryptobench_contract.units import UNITS


def test_metrics_carry_unit_direction_and_display_scales(client):
    body = client.get("/api/v1/vocabulary").json()
    metrics = {m["name"]: m for m in body["metrics"]}
    assert list(metrics) == [
        "ns_per_op",
        "ops_per_s",
        "cycles_per_op",
        "bytes_per_s",
        "cycles_per_byte",
    ]
    assert (metrics["ns_per_op"]["unit"], metrics["ns_per_op"]["better"]) == ("ns/op", "lower")
    assert (metrics["bytes_per_s"]["label"], metrics["bytes_per_s"]["better"]) == (
        "throughput",
        "higher",
    )
    assert metrics["ns_per_op"]["display_units"][:2] == [
        {"unit": "ns/op", "scale": 1.0},
        {"unit": "us/op", "scale": 1000.0},
    ]
    for metric in metrics.values():
        for shown in metric["display_units"]:
            assert UNITS[shown["unit"]].metric == metric["name"]


def test_dimensions_name_the_key_grammar_the_api_accepts(client):
    dimensions = client.get("/api/v1/vocabulary").json()["dimensions"]
    assert "library" in dimensions["fixed"] and "machine" in dimensions["fixed"]
    assert dimensions["prefixes"] == ["param.", "tag."]
    assert dimensions["labels"]["param.key_bits"] == "key size (bits)"
    pattern = re.compile(dimensions["key_pattern"])
    assert pattern.match("board revision") and not pattern.match('a"b')
    chart = client.get("/api/v1/chart", params={"metric": "ns_per_op", "x": "tag.board revision"})
    assert chart.status_code == 200, chart.text


def test_canonical_names_with_aliases_and_the_verdict_rule(client):
    body = client.get("/api/v1/vocabulary").json()
    assert body["names"]["library"]["Mbed TLS"] == list(LIBRARIES["Mbed TLS"])
    assert "prime256v1" in body["names"]["curve"]["secp256r1"]
    assert body["verdict"]["tolerance"] == 0.01
    assert "sign" in body["operations"] and "openssl-speed" in body["sources"]
