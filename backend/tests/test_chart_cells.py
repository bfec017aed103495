"""chart_cells on PostgreSQL and SQLite: exact cells after ingest, the same cells from migration
0003's backfill, the packed-figure median, error inputs, and no cells from a rejected upload."""

import uuid

from factories import make_result, make_run_doc
from sqlalchemy import create_engine, select
from test_read_support import JMH2, O2B

from cryptobench_server.migrate import downgrade, upgrade
from cryptobench_server.models import ChartCell, Run
from cryptobench_server.query.cells import CELL_COLUMNS, cell, median, pack, unpack

FIELDS = (
    "name",
    "metric",
    "params",
    "cycles_per_op_n",
    "cycles_per_op_sum",
    "cycles_per_op_min",
    "cycles_per_op_max",
    "ns_per_op_n",
    "ns_per_op_sum",
    "ops_per_s_n",
    "ops_per_s_min",
    "bytes_per_s_n",
    "bytes_per_s_values",
    "error_n",
    "error_max",
    "error_kind_min",
    "error_kind_max",
)


def all_cells(engine) -> list[tuple]:
    columns = [c for c in ChartCell.__table__.columns if c.name != "id"]
    with engine.connect() as connection:
        rows = connection.execute(select(*columns)).all()
    return sorted(tuple(repr(v) for v in row) for row in rows)


def figures(engine, run_id: str) -> list[dict]:
    columns = [getattr(ChartCell, f) for f in FIELDS] + [
        ChartCell.cycles_per_op_values,
        ChartCell.ns_per_op_values,
    ]
    query = (
        select(*columns)
        .join(Run, Run.id == ChartCell.run_pk)
        .where(Run.run_id == uuid.UUID(run_id))
        .order_by(ChartCell.name, ChartCell.cycles_per_op_n)
    )
    with engine.connect() as connection:
        rows = [dict(row._mapping) for row in connection.execute(query)]
    for row in rows:
        for key in ("cycles_per_op_values", "ns_per_op_values"):
            row[key] = list(unpack(row[key])) if row[key] is not None else None
    return rows


def test_cells_after_ingest_hold_exact_figures(loaded):
    engine = loaded.app.state.engine
    rsa = {
        "name": "RSA-2048 verify pss",
        "metric": "cycles_per_op",
        "params": {"key_bits": 2048, "padding": "pss"},
        "bytes_per_s_n": 0,
        "bytes_per_s_values": None,
        "error_n": 0,
        "error_max": None,
        "error_kind_min": None,
        "error_kind_max": None,
    }
    assert figures(engine, O2B) == [
        {
            **rsa,
            "cycles_per_op_n": 2,
            "cycles_per_op_sum": 4_160_000.0,
            "cycles_per_op_min": 1_760_000.0,
            "cycles_per_op_max": 2_400_000.0,
            "ns_per_op_n": 2,
            "ns_per_op_sum": 26e6,
            "ops_per_s_n": 2,
            "ops_per_s_min": 1e9 / 15e6,
            "cycles_per_op_values": [1_760_000.0, 2_400_000.0],
            "ns_per_op_values": [11e6, 15e6],
        },
        {
            **rsa,
            "name": "RSA-4096 verify pss",
            "params": {"key_bits": 4096, "padding": "pss"},
            "cycles_per_op_n": 1,
            "cycles_per_op_sum": 5_120_000.0,
            "cycles_per_op_min": 5_120_000.0,
            "cycles_per_op_max": 5_120_000.0,
            "ns_per_op_n": 1,
            "ns_per_op_sum": 32e6,
            "ops_per_s_n": 1,
            "ops_per_s_min": 1e9 / 32e6,
            "cycles_per_op_values": [5_120_000.0],
            "ns_per_op_values": [32e6],
        },
    ]
    jmh = sorted(figures(engine, JMH2), key=lambda c: c["params"]["curve"])
    assert [
        (
            c["params"]["curve"],
            c["metric"],
            c["cycles_per_op_n"],
            c["ns_per_op_values"],
            c["ops_per_s_min"],
            c["error_n"],
            c["error_max"],
            c["error_kind_min"],
            c["error_kind_max"],
        )
        for c in jmh
    ] == [
        ("secp256k1", "ops_per_s", 0, [1e9 / 850], 850.0, 1, 5.0, "stddev", "stddev"),
        ("secp256r1", "ops_per_s", 0, [1e9 / 1100], 1100.0, 1, 30.0, "ci99.9", "ci99.9"),
    ]


def test_backfill_makes_the_cells_ingest_made(loaded):
    engine = loaded.app.state.engine
    url = engine.url.render_as_string(hide_password=False)
    stored = all_cells(engine)
    assert len(stored) == 15
    downgrade(url, "0002")
    upgrade(url)
    assert all_cells(engine) == stored


def test_packed_median_interpolates_like_percentile_cont():
    assert list(unpack(pack([1.5, -2.0, 1e300]))) == [1.5, -2.0, 1e300]
    assert median(pack([4.0])) == 4.0
    assert median(pack([10.0, 1.0, 4.0, 2.0])) == 3.0
    assert median(pack([1.0, 3.0]) + pack([2.0])) == 2.0
    assert median(pack([0.1, 0.7])) == 0.1 + (0.7 - 0.1) * 0.5


def test_cell_errors_convert_into_the_reported_metric_only():
    # figures in the contract's order: ops_per_s, ns_per_op, cycles_per_op, bytes_per_s, cycles_per_byte
    identity = (
        "k" * 32,
        "ECDSA sign",
        "signature",
        "ECDSA",
        "sign",
        "SunEC",
        "21",
        '{"curve":"secp256r1"}',
        "ns_per_op",
    )
    rows = [
        (*identity, 2.0, 0.5, "ci99.9", 5e5, 2000.0, None, None, None),
        (*identity, 4.0, 0.25, "stddev", 2.5e5, 4000.0, None, None, None),
        (*identity, 3.0, None, None, 1e9 / 3000, 3000.0, None, None, None),
    ]
    made = dict(zip(CELL_COLUMNS, cell(7, rows), strict=False))
    assert (
        made["run_pk"],
        made["metric"],
        made["ns_per_op_n"],
        made["ns_per_op_sum"],
        made["ops_per_s_max"],
    ) == (7, "ns_per_op", 3, 9000.0, 5e5)
    assert list(unpack(made["ns_per_op_values"])) == [2000.0, 3000.0, 4000.0]
    assert (made["cycles_per_op_n"], made["cycles_per_op_sum"], made["cycles_per_op_values"]) == (
        0,
        None,
        None,
    )
    assert (made["error_n"], made["error_max"], made["error_kind_min"], made["error_kind_max"]) == (
        2,
        500.0,
        "ci99.9",
        "stddev",
    )


def test_a_rejected_upload_leaves_no_cells(authed_client, settings):
    doc = make_run_doc(results=[make_result(name="nul\u0000byte")])
    assert authed_client.post("/api/v1/runs", json=doc).status_code == 422
    assert authed_client.post("/api/v1/runs", json=make_run_doc()).status_code == 201
    engine = create_engine(settings.resolved_database_url)
    with engine.connect() as connection:
        names = connection.execute(select(ChartCell.name)).scalars().all()
    engine.dispose()
    assert names == ["RSA-2048 verify pss"]
