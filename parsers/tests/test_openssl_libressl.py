"""`openssl speed` of LibreSSL is LibreSSL's figure with LibreSSL's version (issue 27), next to
OpenSSL's in the same pasted note; a real published file, see fixtures/libressl/PROVENANCE.md."""

from datetime import UTC, datetime
from pathlib import Path

from cryptobench_parsers.imports import ImportOptions, decode, import_text

LIBRESSL = Path(__file__).parent / "fixtures" / "libressl"


def test_libressl_speed_is_the_libressl_library_with_its_version():
    path = LIBRESSL / "cold-coder_security_openssl.md"
    imported = import_text(
        decode(path.read_bytes(), source_name=path.name),
        ImportOptions(source_name=path.name),
        received_at=datetime(2026, 11, 25, 20, 0, tzinfo=UTC),
    )
    openssl, libressl = imported.runs
    assert imported.detection.format == "openssl"
    assert {(r.library, r.library_version) for r in openssl.results} == {("OpenSSL", "3.0.7")}
    assert {(r.library, r.library_version) for r in libressl.results} == {("LibreSSL", "3.3.6")}
    assert (libressl.source, libressl.tool.name, libressl.tool.version) == (
        "openssl-speed",
        "openssl",
        "3.3.6",
    )
    figures = {(r.operation, r.params["key_bits"]): r.value for r in libressl.results}
    assert len(figures) == 8
    assert figures[("sign", 2048)] == 534.0
    assert figures[("verify", 4096)] == 9415.3
    assert {(r.operation, r.params["key_bits"]): r.value for r in openssl.results}[
        ("sign", 15360)
    ] == 4.7
