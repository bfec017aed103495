"""GET /api/v1/vocabulary serves what the UI used to copy: the params prefix, the dimensions
giving the bytes per operation, the standard sizes and the conversion table ingest derives by."""

import math

import pytest

from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_server.store.normalize import apply_plan, figure_plan


def test_dimension_grammar_sizes_and_standard_sizes(client):
    dims = client.get("/api/v1/vocabulary").json()["dimensions"]
    assert dims["param_prefix"] == "param."
    assert dims["param_prefix"] in dims["prefixes"]
    assert dims["operation_bytes"] == ["param.block_bytes", "param.message_bytes"]
    assert all(dims["numeric"][d]["unit"] == "B" for d in dims["operation_bytes"])
    assert dims["standard_sizes"] == [
        "public_key_bytes",
        "signature_bytes",
        "ciphertext_bytes",
        "shared_secret_bytes",
    ]


def test_fit_takes_exactly_the_served_operation_bytes(client):
    dims = client.get("/api/v1/vocabulary").json()["dimensions"]
    for x in dims["operation_bytes"]:
        assert client.get("/api/v1/fit", params={"x": x}).status_code == 200
    refused = client.get("/api/v1/fit", params={"x": "param.key_bits"})
    assert refused.status_code == 422
    assert refused.json()["errors"][0]["field"] == "x"


def _walk(conversions, metric, value, quantities):
    """Every figure the served table reaches from one, as a client walks it."""
    figures = {metric: value}
    changed = True
    while changed:
        changed = False
        for c in conversions:
            k = quantities[c["needs"]]
            if c["source"] in figures and c["target"] not in figures and k:
                factor = k ** c["k_power"] * 1e9 ** c["ns_power"]
                source = figures[c["source"]]
                figures[c["target"]] = factor / source if c["reciprocal"] else factor * source
                changed = True
    return figures


@pytest.mark.parametrize(
    ("metric", "value", "unit"),
    [
        ("ns_per_op", 4576.0, "ns/op"),
        ("bytes_per_s", 1.8e9, "B/s"),
        ("cycles_per_op", 80.0, "cycles/op"),
    ],
)
def test_served_conversions_derive_what_ingest_stores(client, metric, value, unit):
    conversions = client.get("/api/v1/vocabulary").json()["conversions"]
    clock_hz, op_bytes = 2.4e9, 1024.0
    walked = _walk(conversions, metric, value, {"": 1.0, "clock": clock_hz, "bytes": op_bytes})
    stored = apply_plan(figure_plan(metric, unit, clock_hz, op_bytes), value)
    derivable = {m: figure for m, figure in zip(CANONICAL_METRICS, stored, strict=True) if figure}
    assert set(walked) == set(derivable)
    for name, figure in derivable.items():
        assert math.isclose(walked[name], figure, rel_tol=1e-12), name
