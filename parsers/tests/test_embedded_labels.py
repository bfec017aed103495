"""Mbed TLS and wolfSSL benchmark logs are labelled by the tool that printed them and by the
board, CPU or clock the text names (issue 27); real published READMEs, see PROVENANCE.md."""

from datetime import UTC, datetime
from pathlib import Path

from captured import CAPTURED

from cryptobench_parsers.serial.documents import build_document
from cryptobench_parsers.serial.runs import assemble_text

EMBEDDED = Path(__file__).parent / "fixtures" / "embedded"
AT = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)


def document(path):
    assembler = assemble_text(path.read_text(encoding="utf-8"), source_name=path.name, at=AT)
    assert assembler.warnings == []
    (run,) = assembler.runs
    return build_document(run)


def figures(doc):
    return {(r.name, r.metric): (r.value, r.unit) for r in doc.results}


def test_mbedtls_log_is_the_benchmark_tool_on_the_board_the_readme_names():
    doc = document(EMBEDDED / "k32w148_mbedtls_benchmark_readme.md")
    assert (doc.source, doc.machine.name, doc.machine.board) == (
        "mbedtls-benchmark",
        "K32W148-EBB",
        "K32W148-EBB",
    )
    assert (doc.machine.clock_hz, doc.machine.extra) == (96e6, {"clock_source": "configured"})
    assert (doc.tool.name, doc.tool.version) == ("mbedtls programs/test/benchmark", "2.28.5")
    got = figures(doc)
    assert len(got) == 57
    assert got[("SHA-256", "bytes_per_s")] == (6497.89, "KiB/s")
    assert got[("SHA-256", "cycles_per_byte")] == (14.13, "cycles/B")
    assert got[("ECDHE-secp256r1 full handshake", "ops_per_s")] == (2.0, "ops/s")


def test_nuclei_cpu_frequency_line_is_the_measured_clock():
    doc = document(EMBEDDED / "nuclei_mbedtls_benchmark_xlcrypto.md")
    assert (doc.source, doc.machine.name, doc.machine.cpu_model) == (
        "mbedtls-benchmark",
        "Nuclei RISC-V",
        "Nuclei RISC-V",
    )
    assert (doc.machine.clock_hz, doc.machine.extra) == (32000403.0, {"clock_source": "measured"})
    got = figures(doc)
    assert len(got) == 69
    assert got[("AES-CBC-192", "bytes_per_s")] == (14690.0, "KiB/s")
    assert got[("AES-CBC-192", "cycles_per_byte")] == (1.0, "cycles/B")
    assert got[("RSA-4096 public", "ops_per_s")] == (136.0, "ops/s")


def test_saturated_nuclei_log_keeps_every_figure_as_printed():
    got = figures(document(EMBEDDED / "nuclei_mbedtls_benchmark_saturated.md"))
    assert [value for (name, metric), value in got.items() if metric == "bytes_per_s"] == [
        (4194304.0, "KiB/s")
    ] * 15
    assert got[("MD5", "cycles_per_byte")] == (1.0, "cycles/B")


def test_wolfssl_log_on_the_rx72n_with_no_aad_decrypt_and_bytes_per_second():
    doc = document(EMBEDDED / "rx72n_wolfssl_benchmark_readme.md")
    assert (doc.source, doc.machine.name, doc.machine.cpu_model, doc.machine.clock_hz) == (
        "wolfssl-benchmark",
        "Renesas RX72N Envision Kit",
        "Renesas RX72N",
        None,
    )
    assert (doc.tool.name, doc.tool.version) == ("wolfcrypt benchmark", "5.6.3")
    got = figures(doc)
    assert len(got) == 47
    assert got[("AES-128-GCM-dec-no_AAD", "bytes_per_s")] == (145.886, "KiB/s")
    assert got[("PBKDF2", "bytes_per_s")] == (77.89, "B/s")
    rows = {r.name: r for r in doc.results}
    no_aad = rows["AES-128-GCM-dec-no_AAD"]
    assert (no_aad.family, no_aad.algorithm, no_aad.operation, no_aad.params) == (
        "aead",
        "AES-128-GCM",
        "decrypt",
        {"block_bytes": 1024, "variant": "no-aad"},
    )
    assert (rows["AES-128-GCM-dec"].operation, rows["AES-128-GCM-dec"].params) == (
        "decrypt",
        {"block_bytes": 1024},
    )
    assert rows["AES-256-GCM-enc-no_AAD"].operation == "encrypt"


def test_a_log_naming_no_device_is_an_unknown_machine_not_a_serial_device():
    doc = document(CAPTURED / "serial" / "wolfssl_zcu102_4.4.0.log")
    assert (doc.source, doc.machine.name, doc.machine.clock_hz) == (
        "wolfssl-benchmark",
        "unknown machine",
        None,
    )
    doc = document(CAPTURED / "serial" / "mbedtls_benchmark_zephyr_qemu_x86.log")
    assert (doc.source, doc.machine.name) == ("mbedtls-benchmark", "unknown machine")


def test_espressif_boot_log_names_the_chip_under_the_wolfssl_tool():
    doc = document(CAPTURED / "serial" / "wolfssl_esp32c3_160mhz.log")
    assert (doc.source, doc.machine.name, doc.machine.clock_hz) == (
        "wolfssl-benchmark",
        "esp32c3",
        160e6,
    )


def test_a_board_benchmarking_in_a_loop_is_one_run_per_pass():
    """A name measured again starts a run: two passes of the K32W148 log are two runs of 57
    figures (a long loop capture was one run beyond the contract's 100,000 results: a 500)."""
    text = (EMBEDDED / "k32w148_mbedtls_benchmark_readme.md").read_text(encoding="utf-8")
    assembler = assemble_text(text + text, source_name="loop.log", at=AT)
    first, second = (build_document(run) for run in assembler.runs)
    assert (len(first.results), len(second.results)) == (57, 57)
    assert first.run_id != second.run_id and assembler.warnings == []
    assert (second.machine.name, second.machine.clock_hz) == ("K32W148-EBB", 96e6)
