"""The read model's series come from one producer (store/series.py) whether ingest makes them
from the rows it streams or a rebuild reads the rows back, on PostgreSQL and SQLite; the series
identity it writes is the text `identity.identity_of` gives in SQL (query/flags.py joins
results to their series by it)."""

from pathlib import Path

from factories import make_result, make_run_doc
from sqlalchemy import create_engine, func, select

from cryptobench_server.identity import identity_of
from cryptobench_server.models import Result, Run, Series, SeriesRun
from cryptobench_server.store.rollups import rebuild

ROOT = Path(__file__).parents[2]
#: Real outputs with errors, stats, several metrics per benchmark and run-wide flags.
IMPORTS = (
    ("jmh", ROOT / "collectors/tests/fixtures/jmh/cryptobench_1.37_quick_suite.json"),
    ("criterion", ROOT / "parsers/tests/fixtures/criterion/codahale-lockstitch_perf.txt"),
    (None, ROOT / "parsers/tests/fixtures/embedded/nuclei_mbedtls_benchmark_saturated.md"),
)


def _read_model(connection) -> tuple[list, list]:
    series = connection.execute(
        select(Series.identity, Series.params, Series.tags, Series.clock_hz).order_by(
            Series.identity
        )
    ).all()
    figures = [c for c in SeriesRun.__table__.c if c.key != "series_id"]
    runs = connection.execute(
        select(Series.identity, *figures)
        .join(Series, Series.id == SeriesRun.series_id)
        .order_by(Series.identity, SeriesRun.run_pk)
    ).all()
    return series, runs


def test_ingest_and_a_rebuild_write_the_same_series(store_client, store_url):
    for kind, path in IMPORTS:
        response = store_client.post(
            "/api/v1/imports",
            params={"format": kind, "machine_name": "producer-host"} if kind else {},
            content=path.read_bytes(),
            headers={"Content-Type": "text/plain"},
        )
        assert response.status_code == 201, response.text
    engine = create_engine(store_url)
    try:
        with engine.connect() as connection:
            ingested = _read_model(connection)
            flagged = connection.scalar(select(func.sum(SeriesRun.flagged_n)))
        with engine.begin() as connection:
            rebuild(connection)
        with engine.connect() as connection:
            rebuilt = _read_model(connection)
            unmatched = connection.scalar(
                select(func.count())
                .select_from(Result)
                .join(Run, Run.id == Result.run_pk)
                .outerjoin(Series, Series.identity == identity_of(Result, Run))
                .where(Series.id.is_(None))
            )
    finally:
        engine.dispose()
    assert len(ingested[0]) > 50 and flagged > 0
    assert rebuilt == ingested
    assert unmatched == 0


def test_a_run_of_40000_series_is_stored(store_client, store_url):
    """More series than SQLite takes values in one statement (32,766)."""
    results = [make_result(name=f"bench-{i}", value=1000.0 + i) for i in range(40_000)]
    response = store_client.post("/api/v1/runs", json=make_run_doc(results))
    assert response.status_code == 201, response.text
    engine = create_engine(store_url)
    try:
        with engine.connect() as connection:
            series = connection.scalar(select(func.count()).select_from(Series))
            runs = connection.scalar(select(func.sum(SeriesRun.result_n)))
    finally:
        engine.dispose()
    assert (series, runs) == (40_000, 40_000)
