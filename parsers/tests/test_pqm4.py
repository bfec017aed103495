"""pqm4 / mupq benchmark tables as published (issue 36's corpus, fixtures/corpus/pqm4/
PROVENANCE.md): every speed cell a cycles-per-operation result, never converted to time (no
clock is printed), the other evaluations its stats."""

import pytest
from published import AT, CORPUS, fixture_paths

from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.imports import ImportOptions, import_text
from cryptobench_parsers.pqm4 import NO_SPEED, parse_pqm4

FIXTURES = fixture_paths("corpus/pqm4")


def runs_of(name):
    text = (CORPUS / "pqm4" / name).read_text(encoding="utf-8")
    return list(import_text(text, ImportOptions(source_name=name), received_at=AT).runs)


def cell(run, name, implementation, operation):
    return next(
        r
        for r in run.results
        if (r.name, r.params["implementation"], r.operation) == (name, implementation, operation)
    )


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_published_table_is_detected_and_read_as_cycles(path):
    assert detect(path.read_text(encoding="utf-8"), source_name=path.name).format == "pqm4"
    [run] = runs_of(path.name)
    assert (run.source, run.tool.name, run.machine.clock_hz) == ("pqm4", "pqm4 benchmarks", None)
    assert {r.metric for r in run.results} == {"cycles_per_op"}


def test_ml_kem_on_the_cortex_m4_with_min_max_stack_hashing_and_size():
    [run] = runs_of("mupq-pqm4_90bfb630_benchmarks.csv")
    assert len(run.results) == 414
    decaps = cell(run, "ml-kem-768", "m4fspeed", "decaps")
    assert (decaps.algorithm, decaps.family, decaps.value, decaps.unit, decaps.samples) == (
        "ML-KEM-768",
        "kem",
        707827.0,
        "cycles/op",
        10,
    )
    assert decaps.stats["min"] == 704858.0 and decaps.stats["max"] == 716842.0
    assert set(decaps.stats) == {
        "min",
        "max",
        "stack_bytes",
        "hashing_percent",
        "text_bytes",
        "data_bytes",
        "bss_bytes",
        "total_bytes",
    }
    sign = cell(run, "ml-dsa-44", "m4f", "sign")
    assert (sign.algorithm, sign.family, sign.unit) == ("ML-DSA-44", "signature", "cycles/op")


def test_a_stack_figure_of_an_implementation_without_speed_is_a_warning():
    """pqm4's CSV lists tuov_v's stack usage but no cycle counts for it."""
    [run] = runs_of("mupq-pqm4_90bfb630_benchmarks.csv")
    assert [(w.line, w.message) for w in run.warnings] == [(287, NO_SPEED)]


def test_markdown_cells_of_avg_min_max_and_the_memory_tables():
    [run] = runs_of("mupq-pqm4_d99fe328_benchmarks.md")
    keygen = cell(run, "firesaber", "m4", "keygen")
    assert (keygen.value, keygen.samples, keygen.family) == (1448776.0, 100, "kem")
    assert keygen.stats == {
        "min": 1448776.0,
        "max": 1448776.0,
        "stack_bytes": 20144.0,
        "hashing_percent": 49.4,
        "text_bytes": 44184.0,
        "data_bytes": 0.0,
        "bss_bytes": 0.0,
        "total_bytes": 44184.0,
    }
    assert run.warnings == []


def test_thousands_of_cycles_stay_kilocycles_of_the_unit_printed():
    [run] = runs_of("vincentvbh-multi-params-ntt_README_summary.md")
    keygen = cell(run, "sntrup857", "m4f", "keygen")
    assert (keygen.value, keygen.unit, keygen.samples, keygen.stats) == (
        10192.0,
        "kcycles/op",
        None,
        None,
    )
    assert len(run.results) == 27


def test_a_table_without_speed_is_refused():
    path = CORPUS / "pqm4" / "mupq-pqm4_d99fe328_benchmarks.md"
    text = path.read_text(encoding="utf-8").replace("[cycles]", "[seconds]")
    with pytest.raises(ParseError, match="no pqm4 speed table"):
        parse_pqm4(text, source_name=path.name, started_at=AT)
