"""Series totals in pieces (store/rollups.py, PIECE_RESULTS) on PostgreSQL and SQLite: uploads
open new pieces of a series once its newest is full, and every read answer over the pieces is
the one a rebuild (one piece per series) gives; flagged results are counted once, not once per
piece."""

from collections.abc import Iterator

import pytest
from factories import create_test_token, make_result, make_run_doc
from fastapi.testclient import TestClient
from history_support import _loaded_client
from sqlalchemy import func, select

from cryptobench_server.models import SeriesTotal
from cryptobench_server.store import rollups

#: A saturated cycle counter (plausibility flag `saturated`), measured in two runs.
SATURATED = [
    make_run_doc(
        [make_result(name="RSA-1024 verify pss", value=4194304.0)],
        started_at=f"2026-11-2{day}T10:00:00Z",
        finished_at=None,
        tags={"opt_level": "-O3"},
    )
    for day in (4, 5)
]

READS = [
    ("/api/v1/chart", {"metric": "cycles_per_op", "x": "param.key_bits", "agg": agg})
    for agg in ("median", "mean", "min", "max")
]
READS += [
    ("/api/v1/chart", {"metric": "ns_per_op", "x": "param.key_bits", "series": "tag.opt_level"}),
    ("/api/v1/chart", {"metric": "ops_per_s", "x": "param.curve", "series": "library_version"}),
    ("/api/v1/facets", {}),
    ("/api/v1/facets", {"tag.opt_level": "-O2"}),
    ("/api/v1/matrix", {"metric": "cycles_per_op", "column": "tag.opt_level"}),
]


@pytest.fixture
def pieced(store_url, tmp_path, monkeypatch) -> Iterator[TestClient]:
    """The read API test documents and SATURATED uploaded with one result per totals piece,
    on PostgreSQL and on SQLite."""
    monkeypatch.setattr(rollups, "PIECE_RESULTS", 1)
    with _loaded_client(store_url, tmp_path) as client:
        token = {"Authorization": f"Bearer {create_test_token(store_url)}"}
        for doc in SATURATED:
            assert client.post("/api/v1/runs", json=doc, headers=token).status_code == 201
        yield client
    client.app.state.engine.dispose()


def _most_pieces(client: TestClient) -> int:
    with client.app.state.engine.connect() as connection:
        per_series = (
            select(func.count()).select_from(SeriesTotal).group_by(SeriesTotal.series_id).subquery()
        )
        return connection.scalar(select(func.max(per_series.c[0]))) or 0


def _answers(client: TestClient) -> list:
    answers = []
    for path, params in READS:
        response = client.get(path, params=params)
        assert response.status_code == 200, response.text
        answers.append(response.json())
    return answers


def test_reads_over_pieces_are_the_reads_of_one_piece_per_series(pieced):
    assert _most_pieces(pieced) > 1
    over_pieces = _answers(pieced)
    with pieced.app.state.engine.begin() as connection:
        rollups.rebuild(connection)
    assert _most_pieces(pieced) == 1
    assert _answers(pieced) == over_pieces


def test_flagged_results_are_counted_once_over_their_series_pieces(pieced):
    chart = pieced.get(
        "/api/v1/chart",
        params={"metric": "cycles_per_op", "x": "param.key_bits", "tag.opt_level": "-O3"},
    ).json()
    [point] = chart["series"][0]["points"]
    assert (point["n"], point["flagged"], point["flags"]) == (2, 2, {"saturated": 2})
