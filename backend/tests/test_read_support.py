"""Known run documents for the read API tests, uploaded through POST /api/v1/runs.

Figures are chosen so every expected number is exact in binary floating point: the ESP32-C6
runs are at 160 MHz, so ns/op = cycles * 6.25.
"""

from factories import make_result, make_run_doc

O2, OS, O2B = (
    "00000000-0000-4000-8000-0000000000a1",
    "00000000-0000-4000-8000-0000000000a2",
    "00000000-0000-4000-8000-0000000000a3",
)
JMH1, JMH2 = "00000000-0000-4000-8000-0000000000b1", "00000000-0000-4000-8000-0000000000b2"


def rsa(key_bits: int, padding: str, cycles: float) -> dict:
    return make_result(
        name=f"RSA-{key_bits} verify {padding}",
        params={"key_bits": key_bits, "padding": padding},
        value=cycles,
    )


def ecdsa(curve: str, message_bytes: int, ops: float, error: float, kind: str = "ci99.9") -> dict:
    return make_result(
        name="SHA256withECDSA sign",
        family="signature",
        algorithm="ECDSA",
        operation="sign",
        library="SunEC",
        library_version="21.0.2",
        params={"curve": curve, "message_bytes": message_bytes},
        metric="ops_per_s",
        value=ops,
        unit="ops/s",
        error=error,
        error_kind=kind,
    )


def jvm(run_id: str, started: str, results: list[dict]) -> dict:
    return make_run_doc(
        results,
        run_id=run_id,
        source="jmh",
        started_at=started,
        finished_at=None,
        machine={"name": "jvm-host", "arch": "x86_64", "cores": 8},
        tool={"name": "jmh", "version": "1.37"},
        tags={"jvm": "21"},
    )


DOCS = [
    make_run_doc(
        [
            rsa(2048, "pss", 1_600_000),
            rsa(2048, "pkcs1v15", 1_440_000),
            rsa(4096, "pss", 4_800_000),
            rsa(4096, "pkcs1v15", 4_000_000),
        ],
        run_id=O2,
        started_at="2026-11-20T10:00:00Z",
        finished_at=None,
    ),
    make_run_doc(
        [
            rsa(2048, "pss", 2_000_000),
            rsa(2048, "PKCS#1 v1.5", 1_760_000),
            rsa(4096, "pss", 6_400_000),
            rsa(4096, "pkcs1v15", 5_600_000),
        ],
        run_id=OS,
        started_at="2026-11-20T11:00:00Z",
        finished_at=None,
        tags={"opt_level": "-Os"},
    ),
    make_run_doc(
        [rsa(2048, "pss", 1_760_000), rsa(2048, "pss", 2_400_000), rsa(4096, "pss", 5_120_000)],
        run_id=O2B,
        started_at="2026-11-20T12:00:00Z",
        finished_at=None,
    ),
    jvm(
        JMH1,
        "2026-11-21T09:00:00Z",
        [
            ecdsa("P-256", 128, 1000.0, 20.0),
            ecdsa("secp256k1", 128, 800.0, 16.0),
            ecdsa("secp256r1", 1024, 900.0, 10.0),
        ],
    ),
    jvm(
        JMH2,
        "2026-11-21T10:00:00Z",
        [ecdsa("secp256r1", 128, 1100.0, 30.0), ecdsa("secp256k1", 128, 850.0, 5.0, "stddev")],
    ),
]
