"""The read model (rollups.py) on PostgreSQL and SQLite: exact figures after ingest, the same
rows from `rollups rebuild`, from the catch-up of runs stored before it and after a run is taken
out; no rows from a rejected upload; the one median."""

import math
import statistics
import uuid

import pytest
from factories import make_result, make_run_doc
from sqlalchemy import Engine, delete, func, select
from sqlalchemy.orm import Session
from test_read_support import JMH1, O2B
from typer.testing import CliRunner

from cryptobench_server.cli import app as cli_app
from cryptobench_server.config import get_settings
from cryptobench_server.models import Run, Series, SeriesRun, SeriesTotal
from cryptobench_server.sqlfuncs import pack, unpack
from cryptobench_server.stats import median, packed_median, relative_error
from cryptobench_server.store import rollups


def _rows(connection, table, key) -> dict:
    columns = [c for c in table.__table__.columns if c.name not in ("series_id", "run_pk")]
    query = select(*key, *columns).join(Series, Series.id == table.series_id)
    return {tuple(row[: len(key)]): tuple(row[len(key) :]) for row in connection.execute(query)}


def snapshot(engine: Engine) -> dict[str, dict]:
    """The read model keyed by series identity (and run_id), independent of surrogate ids."""
    with engine.connect() as connection:
        series = [c for c in Series.__table__.columns if c.name != "id"]
        return {
            "series": {r[0]: r for r in connection.execute(select(*series))},
            "series_runs": _rows(
                connection,
                SeriesRun,
                (
                    Series.identity,
                    select(Run.run_id).where(Run.id == SeriesRun.run_pk).scalar_subquery(),
                ),
            ),
            "series_totals": _rows(connection, SeriesTotal, (Series.identity,)),
        }


def assert_same(found: dict, expected: dict) -> None:
    """Equal rows; sums (floating point, added in another order) to 1e-12; packed figures as
    multisets (they keep no order)."""
    assert found.keys() == expected.keys()
    for table in found:
        assert found[table].keys() == expected[table].keys(), table
        for key, row in found[table].items():
            for a, b in zip(row, expected[table][key], strict=False):
                same = a == b or (isinstance(a, float) and math.isclose(a, b, rel_tol=1e-12))
                if isinstance(a, bytes) and isinstance(b, bytes):
                    same = figures(a) == figures(b)
                assert same, (table, key, row, expected[table][key])


def figures(packed: bytes) -> list[float]:
    return sorted(unpack(packed).tolist())


def test_rebuild_gives_the_rows_of_incremental_ingest(loaded):
    engine = loaded.app.state.engine
    incremental = snapshot(engine)
    assert len(incremental["series_runs"]) == 15
    with engine.begin() as connection:
        assert rollups.rebuild(connection) == 5
    assert_same(snapshot(engine), incremental)


def test_totals_add_every_runs_figures_into_the_series(loaded):
    """RSA-2048 pss on -O2 is measured once in one run and twice in a later one: the later
    upload adds its two figures into the stored total."""
    query = (
        select(Series.tags, SeriesTotal)
        .join(Series, Series.id == SeriesTotal.series_id)
        .where(Series.name == "RSA-2048 verify pss")
    )
    with Session(loaded.app.state.engine) as session:
        [total] = [t for tags, t in session.execute(query) if tags == {"opt_level": "-O2"}]
    assert total.result_n == total.cycles_per_op_n == 3
    assert (total.cycles_per_op_min, total.cycles_per_op_max) == (1_600_000.0, 2_400_000.0)
    assert total.cycles_per_op_sum == 1_600_000.0 + 1_760_000.0 + 2_400_000.0
    assert figures(total.cycles_per_op_values) == [1_600_000.0, 1_760_000.0, 2_400_000.0]
    assert total.bytes_per_s_n == 0
    assert total.bytes_per_s_values is None and total.bytes_per_s_min is None


def test_catch_up_builds_runs_stored_before_the_read_model(loaded):
    engine = loaded.app.state.engine
    incremental = snapshot(engine)
    with engine.begin() as connection:
        for table in (SeriesTotal, SeriesRun, Series):
            connection.execute(delete(table))
        assert rollups.behind(connection) == 5
        lines: list[str] = []
        assert rollups.catch_up(connection, lines.append) == 5
        assert lines == ["series of 5/5 runs", "series totals"]
        assert rollups.behind(connection) == 0
    assert_same(snapshot(engine), incremental)


def test_a_removed_run_leaves_what_a_rebuild_without_it_makes(loaded):
    engine = loaded.app.state.engine
    with engine.begin() as connection:
        run_pk = connection.scalar(select(Run.id).where(Run.run_id == uuid.UUID(JMH1)))
        rollups.remove_run_rollups(connection, run_pk)
        connection.execute(delete(Run).where(Run.id == run_pk))
    removed = snapshot(engine)
    with engine.begin() as connection:
        rollups.rebuild(connection)
    assert_same(removed, snapshot(engine))
    assert not [k for k in removed["series_runs"] if str(k[1]) == JMH1]


def _figures(engine, run_id: str) -> list[dict]:
    query = (
        select(Series.name, Series.metric, SeriesRun)
        .join(Series, Series.id == SeriesRun.series_id)
        .join(Run, Run.id == SeriesRun.run_pk)
        .where(Run.run_id == uuid.UUID(run_id))
        .order_by(Series.identity)
    )
    with Session(engine) as session:
        return [
            {"name": name, "metric": metric, **_public(row)}
            for name, metric, row in session.execute(query)
        ]


