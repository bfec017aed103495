"""sqlfuncs' JSON constructs answer the same text on PostgreSQL and SQLite."""

import pytest
from sqlalchemy import JSON, create_engine, literal, literal_column, select
from sqlalchemy.dialects.postgresql import JSONB

from cryptobench_server.sqlfuncs import json_item_text, json_items

DOCUMENT = {"aead": True, "fips": False, "key_bits": 256, "tag_bytes": 16.5, "curve": "x25519"}


@pytest.fixture(params=["postgresql", "sqlite"])
def engine(request):
    url = request.getfixturevalue("pg_url") if request.param == "postgresql" else "sqlite://"
    made = create_engine(url)
    yield made
    made.dispose()


def test_json_item_text_spells_every_value_as_postgresql_does(engine):
    kind = JSONB if engine.dialect.name == "postgresql" else JSON
    source = select(literal(DOCUMENT, kind).label("document")).subquery()
    items = json_items(source.c.document).table_valued("key", "value", "type").alias("kv")
    query = select(items.c.key, json_item_text(items)).select_from(source)
    with engine.connect() as connection:
        rows = connection.execute(query.join(items, literal_column("true"))).all()
    assert sorted(rows) == [
        ("aead", "true"),
        ("curve", "x25519"),
        ("fips", "false"),
        ("key_bits", "256"),
        ("tag_bytes", "16.5"),
    ]
