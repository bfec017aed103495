"""Pure parts of the query package: filter parsing, cursors, x ordering, series shaping, compare maths, SQL forms."""

import sqlite3

import pytest
from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    String,
    Table,
    column,
    create_engine,
    insert,
    select,
    table,
)
from sqlalchemy.dialects import postgresql, sqlite

from cryptobench_contract.units import verdict
from cryptobench_server.errors import InvalidInput
from cryptobench_server.query.chart import PointRow, numeric, shape
from cryptobench_server.query.compare import (
    Measured,
    differences,
    geomean,
    shared_rows,
    side_by_side,
)
from cryptobench_server.query.filters import parse_filters
from cryptobench_server.query.pagination import decode_cursor, encode_cursor, page, past
from cryptobench_server.sqlfuncs import _ConcatBytes, concat_bytes, json_text


def test_filters_group_repeats_and_map_vocabulary():
    items = [
        ("algorithm", "rsa"),
        ("algorithm", "ECDSA"),
        ("curve", "P-256"),
        ("param.keysize", "2048"),
        ("tag.opt_level", "-O2"),
        ("limit", "5"),
        ("param.curve", "prime256v1"),
        ("algorithm", "RSA"),
    ]
    assert parse_filters(items, reserved=["limit"]) == {
        "algorithm": ("RSA", "ECDSA"),
        "param.curve": ("secp256r1",),
        "param.key_bits": ("2048",),
        "tag.opt_level": ("-O2",),
    }


def test_unknown_filter_and_bad_run_id_name_the_field():
    with pytest.raises(InvalidInput) as unknown:
        parse_filters([("colour", "red")])
    assert unknown.value.errors == [{"field": "colour", "message": "unknown parameter"}]
    with pytest.raises(InvalidInput) as run:
        parse_filters([("run", "12")])
    assert run.value.errors == [{"field": "run", "message": "not a UUID"}]


def test_cursor_round_trip_and_page_cut():
    from datetime import UTC, datetime

    assert decode_cursor(
        encode_cursor(["2026-11-20T10:00:00+00:00", 7]), types=(datetime, int)
    ) == [datetime(2026, 11, 20, 10, tzinfo=UTC), 7]
    assert page([1, 2, 3], 2, lambda r: [r]) == ([1, 2], encode_cursor([2]))
    assert page([1, 2], 2, lambda r: [r]) == ([1, 2], None)
    for bad, types in (
        ("e30", (int,)),
        (encode_cursor([True]), (int,)),
        (encode_cursor(["x"]), (int,)),
    ):
        with pytest.raises(InvalidInput):
            decode_cursor(bad, types=types)


def test_numeric_x_only_when_every_value_is_a_finite_number():
    assert numeric(["4096", "512", "1.5"]) == [4096, 512, 1.5]
    assert numeric(["2048", "pss"]) is None
    assert numeric(["nan"]) is None


def test_shape_sorts_series_nulls_first_and_points_numerically():
    rows = [
        PointRow("4096", ("pss",), 3.0, 3.0, 3.0, 1, None, None, {}, 0, {}, None),
        PointRow("512", ("pss",), 1.0, 1.0, 1.0, 1, 0.5, "stddev", {}, 0, {}, None),
        PointRow("1024", (None,), 2.0, 1.0, 4.0, 2, None, None, {"machine": 2}, 1, {"a": 1}, None),
    ]
    assert shape(rows, ["param.padding"], "param.key_bits") == [
        {
            "key": {"param.padding": None},
            "points": [
                {
                    "x": 1024,
                    "value": 2.0,
                    "min": 1.0,
                    "max": 4.0,
                    "n": 2,
                    "error": None,
                    "error_kind": None,
                    "pooled": {"machine": 2},
                    "flagged": 1,
                    "flags": {"a": 1},
                }
            ],
        },
        {
            "key": {"param.padding": "pss"},
            "points": [
                {
                    "x": 512,
                    "value": 1.0,
                    "min": 1.0,
                    "max": 1.0,
                    "n": 1,
                    "error": 0.5,
                    "error_kind": "stddev",
                    "pooled": {},
                    "flagged": 0,
                    "flags": {},
                },
                {
                    "x": 4096,
                    "value": 3.0,
                    "min": 3.0,
                    "max": 3.0,
                    "n": 1,
                    "error": None,
                    "error_kind": None,
                    "pooled": {},
                    "flagged": 0,
                    "flags": {},
                },
            ],
        },
    ]