def _public(row: SeriesRun) -> dict:
    return {c.name: getattr(row, c.name) for c in SeriesRun.__table__.columns if c.name != "run_pk"}


def test_series_runs_hold_exact_figures_and_error_inputs(loaded):
    engine = loaded.app.state.engine
    (rsa,) = [f for f in _figures(engine, O2B) if f["name"] == "RSA-2048 verify pss"]
    assert rsa["metric"] == "cycles_per_op"
    assert (rsa["result_n"], rsa["cycles_per_op_n"], rsa["cycles_per_op_sum"]) == (
        2,
        2,
        4_160_000.0,
    )
    assert (rsa["cycles_per_op_min"], rsa["cycles_per_op_max"]) == (1_760_000.0, 2_400_000.0)
    assert figures(rsa["cycles_per_op_values"]) == [1_760_000.0, 2_400_000.0]
    assert figures(rsa["ns_per_op_values"]) == [11_000_000.0, 15_000_000.0]
    assert (rsa["bytes_per_s_n"], rsa["bytes_per_s_values"], rsa["error_n"]) == (0, None, 0)
    ecdsa = sorted(
        (e["ops_per_s_min"], e["error_n"], e["error_max"], e["error_kind_min"])
        for e in _figures(engine, JMH1)
    )
    assert ecdsa == [
        (800.0, 1, 16.0, "ci99.9"),
        (900.0, 1, 10.0, "ci99.9"),
        (1000.0, 1, 20.0, "ci99.9"),
    ]


def test_series_runs_hold_change_detections_relative_errors(authed_client):
    """Per series and run: how many positive figures carry a relative error and the largest,
    equal to stats.relative_error of each result."""
    results = [
        make_result(value=2_000.0, error=100.0, error_kind="stddev", samples=16),
        make_result(value=1_000.0, error=30.0, error_kind="ci99.9"),
        make_result(value=4_000.0, error=40.0, error_kind="stddev"),
        make_result(value=0.0, error=5.0, error_kind="stddev", samples=4),
        make_result(name="a range", value=1_000.0, error=7.0, error_kind="range"),
        make_result(name="criterion", value=1_000.0, error=49.0, error_kind="ci95"),
        make_result(name="criterion", value=1_000.0, error=20.0, error_kind="stderr", samples=9),
    ]
    answer = authed_client.post("/api/v1/runs", json=make_run_doc(results=results))
    assert answer.status_code == 201, answer.text
    query = select(Series.name, SeriesRun.relative_error_n, SeriesRun.relative_error_max).join(
        Series, Series.id == SeriesRun.series_id
    )
    with authed_client.app.state.engine.connect() as connection:
        found = sorted(connection.execute(query).all())
    largest = max(
        relative_error(2_000.0, 100.0, "stddev", 16),
        relative_error(1_000.0, 30.0, "ci99.9", None),
        relative_error(4_000.0, 40.0, "stddev", None),
    )
    assert largest == 100.0 / 4 / 2_000.0
    assert [(name, n) for name, n, _ in found] == [
        ("RSA-2048 verify pss", 3),
        ("a range", 0),
        ("criterion", 2),
    ]
    assert found[0][2] == pytest.approx(largest, rel=1e-15)
    assert found[1][2] is None
    assert found[2][2] == pytest.approx(relative_error(1_000.0, 49.0, "ci95", None), rel=1e-15)


def test_a_rejected_upload_leaves_no_read_model_rows(authed_client, settings):
    doc = make_run_doc(results=[make_result(name="nul\u0000byte")])
    assert authed_client.post("/api/v1/runs", json=doc).status_code == 422
    assert authed_client.post("/api/v1/runs", json=make_run_doc()).status_code == 201
    with authed_client.app.state.engine.connect() as connection:
        names = connection.scalars(select(Series.name)).all()
        count = connection.scalar(select(func.count()).select_from(SeriesRun))
    assert (names, count) == (["RSA-2048 verify pss"], 1)


def test_rollups_cli_rebuilds_with_progress_and_reports_status(loaded, monkeypatch):
    monkeypatch.setenv("CRYPTOBENCH_DATABASE_URL", loaded.app.state.settings.resolved_database_url)
    get_settings.cache_clear()
    runner = CliRunner()
    rebuilt = runner.invoke(cli_app, ["rollups", "rebuild"])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert "rollups: series of 5/5 runs" in rebuilt.output
    assert rebuilt.output.rstrip().endswith("rebuilt the read model of 5 runs")
    status = runner.invoke(cli_app, ["rollups", "status"])
    assert (status.exit_code, status.output) == (0, "the read model holds every stored run\n")
    with loaded.app.state.engine.begin() as connection:
        connection.execute(delete(SeriesRun))
    behind = runner.invoke(cli_app, ["rollups", "status"])
    get_settings.cache_clear()
    assert behind.exit_code == 1 and "behind: 5 runs" in behind.output


@pytest.mark.parametrize(
    "values",
    [[3.0], [1.0, 2.0], [5.0, 1.0, 4.0, 2.0], [0.1, 0.7, 0.2, 1e300, 1e-300, 0.3], [2.0, 2.0]],
)
def test_the_median_is_exact_and_interpolated_like_percentile_cont(values):
    ordered = sorted(values)
    middle = (len(ordered) - 1) // 2
    low, high = ordered[middle], ordered[middle + (len(ordered) % 2 == 0)]
    expected = low if low == high else low + (high - low) * 0.5
    assert median(values) == packed_median(pack(ordered)) == expected
    assert math.isclose(median(values), statistics.median(values))
