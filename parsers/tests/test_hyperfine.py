"""hyperfine's terminal output, --export-json and --export-markdown as published (issue 36's
corpus, fixtures/corpus/hyperfine/PROVENANCE.md): one result per command, read exactly."""

import pytest
from published import AT, CORPUS, fixture_paths

from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.hyperfine import parse_hyperfine
from cryptobench_parsers.imports import ImportOptions, import_text

FIXTURES = fixture_paths("corpus/hyperfine")


def runs_of(name):
    text = (CORPUS / "hyperfine" / name).read_text(encoding="utf-8")
    return list(import_text(text, ImportOptions(source_name=name), received_at=AT).runs)


def figures(run):
    return [
        (r.name, r.value, r.unit, r.error, r.error_kind, r.samples, r.stats) for r in run.results
    ]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_published_output_is_detected_and_read_without_warnings(path):
    assert detect(path.read_text(encoding="utf-8"), source_name=path.name).format == "hyperfine"
    runs = runs_of(path.name)
    assert runs and all(run.results for run in runs)
    assert [run.warnings for run in runs] == [[] for _ in runs]
    assert {(run.source, run.tool.name) for run in runs} == {("hyperfine", "hyperfine")}
    assert {r.metric for run in runs for r in run.results} == {"ns_per_op"}


def test_the_terminal_lines_are_the_mean_its_deviation_the_runs_and_their_range():
    [run] = runs_of("astral-sh-uv_pr819_summary.txt")
    assert figures(run) == [
        (
            "./target/release/puffin (install-cold)",
            410.3,
            "ms/op",
            19.9,
            "stddev",
            10,
            {"user": 173.7, "system": 1314.5, "min": 389.7, "max": 452.1},
        ),
        (
            "./target/release/baseline (install-cold)",
            418.2,
            "ms/op",
            14.4,
            "stddev",
            10,
            {"user": 210.7, "system": 1246.0, "min": 397.3, "max": 445.7},
        ),
    ]
    assert run.results[0].algorithm == "./target/release/puffin (install-cold)"


def test_each_hyperfine_command_is_a_run_on_the_machine_its_prompt_names():
    first, second = runs_of("uutils-coreutils_issue14749_sha256sum_warning.txt")
    assert (first.machine.name, second.machine.name) == ("relunsec", "relunsec")
    assert [r.name for r in first.results] == ["gnusha256sum /bin/bash", "./sha256sum /bin/bash"]
    assert figures(second)[1] == (
        "./sha256sum /usr/share/dict/words",
        10.2,
        "ms/op",
        0.9,
        "stddev",
        None,
        {"user": 7.7, "system": 2.1},
    )


def test_a_single_run_and_lines_pasted_without_their_benchmark_line():
    [run] = runs_of("sharkdp-hyperfine_issue642_abs_single_run.txt")
    assert figures(run) == [("true", 0.0, "ms/op", None, None, None, {"user": 0.2, "system": 0.0})]
    [run] = runs_of("sharkdp-hyperfine_issue665_no_header.txt")
    assert figures(run) == [
        (
            "benchmark 1",
            14.9,
            "ms/op",
            0.7,
            "stddev",
            187,
            {"user": 12.5, "system": 2.3, "min": 14.0, "max": 21.3},
        )
    ]


def test_each_markdown_export_table_is_a_run_of_its_rows():
    runs = runs_of("ykevinc-pocket-tts_benchmark_results_markdown.md")
    assert [[(r.name, r.value, r.unit, r.error) for r in run.results] for run in runs] == [
        [("Python (local)", 9.072, "s/op", 0.051), ("Rust (release)", 1.63, "s/op", 0.125)],
        [("Python (local)", 14.11, "s/op", 1.472), ("Rust (release)", 9.588, "s/op", 5.717)],
        [("Python (local)", 17.895, "s/op", 1.626), ("Rust (release)", 22.232, "s/op", 1.389)],
        [("Python (local)", 24.522, "s/op", 1.312), ("Rust (release)", 45.071, "s/op", 8.41)],
    ]
    [run] = runs_of("adityachandak287-1brc_comparison_markdown.md")
    last = run.results[-1]
    assert (last.name, last.value, last.unit, last.error, last.stats) == (
        "go track_aggregates_v2",
        1.9,
        "ms/op",
        0.1,
        {"min": 1.7, "max": 4.5},
    )
    assert len(run.results) == 9


def test_the_json_export_in_seconds_with_every_time_as_raw():
    [run] = runs_of("zeroows-1brc_hyperfine.json")
    first = run.results[0]
    assert (first.name, first.value, first.unit, first.error, first.samples) == (
        "cargo run --release --bin 1brc measurements_1000000000.txt",
        11.61481411152,
        "s/op",
        1.6447334482677183,
        3,
    )
    assert first.raw == [13.148435542520001, 11.81813333352, 9.877873458520002]
    assert first.stats == {
        "median": 11.81813333352,
        "min": 9.877873458520002,
        "max": 13.148435542520001,
        "user": 43.55566462666667,
        "system": 7.316738046666667,
    }
    assert run.artifact.media_type == "application/json"


def test_an_old_json_export_of_a_failed_command_keeps_its_name_cut_and_its_zeros():
    [run] = runs_of("dandavison-misc_hyperfine.json")
    [result] = run.results
    assert len(result.name) == 200 and result.name.endswith("…")
    assert (result.value, result.unit, result.samples) == (3.0220133333329403e-06, "s/op", 3)
    assert result.stats["median"] == 0.0


def test_json_without_a_timed_result_is_refused():
    path = CORPUS / "hyperfine" / "zeroows-1brc_hyperfine.json"
    text = path.read_text(encoding="utf-8").replace('"mean"', '"average"')
    with pytest.raises(ParseError, match='no "results" with a command and its mean time'):
        parse_hyperfine(
            text.replace('"results"', '"results"'), source_name=path.name, started_at=AT
        )
