"""GET /api/v1/facets: every dimension, exact counts, disjunctive per-dimension filtering."""

import pytest
from history_support import read_ok
from test_read_support import JMH1, JMH2, O2, O2B, OS

from cryptobench_server.query import facets as facets_query


def facets(client, **params) -> dict:
    body = read_ok(client, "/api/v1/facets", **params)
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
            ("instructions_per_op", 0),
            ("instructions_per_byte", 0),
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


def test_the_run_facet_labels_its_runs_and_no_other_facet_has_labels(loaded):
    body = loaded.get("/api/v1/facets", params={"algorithm": "ecdsa"}).json()
    labels = {
        d["name"]: [(v["value"], v["label"]) for v in d["values"]] for d in body["dimensions"]
    }
    assert labels["run"] == [
        (JMH2, "jvm-host · jmh 1.37 · 2026-11-21 10:00 UTC · jvm=21"),
        (JMH1, "jvm-host · jmh 1.37 · 2026-11-21 09:00 UTC · jvm=21"),
    ]
    assert labels["machine"] == [("jvm-host", None)]


def test_facets_list_at_most_their_limits_and_count_what_they_leave_out(loaded):
    """Two runs of 64 tags each (128 tag dimensions) and a parameter of 250 values: at most
    MAX_OPEN_DIMENSIONS open dimensions and MAX_FACET_VALUES values, the filtered ones kept."""
    from factories import create_test_token, make_result, make_run_doc

    token = create_test_token(loaded.app.state.settings.resolved_database_url, name="caps")
    results = [make_result(params={"n": i}) for i in range(250)]
    for prefix in ("a", "b"):
        tags = {f"{prefix}{i:02d}": "v" for i in range(64)}
        doc = make_run_doc(results, tags=tags)
        response = loaded.post(
            "/api/v1/runs", json=doc, headers={"Authorization": f"Bearer {token}"}
        )
        assert response.status_code == 201, response.text
    for params, kept in (({}, None), ({"param.n": "249"}, "249")):
        body = loaded.get("/api/v1/facets", params=params).json()
        dimensions = {d["name"]: d for d in body["dimensions"]}
        open_ = [n for n in dimensions if n.startswith(("param.", "tag."))]
        assert len(open_) == facets_query.MAX_OPEN_DIMENSIONS
        assert body["left_out"] > 128 - facets_query.MAX_OPEN_DIMENSIONS
        n = dimensions["param.n"]
        assert len(n["values"]) == facets_query.MAX_FACET_VALUES
        values = 251 if params else 250  # filtered: and null (the results of DOCS have no `n`)
        assert n["more"] and n["left_out"] == values - facets_query.MAX_FACET_VALUES
        assert dimensions["algorithm"]["left_out"] == 0
        assert dimensions["run"]["left_out"] is None
        if kept is not None:
            assert kept in [v["value"] for v in n["values"]]
