"""Nothing figure-like vanishes without a warning from `bssl speed` output, pytest-benchmark
JSON and github-action-benchmark's data.js (hypothesis over lines and records of the real
fixtures with figures the parsers do not read mixed in)."""

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from published import AT, fixture_lines, pasted

from cryptobench_parsers import bssl_speed
from cryptobench_parsers.action_benchmark import NO_VALUE, parse_action_benchmark
from cryptobench_parsers.bssl_speed import parse_bssl_speed
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import NOT_UNDERSTOOD, figure_like
from cryptobench_parsers.pytest_benchmark import NO_MEAN, parse_pytest_benchmark

FIXTURES = Path(__file__).parent / "fixtures"


@pasted(
    fixture_lines("bssl_speed"),
    ["Did 12 X ", "> Did 3 Y operations in ", "  ", "took "],
    "1500 ops/sec: 2.5 MB/s",
)
def test_no_figure_like_line_of_bssl_speed_output_vanishes(lines):
    """Each figure-like line of `bssl speed` output is a result (its name among the run's
    results) or a warning; a text with no result line is refused, never an empty run."""
    try:
        runs = parse_bssl_speed("\n".join(lines), source_name="fuzz", started_at=AT)
    except ParseError:
        assert not any(bssl_speed.recognizes(line) for line in lines)
        return
    warned = {w.line for run in runs for w in run.warnings if w.message == NOT_UNDERSTOOD}
    names = {r.name for run in runs for r in run.results}
    for number, line in enumerate(lines, start=1):
        if figure_like(line) and number not in warned:
            assert bssl_speed.recognizes(line), line
            assert line.split(" operations in ")[0].split(" ", 2)[2].strip() in names, line


STORE = json.loads(
    (FIXTURES / "action_benchmark" / "CGI-FR-SIGO_go_data.js")
    .read_text()
    .removeprefix("window.BENCHMARK_DATA = ")
)
BENCHES = [bench for entry in STORE["entries"]["Benchmark"] for bench in entry["benches"]]
ODD_BENCHES = [
    {"name": "BenchmarkX", "value": None, "unit": "ns/op"},
    {"name": "BenchmarkY", "value": "12", "unit": "ns/op"},
    {"name": "encrypt", "value": 3.5, "unit": "widgets/s", "range": "± 1"},
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(BENCHES + ODD_BENCHES), max_size=8), max_size=6))
def test_no_bench_of_a_data_js_vanishes(entries):
    """Each bench of each entry is a result, a stat of its time result (Go's B/op and
    allocs/op) or a warning; an entry is a run when one of its benches has a value."""
    store = {
        "entries": {
            "suite": [
                {
                    "commit": {"id": f"c{i}"},
                    "date": 1_600_000_000_000 + i,
                    "tool": "go",
                    "benches": b,
                }
                for i, b in enumerate(entries)
            ]
        }
    }
    text = "window.BENCHMARK_DATA = " + json.dumps(store)
    try:
        runs = parse_action_benchmark(text, source_name="fuzz", started_at=AT)
    except ParseError:
        assert not any(isinstance(b["value"], int | float) for e in entries for b in e)
        return
    by_commit = {run.tags["commit"]: run for run in runs}
    for i, benches in enumerate(entries):
        kept = [b for b in benches if isinstance(b["value"], int | float)]
        if not kept:
            assert f"c{i}" not in by_commit
            continue
        run = by_commit[f"c{i}"]
        assert len([w for w in run.warnings if w.message == NO_VALUE]) == len(benches) - len(kept)
        names = {r.name for r in run.results}
        for bench in kept:
            assert bench["name"].split(" - ")[0] in names, bench


PYTEST_RECORD = json.loads(
    (FIXTURES / "pytest_benchmark" / "ionelmc-pytest-benchmark_test_storage_0030.json").read_text()
)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["timed", "no stats", "no mean", "text mean"]), max_size=8))
def test_no_pytest_benchmark_record_vanishes(kinds):
    """Each record is a result (a mean time) or a warning; a file with no result is refused."""
    base = PYTEST_RECORD["benchmarks"][0]
    odd = {
        "timed": base,
        "no stats": {**base, "stats": None},
        "no mean": {**base, "stats": {"rounds": 3}},
        "text mean": {**base, "stats": {**base["stats"], "mean": "fast"}},
    }
    document = {**PYTEST_RECORD, "benchmarks": [odd[kind] for kind in kinds]}
    try:
        [run] = parse_pytest_benchmark(json.dumps(document), source_name="fuzz", started_at=AT)
    except ParseError:
        assert "timed" not in kinds
        return
    assert len(run.results) == kinds.count("timed")
    assert [w.message for w in run.warnings] == [NO_MEAN] * (len(kinds) - kinds.count("timed"))
