"""GET /api/v1/matrix on PostgreSQL and SQLite: exact cells, ratios, geomeans and empty cells.

Figures from test_read_support.DOCS (ESP32-C6 at 160 MHz: ns/op = cycles * 6.25), by hand:
RSA verify ns/op, -O2 runs (O2 and O2B) | -Os run
  2048 pkcs1v15   9e6                        | 11e6
  2048 pss        10e6, 11e6, 15e6 -> 11e6   | 12.5e6
  4096 pkcs1v15   25e6                       | 35e6
  4096 pss        30e6, 32e6 -> 31e6         | 40e6
"""

import math

import pytest
from factories import make_result, make_run_doc
from history_support import read_ok


def matrix(client, **params):
    return read_ok(client, "/api/v1/matrix", **params)


def cell(value, n, ratio, speedup, low=None, high=None):
    low = value if low is None else low
    high = value if high is None else high
    return {
        "value": value,
        "min": low,
        "max": high,
        "n": n,
        "ratio": ratio,
        "speedup": speedup,
        "pooled": {},
        "flagged": 0,
        "flags": {},
    }


def test_opt_levels_of_rsa_against_o2(loaded):
    body = matrix(loaded, metric="ns_per_op", column="tag.opt_level", algorithm="RSA")
    library = body["rows"][0]["key"]["library"]  # as the vocabulary names mbedtls
    key = {"algorithm": "RSA", "operation": "verify", "library": library}
    assert body["metric"] == "ns_per_op" and body["unit"] == "ns/op"
    assert body["less_is_better"] is True and body["baseline"] == "-O2"
    assert [r["key"] for r in body["rows"]] == [
        {**key, "params": {"key_bits": 2048, "padding": "pkcs1v15"}},
        {**key, "params": {"key_bits": 2048, "padding": "pss"}},
        {**key, "params": {"key_bits": 4096, "padding": "pkcs1v15"}},
        {**key, "params": {"key_bits": 4096, "padding": "pss"}},
    ]
    assert [r["cells"] for r in body["rows"]] == [
        [cell(9e6, 1, 1.0, 1.0), cell(11e6, 1, 11 / 9, 9 / 11)],
        [cell(11e6, 3, 1.0, 1.0, 10e6, 15e6), cell(12.5e6, 1, 12.5 / 11, 11 / 12.5)],
        [cell(25e6, 1, 1.0, 1.0), cell(35e6, 1, 35 / 25, 25 / 35)],
        [cell(31e6, 2, 1.0, 1.0, 30e6, 32e6), cell(40e6, 1, 40 / 31, 31 / 40)],
    ]
    geomean_os = (9 / 11 * 11 / 12.5 * 25 / 35 * 31 / 40) ** 0.25  # (6975 / 17500) ** 0.25
    assert body["columns"] == [
        {"value": "-O2", "rows": 4, "shared": 4, "geomean_speedup": 1.0},
        {"value": "-Os", "rows": 4, "shared": 4, "geomean_speedup": pytest.approx(geomean_os)},
    ]
    assert math.isclose(body["columns"][1]["geomean_speedup"], 0.79455971, rel_tol=1e-8)


def test_baseline_column_chosen(loaded):
    body = matrix(
        loaded, metric="ns_per_op", column="tag.opt_level", baseline="-Os", algorithm="RSA"
    )
    assert body["baseline"] == "-Os"
    assert [r["cells"][0]["speedup"] for r in body["rows"]] == [
        11 / 9,
        12.5 / 11,
        35 / 25,
        40 / 31,
    ]
    assert body["columns"][0]["geomean_speedup"] == pytest.approx(
        (11 / 9 * 12.5 / 11 * 35 / 25 * 40 / 31) ** 0.25
    )


def test_empty_cell_where_a_column_did_not_measure_a_row(loaded):
    body = matrix(loaded, metric="ops_per_s", column="param.curve", source="jmh")
    assert body["less_is_better"] is False
    assert body["columns"] == [
        {"value": "secp256k1", "rows": 1, "shared": 1, "geomean_speedup": 1.0},
        {"value": "secp256r1", "rows": 2, "shared": 1, "geomean_speedup": 1050 / 825},
    ]
    key = {"algorithm": "ECDSA", "operation": "sign", "library": "SunEC"}
    assert body["rows"] == [
        {
            "key": {**key, "params": {"message_bytes": 128}},
            "cells": [
                cell(825.0, 2, 1.0, 1.0, 800.0, 850.0),
                cell(1050.0, 2, 1050 / 825, 1050 / 825, 1000.0, 1100.0),
            ],
        },
        {
            "key": {**key, "params": {"message_bytes": 1024}},
            "cells": [None, cell(900.0, 1, None, None)],
        },
    ]


def test_numeric_columns_and_split_rows(loaded):
    body = matrix(
        loaded,
        metric="cycles_per_op",
        column="param.key_bits",
        split="tag.opt_level",
        baseline="2048",
        **{"param.padding": "pss"},
    )
    assert [c["value"] for c in body["columns"]] == [2048, 4096]
    assert body["split"] == ["tag.opt_level"]
    assert [(r["key"]["params"], r["key"]["tag.opt_level"]) for r in body["rows"]] == [
        ({"padding": "pss"}, "-O2"),
        ({"padding": "pss"}, "-Os"),
    ]
    assert [[c["value"] for c in r["cells"]] for r in body["rows"]] == [
        [1_760_000, 4_960_000],
        [2_000_000, 6_400_000],
    ]
    assert [c["ratio"] for c in body["rows"][1]["cells"]] == [1.0, 3.2]


