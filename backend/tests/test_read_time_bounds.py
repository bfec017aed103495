"""Reads bounded in time (budget.py): a query past the limit stops with a 503 saying so, and a
query whose client has gone stops too, on both databases.

The slow query is a real one: /facets filtered on 32 tag keys over 5,000 series that carry all
of them (every branch of its statement tests every other key on every series: ~2-4 s on either
database without a limit).
"""

import time
from collections.abc import Iterator

import httpx
import pytest
from factories import create_test_token, make_run_doc
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, insert, select

from cryptobench_server.app import create_app
from cryptobench_server.config import Settings
from cryptobench_server.migrate import upgrade
from cryptobench_server.models import Series, SeriesTotal
from cryptobench_server.query.limits import MAX_FILTER_KEYS
from cryptobench_testsupport.reliability_harness import running_service, running_statements

TAGS = {f"k{i}": "v" for i in range(MAX_FILTER_KEYS)}
HEAVY = "/api/v1/facets?" + "&".join(f"tag.{key}=v" for key in TAGS)
SERIES = 5000


@pytest.fixture(params=["postgresql", "sqlite"])
def heavy_url(request, tmp_path) -> Iterator[str]:
    """A database holding one run and 5,000 more series like its one, all tagged with TAGS."""
    if request.param == "postgresql":
        url = request.getfixturevalue("pg_url")
    else:
        url = f"sqlite:///{tmp_path / 'heavy.sqlite'}"
    upgrade(url)
    token = create_test_token(url)
    with TestClient(_app(url, tmp_path, 60)) as client:
        response = client.post(
            "/api/v1/runs",
            json=make_run_doc(tags=TAGS),
            headers={"Authorization": f"Bearer {token}"},
        )
        assert response.status_code == 201, response.text
    engine = create_engine(url)
    with engine.begin() as connection:
        series = dict(connection.execute(select(Series)).mappings().one())
        total = dict(connection.execute(select(SeriesTotal)).mappings().one())
        del series["id"]
        rows = [{**series, "identity": f"copy-{i}"} for i in range(SERIES)]
        connection.execute(insert(Series), rows)
        copies = connection.scalars(select(Series.id).where(Series.identity.like("copy-%")))
        connection.execute(insert(SeriesTotal), [{**total, "series_id": i} for i in copies])
    engine.dispose()
    yield url


def _app(url: str, tmp_path, seconds: float):
    settings = Settings(
        database_url=url,
        data_dir=tmp_path,
        frontend_dist=tmp_path / "no-ui",
        query_timeout_s=seconds,
    )
    return create_app(settings)


def test_a_query_past_the_limit_is_stopped_with_a_503_saying_so(heavy_url, tmp_path):
    app = _app(heavy_url, tmp_path, 0.2)
    with TestClient(app) as client:
        for _ in range(2):
            started = time.monotonic()
            response = client.get(HEAVY)
            assert time.monotonic() - started < 6  # loose: a loaded machine; the limit is 0.2 s
            assert response.status_code == 503, response.text[:300]
            assert response.headers["content-type"].startswith("application/problem+json")
            assert "ran past the limit of 0.2 s" in response.json()["detail"]
        # the connection went back to the pool unbounded: a cheap read still answers
        assert client.get("/api/v1/health").status_code == 200
    app.state.engine.dispose()


def test_a_query_whose_client_went_away_is_stopped(heavy_url, tmp_path):
    """A real server (the test client cannot hang up): the client gives up after 0.5 s; the
    server stops the query within seconds, not after the 60 s limit."""
    with running_service(heavy_url, tmp_path / "server", query_timeout_s="60") as service:
        with pytest.raises(httpx.ReadTimeout):
            httpx.get(service.url + HEAVY, timeout=0.5)
        gone = time.monotonic()
        while "(client gone)" not in service.log_text() and time.monotonic() - gone < 10:
            time.sleep(0.05)
        assert "query stopped after" in service.log_text(), service.log_text()[-2000:]
        assert time.monotonic() - gone < 6  # not the 60 s limit
        if heavy_url.startswith("postgresql"):
            assert running_statements(heavy_url) == 0
        assert httpx.get(service.url + "/api/v1/health", timeout=5).status_code == 200
