"""The results table's row record (store/rows.py): one named type for ingest and the import
preview, so a dry run shows what the store then holds, on both databases."""

from datetime import UTC, datetime
from pathlib import Path

import orjson
import pytest
from sqlalchemy import Float, create_engine, select

from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_parsers.imports import ImportOptions, import_text
from cryptobench_server.models import FIGURES, Result, SeriesTotal
from cryptobench_server.store.imports import preview_rows
from cryptobench_server.store.ingest import ingest_run
from cryptobench_server.store.rows import RESULT_COLUMNS, ResultRow

FIXTURES = Path(__file__).parents[2] / "collectors" / "tests" / "fixtures"
#: Real outputs (collectors/tests/fixtures/SOURCES.md): an openssl table with derived figures
#: from block sizes, a JMH run in its own units.
TEXTS = [
    FIXTURES / "openssl" / "openssl-1.0.2o-freebsd_aes-128-cbc_tail1.txt",
    FIXTURES / "jmh" / "mariofusco_jmh-playground_1.37_avgt_nan.json",
]


def test_a_row_holds_the_contracts_canonical_figures_in_its_order():
    fields = ResultRow._fields
    start = fields.index(CANONICAL_METRICS[0])
    assert fields[start : start + len(CANONICAL_METRICS)] == CANONICAL_METRICS
    assert ("run_pk", *fields) == RESULT_COLUMNS


def test_the_figure_columns_are_the_contracts_canonical_figures_once():
    assert sorted(FIGURES) == sorted(CANONICAL_METRICS)
    assert all(isinstance(getattr(Result, m).type, Float) for m in FIGURES)
    (counts,) = SeriesTotal.__table__.indexes
    assert [c.name for c in counts.columns] == [
        "series_id",
        "result_n",
        *(f"{m}_n" for m in FIGURES),
    ]


@pytest.fixture
def engine(store_url):
    made = create_engine(store_url)
    yield made
    made.dispose()


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_the_import_preview_is_what_ingest_stores(engine, path):
    options = ImportOptions(source_name=path.name)
    [document, *_] = import_text(path.read_text(), options, received_at=datetime.now(UTC)).runs
    preview = preview_rows(document)
    run = ingest_run(engine=engine, doc=document).run
    # a flag's reason is worded for the preview; the stored row keeps the flag itself
    shown = [c for c in preview[0] if c not in ("params", "flag_reasons")]
    with engine.connect() as connection:
        stored = connection.execute(
            select(Result.params, *(getattr(Result, c) for c in shown))
            .where(Result.run_pk == run.id)
            .order_by(Result.position)
        ).all()
    assert len(stored) == len(preview) == len(document.results)
    for row, shown_row in zip(stored, preview, strict=True):
        params, *values = row
        for listed in ("derived", "flags"):
            value = values[shown.index(listed)]
            values[shown.index(listed)] = orjson.loads(value) if isinstance(value, str) else value
        assert (params, *values) == (shown_row["params"], *(shown_row[c] for c in shown))
