"""github-action-benchmark's data.js (gh-pages stores, parsers/tests/fixtures/action_benchmark/
PROVENANCE.md): one run per commit entry with its commit, date and tool, every bench read, the
same ids when the store is imported again after more commits, detected as the action's store."""

from datetime import UTC, datetime
from pathlib import Path

import pytest
from published import AT, fixture_paths, parsed

from cryptobench_parsers.action_benchmark import entry_count, parse_action_benchmark
from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.imports import ImportOptions, import_text

STORES = Path(__file__).parent / "fixtures" / "action_benchmark"
FIXTURES = fixture_paths("action_benchmark")


def parse(name):
    return parsed(parse_action_benchmark, "action_benchmark", name)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_store_is_detected_and_every_entry_is_a_run(path):
    text = path.read_text()
    found = detect(text, source_name=path.name)
    assert (found.format, found.reason) == (
        "action-benchmark",
        "github-action-benchmark's data.js (window.BENCHMARK_DATA = ...)",
    )
    runs = parse_action_benchmark(text, source_name=path.name, started_at=AT)
    assert len(runs) == entry_count(text, source_name=path.name)
    assert {run.source for run in runs} == {"github-action-benchmark"}
    for suite in {run.tags["suite"] for run in runs}:
        starts = [run.started_at for run in runs if run.tags["suite"] == suite]
        assert starts == sorted(starts)


def test_cargo_entries_give_ns_per_op_with_the_spread_and_the_commit_as_tag():
    runs = parse("jarys-orchard_cargo_data.js")
    assert [(r.tags["commit"][:7], r.started_at, len(r.results)) for r in runs] == [
        ("93ad4a6", datetime(2022, 5, 5, 16, 20, 58, 652000, tzinfo=UTC), 8),
        ("36d263f", datetime(2022, 6, 13, 10, 40, 20, 487000, tzinfo=UTC), 26),
        ("3faab98", datetime(2022, 7, 6, 14, 24, 12, 391000, tzinfo=UTC), 26),
        ("d05b6ce", datetime(2022, 11, 19, 6, 1, 26, 892000, tzinfo=UTC), 26),
        ("06cea3f", datetime(2022, 12, 21, 3, 51, 4, 553000, tzinfo=UTC), 26),
    ]
    first = runs[0]
    assert (first.tool.name, first.tool.options, first.tags["suite"]) == (
        "cargo bench",
        "tool: cargo",
        "Orchard Benchmarks",
    )
    proving = first.results[0]
    assert (proving.name, proving.unit, proving.value, proving.error, proving.error_kind) == (
        "proving/bundle/1",
        "ns/op",
        5350553402.0,
        88336121.0,
        "range",
    )
    compact = [
        next(r.value for r in run.results if r.name == "compact-note-decryption/invalid")
        for run in runs[1:]
    ]
    assert compact == [183846176.0, 157680153.0, 1647349298.0, 1645943184.0]


def test_go_benchmem_figures_in_the_unit_or_as_benches_of_their_own_are_stats():
    runs = parse("CGI-FR-SIGO_go_data.js")
    assert len(runs) == 20 and {run.tool.name for run in runs} == {"go test -bench"}
    old = runs[0].results[0]
    assert (old.name, old.algorithm, old.unit, old.value, old.params, old.stats) == (
        "BenchmarkSimpleClustering",
        "SimpleClustering",
        "ns/op",
        152233.0,
        {"gomaxprocs": 2},
        {"bytes_allocated_per_op": 39461.0, "allocs_per_op": 1041.0, "iterations": 80137.0},
    )
    new = runs[-1].results[-1]
    assert (new.name, new.value, new.stats) == (
        "BenchmarkLongClustering",
        38201534072.0,
        {
            "bytes_allocated_per_op": 6467725880.0,
            "allocs_per_op": 467975816.0,
            "iterations": 1.0,
        },
    )
    assert {r.unit for run in runs for r in run.results} == {"ns/op"}


def test_pytest_entries_give_ops_per_s_with_rounds_and_the_time_deviation():
    runs = parse("ChihChengLiang-milagro_bls_binding_pytest_data.js")
    assert len(runs) == 66
    single = runs[0].results[2]
    assert (single.name, single.unit, single.metric, single.value, single.samples) == (
        "benchmark.py::test_single_verify",
        "ops/s",
        "ops_per_s",
        149.47872531508315,
        100,
    )
    assert single.stats == {"time_stddev_s": 0.000299816428680643}


