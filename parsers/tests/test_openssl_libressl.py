"""`openssl speed` of LibreSSL is LibreSSL's figure with LibreSSL's version (issue 27), next to
OpenSSL's in the same pasted note; a real published file, see fixtures/libressl/PROVENANCE.md."""

from datetime import UTC, datetime
from pathlib import Path

from cryptobench_parsers.imports import ImportOptions, decode, import_text
from cryptobench_parsers.openssl.speed import parse_openssl_speed, parse_version_header

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


#: What `openssl version -a` prints on macOS, whose `openssl` is LibreSSL 3.3.6 (the version of
#: the note above); a header read apart from the `openssl speed -mr` output.
LIBRESSL_VERSION_A = (
    "LibreSSL 3.3.6\n"
    "built on: date not available\n"
    "platform: information not available\n"
    "options:  bn(64,64) rc4(16x,int) des(idx,cisc,16,int) blowfish(idx) \n"
    "compiler: information not available\n"
    'OPENSSLDIR: "/private/etc/ssl"\n'
)
MR_RECORDS = Path(__file__).parents[2] / "collectors" / "tests" / "fixtures" / "openssl"


def test_a_libressl_version_header_read_apart_names_the_library():
    header = parse_version_header(LIBRESSL_VERSION_A)
    assert (header.library, header.version, header.build["platform"]) == (
        "LibreSSL",
        "3.3.6",
        "information not available",
    )
    records = (MR_RECORDS / "openssl-3.0.19_mr_bytes1000.txt").read_text()
    parsed = parse_openssl_speed(
        records,
        source_name="mr.txt",
        version=header.version,
        build=header.build,
        library=header.library,
    )
    assert {(r.library, r.library_version) for r in parsed.results} == {("LibreSSL", "3.3.6")}


def test_a_pasted_libressl_version_before_an_mr_run_is_the_runs_library():
    records = (MR_RECORDS / "openssl-3.0.19_mr_bytes1000.txt").read_text()
    text = (
        f"$ openssl version -a\n{LIBRESSL_VERSION_A}"
        "$ openssl speed -seconds 1 -mr -bytes 1000 -evp chacha20-poly1305\n"
        f"{records}"
    )
    imported = import_text(
        text, ImportOptions(source_name="paste"), received_at=datetime(2026, 11, 25, tzinfo=UTC)
    )
    (run,) = imported.runs
    assert {(r.library, r.library_version) for r in run.results} == {("LibreSSL", "3.3.6")}
    assert [(r.algorithm, r.value) for r in run.results] == [("ChaCha20-Poly1305", 1396593442.62)]
    assert run.tool.version == "3.3.6"
