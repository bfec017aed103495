"""Acknowledge and dismiss: `change_acks` keeps a person's word on a change (expected or
dismissed, a note, the admin token's name, when), by the change's lineage and run, so that it
holds when detection makes the change row again (changes/acknowledge.py).

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "change_acks",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("lineage", sa.String(32), nullable=False),
        sa.Column("run_pk", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("author", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["run_pk"], ["runs.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_change_acks_lineage", "change_acks", ["lineage"])
    op.create_index("ix_change_acks_run_pk", "change_acks", ["run_pk"])


def downgrade() -> None:
    op.drop_table("change_acks")
