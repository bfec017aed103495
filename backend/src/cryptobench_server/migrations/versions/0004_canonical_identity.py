"""Canonical identity: runs keep their parse warnings; stored names are re-canonicalized.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

JsonDoc = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    # Plain ALTER TABLE on both databases: a batch (copy-and-rename) of `runs` on SQLite would
    # cascade-delete every result through the foreign key.
    op.add_column(
        "runs", sa.Column("warnings", JsonDoc, nullable=False, server_default=sa.text("'[]'"))
    )


def downgrade() -> None:
    op.drop_column("runs", "warnings")
