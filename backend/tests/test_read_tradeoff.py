"""GET /api/v1/tradeoff on PostgreSQL and SQLite: standard sizes attached to identities and the
Pareto front, with openssl 3.5's KEM table (collectors/tests/fixtures/openssl/
openssl-3.5-dev_mlkem_kem_table.txt) and SunEC's ECDSA (seed 001) as the figures.

keygens/s, encaps/s, decaps/s as printed:
X25519 39924.9 17727.3 34050.1 | ML-KEM-1024 19531.9 38222.7 25054.2 |
ML-KEM-768 29277.7 51310.1 33656.1 | ML-KEM-512 46719.7 70454.8 46527.9
"""

import pytest
from factories import create_test_token, make_result, make_run_doc
from fastapi.testclient import TestClient
from history_support import read_ok, store_app

KEM_TABLE = {
    "X25519": (39924.9, 17727.3, 34050.1),
    "ML-KEM-1024": (19531.9, 38222.7, 25054.2),
    "ML-KEM-768": (29277.7, 51310.1, 33656.1),
    "ML-KEM-512": (46719.7, 70454.8, 46527.9),
}


def kem_doc(machine: str = "x86-host", slower: float = 1) -> dict:
    results = [
        make_result(
            name=name,
            family="kem",
            algorithm=name,
            operation=operation,
            library="OpenSSL",
            library_version="3.5.0",
            params={},
            metric="ops_per_s",
            value=ops / slower,
            unit="ops/s",
        )
        for name, figures in KEM_TABLE.items()
        for operation, ops in zip(("keygen", "encaps", "decaps"), figures, strict=True)
    ]
    return make_run_doc(
        results,
        source="openssl-speed",
        machine={"name": machine, "arch": "x86_64"},
        tool={"name": "openssl", "version": "3.5.0"},
        tags={},
    )


@pytest.fixture
def kem(store_url, tmp_path) -> TestClient:
    app = store_app(store_url, tmp_path)
    with TestClient(app) as client:
        token = create_test_token(store_url)
        response = client.post(
            "/api/v1/runs", json=kem_doc(), headers={"Authorization": f"Bearer {token}"}
        )
        assert response.status_code == 201, response.text
        yield client
    app.state.engine.dispose()


def tradeoff(client, **params):
    return read_ok(client, "/api/v1/tradeoff", **params)


def test_encapsulation_speed_against_public_key_size(kem):
    body = tradeoff(kem, metric="ops_per_s", size="public_key_bytes", operation="encaps")
    assert body["less_is_better"] is False and body["unsized"] == 0
    assert [(p["algorithm"], p["size"], p["value"], p["pareto"]) for p in body["points"]] == [
        ("X25519", 32, 17727.3, True),
        ("ML-KEM-512", 800, 70454.8, True),
        ("ML-KEM-768", 1184, 51310.1, False),
        ("ML-KEM-1024", 1568, 38222.7, False),
    ]
    assert body["points"][1]["params"] == {
        "public_key_bytes": 800,
        "ciphertext_bytes": 768,
        "shared_secret_bytes": 32,
    }


def test_ciphertext_size_leaves_key_exchange_unsized_and_fronts_per_operation(kem):
    body = tradeoff(kem, metric="ns_per_op", size="ciphertext_bytes")
    assert body["less_is_better"] is True
    assert body["unsized"] == 3  # X25519 keygen, encaps, decaps: no ciphertext
    front = {(p["operation"], p["algorithm"]) for p in body["points"] if p["pareto"]}
    # ML-KEM-512 is the smallest and the fastest at every operation: alone on each front.
    assert front == {("decaps", "ML-KEM-512"), ("encaps", "ML-KEM-512"), ("keygen", "ML-KEM-512")}
    assert [p["value"] for p in body["points"] if p["operation"] == "decaps"] == [
        pytest.approx(1e9 / ops) for ops in (46527.9, 33656.1, 25054.2)
    ]


def test_a_second_machine_is_a_point_of_its_own_on_its_own_front(kem, store_url):
    """The same identities measured on a second machine, at half the speed: one point per
    machine (`split`), nothing pooled, and each machine's front of its own (the slower
    machine's ML-KEM-512 is on its front, though the faster machine beats it)."""
    token = create_test_token(store_url)
    response = kem.post(
        "/api/v1/runs",
        json=kem_doc("arm-host", slower=2),
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 201, response.text
    body = tradeoff(kem, metric="ops_per_s", operation="encaps", algorithm="ML-KEM-512")
    assert body["split"] == ["machine"]
    assert [(p["split"], p["value"], p["n"], p["pooled"], p["pareto"]) for p in body["points"]] == [
        ({"machine": "x86-host"}, 70454.8, 1, {}, True),
        ({"machine": "arm-host"}, 70454.8 / 2, 1, {}, True),
    ]
    body = tradeoff(kem, metric="ops_per_s", operation="encaps", machine="arm-host")
    assert [(p["algorithm"], p["value"], p["n"], p["pooled"]) for p in body["points"]] == [
        ("X25519", 17727.3 / 2, 1, {}),
        ("ML-KEM-512", 70454.8 / 2, 1, {}),
        ("ML-KEM-768", 51310.1 / 2, 1, {}),
        ("ML-KEM-1024", 38222.7 / 2, 1, {}),
    ]
