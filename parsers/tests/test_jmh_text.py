"""JMH's printed result tables (issue 27): seed 001's table, real captured tables (provenance in
fixtures/jmh_text/PROVENANCE.md) and the forms JMH prints them in, figures asserted exactly."""

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from published import fixture_paths

from cryptobench_contract import Machine
from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import NOT_UNDERSTOOD
from cryptobench_parsers.jmh.text_tables import jmh_documents, parse_jmh_text

ROOT = Path(__file__).parents[2]
FIXTURES = Path(__file__).parent / "fixtures" / "jmh_text"
SEED_001 = ROOT / "backend" / "src" / "cryptobench_server" / "demo" / "seed001-sunec-ecdsa.json"


def tables(text: str) -> list[list[tuple]]:
    parsed = parse_jmh_text(text, source_name="paste")
    return [
        [(r.name, r.params, r.value, r.error, r.unit, r.samples) for r in table.results]
        for table in parsed.tables
    ]


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def test_seed_001s_table_gives_the_seeds_figures_exactly():
    seed = json.loads(SEED_001.read_text())
    [table] = parse_jmh_text(seed["artifact"]["content"], source_name="seed").tables
    assert [
        (r.name, r.value, r.error, r.error_kind, r.unit, r.metric, r.samples) for r in table.results
    ] == [
        (r["name"], r["value"], r["error"], r["error_kind"], r["unit"], r["metric"], r["samples"])
        for r in seed["results"]
    ]
    assert table.warnings == []


def test_decimal_commas_params_and_the_run_log_around_the_table():
    name = "Maccimo_AsmConDyBigOuch_1.23_params_decimal_comma.txt"
    parsed = parse_jmh_text(fixture(name), source_name=name)
    bench = "ChainedConDyGenerationBenchmark.testConDyChainGeneration"
    assert tables(fixture(name)) == [
        [
            (bench, {"chainLength": "1"}, 441449.126, 7609.787, "ops/s", 5),
            (bench, {"chainLength": "8"}, 54861.31, 376.409, "ops/s", 5),
            (bench, {"chainLength": "16"}, 319.516, 3.979, "ops/s", 5),
            (bench, {"chainLength": "32"}, 0.005, 0.001, "ops/s", 5),
        ]
    ]
    assert (parsed.tool.name, parsed.tool.version, parsed.tool.build) == (
        "JMH",
        "1.23",
        "JDK 11.0.5-BellSoft, OpenJDK 64-Bit Server VM, 11.0.5-BellSoft+11",
    )
    assert parsed.tables[0].warnings == []
    assert {r.error_kind for r in parsed.tables[0].results} == {"ci99.9"}


def test_secondary_metrics_are_results_tagged_like_the_json_and_a_blank_error_is_none():
    name = "uber-java_tally_statsd_gc_secondary_metrics.txt"
    [table] = parse_jmh_text(fixture(name), source_name=name).tables
    assert len(table.results) == 45
    bench = "StatsdReporterBenchmark.reportCounterBenchmark"
    assert [
        (r.name, r.algorithm, r.params, r.metric, r.value, r.error, r.unit, r.samples)
        for r in table.results[:9]
    ] == [
        (bench, bench, {}, "ops_per_s", 549.55, 62.916, "ops/ms", 10),
        (
            f"{bench}:·gc.alloc.rate",
            bench,
            {"jmh_metric": "gc.alloc.rate"},
            "other",
            1263.308,
            232.626,
            "MB/sec",
            10,
        ),
        *[
            (f"{bench}:·{key}", bench, {"jmh_metric": key}, "other", value, error, unit, 10)
            for key, value, error, unit in [
                ("gc.alloc.rate.norm", 2568.898, 188.826, "B/op"),
                ("gc.churn.G1_Eden_Space", 1291.77, 171.529, "MB/sec"),
                ("gc.churn.G1_Eden_Space.norm", 2633.801, 37.553, "B/op"),
                ("gc.churn.G1_Old_Gen", 0.005, 0.002, "MB/sec"),
                ("gc.churn.G1_Old_Gen.norm", 0.01, 0.002, "B/op"),
                ("gc.count", 454.0, None, "counts"),
                ("gc.time", 373.0, None, "ms"),
            ]
        ],
    ]
    assert [(r.name, r.value, r.error) for r in table.results if r.params == {}] == [
        (bench, 549.55, 62.916),
        ("StatsdReporterBenchmark.reportGaugeBenchmark", 531.119, 39.766),
        ("StatsdReporterBenchmark.reportHistogramDurationSamplesBenchmark", 302.625, 63.109),
        ("StatsdReporterBenchmark.reportHistogramValueSamplesBenchmark", 222.617, 16.067),
        ("StatsdReporterBenchmark.reportTimerBenchmark", 475.146, 70.444),
    ]
    assert table.warnings == []


