"""Rust criterion console output (captured Markdown, parsers/tests/fixtures/criterion/
PROVENANCE.md): every figure read exactly with its 95% interval, change blocks and progress
lines left out on purpose, detected as criterion."""

from pathlib import Path

import pytest
from published import AT, parsed

from cryptobench_parsers.criterion import parse_criterion
from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError

CRITERION = Path(__file__).parent / "fixtures" / "criterion"


def parse(name):
    return parsed(parse_criterion, "criterion", name)


@pytest.mark.parametrize("path", sorted(CRITERION.glob("*.txt")), ids=lambda path: path.name)
def test_every_fixture_is_detected_as_criterion_and_read_without_warnings(path):
    assert detect(path.read_text(), source_name=path.name).format == "criterion"
    runs = parse_criterion(path.read_text(), source_name=path.name, started_at=AT)
    assert [run.warnings for run in runs] == [[] for _ in runs]
    assert {run.source for run in runs} == {"criterion"}


def test_time_with_its_interval_and_size_stored_once_and_two_machines_two_runs():
    """`hash/16B  time: [..]  thrpt: [157.82 MiB/s]` is one measurement: one result, 16 B per
    operation (the store derives the 157.8 MiB/s again), the algorithm without the size."""
    x86, arm = parse("codahale-lockstitch_perf.txt")
    assert [len(x86.results), len(arm.results)] == [20, 20]
    time = x86.results[0]
    assert (time.name, time.algorithm, time.params, time.metric, time.unit, time.value) == (
        "hash/16B",
        "hash",
        {"block_bytes": 16},
        "ns_per_op",
        "ns/op",
        96.686,
    )
    assert (time.error, time.error_kind, time.stats) == (
        0.0535,
        "ci95",
        {"ci95_lower": 96.635, "ci95_upper": 96.742},
    )
    assert [(r.name, r.algorithm, r.params, r.unit, r.value) for r in arm.results[-2:]] == [
        ("aead/16KiB", "aead", {"block_bytes": 16384}, "us/op", 1.1521),
        ("aead/1MiB", "aead", {"block_bytes": 1048576}, "us/op", 67.202),
    ]


def test_a_throughput_gives_the_size_a_name_does_not_state():
    text = (CRITERION.parent / "corpus/criterion/mozilla-neqo_pr1738_change_blocks.txt").read_text()
    runs = parse_criterion(text, source_name="neqo", started_at=AT)
    assert [(r.name, r.params, r.unit, r.value) for r in runs[0].results] == [
        (
            "transfer/Run multiple transfers with varying seeds",
            {"block_bytes": 4194304},
            "ms/op",
            224.95,
        ),
        (
            "transfer/Run multiple transfers with the same seed",
            {"block_bytes": 4194304},
            "ms/op",
            188.4,
        ),
    ]
    elements = CRITERION.parent / "corpus/criterion/anza-xyz-alpenglow_pr512_warnings.txt"
    [run] = parse_criterion(elements.read_text(), source_name="alpenglow", started_at=AT)
    assert [(r.operation, r.unit, r.value) for r in run.results] == [
        ("verify", "ms/op", 1.7773),
        ("verify", "Kelem/s", 1.1253),
    ]


def test_change_blocks_progress_and_advice_lines_are_not_figures():
    [run] = parse("hahatianx-lumo_benchmark_test_result.txt")
    assert [(r.name, r.unit, r.value) for r in run.results[:8]] == [
        ("encrypt_1024B", "us/op", 16.436),
        ("decrypt_1024B", "us/op", 4.5963),
        ("encrypt_1048576B", "ms/op", 16.079),
        ("decrypt_1048576B", "ms/op", 4.1239),
        ("encrypt_file_1.0KiB", "us/op", 150.38),
        ("encrypt_file_1.0MiB", "ms/op", 3.9763),
        ("encrypt_file_100.0MiB", "ms/op", 392.58),
        ("encrypt_file_1.0GiB", "s/op", 3.9914),
    ]
    assert run.results[-1].name == r"encrypt_file_\\?\D:\SharedDisc\test\age-bench_1.0GiB"
    assert run.results[-1].value == 1.3226 and len(run.results) == 16


def test_cycle_measurements_and_names_of_the_vocabulary():
    [run] = parse("nstilt1-stream-ciphers-rng_x86_64-linux_sse2.txt")
    cycles = run.results[0]
    assert (cycles.algorithm, cycles.params, cycles.unit, cycles.value) == (
        "stream-cipher/apply_keystream",
        {"block_bytes": 1024},
        "cycles/op",
        3004.0906,
    )
    rng = run.results[5]
    assert (rng.name, rng.family, rng.algorithm, rng.operation, rng.params, rng.value) == (
        "ChaCha20Rng/fill_bytes/1024",
        "rng",
        "ChaCha20Rng",
        "generate",
        {"block_bytes": 1024},
        2970.918,
    )


def test_a_progress_line_glued_to_the_name_names_the_result():
    text = (
        "Benchmarking chacha20/1024: Collecting 100 samples in estimchacha20/1024\n"
        "                        time:   [5662.5123 cycles 5664.6409 cycles 5666.9057 cycles]\n"
    )
    [run] = parse_criterion(text, source_name="x", started_at=AT)
    [result] = run.results
    assert (result.name, result.algorithm, result.params, result.value) == (
        "chacha20/1024",
        "ChaCha20",
        {"block_bytes": 1024},
        5664.6409,
    )
    with pytest.raises(ParseError, match="no criterion results"):
        parse_criterion("Found 3 outliers among 100 measurements\n", source_name="x", started_at=AT)
