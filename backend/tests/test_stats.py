"""The one statistics module (stats.py) on PostgreSQL and SQLite: the read model holds what the
Python definition gives on the stored inputs, and every reader of a median (chart, drill-down,
history) gives `stats.median` of the same figures.

Inputs: real tool output imported as a user sends it (JMH's JSON with its ci99.9 scoreError,
criterion's console output with its ci95 bounds, Google Benchmark's JSON with its stddev
aggregates over repetitions; provenance in the fixtures' README/PROVENANCE files) and the edge
cases the real files lack: a zero figure, a zero error, one sample, a stddev without samples,
an error kind that says nothing of spread, results without an error.
"""

from pathlib import Path

import pytest
from factories import make_result, make_run_doc
from sqlalchemy import create_engine, select

from cryptobench_server.models import Result, Series, SeriesRun
from cryptobench_server.sqlfuncs import pack
from cryptobench_server.stats import (
    RELATIVE_ERROR_KINDS,
    level_error,
    median,
    relative_error,
    run_figure,
)

ROOT = Path(__file__).parents[2]
IMPORTS = (
    ("jmh", ROOT / "collectors/tests/fixtures/jmh/cryptobench_1.37_quick_suite.json"),
    ("criterion", ROOT / "parsers/tests/fixtures/criterion/codahale-lockstitch_perf.txt"),
    ("gbench", ROOT / "parsers/tests/fixtures/google_benchmark/itzmeanjan-sha3_linux_x86_64.json"),
)


def _edge(variant: str, value: float, **reported) -> dict:
    return make_result(
        name=f"edge {variant}",
        params={"key_bits": 2048, "variant": variant},
        metric="ns_per_op",
        value=value,
        unit="ns/op",
        **reported,
    )


EDGES = [
    _edge("zero figure", 0.0, error=1.0, error_kind="stderr"),
    _edge("zero error", 500.0, error=0.0, error_kind="ci99.9"),
    _edge("stderr", 500.0, error=5.0, error_kind="stderr"),
    _edge("one sample", 500.0, error=25.0, error_kind="stddev", samples=1),
    _edge("sixteen samples", 500.0, error=25.0, error_kind="stddev", samples=16),
    _edge("stddev alone", 3e-30, error=1e-30, error_kind="stddev"),
    _edge("range", 500.0, error=25.0, error_kind="range"),
    _edge("ci95 at the top", 1e30, error=1e29, error_kind="ci95"),
    _edge("no error", 500.0),
]


@pytest.fixture
def stored(store_client, store_url):
    """An engine over a store holding the real imports and the edge cases."""
    for kind, path in IMPORTS:
        response = store_client.post(
            "/api/v1/imports",
            params={"format": kind, "machine_name": "stats-host"},
            content=path.read_bytes(),
            headers={"Content-Type": "text/plain"},
        )
        assert response.status_code == 201, response.text
    response = store_client.post("/api/v1/runs", json=make_run_doc(EDGES))
    assert response.status_code == 201, response.text
    engine = create_engine(store_url)
    yield engine
    engine.dispose()


def test_series_runs_hold_the_largest_relative_error_of_their_results(stored):
    """The read model's producer writes `relative_error`: per series_run, the count and the
    largest of its results' relative errors (those with a positive figure), every error kind
    that stands for a spread among them."""
    python: dict[tuple[int, int], list[float | None]] = {}
    kinds: set[str] = set()
    same = (Series.series_key == Result.series_key) & (Series.name == Result.name)
    same &= Series.metric == Result.metric
    per_result = select(Series.id, Result.run_pk, Result.value, Result.error, Result.error_kind)
    per_result = per_result.add_columns(Result.samples).join(Series, same)
    per_result = per_result.where(Result.metric != "other", Result.value > 0)
    with stored.connect() as connection:
        for series_id, run_pk, *reported in connection.execute(per_result):
            python.setdefault((series_id, run_pk), []).append(relative_error(*reported))
            if python[series_id, run_pk][-1] is not None:
                kinds.add(reported[2])
        by_series = select(SeriesRun.series_id, SeriesRun.run_pk, SeriesRun.relative_error_max)
        stored_errors = {(s, r): e for s, r, e in connection.execute(by_series)}
    assert len(python) > 50
    assert kinds == set(RELATIVE_ERROR_KINDS)
    for series_run, errors in python.items():
        known = [e for e in errors if e is not None]
        assert stored_errors[series_run] == (max(known) if known else None), series_run


def _figures(variant: str, values: list[float]) -> list[dict]:
    return [_edge(variant, v, library="median-lib") for v in values]


MEDIANS = {
    "one": [7.0],
    "even": [4.0, 1.0, 10.0, 2.0],
    "zeros": [0.0, 0.0, 3.0],
    "even with zero": [0.0, 6.0],
    "equal": [5.0, 5.0, 5.0, 5.0],
}


def test_every_reader_gives_the_one_median_of_the_same_figures(store_client):
    results = [r for variant, values in MEDIANS.items() for r in _figures(variant, values)]
    response = store_client.post("/api/v1/runs", json=make_run_doc(results))
    assert response.status_code == 201, response.text
    filters = {"metric": "ns_per_op", "library": "median-lib"}
    chart = store_client.get("/api/v1/chart", params={**filters, "x": "param.variant"}).json()
    points = {p["x"]: p["value"] for p in chart["series"][0]["points"]}
    history = store_client.get("/api/v1/history", params={**filters, "series": "param.variant"})
    by_run = {s["key"]["param.variant"]: s["points"][0]["value"] for s in history.json()["series"]}
    for variant, values in MEDIANS.items():
        drill = store_client.get(
            "/api/v1/drilldown", params={**filters, "x": "param.variant", "x_value": variant}
        )
        assert drill.status_code == 200, drill.text
        expected = median(values)
        assert points[variant] == by_run[variant] == drill.json()["summary"]["median"] == expected
    assert [median(MEDIANS[v]) for v in ("one", "even", "zeros", "even with zero")] == [
        7.0,
        3.0,
        0.0,
        3.0,
    ]


def test_a_run_figure_is_the_median_of_its_positive_figures():
    assert run_figure(pack([0.0, 4.0, 1.0, 10.0, 2.0])) == (3.0, 4)
    assert run_figure(pack([5.0])) == (5.0, 1)
    assert run_figure(pack([0.0, 0.0])) is None


def test_a_level_has_an_error_only_when_every_result_has_one():
    assert level_error(3, 3, 0.02) == 0.02
    assert level_error(2, 3, 0.02) is None
    assert level_error(0, 0, None) is None


def test_python_relative_error_edges():
    assert relative_error(500.0, 25.0, "stddev", 1) == 0.05
    assert relative_error(500.0, 25.0, "stddev", 16) == 0.0125
    assert relative_error(500.0, 0.0, "ci99.9", None) == 0.0
    assert relative_error(0.0, 1.0, "stderr", None) is None
    assert relative_error(500.0, 25.0, "range", 3) is None
    assert relative_error(500.0, None, None, None) is None
