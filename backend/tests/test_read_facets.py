"""GET /api/v1/facets: every dimension, exact counts, disjunctive per-dimension filtering."""

import pytest
from test_read_support import JMH1, JMH2, O2, O2B, OS

from cryptobench_server.query import facets as facets_query


def facets(client, **params) -> dict:
    response = client.get("/api/v1/facets", params=params)
    assert response.status_code == 200, response.text
    body = response.json()
    return {
        d["name"]: [(v["value"], v["count"]) for v in d["values"]] for d in body["dimensions"]
    } | {"metrics": [(m["value"], m["count"]) for m in body["metrics"]]}


def test_under_a_filter_every_dimension_with_counts(loaded):
    assert facets(loaded, algorithm="rsa") == {
        "algorithm": [("ECDSA", 5), ("RSA", 11)],
        "operation": [("verify", 11)],
        "family": [("signature", 11)],
        "library": [("Mbed TLS", 11)],
        "library_version": [("3.6.2", 11)],
        "machine": [("esp32c6-devkit-1", 11)],
        "source": [("esp32c6-serial", 11)],
        "run": [(O2B, 3), (OS, 4), (O2, 4)],
        "name": [
            ("RSA-2048 verify PKCS#1 v1.5", 1),
            ("RSA-2048 verify pkcs1v15", 1),
            ("RSA-2048 verify pss", 4),
            ("RSA-4096 verify pkcs1v15", 2),
            ("RSA-4096 verify pss", 3),
        ],
        "param.key_bits": [("2048", 6), ("4096", 5)],
        "param.padding": [("pkcs1v15", 4), ("pss", 7)],
        "tag.opt_level": [("-O2", 7), ("-Os", 4)],
        "metrics": [
            ("ops_per_s", 11),
            ("ns_per_op", 11),
            ("cycles_per_op", 11),
            ("bytes_per_s", 0),
            ("cycles_per_byte", 0),
        ],
    }


def test_a_filtered_open_dimension_keeps_its_other_values(loaded):
    body = facets(loaded, **{"param.key_bits": "4096", "tag.opt_level": "-O2"})
    assert body["param.key_bits"] == [("2048", 4), ("4096", 3)]
    assert body["tag.opt_level"] == [("-O2", 3), ("-Os", 2)]
    assert body["param.padding"] == [("pkcs1v15", 1), ("pss", 2)]
    assert body["algorithm"] == [("RSA", 3)]


def test_without_filters_params_and_tags_of_all_sources(loaded):
    body = facets(loaded)
    assert body["param.curve"] == [("secp256k1", 2), ("secp256r1", 3)]
    assert body["param.message_bytes"] == [("128", 4), ("1024", 1)]
    assert body["tag.jvm"] == [("21", 5)]
    assert body["operation"] == [("sign", 5), ("verify", 11)]
    assert body["metrics"][:3] == [("ops_per_s", 16), ("ns_per_op", 16), ("cycles_per_op", 11)]


@pytest.mark.parametrize(
    "params, listed, more",
    [
        ({"algorithm": "rsa"}, [(O2B, 3), (OS, 4)], True),
        ({"algorithm": "rsa", "run": O2}, [(O2, 4), (O2B, 3)], True),
        ({"algorithm": "rsa", "run": [O2, OS]}, [(O2, 4), (OS, 4)], True),
        ({"algorithm": "rsa", "machine": "esp32c6-devkit-1"}, [(O2B, 3), (OS, 4)], True),
        ({"algorithm": "ecdsa"}, [(JMH2, 2), (JMH1, 3)], False),
        ({}, [(JMH2, 2), (JMH1, 3)], True),
    ],
)
def test_the_run_facet_lists_the_newest_runs_the_filtered_ones_first(
    loaded, monkeypatch, params, listed, more
):
    monkeypatch.setattr(facets_query, "RUN_FACET_LIMIT", 2)
    response = loaded.get("/api/v1/facets", params=params)
    assert response.status_code == 200, response.text
    (run,) = [d for d in response.json()["dimensions"] if d["name"] == "run"]
    assert [(v["value"], v["count"]) for v in run["values"]] == listed
    assert run["more"] is more
