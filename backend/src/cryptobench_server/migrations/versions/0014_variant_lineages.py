"""Variants are not history: a lineage also keeps the run's variant tags (identity.VARIANT_TAGS:
opt_level, engine, provider, ...), so an -O2 and an -Os run of one board are two lineages, never
a step from one to the other. `changes` gets `variant`.

Stored points and changes were keyed by lineages without the variant, so both derived tables are
emptied and `cryptobench-server migrate` detects every lineage again, making the points of the
runs stored before (migrate.py, REDETECT).

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

JsonDoc = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.execute("DELETE FROM changes")
    op.execute("DELETE FROM lineage_points")
    with op.batch_alter_table("changes") as batch:
        batch.add_column(sa.Column("variant", JsonDoc, nullable=False, server_default="{}"))


def downgrade() -> None:
    op.execute("DELETE FROM changes")
    op.execute("DELETE FROM lineage_points")
    with op.batch_alter_table("changes") as batch:
        batch.drop_column("variant")
