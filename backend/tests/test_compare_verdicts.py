"""GET /compare's typed verdicts on both stores: the noise change detection measures of a series
(changes/noise.py) stands behind each row, so a nightly lineage whose every run has another
library version (a new series each night) still has a known noise, and runs of two machines are
not comparable."""

import math

import pytest
from test_read_compare import compare, openssl_run, run_id

#: Five nights of one machine, each with the next OpenSSL build: 6% noise, the last 3.4% slower.
LEVELS = (1.0, 1.06, 1.0, 1.06, 1.06 / 1.034)
SIGMA = 1.4826 * math.log(1.06) / math.sqrt(2)


def upload(client, doc: dict) -> None:
    response = client.post("/api/v1/runs", json=doc)
    assert response.status_code == 201, response.text


def nightly(i: int, level: float) -> dict:
    doc = openssl_run(i, level, "compiler: gcc -O3")
    for result in doc["results"]:
        result["library_version"] = f"3.0.{i}"
    doc["tool"]["version"] = f"3.0.{i}"
    return doc


def test_a_new_version_each_night_keeps_the_lineage_noise(store_client):
    for i, level in enumerate(LEVELS, start=1):
        upload(store_client, nightly(i, level))
    body = compare(store_client, run_id(4), run_id(5), "bytes_per_s")
    noise = math.sqrt(2) * SIGMA
    assert len(body["rows"]) == 6
    for row in body["rows"]:
        assert (row["noise"], row["noise_basis"], row["noise_runs"]) == (
            pytest.approx(noise),
            ["history"],
            3,
        )
        assert (row["verdict"], row["typed_verdict"]) == ("within noise", "stable")
        assert row["detail"] == f"x0.967, noise {noise:.1%}"


def test_two_machines_are_not_comparable(store_client):
    upload(store_client, openssl_run(1, 1.0, "compiler: gcc -O3"))
    other = openssl_run(2, 0.5, "compiler: gcc -O3")
    other["machine"] |= {"name": "arm-box", "arch": "aarch64"}
    upload(store_client, other)
    body = compare(store_client, run_id(1), run_id(2), "bytes_per_s")
    assert {(r["verdict"], r["typed_verdict"]) for r in body["rows"]} == {
        ("worse", "not_comparable")
    }
    detail = "machine.name differs: x86-box -> arm-box; machine.arch differs: x86_64 -> aarch64"
    assert body["rows"][0]["detail"] == detail
