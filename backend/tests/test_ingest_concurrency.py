"""Concurrent duplicate uploads of one run_id store exactly one run (PostgreSQL and SQLite)."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from factories import make_result, make_run_doc
from sqlalchemy import create_engine, text

from cryptobench_contract import RunDocument
from cryptobench_server.db import make_engine
from cryptobench_server.errors import Conflict
from cryptobench_server.store.ingest import ingest_run

THREADS = 8


def counts(url: str) -> tuple[int, int, int]:
    engine = create_engine(url)
    with engine.connect() as c:
        found = tuple(
            c.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()
            for t in ("machines", "runs", "results")
        )
    engine.dispose()
    return found


def test_concurrent_duplicate_http_uploads_store_one_run(authed_client, settings):
    doc = make_run_doc(results=[make_result(value=float(v)) for v in range(1, 501)])
    with ThreadPoolExecutor(THREADS) as pool:
        statuses = sorted(
            pool.map(
                lambda _: authed_client.post("/api/v1/runs", json=doc).status_code, range(THREADS)
            )
        )
    assert statuses == [200] * (THREADS - 1) + [201]
    assert counts(settings.resolved_database_url) == (1, 1, 500)


def test_concurrent_ingest_run_creates_once_and_conflicts_stay_conflicts(store_url):
    doc = RunDocument.model_validate(
        make_run_doc(results=[make_result(value=float(v)) for v in range(1, 301)])
    )
    engine = make_engine(store_url)
    with ThreadPoolExecutor(THREADS) as pool:
        created = list(
            pool.map(lambda _: ingest_run(engine=engine, doc=doc).created, range(THREADS))
        )
    changed = doc.model_copy(update={"tags": {"opt_level": "-Os"}})
    with pytest.raises(Conflict):
        ingest_run(engine=engine, doc=changed)
    engine.dispose()
    assert sorted(created) == [False] * (THREADS - 1) + [True]
    assert counts(store_url) == (1, 1, 300)
