"""The firmware's leak-test runs (protocol version 2, real captured logs): each class a result
with every sample as `raw`, in the order taken; lost samples never make a short `raw`."""

from datetime import UTC, datetime

from captured import CAPTURED

from cryptobench_parsers.serial.documents import build_document
from cryptobench_parsers.serial.runs import assemble_text

SERIAL = CAPTURED / "serial"
AT = datetime(2026, 11, 29, 14, 0, tzinfo=UTC)
RV32 = (SERIAL / "qemu_rv32_leak_O2.log").read_text(encoding="utf-8")
HOST = (SERIAL / "host_leak_run.log").read_text(encoding="utf-8")


def assembled(text):
    return assemble_text(text, source_name="leak.log", at=AT)


def by_case(document):
    return {(r.name, r.params["input_class"]): r for r in document.results}


def test_rv32_leak_run_is_one_document_of_class_pairs_with_every_instruction_count():
    assembler = assembled(RV32)
    assert assembler.warnings == []
    (run,) = assembler.runs
    document = build_document(run)
    assert (str(document.run_id), document.tags, document.tool.version, document.tool.options) == (
        "2dabba7b-fdfc-4bd3-a692-dd34b3c0a4f2",
        {
            "target": "qemu-riscv32-virt",
            "hw_accel": "none",
            "mode": "leak-test",
            "opt_level": "-O2",
        },
        "protocol v2",
        "samples=1000 slow_samples=100",
    )
    results = by_case(document)
    assert len(results) == 10
    early = (
        results["leak-compare-early-exit", "fixed"],
        results["leak-compare-early-exit", "random"],
    )
    assert [sorted(set(r.raw)) for r in early] == [[421.0], [42.0, 48.0, 54.0]]
    assert [r.raw.count(48.0) + r.raw.count(54.0) for r in early] == [0, 5]
    flat = (
        results["leak-compare-constant-time", "fixed"],
        results["leak-compare-constant-time", "random"],
    )
    assert [set(r.raw) for r in flat] == [{616.0}, {616.0}]
    fixture = early[0]
    assert (fixture.library, fixture.library_version, fixture.algorithm, fixture.params) == (
        "CryptoBench fixture",
        None,
        "tag compare",
        {"variant": "early-exit", "message_bytes": 64, "input_class": "fixed"},
    )
    rsa = results["leak-rsa-2048-none-sign", "random"]
    assert (rsa.library, rsa.library_version, rsa.params) == (
        "Mbed TLS",
        "2.28.3",
        {"key_bits": 2048, "padding": "none", "input_class": "random"},
    )
    assert (rsa.samples, len(rsa.raw), rsa.value, rsa.raw[:2]) == (
        100,
        100,
        111029750.0,
        [111659162.0, 110088444.0],
    )
    for (name, _), result in results.items():
        twin = results[name, "random" if result.params["input_class"] == "fixed" else "fixed"]
        assert {**result.params, "input_class": None} == {**twin.params, "input_class": None}
        assert result.metric == "instructions_per_op" and result.samples == len(result.raw)
        assert result.stats["min"] == min(result.raw) and result.stats["max"] == max(result.raw)


def test_host_leak_run_keeps_nanoseconds_of_each_class():
    (run,) = assembled(HOST).runs
    results = by_case(build_document(run))
    early = results["leak-compare-early-exit", "fixed"]
    assert (early.metric, early.unit, early.samples, len(early.raw), early.value) == (
        "ns_per_op",
        "ns/op",
        2000,
        2000,
        120.0,
    )
    assert [len(results["leak-ecdsa-secp256r1-sign", c].raw) for c in ("fixed", "random")] == [
        100,
        100,
    ]


def test_a_lost_samples_line_drops_that_results_raw_with_a_warning_and_a_partial_run():
    lines = RV32.splitlines()
    lost = next(
        i
        for i, line in enumerate(lines)
        if line.startswith('BENCH_RAW {"v":2') and '"seq":3,"at":48,' in line
    )
    assembler = assembled("\n".join(lines[:lost] + lines[lost + 1 :]) + "\n")
    (run,) = assembler.runs
    document = build_document(run)
    results = by_case(document)
    assert results["leak-compare-constant-time", "fixed"].raw is None
    assert len(results["leak-compare-constant-time", "random"].raw) == 1000
    assert document.tags["partial"] == "true"
    assert [w.message for w in assembler.warnings] == [
        "result 3: samples from 96 arrived after 48: some were lost",
        "leak-compare-constant-time (result 3): 48 of its 1000 samples arrived: kept none",
    ]


def test_samples_of_a_batched_line_are_per_operation_and_stray_samples_are_warnings():
    lines = RV32.splitlines()
    text = "\n".join(lines[:3]) + "\n"  # BEGIN, the first BENCH line, its first BENCH_RAW line
    text = text.replace('"batch":1,"n":1000', '"batch":4,"n":48').replace('"raw":1000', '"raw":48')
    text += lines[2].replace('"seq":1', '"seq":9') + "\n"
    assembler = assembled(text)
    (run,) = assembler.runs
    (result,) = run.results
    assert result.raw == [421 / 4] * 48
    assert [w.message for w in assembler.warnings] == [
        "samples of result 9, which did not arrive before",
    ]