def test_several_tables_with_prose_between_are_one_run_each():
    name = "born-to-be-mad_jmh_README_1.23_several_tables.md"
    parsed = parse_jmh_text(fixture(name), source_name=name)
    assert [(t.line, len(t.results), t.warnings) for t in parsed.tables] == [
        (434, 15, []),
        (499, 6, []),
        (559, 6, []),
        (581, 12, []),
        (601, 12, []),
        (647, 12, []),
        (685, 9, []),
    ]
    got = tables(fixture(name))
    naive = [r for r in got[0] if r[0] == "FactorialBenchmark.testNaive"]
    assert [(r[1]["value"], r[2], r[3], r[4], r[5]) for r in naive] == [
        ("10", 0.126, 0.002, "us/op", 20),
        ("100", 2.515, 0.094, "us/op", 20),
        ("1000", 144.347, 6.987, "us/op", 20),
        ("10000", 16038.515, 288.518, "us/op", 20),
        ("50000", 455818.365, 7975.689, "us/op", 20),
    ]
    assert [(r[0].split(".")[1], r[1], r[2], r[3]) for r in got[1]] == [
        ("equalsPost", {"strParams": ""}, 3.232, 0.109),
        ("equalsPost", {"strParams": "nonEmptyString"}, 2.729, 0.028),
        ("notNullAndIsEmpty", {"strParams": ""}, 2.278, 0.037),
        ("notNullAndIsEmpty", {"strParams": "nonEmptyString"}, 2.238, 0.027),
        ("preEquals", {"strParams": ""}, 3.282, 0.115),
        ("preEquals", {"strParams": "nonEmptyString"}, 3.025, 0.599),
    ]
    assert [(r[1]["url"], r[2], r[3]) for r in got[5][:4]] == [
        ("https://facebook.com/loginMe", 4.205, 0.108),
        ("Https://facebook.com/loginMe", 10.81, 0.319),
        ("http://facebook.com/loginMe", 6.047, 0.127),
        ("not url pattern", 6.541, 0.113),
    ]
    documents = jmh_documents(
        fixture(name),
        source_name=name,
        machine=Machine(name="m"),
        started_at=datetime(2026, 11, 25, tzinfo=UTC),
    )
    assert [len(d.results) for d in documents] == [15, 6, 6, 12, 12, 12, 9]
    assert len({d.run_id for d in documents}) == 7


ALL_MODES = """\
# JMH version: 1.37
Benchmark                      (size)   Mode     Cnt    Score    Error   Units
Aes.gcm                          1024  thrpt       5  66,289 ±   0,5  ops/ms
Aes.gcm                          1024   avgt       5   0,015 ±   0,001   ms/op
Aes.gcm                          1024 sample  120000   0,016 ±   0,001   ms/op
Aes.gcm:p0.00                    1024 sample           0,012             ms/op
Aes.gcm:p0.50                    1024 sample           0,015             ms/op
Aes.gcm:p0.999                   1024 sample           0,090             ms/op
Aes.gcm:p1.00                    1024 sample           1,300             ms/op
Aes.gcm                          1024     ss       1   0,410             ms/op
Aes.gcm:gc.alloc.rate.norm       1024   avgt       5   ≈ 10⁻⁴             B/op
Aes.gcm                           N/A   avgt       5     NaN              ms/op
"""


def test_every_mode_percentiles_as_stats_decimal_commas_and_what_is_not_a_figure():
    [table] = parse_jmh_text(ALL_MODES, source_name="p").tables
    assert [(r.value, r.error, r.unit, r.metric, r.samples, r.stats) for r in table.results] == [
        (66.289, 0.5, "ops/ms", "ops_per_s", 5, None),
        (0.015, 0.001, "ms/op", "ns_per_op", 5, None),
        (
            0.016,
            0.001,
            "ms/op",
            "ns_per_op",
            120000,
            {"min": 0.012, "median": 0.015, "p99.9": 0.09, "max": 1.3},
        ),
        (0.41, None, "ms/op", "ns_per_op", 1, None),
    ]
    assert {r.params["size"] for r in table.results} == {"1024"}
    assert [(w.line, w.message) for w in table.warnings] == [
        (11, "JMH printed only an order of magnitude (≈), not a figure; not stored"),
        (12, "no finite score (the benchmark failed or measured nothing); not stored"),
    ]


def test_a_misaligned_header_and_a_figure_outside_the_table():
    text = (
        "Benchmark Mode Cnt Score Error Units\n"
        "Sha.digest   thrpt   3   1234.5 ± 10.2   ops/s\n"
        "\n"
        "on my laptop it was 1500 ops/s\n"
    )
    [table] = parse_jmh_text(text, source_name="p").tables
    assert [(r.name, r.value, r.error) for r in table.results] == [("Sha.digest", 1234.5, 10.2)]
    assert [(w.line, w.message) for w in table.warnings] == [(4, NOT_UNDERSTOOD)]


def test_no_table_is_a_parse_error():
    with pytest.raises(ParseError, match="no JMH result table"):
        parse_jmh_text("Iteration   1: 424959.138 ops/s\n", source_name="p")


@pytest.mark.parametrize("path", fixture_paths("jmh_text"), ids=str)
def test_the_fixtures_are_detected_as_jmh_with_the_reason(path):
    found = detect(path.read_text(encoding="utf-8"), source_name=path.name)
    assert found.format == "jmh"
    assert "look like JMH output" in found.reason


def test_older_jmh_headers_and_rows_without_the_plus_minus_sign():
    text = (
        "\ufeffBenchmark                      Mode   Samples         Mean   Mean error    Units\n"
        "o.s.MyBenchmark.testMethod    thrpt       200  3129963.245    12432.574   ops/s\n"
    )
    [table] = parse_jmh_text(text, source_name="p").tables
    assert [(r.name, r.value, r.error, r.samples) for r in table.results] == [
        ("o.s.MyBenchmark.testMethod", 3129963.245, 12432.574, 200)
    ]


def test_the_run_log_is_not_read_but_a_heading_with_a_figure_is_a_warning():
    text = (
        "# Warmup: 5 iterations, 10 s each\n"
        "# Warmup Iteration   1: 17541564.529 ops/s\n"
        "Iteration   1: 23317338.378 ops/s\n"
        "# My laptop: 1500 ops/s\n"
        "Benchmark   Mode  Cnt  Score   Error  Units\n"
        "A.b        thrpt    5  1.5 ± 0.1  ops/s\n"
    )
    [table] = parse_jmh_text(text, source_name="p").tables
    assert [(w.line, w.message) for w in table.warnings] == [(4, NOT_UNDERSTOOD)]
