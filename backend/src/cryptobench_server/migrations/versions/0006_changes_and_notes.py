"""Detected step changes (`changes`) and notes on runs (`run_notes`); changes of stored runs.

Both tables follow their runs: deleting a run deletes its notes and every change it is part of.
The tables start empty; `cryptobench-server changes detect` finds the changes of runs stored
before (new uploads are examined on ingest).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

JsonDoc = sa.JSON().with_variant(JSONB(), "postgresql")
UtcDateTime = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "changes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("lineage", sa.String(32), nullable=False, index=True),
        sa.Column(
            "run_pk",
            sa.Integer(),
            sa.ForeignKey("runs.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column(
            "baseline_run_pk",
            sa.Integer(),
            sa.ForeignKey("runs.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("machine_id", sa.Integer(), sa.ForeignKey("machines.id"), nullable=False),
        sa.Column("source", sa.String(32), nullable=False),
        sa.Column("family", sa.String(32)),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("algorithm", sa.String(200), nullable=False),
        sa.Column("operation", sa.String(32)),
        sa.Column("library", sa.String(200)),
        sa.Column("library_version", sa.String(200)),
        sa.Column("params", JsonDoc, nullable=False),
        sa.Column("metric", sa.String(32), nullable=False),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("after", sa.Float(), nullable=False),
        sa.Column("ratio", sa.Float(), nullable=False),
        sa.Column("direction", sa.String(16), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("what_changed", JsonDoc, nullable=False),
        sa.Column("started_at", UtcDateTime, nullable=False, index=True),
    )
    op.create_table(
        "run_notes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "run_pk",
            sa.Integer(),
            sa.ForeignKey("runs.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("author", sa.String(200), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("run_notes")
    op.drop_table("changes")