def test_compare_median_of_repeats_ratio_verdict_geomean():
    base = [
        Measured("RSA", "sign", {"key_bits": 2048}, 10.0),
        Measured("RSA", "sign", {"key_bits": 2048}, 30.0),
        Measured("RSA", "sign", {"key_bits": 4096}, None),
        Measured("AES", None, {}, 0.0),
    ]
    other = [Measured("RSA", "sign", {"key_bits": 2048}, 40.0), Measured("AES", None, {}, 5.0)]
    rows = shared_rows(base, other, "ns_per_op")
    assert [
        (r["algorithm"], r["baseline"], r["contender"], r["ratio"], r["verdict"]) for r in rows
    ] == [("AES", 0.0, 5.0, None, None), ("RSA", 20.0, 40.0, 2.0, "worse")]
    assert verdict(0.5, "ops_per_s") == "worse"
    assert verdict(1.0, "ops_per_s") == "same"
    assert (verdict(1.0099, "ns_per_op"), verdict(1 / 1.0099, "ops_per_s")) == ("same", "same")
    assert (verdict(1.011, "ns_per_op"), verdict(1.011, "ops_per_s")) == ("worse", "better")
    # Against noise (the standard error of ln ratio): a difference within 3 of them is noise.
    assert (verdict(1.034, "ns_per_op", 0.0864), verdict(1.034, "ns_per_op", 0.005)) == (
        "within noise",
        "worse",
    )
    assert verdict(1.005, "ns_per_op", 0.0001) == "same"
    assert geomean([2.0, 8.0, None]) == 4.0
    assert differences({"a": 1, "b": 2, "d": 0}, {"b": 3, "c": 4, "d": 0}) == [
        {"field": "a", "baseline": 1, "contender": None, "differs": True, "lines": None},
        {"field": "b", "baseline": 2, "contender": 3, "differs": True, "lines": None},
        {"field": "c", "baseline": None, "contender": 4, "differs": True, "lines": None},
    ]
    assert [f["field"] for f in side_by_side({"a": 1, "d": 0}, {"a": 2, "d": 0, "b": 0})] == [
        "a",
        "b",
        "d",
    ]


@pytest.mark.parametrize("descending", [True, False])
def test_the_rows_past_a_position_are_the_next_pages_in_either_order(descending):
    rows = [("a", 1), ("a", 2), ("b", 1), ("b", 3), ("c", 2)]
    t = Table("t", MetaData(), Column("s", String), Column("k", Integer))
    engine = create_engine("sqlite://")
    t.metadata.create_all(engine)
    order = sorted(rows, reverse=descending)
    with engine.begin() as connection:
        connection.execute(insert(t), [{"s": s, "k": k} for s, k in rows])
        for index, position in enumerate(order):
            query = select(t.c.s, t.c.k).where(past(position, t.c.s, t.c.k, descending=descending))
            by = (t.c.s.desc(), t.c.k.desc()) if descending else (t.c.s, t.c.k)
            assert [tuple(r) for r in connection.execute(query.order_by(*by))] == order[index + 1 :]


def test_sql_forms_on_postgresql_and_sqlite():
    results = table("results", column("params"), column("v"))
    query = select(json_text(results.c.params, "it's"), concat_bytes(results.c.v))
    assert str(query.compile(dialect=postgresql.dialect())) == (
        "SELECT (results.params ->> 'it''s') AS json_text_1, "
        "string_agg(results.v, ''::bytea) AS concat_bytes_1 \nFROM results"
    )
    assert "json_extract(results.params, '$.\"it''s\"')" in str(
        query.compile(dialect=sqlite.dialect())
    )


def test_sqlite_concat_bytes_aggregate_joins_a_group_skipping_nulls():
    connection = sqlite3.connect(":memory:")
    connection.create_aggregate("cb_concat_bytes", 1, _ConcatBytes)
    connection.execute("CREATE TABLE t (g TEXT, v BLOB)")
    connection.executemany(
        "INSERT INTO t VALUES (?, ?)", [("a", b"\x01"), ("a", None), ("a", b"\x02"), ("b", None)]
    )
    assert connection.execute(
        "SELECT g, length(cb_concat_bytes(v)) FROM t GROUP BY g ORDER BY g"
    ).fetchall() == [("a", 2), ("b", None)]
