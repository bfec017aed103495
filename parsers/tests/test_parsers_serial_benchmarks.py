"""Mbed TLS and wolfSSL benchmark output (real captured logs) through the serial parser."""

from datetime import UTC, datetime

import pytest
from captured import CAPTURED

from cryptobench_parsers.serial.documents import build_document
from cryptobench_parsers.serial.runs import assemble_text

SERIAL = CAPTURED / "serial"
AT = datetime(2026, 11, 23, 3, 0, tzinfo=UTC)


def document(name):
    assembler = assemble_text((SERIAL / name).read_text(encoding="utf-8"), source_name=name, at=AT)
    assert assembler.warnings == []
    (run,) = assembler.runs
    return build_document(run)


def figures(doc):
    return {(r.name, r.metric): (r.value, r.unit) for r in doc.results}


def test_wolfssl_esp32c3_log_with_boot_noise():
    doc = document("wolfssl_esp32c3_160mhz.log")
    assert len(doc.results) == 85
    got = figures(doc)
    assert got[("AES-128-CBC-enc", "bytes_per_s")] == (46.211, "KiB/s")
    assert got[("AES-128-CBC-enc", "cycles_per_byte")] == (845.33, "cycles/B")
    assert got[("SHA-256", "cycles_per_byte")] == (23.30, "cycles/B")
    assert got[("PBKDF2", "cycles_per_byte")] == (194935.87, "cycles/B")
    assert got[("RSA 2048 public", "ops_per_s")] == (50.633, "ops/s")
    assert got[("ECDSA [ SECP256R1] 256 verify", "ops_per_s")] == (2.308, "ops/s")
    assert got[("ED 25519 sign", "ops_per_s")] == (61.508, "ops/s")
    verify = next(r for r in doc.results if r.name == "ECDSA [ SECP256R1] 256 verify")
    assert (verify.algorithm, verify.operation, verify.params, verify.samples) == (
        "ECDSA",
        "verify",
        {"curve": "secp256r1"},
        4,
    )
    aes = next(r for r in doc.results if r.name == "AES-256-GCM-dec")
    assert (aes.family, aes.algorithm, aes.operation, aes.params) == (
        "aead",
        "AES-256-GCM",
        "decrypt",
        {"block_bytes": 1024},
    )
    assert {r.library_version for r in doc.results} == {"5.6.3"}
    assert (doc.machine.name, doc.machine.clock_hz, doc.machine.extra) == (
        "esp32c3",
        160e6,
        {"clock_source": "configured", "chip_rev": "v0.4"},
    )
    assert (doc.machine.os, doc.tool.name, doc.tool.version) == (
        "ESP-IDF v5.2-dev-1805-g9a1cc59338",
        "wolfcrypt benchmark",
        "5.6.3",
    )


def test_wolfssl_4_units_mb_and_kb_are_binary():
    got = figures(document("wolfssl_zcu102_4.4.0.log"))
    assert got[("AES-256-GCM-enc", "bytes_per_s")] == (1.749, "MiB/s")
    assert got[("AES-256-GCM-dec", "bytes_per_s")] == (996.016, "KiB/s")
    assert got[("CHA-POLY", "bytes_per_s")] == (4.722, "MiB/s")
    assert len(got) == 17


def test_mbedtls_benchmark_kb_cycles_per_byte_and_public_key_rates():
    doc = document("mbedtls_benchmark_frdm_k64f_2.3.0.log")
    got = figures(doc)
    assert len(doc.results) == 27 * 2 + 20
    assert got[("AES-GCM-128", "bytes_per_s")] == (818.67, "KiB/s")
    assert got[("AES-GCM-128", "cycles_per_byte")] == (143.08, "cycles/B")
    assert got[("RSA-2048 public", "ops_per_s")] == (45.0, "ops/s")
    assert got[("RSA-2048 private", "ops_per_s")] == (1.33, "ops/s")
    assert got[("ECDSA-secp256r1 verify", "ops_per_s")] == (2.33, "ops/s")
    assert got[("ECDHE-secp384r1", "ops_per_s")] == (1.33, "ops/s")
    rsa = next(r for r in doc.results if r.name == "RSA-2048 private")
    assert (rsa.algorithm, rsa.operation, rsa.params) == (
        "RSA",
        "sign",
        {"key_bits": 2048, "padding": "none"},
    )
    gcm = next(r for r in doc.results if r.name == "AES-GCM-128")
    assert (gcm.algorithm, gcm.family, gcm.library, gcm.library_version) == (
        "AES-128-GCM",
        "aead",
        "Mbed TLS",
        "2.3.0",
    )
    assert (doc.machine.clock_hz, doc.tool.name) == (120e6, "mbedtls programs/test/benchmark")


@pytest.mark.parametrize(
    "name, key, expected, count",
    [
        (
            "mbedtls_benchmark_zephyr_qemu_x86.log",
            ("SHA-256", "cycles_per_byte"),
            (12.0, "cycles/B"),
            24,
        ),
        (
            "mbedtls_benchmark_zephyr_qemu_x86.log",
            ("AES-XTS-128", "bytes_per_s"),
            (10651.0, "KiB/s"),
            24,
        ),
        ("mbedtls_benchmark_k64f.log", ("RSA-4096 private", "ns_per_op"), (41656.0, "ms/op"), 23),
        ("mbedtls_benchmark_k64f.log", ("AES-CMAC-PRF-128", "bytes_per_s"), (444.0, "KiB/s"), 23),
    ],
)
def test_mbedtls_benchmark_variants(name, key, expected, count):
    got = figures(document(name))
    assert (got[key], len(got)) == (expected, count)


def test_same_log_gives_the_same_run_id():
    assert (
        document("wolfssl_zcu102_4.4.0.log").run_id == document("wolfssl_zcu102_4.4.0.log").run_id
    )
