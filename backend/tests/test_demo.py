"""Demo data: every figure published in the four source documents, uploaded through
POST /api/v1/runs, is stored exactly as published (value, unit, error, samples)."""

import uuid
from decimal import Decimal

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from cryptobench_server.cli import app as cli
from cryptobench_server.config import get_settings
from cryptobench_server.demo import demo_documents

NS = uuid.UUID("6f1d2c3e-5a4b-4c8d-9e0f-0123456789ab")

SEED001_ECDSA = """\
BenchmarkSigning.secp256k1_1024B 1237.482 30.518|BenchmarkSigning.secp256k1_1024K 318.589 2.656
BenchmarkSigning.secp256k1_128B 1266.561 32.311|BenchmarkSigning.secp256k1_256B 1254.327 36.935
BenchmarkSigning.secp256r1_1024B 1746.453 33.358|BenchmarkSigning.secp256r1_1024K 340.530 3.970
BenchmarkSigning.secp256r1_128B 1763.460 31.179|BenchmarkSigning.secp256r1_256B 1756.899 32.715
BenchmarkVerifying.secp256k1_1024B 486.545 13.410|BenchmarkVerifying.secp256k1_1024K 228.638 2.478
BenchmarkVerifying.secp256k1_128B 491.065 13.948|BenchmarkVerifying.secp256k1_256B 499.466 4.558
BenchmarkVerifying.secp256r1_1024B 402.902 53.489|BenchmarkVerifying.secp256r1_1024K 212.743 23.301
BenchmarkVerifying.secp256r1_128B 401.215 65.401|BenchmarkVerifying.secp256r1_256B 393.021 79.755"""
SEED001_KEYGEN = {
    "sunec": {"compressed": (1212201.531, 248181.084), "uncompressed": (760033.805, 35058.515)},
    "homemade": {"compressed": (786.038, 12.099), "uncompressed": (795.960, 8.557)},
}
SEED002 = {  # padding -> [(2048, -O2), (2048, -Os), (4096, -O2), (4096, -Os)] in ms
    "pkcs1v15": (54.18, 83.49, 207.08, 319.85),
    "pss": (54.57, 83.88, 207.78, 320.58),
    "none": (53.97, 83.25, 206.71, 319.43),
}
SEED003_TABLE = """\
aes-128-cbc 30229.13 40065.07 43963.48 45118.46 45378.22 45416.45
aes-192-cbc 26305.07 33554.03 36051.20 36890.97 37188.95 37191.68
aes-256-cbc 24307.25 30221.35 32434.60 33024.34 33161.22 33166.68
aes-128-ctr 24565.01 36514.28 41899.95 47885.31 49993.05 50173.27
aes-192-ctr 22875.85 32318.14 35530.50 40397.14 42265.26 42341.72
aes-256-ctr 21166.89 29006.49 30876.16 35073.37 36560.90 36580.01
aes-128-gcm 21461.14 28427.01 31007.74 34032.30 34802.35 34794.15
aes-256-gcm 18821.07 23611.90 24569.51 27030.19 27661.65 27634.35
des-ede3-cbc 5420.43 5722.56 5799.77 5807.45 5829.97 5821.78
chacha20-poly 22729.05 52835.75 96532.65 107768.83 112194.90 112361.47"""
SEED003_PROGRESS = {
    "none": (
        (5618835, "2.94"),
        (1886183, "2.98"),
        (517655, "2.98"),
        (132735, "2.97"),
        (16702, "2.99"),
        (8359, "2.98"),
    ),
    "devcrypto": (
        (410104, "0.38"),
        (348184, "0.28"),
        (37545, "0.02"),
        (25658, "0.01"),
        (5663, "0.01"),
        (4040, "0.01"),
    ),
}
SIZES = (16, 64, 256, 1024, 8192, 16384)
SEED004 = {  # name -> (ECpy, ECC.py) mean ns
    "ecdsa-const-key-sign": (6420571.18, 23060506.52),
    "ecdsa-const-key-verify": (12904788.91, 46025457.98),
    "ecdsa-const-message-sign": (6457965.82, 22673621.53),
    "ecdsa-const-message-verify": (12939980.20, 45040922.67),
    "ecdsa-new-message-sign": (6390056.55, 22997217.87),
    "ecdsa-new-message-verify": (12820902.94, 45690935.96),
    "y-recovery": (389843.32, 386594.24),
    "y-recovery-existing": (471788.96, 532413.66),
    "point-add": (267983.28, 47641.32),
    "point-double": (287278.40, 148769.96),
    "point-mul": (6186594.40, 23093736.81),
}


