"""dudect's and dudect-bencher's leakage-test lines as published (issue 36's corpus,
fixtures/corpus/dudect/PROVENANCE.md): one result per test, its last max t as a figure of its
own (metric other, unit |t|), never a time."""

import pytest
from published import AT, CORPUS, fixture_paths

from cryptobench_parsers.detect import detect
from cryptobench_parsers.dudect import parse_dudect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.imports import ImportOptions, import_text

FIXTURES = fixture_paths("corpus/dudect")


def runs_of(name):
    text = (CORPUS / "dudect" / name).read_text(encoding="utf-8")
    return list(import_text(text, ImportOptions(source_name=name), received_at=AT).runs)


def figure(result):
    return (
        result.name,
        result.metric,
        result.value,
        result.unit,
        result.params,
        result.samples,
        result.stats,
    )


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_published_output_is_detected_as_dudect(path):
    assert detect(path.read_text(encoding="utf-8"), source_name=path.name).format == "dudect"
    [run] = runs_of(path.name)
    assert run.source == "dudect"
    assert {(r.metric, r.unit) for r in run.results} == {("other", "|t|")}


def test_the_last_line_of_a_test_is_its_figure_and_every_max_t_its_raw():
    [run] = runs_of("itzmeanjan-ml-kem_README_dudect.md")
    [result] = run.results
    assert (run.tool.name, run.warnings) == ("dudect", [])
    assert figure(result) == (
        "dudect test 1",
        "other",
        2.64,
        "|t|",
        {"statistic": "max t"},
        59_970_000,
        {"max_tau": 3.41e-04, "measurements": 59_970_000.0},
    )
    assert result.raw[:3] == [2.61, 2.65, 2.65] and len(result.raw) == 14


def test_a_dudect_bencher_line_is_its_bench_with_the_absolute_t():
    [run] = runs_of("integritychain-fips203_dudect_README.md")
    [result] = run.results
    assert run.tool.name == "dudect-bencher"
    assert figure(result) == (
        "full_flow",
        "other",
        1.3634,
        "|t|",
        {"statistic": "max t"},
        8_342_000,
        {"max_tau": 0.00047, "measurements": 8_342_000.0},
    )
    assert result.raw is None
    assert [(w.line, w.message) for w in run.warnings] == [
        (19, "looks like a measured figure but was not understood; not stored")
    ]


def test_the_name_a_bench_states_is_split_by_the_shared_function():
    [run] = runs_of("integritychain-fips204_dudect_README.md")
    [result] = run.results
    assert (result.name, result.algorithm, result.value) == (
        "keygen_and_sign",
        "keygen_and_sign",
        0.89328,
    )


def test_text_without_a_statistic_is_refused():
    path = CORPUS / "dudect" / "rozbb-dudect-bencher_README_bencher_output.md"
    text = path.read_text(encoding="utf-8").replace("max t =", "t =")
    with pytest.raises(ParseError, match="no dudect statistic"):
        parse_dudect(text, source_name=path.name, started_at=AT)
