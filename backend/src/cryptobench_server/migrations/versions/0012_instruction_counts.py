"""Instruction counts become canonical figures: `instructions_per_op` and `instructions_per_byte`
(instructions retired, counted by an emulator or a counting tool) get columns of their own in
`results` and in the read model, so they are charted and change detection sees them.

Results reported in one of them get both figures where the bytes per operation
(params.block_bytes, else message_bytes) are known, computed here (this file's own copy of the
rule: per byte = per op / bytes). The read model and `changes` are derived tables: both are
emptied, and `cryptobench-server migrate` makes the read model again (rollups.catch_up) and
detects every lineage again (migrate.py, REDETECT), instruction counts among them.

Revision ID: 0012
Revises: 0011
"""

from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

COUNTED = ("instructions_per_op", "instructions_per_byte")
#: The canonical unit's scale of each unit the counted metrics accepted when this was written.
SCALE = {"instructions/op": 1.0, "instructions/B": 1.0}
PARTS = ("n", "sum", "min", "max", "values")
OLD_COUNTS = ("ns_per_op", "ops_per_s", "cycles_per_op", "bytes_per_s", "cycles_per_byte")
INDEX = "ix_series_totals_counts"
JsonDoc = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")

results = sa.table(
    "results",
    sa.column("id", sa.BigInteger()),
    sa.column("metric", sa.String()),
    sa.column("value", sa.Float()),
    sa.column("unit", sa.String()),
    sa.column("params", JsonDoc),
    sa.column("derived", JsonDoc),
    *(sa.column(name, sa.Float()) for name in COUNTED),
)


def _figure_columns(name: str) -> list[sa.Column]:
    return [
        sa.Column(f"{name}_n", sa.Integer(), nullable=False),
        sa.Column(f"{name}_sum", sa.Float(), nullable=True),
        sa.Column(f"{name}_min", sa.Float(), nullable=True),
        sa.Column(f"{name}_max", sa.Float(), nullable=True),
        sa.Column(f"{name}_values", sa.LargeBinary(), nullable=True),
    ]


def _op_bytes(params: dict[str, Any]) -> float | None:
    for key in ("block_bytes", "message_bytes"):
        value = params.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            return float(value)
    return None


def _figures(metric: str, value: float, unit: str, params: dict[str, Any]) -> dict[str, Any]:
    own = value * SCALE.get(unit, 1.0)
    size = _op_bytes(params)
    if metric == "instructions_per_op":
        other = ("instructions_per_byte", own / size if size else None)
    else:
        other = ("instructions_per_op", own * size if size else None)
    return {metric: own, other[0]: other[1]}


def _fill_results() -> None:
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(
            results.c.id,
            results.c.metric,
            results.c.value,
            results.c.unit,
            results.c.params,
            results.c.derived,
        ).where(results.c.metric.in_(COUNTED))
    ).all()
    for pk, metric, value, unit, params, derived in rows:
        figures = _figures(metric, value, unit, params or {})
        made = [m for m in COUNTED if m != metric and figures[m] is not None]
        connection.execute(
            results.update()
            .where(results.c.id == pk)
            .values(**figures, derived=[*(derived or []), *made])
        )


def _forget_results() -> None:
    """The derived lists as before: without the counted figures."""
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(results.c.id, results.c.derived).where(results.c.metric.in_(COUNTED))
    ).all()
    for pk, derived in rows:
        kept = [name for name in derived or [] if name not in COUNTED]
        connection.execute(results.update().where(results.c.id == pk).values(derived=kept))


def upgrade() -> None:
    with op.batch_alter_table("results") as batch:
        for name in COUNTED:
            batch.add_column(sa.Column(name, sa.Float(), nullable=True))
    _fill_results()
    op.execute("DELETE FROM changes")
    op.execute("DELETE FROM series_totals")
    op.execute("DELETE FROM series_runs")
    op.drop_index(INDEX, table_name="series_totals")
    for table in ("series_runs", "series_totals"):
        with op.batch_alter_table(table) as batch:
            for name in COUNTED:
                for column in _figure_columns(name):
                    batch.add_column(column)
    counts = ["series_id", "result_n", *(f"{m}_n" for m in (*OLD_COUNTS, *COUNTED))]
    op.create_index(INDEX, "series_totals", counts)


def downgrade() -> None:
    op.execute(
        "DELETE FROM changes WHERE metric IN ('instructions_per_op', 'instructions_per_byte')"
    )
    op.drop_index(INDEX, table_name="series_totals")
    for table in ("series_totals", "series_runs"):
        with op.batch_alter_table(table) as batch:
            for name in COUNTED:
                for part in PARTS:
                    batch.drop_column(f"{name}_{part}")
    op.create_index(
        INDEX, "series_totals", ["series_id", "result_n", *(f"{m}_n" for m in OLD_COUNTS)]
    )
    _forget_results()
    with op.batch_alter_table("results") as batch:
        for name in reversed(COUNTED):
            batch.drop_column(name)
