"""Chart cells: each run's results pre-aggregated for GET /chart and /facets.

Frozen: this migration creates the table only. Its backfill (which imported application code)
is gone: migration 0005 replaces chart_cells with the series read model, which
`cryptobench-server migrate` builds for every stored run (rollups.catch_up).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

METRICS = ("ns_per_op", "ops_per_s", "cycles_per_op", "bytes_per_s", "cycles_per_byte")


def _figure_columns(metric: str) -> list[sa.Column]:
    return [
        sa.Column(f"{metric}_n", sa.Integer(), nullable=False),
        sa.Column(f"{metric}_sum", sa.Float(), nullable=True),
        sa.Column(f"{metric}_min", sa.Float(), nullable=True),
        sa.Column(f"{metric}_max", sa.Float(), nullable=True),
        sa.Column(f"{metric}_values", sa.LargeBinary(), nullable=True),
    ]


def upgrade() -> None:
    op.create_table(
        "chart_cells",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("run_pk", sa.Integer(), nullable=False),
        sa.Column("series_key", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("family", sa.String(length=32), nullable=True),
        sa.Column("algorithm", sa.String(length=200), nullable=False),
        sa.Column("operation", sa.String(length=32), nullable=True),
        sa.Column("library", sa.String(length=200), nullable=True),
        sa.Column("library_version", sa.String(length=200), nullable=True),
        sa.Column(
            "params",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("metric", sa.String(length=32), nullable=False),
        sa.Column("result_n", sa.Integer(), nullable=False),
        *(column for metric in METRICS for column in _figure_columns(metric)),
        sa.Column("error_n", sa.Integer(), nullable=False),
        sa.Column("error_max", sa.Float(), nullable=True),
        sa.Column("error_kind_min", sa.String(length=16), nullable=True),
        sa.Column("error_kind_max", sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(["run_pk"], ["runs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("chart_cells", schema=None) as batch_op:
        batch_op.create_index(
            "ix_chart_cells_algorithm_operation", ["algorithm", "operation"], unique=False
        )
        batch_op.create_index("ix_chart_cells_family", ["family"], unique=False)
        batch_op.create_index("ix_chart_cells_run_pk", ["run_pk"], unique=False)


def downgrade() -> None:
    op.drop_table("chart_cells")
