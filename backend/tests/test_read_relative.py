"""GET /api/v1/relative on PostgreSQL and SQLite: speedups over a baseline series or x value.

Figures from test_read_support.DOCS, by hand (RSA verify pss, ns/op, medians):
-O2: 2048 bits 11e6 (of 10e6, 11e6, 15e6), 4096 bits 31e6 (of 30e6, 32e6); -Os: 12.5e6, 40e6.
ECDSA sign ops/s at 128 B: secp256k1 825 (of 800, 850), secp256r1 1050 (of 1000, 1100); at
1024 B only secp256r1 (900).
"""

import math

from history_support import read_ok

RSA_PSS = {"algorithm": "RSA", "param.padding": "pss"}


def relative(client, **params):
    return read_ok(client, "/api/v1/relative", **params)


def point(x, value, baseline, speedup, pooled=None):
    return {
        "x": x,
        "value": value,
        "baseline": baseline,
        "speedup": speedup,
        "pooled": pooled or {},
        "flagged": 0,
        "flags": {},
    }


def test_against_a_series_less_is_better(loaded):
    body = relative(
        loaded,
        metric="ns_per_op",
        x="param.key_bits",
        series="tag.opt_level",
        baseline_series="-O2",
        **RSA_PSS,
    )
    assert body["less_is_better"] is True
    assert body["baseline_series"] == {"tag.opt_level": "-O2"} and body["baseline_x"] is None
    assert body["series"] == [
        {
            "key": {"tag.opt_level": "-O2"},
            "points": [point(2048, 11e6, 11e6, 1.0), point(4096, 31e6, 31e6, 1.0)],
            "geomean_speedup": None,
        },
        {
            "key": {"tag.opt_level": "-Os"},
            "points": [point(2048, 12.5e6, 11e6, 11 / 12.5), point(4096, 40e6, 31e6, 31 / 40)],
            "geomean_speedup": math.sqrt(11 / 12.5 * 31 / 40),
        },
    ]
    assert body["geomean_speedup"] == math.sqrt(11 / 12.5 * 31 / 40)
    assert math.isclose(body["geomean_speedup"], 0.825833, rel_tol=1e-6)


def test_against_an_x_value(loaded):
    body = relative(
        loaded,
        metric="ns_per_op",
        x="param.key_bits",
        series="tag.opt_level",
        baseline_x="2048",
        **RSA_PSS,
    )
    assert [s["points"] for s in body["series"]] == [
        [point(2048, 11e6, 11e6, 1.0), point(4096, 31e6, 11e6, 11 / 31)],
        [point(2048, 12.5e6, 12.5e6, 1.0), point(4096, 40e6, 12.5e6, 12.5 / 40)],
    ]
    assert [s["geomean_speedup"] for s in body["series"]] == [11 / 31, 0.3125]
    assert math.isclose(body["geomean_speedup"], math.sqrt(11 / 31 * 0.3125), rel_tol=1e-15)


def test_more_is_better_and_points_without_a_baseline_left_out(loaded):
    body = relative(
        loaded,
        metric="ops_per_s",
        x="param.message_bytes",
        series="param.curve",
        baseline_series="secp256k1",
        source="jmh",
    )
    assert body["less_is_better"] is False
    assert body["series"][1] == {
        "key": {"param.curve": "secp256r1"},
        "points": [point(128, 1050.0, 825.0, 1050 / 825)],
        "geomean_speedup": 1050 / 825,
    }


def test_one_baseline_required(loaded):
    for extra in (
        {},
        {"baseline_x": "2048", "baseline_series": "-O2"},
        {"baseline_series": ["a", "b"]},
    ):
        response = loaded.get(
            "/api/v1/relative",
            params={
                "metric": "ns_per_op",
                "x": "param.key_bits",
                "series": "tag.opt_level",
                **extra,
            },
        )
        assert response.status_code == 422, extra
        assert response.json()["errors"][0]["field"] == "baseline_series"
