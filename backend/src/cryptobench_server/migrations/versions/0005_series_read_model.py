"""Series read model: series, series_runs, series_totals replace chart_cells.

The tables are created empty: `cryptobench-server migrate` (cryptobench_server.migrate.upgrade)
then fills them for every stored run with the producers the ingest uses (rollups.catch_up).
Downgrading recreates an empty chart_cells (its backfill left migration 0003 with issue 13).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

METRICS = ("ns_per_op", "ops_per_s", "cycles_per_op", "bytes_per_s", "cycles_per_byte")
JsonDoc = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")


def _figures() -> list[sa.Column]:
    columns: list[sa.Column] = [sa.Column("result_n", sa.Integer(), nullable=False)]
    for metric in METRICS:
        columns += [
            sa.Column(f"{metric}_n", sa.Integer(), nullable=False),
            sa.Column(f"{metric}_sum", sa.Float(), nullable=True),
            sa.Column(f"{metric}_min", sa.Float(), nullable=True),
            sa.Column(f"{metric}_max", sa.Float(), nullable=True),
            sa.Column(f"{metric}_values", sa.LargeBinary(), nullable=True),
        ]
    return [
        *columns,
        sa.Column("error_n", sa.Integer(), nullable=False),
        sa.Column("error_max", sa.Float(), nullable=True),
        sa.Column("error_kind_min", sa.String(length=16), nullable=True),
        sa.Column("error_kind_max", sa.String(length=16), nullable=True),
    ]


def upgrade() -> None:
    op.drop_table("chart_cells")
    op.create_table(
        "series",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("identity", sa.String(length=400), nullable=False),
        sa.Column("series_key", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("family", sa.String(length=32), nullable=True),
        sa.Column("algorithm", sa.String(length=200), nullable=False),
        sa.Column("operation", sa.String(length=32), nullable=True),
        sa.Column("library", sa.String(length=200), nullable=True),
        sa.Column("library_version", sa.String(length=200), nullable=True),
        sa.Column("params", JsonDoc, nullable=False),
        sa.Column("metric", sa.String(length=32), nullable=False),
        sa.Column("source", sa.String(length=32), nullable=False),
        sa.Column("machine_id", sa.Integer(), nullable=False),
        sa.Column("tags", JsonDoc, nullable=False),
        sa.ForeignKeyConstraint(["machine_id"], ["machines.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("identity"),
    )
    op.create_index("ix_series_series_key", "series", ["series_key"])
    op.create_index("ix_series_machine_id", "series", ["machine_id"])
    op.create_table(
        "series_runs",
        sa.Column("series_id", sa.Integer(), nullable=False),
        sa.Column("run_pk", sa.Integer(), nullable=False),
        *_figures(),
        sa.ForeignKeyConstraint(["series_id"], ["series.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["run_pk"], ["runs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("series_id", "run_pk"),
    )
    op.create_index("ix_series_runs_run_pk", "series_runs", ["run_pk"])
    op.create_index("ix_series_runs_counts", "series_runs", ["series_id", "run_pk", "result_n"])
    op.create_table(
        "series_totals",
        sa.Column("series_id", sa.Integer(), nullable=False),
        *_figures(),
        sa.ForeignKeyConstraint(["series_id"], ["series.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("series_id"),
    )
    op.create_index(
        "ix_series_totals_counts",
        "series_totals",
        ["series_id", "result_n", *(f"{m}_n" for m in METRICS)],
    )


def downgrade() -> None:
    op.drop_table("series_totals")
    op.drop_table("series_runs")
    op.drop_table("series")
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
        sa.Column("params", JsonDoc, nullable=False),
        sa.Column("metric", sa.String(length=32), nullable=False),
        *_figures(),
        sa.ForeignKeyConstraint(["run_pk"], ["runs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_chart_cells_algorithm_operation", "chart_cells", ["algorithm", "operation"])
    op.create_index("ix_chart_cells_family", "chart_cells", ["family"])
    op.create_index("ix_chart_cells_run_pk", "chart_cells", ["run_pk"])