def test_mean_and_unknown_baseline(loaded):
    body = matrix(
        loaded,
        metric="ns_per_op",
        column="tag.opt_level",
        baseline="-O3",
        agg="mean",
        algorithm="RSA",
        **{"param.key_bits": "2048", "param.padding": "pss"},
    )
    assert body["rows"][0]["cells"] == [
        cell(12e6, 3, None, None, 10e6, 15e6),
        cell(12.5e6, 1, None, None),
    ]
    assert [c["geomean_speedup"] for c in body["columns"]] == [None, None]


def test_unknown_column_is_422(loaded):
    response = loaded.get("/api/v1/matrix", params={"metric": "ns_per_op", "column": "colour"})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "column"


def ecc(library: str, coordinates: str, operation: str, ns: float, **params) -> dict:
    return make_result(
        name=f"{operation}",
        family="signature" if operation in ("sign", "verify") else "ec-arith",
        algorithm="ECDSA" if operation in ("sign", "verify") else "EC",
        operation=operation,
        library=library,
        library_version=None,
        params={"curve": "secp256k1", "coordinates": coordinates, **params},
        metric="ns_per_op",
        value=ns,
        unit="ns/op",
    )


#: Seed 004's question: ECpy (jacobian coordinates) against ECC.py (affine), one machine; only
#: ECpy measured point-double.
ECPY = [
    ecc("ECpy", "jacobian", "sign", 6.4e6, variant="constant-key"),
    ecc("ECpy", "jacobian", "verify", 12.9e6, variant="constant-key"),
    ecc("ECpy", "jacobian", "point-add", 268e3),
    ecc("ECpy", "jacobian", "point-double", 287e3),
]
ECCPY = [
    ecc("ECC.py", "affine", "sign", 23e6, variant="constant-key"),
    ecc("ECC.py", "affine", "verify", 46e6, variant="constant-key"),
    ecc("ECC.py", "affine", "point-add", 47.6e3),
]


@pytest.fixture
def ecc_run(store_client):
    doc = make_run_doc(
        ECPY + ECCPY,
        source="python-ecc",
        machine={"name": "laptop", "arch": "x86_64", "cores": 4},
        tool={"name": "cryptobench-ecc", "version": "1.0.0"},
        tags={},
    )
    response = store_client.post("/api/v1/runs", json=doc)
    assert response.status_code == 201, response.text
    return store_client


def test_libraries_never_meet_while_coordinates_are_part_of_a_row(ecc_run):
    body = matrix(ecc_run, metric="ns_per_op", column="library", baseline="ECpy")
    assert body["pool"] == []
    assert [c["value"] for c in body["columns"]] == ["ECC.py", "ECpy"]
    assert [(c["rows"], c["shared"], c["geomean_speedup"]) for c in body["columns"]] == [
        (3, 0, None),
        (4, 4, 1.0),
    ]


def test_coordinates_moved_out_of_the_rows_answer_ecpy_vs_eccpy(ecc_run):
    body = matrix(
        ecc_run, metric="ns_per_op", column="library", baseline="ECpy", pool="coordinates"
    )
    assert body["pool"] == ["param.coordinates"]
    assert [
        (r["key"]["algorithm"], r["key"]["operation"], r["key"]["params"]) for r in body["rows"]
    ] == [
        ("EC", "point-add", {"curve": "secp256k1"}),
        ("EC", "point-double", {"curve": "secp256k1"}),
        ("ECDSA", "sign", {"curve": "secp256k1", "variant": "constant-key"}),
        ("ECDSA", "verify", {"curve": "secp256k1", "variant": "constant-key"}),
    ]
    assert [[c and c["value"] for c in r["cells"]] for r in body["rows"]] == [
        [47.6e3, 268e3],
        [None, 287e3],
        [23e6, 6.4e6],
        [46e6, 12.9e6],
    ]
    assert all(c["pooled"] == {} for r in body["rows"] for c in r["cells"] if c)
    speedups = [268e3 / 47.6e3, 6.4e6 / 23e6, 12.9e6 / 46e6]  # ECC.py over ECpy, shared rows
    assert body["columns"][0] == {
        "value": "ECC.py",
        "rows": 3,
        "shared": 3,
        "geomean_speedup": pytest.approx(math.prod(speedups) ** (1 / 3)),
    }
    assert body["columns"][1]["shared"] == 4


def test_a_cell_pooling_moved_out_dimensions_says_so(ecc_run):
    body = matrix(
        ecc_run,
        metric="ns_per_op",
        column="machine",
        pool=["library", "param.coordinates"],
        operation="point-add",
    )
    assert body["rows"][0]["key"] == {
        "algorithm": "EC",
        "operation": "point-add",
        "params": {"curve": "secp256k1"},
    }
    only = body["rows"][0]["cells"][0]
    assert (only["n"], only["value"]) == (2, (47.6e3 + 268e3) / 2)
    assert only["pooled"] == {"library": 2, "param.coordinates": 2}


def test_only_identity_dimensions_can_be_pooled(loaded):
    response = loaded.get(
        "/api/v1/matrix", params={"metric": "ns_per_op", "column": "library", "pool": "machine"}
    )
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "pool"
