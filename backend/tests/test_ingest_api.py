"""POST /api/v1/runs over HTTP against PostgreSQL: exact stored values, 201/200/409."""

import uuid

import pytest
from factories import make_result, make_run_doc
from sqlalchemy import create_engine, text

from cryptobench_server.store.ingest import CHUNK


@pytest.fixture
def db(settings):
    engine = create_engine(settings.resolved_database_url)
    yield engine
    engine.dispose()


def stored_results(db, run_id: str) -> list[dict]:
    with db.connect() as c:
        rows = (
            c.execute(
                text(
                    "SELECT r.* FROM results r JOIN runs u ON u.id = r.run_pk WHERE u.run_id = :id "
                    "ORDER BY r.position"
                ),
                {"id": uuid.UUID(run_id)},
            )
            .mappings()
            .all()
        )
    return [dict(row) for row in rows]


def count(db, table: str) -> int:
    with db.connect() as c:
        return c.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()


def test_new_run_is_201_with_summary_and_location(authed_client, db):
    doc = make_run_doc()
    response = authed_client.post("/api/v1/runs", json=doc)
    assert response.status_code == 201
    body = response.json()
    assert response.headers["location"] == f"/api/v1/runs/{doc['run_id']}"
    assert body["run_id"] == doc["run_id"]
    assert body["machine"] == "esp32c6-devkit-1"
    assert body["result_count"] == 1
    assert body["tags"] == {"opt_level": "-O2"}
    assert body["url"] == f"/api/v1/runs/{doc['run_id']}"


def test_stored_result_keeps_reported_value_and_derives_the_rest(authed_client, db):
    doc = make_run_doc()
    authed_client.post("/api/v1/runs", json=doc)
    [row] = stored_results(db, doc["run_id"])
    assert (row["metric"], row["value"], row["unit"]) == ("cycles_per_op", 1_600_000.0, "cycles/op")
    assert row["cycles_per_op"] == 1_600_000.0
    assert row["ns_per_op"] == 10_000_000.0
    assert row["ops_per_s"] == 100.0
    assert row["bytes_per_s"] is None and row["cycles_per_byte"] is None
    assert row["derived"] == ["ops_per_s", "ns_per_op"]
    assert row["flags"] == []
    assert row["params"] == {"key_bits": 2048, "padding": "pss", "hash": "SHA-256"}
    assert len(row["series_key"]) == 32


def test_one_series_reported_in_two_metrics_that_disagree_is_flagged(authed_client, db):
    thrpt = make_result(metric="ops_per_s", value=1000.0, unit="ops/s")
    avgt_unit_mixup = make_result(metric="ns_per_op", value=1000.0, unit="ns/op")
    other = make_result(
        metric="ops_per_s", value=50.0, unit="ops/s", params={"key_bits": 4096, "padding": "pss"}
    )
    doc = make_run_doc(results=[thrpt, avgt_unit_mixup, other])
    assert authed_client.post("/api/v1/runs", json=doc).status_code == 201
    assert [row["flags"] for row in stored_results(db, doc["run_id"])] == [
        ["metrics_disagree"],
        ["metrics_disagree"],
        [],
    ]


def test_disagreeing_metrics_are_flagged_across_validation_chunks(authed_client, db):
    fillers = [make_result(params={"key_bits": 4096 + i, "padding": "pss"}) for i in range(CHUNK)]
    thrpt = make_result(metric="ops_per_s", value=1000.0, unit="ops/s")
    mixup = make_result(metric="ns_per_op", value=1000.0, unit="ns/op")
    doc = make_run_doc(results=[thrpt, *fillers, mixup])
    assert authed_client.post("/api/v1/runs", json=doc).status_code == 201
    flags = [row["flags"] for row in stored_results(db, doc["run_id"])]
    assert (flags[0], flags[CHUNK + 1]) == (["metrics_disagree"], ["metrics_disagree"])
    assert flags[1 : CHUNK + 1] == [[]] * CHUNK


def test_identical_reupload_of_a_run_of_many_chunks_is_200(authed_client, db):
    results = [make_result(value=1000.0 + i) for i in range(2 * CHUNK + 1)]
    doc = make_run_doc(results=results)
    first = authed_client.post("/api/v1/runs", json=doc)
    assert first.status_code == 201
    again = authed_client.post("/api/v1/runs", json=doc)
    assert again.status_code == 200
    assert again.json()["content_hash"] == first.json()["content_hash"]
    changed = {**doc, "results": [*results[:-1], make_result(value=1.0)]}
    assert authed_client.post("/api/v1/runs", json=changed).status_code == 409
    assert count(db, "results") == 2 * CHUNK + 1


def test_identical_reupload_is_200_with_stored_run_and_stores_nothing_new(authed_client, db):
    doc = make_run_doc()
    first = authed_client.post("/api/v1/runs", json=doc)
    again = authed_client.post("/api/v1/runs", json=doc)
    assert again.status_code == 200
    assert again.json() == first.json()
    assert (count(db, "runs"), count(db, "results")) == (1, 1)


def test_reupload_with_keys_in_another_order_is_identical(authed_client, db):
    doc = make_run_doc(results=[make_result(params={"padding": "pss", "key_bits": 2048})])
    authed_client.post("/api/v1/runs", json=doc)
    doc["results"][0]["params"] = {"key_bits": 2048, "padding": "pss"}
    assert authed_client.post("/api/v1/runs", json=doc).status_code == 200


def test_same_run_id_with_other_content_is_409_and_keeps_the_first(authed_client, db):
    doc = make_run_doc()
    authed_client.post("/api/v1/runs", json=doc)
    changed = {**doc, "results": [make_result(value=1_700_000.0)]}
    response = authed_client.post("/api/v1/runs", json=changed)
    assert response.status_code == 409
    assert response.headers["content-type"] == "application/problem+json"
    assert doc["run_id"] in response.json()["detail"]
    assert [r["value"] for r in stored_results(db, doc["run_id"])] == [1_600_000.0]


def test_machine_is_upserted_by_fingerprint_and_clock_stays_on_the_run(authed_client, db):
    slow = make_run_doc(
        machine={
            **make_run_doc()["machine"],
            "clock_hz": 80_000_000,
            "extra": {"clock_source": "measured"},
        }
    )
    authed_client.post("/api/v1/runs", json=make_run_doc())
    authed_client.post("/api/v1/runs", json=slow)
    assert count(db, "machines") == 1
    with db.connect() as c:
        clocks = c.execute(text("SELECT clock_hz, clock_source FROM runs ORDER BY id")).all()
    assert clocks == [(160_000_000.0, "configured"), (80_000_000.0, "measured")]
    [row] = stored_results(db, slow["run_id"])
    assert row["ns_per_op"] == 20_000_000.0
