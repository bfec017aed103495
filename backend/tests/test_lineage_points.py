"""Change detection over stored points (changes/store.py, `lineage_points`) on PostgreSQL and
SQLite: each upload stores its lineages' points once, the points `changes detect` makes from the
read model are the same, and the changes of uploads out of order and of a deletion are the ones
a detection over every stored run gives."""

import random

from history_support import synthetic_runs, upload
from sqlalchemy import create_engine, select
from test_history_api import _rebuilt_changes, _stored_changes

from cryptobench_server.models import LineagePoint, Run


def _points(url: str) -> list[tuple]:
    engine = create_engine(url)
    with engine.connect() as c:
        query = (
            select(
                Run.run_id,
                LineagePoint.lineage,
                LineagePoint.value,
                LineagePoint.rel_error,
                LineagePoint.name,
                LineagePoint.versions,
            )
            .join(Run, Run.id == LineagePoint.run_pk)
            .order_by(Run.started_at, LineagePoint.lineage)
        )
        rows = [tuple(r) for r in c.execute(query)]
    engine.dispose()
    return rows


def test_each_upload_stores_its_lineages_points_as_changes_detect_makes_them(
    store_client, store_url
):
    docs = synthetic_runs()
    upload(store_client, docs)
    points = _points(store_url)
    assert len(points) == 2 * len(docs)  # ECDSA sign and verify in every run
    first_sign = next(p for p in points if p[4] == "ecdsa-sign")
    assert first_sign[2:] == (docs[0]["results"][0]["value"], None, "ecdsa-sign", ["3.6.2"])
    _rebuilt_changes(store_url)
    assert _points(store_url) == points


def test_changes_of_uploads_out_of_order_and_a_deletion_are_those_of_every_run(
    store_client, store_url
):
    docs = synthetic_runs()
    random.Random(7).shuffle(docs)
    upload(store_client, docs)
    deleted = docs[3]["run_id"]
    response = store_client.delete(f"/api/v1/runs/{deleted}", headers=store_client.admin)
    assert response.status_code == 204
    assert deleted not in {str(p[0]) for p in _points(store_url)}
    stored = _stored_changes(store_url)
    assert stored
    assert _rebuilt_changes(store_url) == stored