@pytest.fixture
def stored(authed_client, settings):
    for doc in demo_documents():
        response = authed_client.post(
            "/api/v1/runs", content=doc.to_json(), headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 201, response.text
    engine = create_engine(settings.resolved_database_url)
    with engine.connect() as c:
        rows = (
            c.execute(
                text(
                    "SELECT u.run_id, u.clock_hz, u.clock_source, u.tags, r.* FROM results r JOIN runs u ON u.id = r.run_pk"
                )
            )
            .mappings()
            .all()
        )
    engine.dispose()

    def of_run(slug: str) -> list:
        return [row for row in rows if row["run_id"] == uuid.uuid5(NS, slug)]

    return of_run


def test_seed001_sunec_ecdsa_ops_per_s_with_error(stored):
    rows = {r["name"]: r for r in stored("seed001-sunec-ecdsa")}
    published = [cell.split() for line in SEED001_ECDSA.splitlines() for cell in line.split("|")]
    assert len(rows) == len(published) == 16
    for name, score, error in published:
        row = rows[name]
        assert (row["value"], row["unit"], row["error"], row["error_kind"], row["samples"]) == (
            float(score),
            "ops/s",
            float(error),
            "ci99.9",
            25,
        )
    assert rows["BenchmarkSigning.secp256k1_1024K"]["params"] == {
        "curve": "secp256k1",
        "hash": "SHA-256",
        "message_bytes": 1048576,
    }
    assert rows["BenchmarkSigning.secp256k1_1024K"]["library"] == "SunEC"


def test_seed001_sm2_keygen(stored):
    for impl, figures in SEED001_KEYGEN.items():
        rows = {r["params"]["encoding"]: r for r in stored(f"seed001-sm2-keygen-{impl}")}
        assert {enc: (r["value"], r["error"]) for enc, r in rows.items()} == figures
        assert {r["tags"]["implementation"] for r in rows.values()} == {impl}


def test_seed002_rsa_verify_ms_at_160_mhz(stored):
    for index, (bits, opt) in enumerate(
        [(2048, "-O2"), (2048, "-Os"), (4096, "-O2"), (4096, "-Os")]
    ):
        rows = stored(f"seed002-esp32c6-rsa-verify{opt}")
        assert len(rows) == 6
        for padding, figures in SEED002.items():
            [row] = [
                r
                for r in rows
                if r["params"]["key_bits"] == bits and r["params"]["padding"] == padding
            ]
            assert (row["value"], row["unit"], row["tags"]["opt_level"]) == (
                figures[index],
                "ms/op",
                opt,
            )
            assert (row["clock_hz"], row["clock_source"]) == (160e6, "configured")
            assert row["cycles_per_op"] == pytest.approx(figures[index] * 160_000, rel=1e-12)


def test_seed003_openssl_table_in_kilobytes_per_second(stored):
    rows = {
        (r["name"], r["params"]["block_bytes"]): r for r in stored("seed003-openssl-speed-table")
    }
    assert len(rows) == 60
    for line in SEED003_TABLE.splitlines():
        name, *values = line.split()
        for size, value in zip(SIZES, values, strict=False):
            row = rows[(name, size)]
            assert (row["value"], row["unit"], row["tags"]["engine"]) == (
                float(value),
                "kB/s",
                "none",
            )
            assert row["bytes_per_s"] == pytest.approx(float(value) * 1000, rel=1e-15)
    assert rows[("chacha20-poly", 16)]["algorithm"] == "ChaCha20-Poly1305"


def test_seed003_progress_lines_with_and_without_engine(stored):
    for engine, cells in SEED003_PROGRESS.items():
        rows = {
            r["params"]["block_bytes"]: r
            for r in stored(f"seed003-openssl-speed-progress-{engine}")
        }
        for size, (count, seconds) in zip(SIZES, cells, strict=False):
            row = rows[size]
            assert (row["samples"], row["unit"], row["tags"]["engine"]) == (count, "B/s", engine)
            assert row["value"] == float(Decimal(count) * size / Decimal(seconds))


def test_seed004_python_ecc_mean_ns(stored):
    rows = {(r["name"], r["library"]): r for r in stored("seed004-python-ecc-secp256k1")}
    assert len(rows) == 22
    for name, (ecpy, ecc) in SEED004.items():
        assert (rows[(name, "ECpy")]["value"], rows[(name, "ECC.py")]["value"]) == (ecpy, ecc)
        assert rows[(name, "ECpy")]["params"]["coordinates"] == "jacobian"
        assert rows[(name, "ECC.py")]["params"]["coordinates"] == "affine"
        assert {rows[(name, lib)]["samples"] for lib in ("ECpy", "ECC.py")} == {25000}


def test_demo_load_command_is_idempotent(settings, monkeypatch):
    monkeypatch.setenv("CRYPTOBENCH_DATABASE_URL", settings.resolved_database_url)
    get_settings.cache_clear()
    try:
        first = CliRunner().invoke(cli, ["demo", "load"])
        second = CliRunner().invoke(cli, ["demo", "load"])
    finally:
        get_settings.cache_clear()
    assert first.stdout == "demo data: 13 runs with 296 results (13 new, 0 already stored)\n"
    assert second.stdout == "demo data: 13 runs with 296 results (0 new, 13 already stored)\n"