def test_every_tool_of_the_action_its_unit_error_samples_and_params():
    runs = parse("benchmark-action-github-action-benchmark_every_tool_data.js")
    assert len(runs) == 33
    last = {run.tags["suite"]: run for run in runs}
    got = {
        suite: (run.tool.name, r.name, r.unit, r.value, r.error, r.error_kind, r.samples, r.stats)
        for suite, run in last.items()
        for r in run.results[:1]
    }
    assert got == {
        "Rust Benchmark": (
            "cargo bench",
            "bench_fib_10",
            "ns/op",
            159.63,
            3.44,
            "range",
            None,
            None,
        ),
        "Criterion.rs Benchmark": (
            "cargo bench",
            "BenchFib10",
            "ns/op",
            159.0,
            5.0,
            "range",
            None,
            None,
        ),
        "Go Benchmark": (
            "go test -bench",
            "BenchmarkFib10",
            "ns/op",
            313.1,
            None,
            None,
            None,
            {"iterations": 3852480.0},
        ),
        "Benchmark.js Benchmark": (
            "Benchmark.js",
            "fib(10)",
            "ops/s",
            1594568.0,
            1594568.0 * 0.19 / 100,
            "ci95",
            94,
            None,
        ),
        "Python Benchmark with pytest-benchmark": (
            "pytest-benchmark",
            "bench.py::test_fib_10",
            "ops/s",
            76327.03241590009,
            None,
            None,
            29984,
            {"time_stddev_s": 1.2571315525798022e-06},
        ),
        "C++ Benchmark": (
            "Google Benchmark",
            "fib_10",
            "ns/op",
            177.50045639073818,
            None,
            None,
            None,
            {"iterations": 3946180.0},
        ),
        "Catch2 Benchmark": (
            "Catch2",
            "Fibonacci 10",
            "ns/op",
            84.3406,
            None,
            None,
            100,
            {"iterations": 362.0, "spread_as_printed": 5.00339},
        ),
        "Julia benchmark result": (
            "BenchmarkTools.jl",
            "fib/10",
            "ns/op",
            302.8493150684931,
            None,
            None,
            None,
            None,
        ),
        "Benchmark.Net Benchmark": (
            "BenchmarkDotNet",
            "Sample.Benchmarks.Fib10",
            "ns/op",
            22.165519416332245,
            0.053248905155396604,
            "range",
            None,
            None,
        ),
        "JMH Benchmark": (
            "JMH",
            "org.openjdk.jmh.samples.JMHSample_01_HelloWorld.wellHelloThere",
            "ops/s",
            1820491309.1347592,
            None,
            None,
            None,
            {"iterations": 3.0},
        ),
        "Catch2 Benchmark (v3)": (
            "Catch2",
            "Fibonacci 10",
            "ns/op",
            106.374,
            None,
            None,
            100,
            {"iterations": 377.0, "spread_as_printed": 38.4231},
        ),
    }
    catch2 = last["Catch2 Benchmark"].results[1]
    assert (catch2.name, catch2.unit, catch2.metric, catch2.value) == (
        "Fibonacci 20",
        "us/op",
        "ns_per_op",
        7.6369,
    )


def test_the_same_entries_keep_their_ids_when_the_store_grows():
    text = (STORES / "jarys-orchard_cargo_data.js").read_text()
    cut = text.rindex('      {\n        "commit"')
    older = text[:cut].rstrip().rstrip(",") + "\n    ]\n  }\n}"
    before = parse_action_benchmark(older, source_name="x", started_at=AT)
    after = parse_action_benchmark(text, source_name="x", started_at=AT)
    assert [r.run_id for r in before] == [r.run_id for r in after][:4]


def test_the_json_object_of_a_store_saved_alone_is_detected_and_read_the_same():
    text = (STORES / "jarys-orchard_cargo_data.js").read_text()
    body = text.removeprefix("window.BENCHMARK_DATA = ")
    assert detect(body, source_name="x").format == "action-benchmark"
    alone = parse_action_benchmark(body, source_name="x", started_at=AT)
    whole = parse_action_benchmark(text, source_name="x", started_at=AT)
    assert [r.model_dump() for r in alone] == [r.model_dump() for r in whole]


def test_the_json_object_saved_alone_is_kept_as_json_and_the_data_js_as_text():
    text = (STORES / "jarys-orchard_cargo_data.js").read_text()
    body = text.removeprefix("window.BENCHMARK_DATA = ")
    for saved, media_type in ((body, "application/json"), (text, "text/plain")):
        run = next(import_text(saved, ImportOptions(), received_at=AT).runs)
        assert (run.artifact.media_type, run.artifact.content) == (media_type, saved)


def test_a_store_that_is_not_json_names_the_line():
    with pytest.raises(ParseError, match=r"x:3: not the action's data.js"):
        parse_action_benchmark(
            'window.BENCHMARK_DATA = {\n  "entries": {\n    oops\n', source_name="x", started_at=AT
        )


def test_more_entries_than_an_import_makes_is_refused_naming_both_counts():
    text = (STORES / "jarys-orchard_cargo_data.js").read_text()
    options = ImportOptions(source_name="x", max_runs=3)
    with pytest.raises(ParseError, match=r"holds 5 commit entries .* at most 3 runs"):
        import_text(text, options, received_at=AT)
    assert len(list(import_text(text, ImportOptions(max_runs=5), received_at=AT).runs)) == 5
