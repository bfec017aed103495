"""Migration 0002: the read indexes exist, match the SQL the query package emits, and go down cleanly."""

from sqlalchemy import create_engine, select, text
from sqlalchemy.dialects import postgresql

from cryptobench_server.migrate import downgrade, upgrade
from cryptobench_server.models import Result
from cryptobench_server.query.filters import conditions

READ_INDEXES = {"ix_results_family", "ix_results_param_curve", "ix_results_param_key_bits"}


def indexes(engine) -> set[str]:
    with engine.connect() as c:
        return set(
            c.execute(
                text("SELECT indexname FROM pg_indexes WHERE tablename = 'results'")
            ).scalars()
        )


def test_indexes_up_down_up(pg_url):
    engine = create_engine(pg_url)
    assert indexes(engine) >= READ_INDEXES
    downgrade(pg_url, "0001")
    assert not READ_INDEXES & indexes(engine)
    upgrade(pg_url)
    assert indexes(engine) >= READ_INDEXES
    engine.dispose()


def test_param_filter_uses_the_expression_index(pg_url):
    engine = create_engine(pg_url)
    query = select(Result.id).where(
        *conditions({"param.curve": ("secp256k1",), "param.key_bits": ("2048",)})
    )
    sql = str(query.compile(dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}))
    with engine.connect() as c:
        c.execute(text("SET enable_seqscan = off"))
        plan = "\n".join(c.execute(text("EXPLAIN " + sql)).scalars())
    assert "ix_results_param_curve" in plan or "ix_results_param_key_bits" in plan
    engine.dispose()
