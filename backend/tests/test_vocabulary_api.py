"""GET /api/v1/vocabulary: the contract's units, dimensions, names and verdict rule, as served."""

import re

from cryptobench_contract.libraries import LIBRARIES
from cryptobench_contract.sizes import SIZE_PARAMS, standard_sizes
from cryptobench_contract.units import UNITS
from cryptobench_parsers.formats import NAMES


def test_metrics_carry_unit_direction_and_display_scales(client):
    body = client.get("/api/v1/vocabulary").json()
    metrics = {m["name"]: m for m in body["metrics"]}
    assert list(metrics) == [
        "ns_per_op",
        "ops_per_s",
        "cycles_per_op",
        "bytes_per_s",
        "cycles_per_byte",
        "instructions_per_op",
        "instructions_per_byte",
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
    assert body["verdict"]["noise_z"] == 3.0 and "within noise" in body["verdict"]["rule"]
    assert "sign" in body["operations"] and "openssl-speed" in body["sources"]


def test_sizes_are_numeric_versions_ordered_and_every_metric_has_a_prefix(client):
    body = client.get("/api/v1/vocabulary").json()
    numeric = body["dimensions"]["numeric"]
    assert numeric["param.block_bytes"] == {"unit": "B", "scale": "log2"}
    assert numeric["param.key_bits"] == {"unit": "bit", "scale": "log2"}
    assert set(numeric) == {f"param.{key}" for key in SIZE_PARAMS}
    standard = {f"param.{k}" for k in standard_sizes("ML-KEM-768", {})}
    assert standard <= set(numeric) and "param.message_bytes" in numeric
    assert body["dimensions"]["versions"][0] == "library_version"
    assert {m["name"]: m["prefix"] for m in body["metrics"]} == {
        "ns_per_op": "time",
        "ops_per_s": "decimal",
        "cycles_per_op": "count",
        "bytes_per_s": "decimal",
        "cycles_per_byte": "count",
        "instructions_per_op": "count",
        "instructions_per_byte": "count",
    }
    assert "GB/s" in [u["unit"] for m in body["metrics"] for u in m["display_units"]]
    assert {"cpu_time", "exceeds_clock", "saturated", "zero_value"} <= set(body["flags"])


def test_every_fixed_dimension_and_known_key_has_a_label(client):
    dimensions = client.get("/api/v1/vocabulary").json()["dimensions"]
    labels = dimensions["labels"]
    for name in dimensions["fixed"]:
        assert labels[name], name
    for name in (*dimensions["numeric"], "param.curve", "tag.opt_level", "tag.engine"):
        assert labels[name], name
    assert dimensions["unknown_labels"] == {"param.": "{key} (parameter)", "tag.": "{key} (tag)"}


def test_import_formats_are_named_by_their_tools(client):
    formats = client.get("/api/v1/vocabulary").json()["import_formats"]
    assert [(f["name"], f["tool"]) for f in formats] == [
        ("openssl", "openssl speed"),
        ("jmh", "JMH"),
        ("serial", "a board's serial console"),
        ("go", "go test -bench"),
        ("criterion", "Rust criterion"),
        ("gbench", "Google Benchmark"),
        ("liboqs", "liboqs speed_kem / speed_sig"),
        ("cryptsetup", "cryptsetup benchmark"),
        ("bssl", "bssl speed (BoringSSL, AWS-LC)"),
        ("botan", "botan speed"),
        ("benchstat", "Go benchstat"),
        ("hyperfine", "hyperfine"),
        ("dudect", "dudect (constant-time leakage test)"),
        ("pqm4", "pqm4 / mupq benchmarks"),
        ("pytest-benchmark", "pytest-benchmark"),
        ("action-benchmark", "github-action-benchmark"),
    ]
    assert all(f["looks_like"] for f in formats)


def test_the_import_route_takes_detection_and_every_format_of_the_parsers(client):
    """The OpenAPI enum (the UI's generated types) is the registry's names, in its order."""
    post = client.get("/openapi.json").json()["paths"]["/api/v1/imports"]["post"]
    (format,) = [p for p in post["parameters"] if p["name"] == "format"]
    assert format["schema"]["enum"] == ["auto", *NAMES]
    assert format["schema"]["default"] == "auto"
