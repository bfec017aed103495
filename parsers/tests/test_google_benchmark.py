"""Google Benchmark output (captured files, parsers/tests/fixtures/google_benchmark/
PROVENANCE.md): the console table and --benchmark_format=json, aggregates, counters, the
machine from `Run on` / the context, detected as Google Benchmark."""

import pytest
from published import AT, fixture_paths, parsed

from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.google_benchmark import parse_google_benchmark

FIXTURES = fixture_paths("google_benchmark")


def parse(name):
    return parsed(parse_google_benchmark, "google_benchmark", name)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_fixture_is_detected_and_read_without_warnings(path):
    assert detect(path.read_text(), source_name=path.name).format == "gbench"
    runs = parse_google_benchmark(path.read_text(), source_name=path.name, started_at=AT)
    assert [run.warnings for run in runs] == [[] for _ in runs]
    assert {run.source for run in runs} == {"google-benchmark"}


def test_console_tables_of_four_machines_are_four_runs_with_their_clock_and_date():
    runs = parse("itzmeanjan-tinyjambu_bench_README.txt")
    assert [
        (str(r.started_at), r.machine.cores, r.machine.clock_hz, len(r.results)) for r in runs
    ] == [
        ("2023-01-03 21:53:59+04:00", 8, 2.4e9, 84),
        ("2023-01-03 18:36:28+00:00", 64, 2.1e9, 84),
        ("2023-01-03 18:38:24+00:00", 64, 2.1e9, 84),
        ("2023-01-04 09:11:14+00:00", 128, 1278.06e6, 84),
        ("2023-01-03 18:43:10+00:00", 128, 1280.28e6, 84),
    ]
    time, rate = runs[0].results[:2]
    assert (time.name, time.algorithm, time.unit, time.value, time.stats) == (
        "tinyjambu_128_encrypt/64/32",
        "tinyjambu_128_encrypt/64/32",
        "ns/op",
        141.0,
        {"cpu_time": 141.0},
    )
    assert (rate.metric, rate.unit, rate.value) == ("bytes_per_s", "MiB/s", 648.653)
    assert [(r.unit, r.value) for r in runs[1].results[8:10]] == [
        ("ns/op", 220.0),
        ("GiB/s", 1.21674),
    ]


def test_json_aggregates_give_the_mean_its_stddev_and_the_counters_in_their_units():
    [run] = parse("itzmeanjan-sha3_linux_x86_64.json")
    assert (str(run.started_at), run.machine.name, run.machine.cores, run.machine.clock_hz) == (
        "2025-11-11 16:54:18+05:30",
        "linux",
        16,
        2964e6,
    )
    assert run.tool.version == "v1.9.1-7-gf4f93b55" and len(run.results) == 168
    time, cycles, cpb, rate = run.results[:4]
    assert (time.algorithm, time.operation, time.params, time.unit) == (
        "SHA3-224",
        "hash",
        {"block_bytes": 64},
        "ns/op",
    )
    assert (time.value, time.error, time.error_kind, time.samples) == (
        180.52713189340989,
        0.9884618514816506,
        "stddev",
        10,
    )
    assert time.stats == {
        "median": 180.46494269585216,
        "cv": 0.005475419905664242,
        "min": 178.50601912164257,
        "max": 182.14450832612698,
        "cpu_time": 180.43050186791615,
    }
    assert [(r.name, r.metric, r.unit, r.value) for r in (cycles, cpb, rate)] == [
        ("sha3_224/64 CYCLES", "cycles_per_op", "cycles/op", 796.46409789147083),
        ("sha3_224/64 CYCLES/ BYTE", "cycles_per_byte", "cycles/B", 8.6572184553420755),
        ("sha3_224/64 bytes_per_second", "bytes_per_s", "B/s", 509907874.18152839),
    ]


def test_kem_operations_and_items_per_second():
    [run] = parse("itzmeanjan-ml-kem_linux_x86_64.json")
    time, cycles, items = run.results[:3]
    assert (time.family, time.algorithm, time.operation, time.unit, time.value) == (
        "kem",
        "ML-KEM-512",
        "decaps",
        "us/op",
        19.610870934712906,
    )
    assert (cycles.unit, items.metric, items.unit) == ("cycles/op", "other", "items/s")
    assert {(r.algorithm, r.operation) for r in run.results} == {
        (kem, op)
        for kem in ("ML-KEM-512", "ML-KEM-768", "ML-KEM-1024")
        for op in ("keygen", "encaps", "decaps")
    }


def test_repetitions_and_aggregates_in_the_console_and_unread_counters_warned():
    text = (
        "Run on (4 X 3000 MHz CPU s)\n"
        "BM_SHA256/1024         1000 ns         999 ns       700000 bytes_per_second=976.56Mi/s\n"
        "BM_SHA256/1024         1010 ns        1009 ns       700000 bytes_per_second=966.9Mi/s\n"
        "BM_SHA256/1024_mean    1005 ns        1004 ns            2 bytes_per_second=971.7Mi/s\n"
        "BM_SHA256/1024_stddev  7.07 ns        7.07 ns            2 bytes_per_second=6.8Mi/s\n"
        "BM_SHA256/1024_cv      0.70 %         0.70 %             2 bytes_per_second=0.70%\n"
        "AES took 5 ms\n"
    )
    [run] = parse_google_benchmark(text, source_name="x", started_at=AT)
    time, rate = run.results
    assert (time.algorithm, time.params, time.value, time.error, time.samples, time.raw) == (
        "SHA-256",
        {"block_bytes": 1024},
        1005.0,
        7.07,
        2,
        [1000.0, 1010.0],
    )
    assert time.stats == {"cv": 0.007, "cpu_time": 1004.0}
    assert (rate.unit, rate.value, rate.error, rate.raw) == ("MiB/s", 971.7, 6.8, [976.56, 966.9])
    assert rate.stats == {"cv": 0.007}
    assert [(w.line, w.text) for w in run.warnings] == [(7, "AES took 5 ms")]
    with pytest.raises(ParseError, match="no Google Benchmark rows"):
        parse_google_benchmark("Load Average: 1.0\n", source_name="x", started_at=AT)
