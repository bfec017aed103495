"""A change states its evidence (z, the noise it was measured against, the points behind both)
instead of a confidence: erf(z / sqrt 2) of a noise estimated from a handful of runs read as
"100.0%" for a 5.9% step of single 1-second samples.

The stored changes cannot be given their evidence without detecting them again, so the table is
emptied (it is derived: every change comes from the runs' figures) and `cryptobench-server
migrate` detects every lineage again (migrate.py, REDETECT).

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DELETE FROM changes")
    with op.batch_alter_table("changes") as batch:
        batch.drop_column("confidence")
        batch.add_column(sa.Column("z", sa.Float(), nullable=True))
        batch.add_column(sa.Column("noise", sa.Float(), nullable=False))
        batch.add_column(sa.Column("before_n", sa.Integer(), nullable=False))
        batch.add_column(sa.Column("after_n", sa.Integer(), nullable=False))


def downgrade() -> None:
    op.execute("DELETE FROM changes")
    with op.batch_alter_table("changes") as batch:
        for name in ("after_n", "before_n", "noise", "z"):
            batch.drop_column(name)
        batch.add_column(sa.Column("confidence", sa.Float(), nullable=False))
