"""Change detection reads the read model: series_runs gains its error inputs.

`relative_error_n` and `relative_error_max` (see models.SeriesRun) cannot be derived from the
other series_runs columns, so the migration empties series_runs and series_totals (derived
tables, series keep their ids) and `cryptobench-server migrate` makes them again from stored
results with the producers the ingest uses (rollups.catch_up).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DELETE FROM series_totals")
    op.execute("DELETE FROM series_runs")
    with op.batch_alter_table("series_runs") as batch:
        batch.add_column(sa.Column("relative_error_n", sa.Integer(), nullable=False))
        batch.add_column(sa.Column("relative_error_max", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("series_runs") as batch:
        batch.drop_column("relative_error_max")
        batch.drop_column("relative_error_n")
