"""Charts say what they pool and what is flagged: series gain their clock, rollups a flag count.

`series.clock_hz` (one per series: the clock is part of the series key) is set from the series'
runs, so a chart point counts the clocks it pools. `series_runs.flagged_n` and
`series_totals.flagged_n` count the results that carry a plausibility flag; they cannot be
derived from the other columns, and the flags themselves are checked again (normalize.py gained
`cpu_time`, `exceeds_clock` and `saturated`), so the migration empties series_runs and
series_totals (derived tables, series keep their ids) and `cryptobench-server migrate` checks
the stored results' flags and makes the rows again with the producers the ingest uses
(rollups.catch_up).

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("series") as batch:
        batch.add_column(sa.Column("clock_hz", sa.Float(), nullable=True))
    op.execute(
        "UPDATE series SET clock_hz = (SELECT MIN(runs.clock_hz) FROM series_runs "
        "JOIN runs ON runs.id = series_runs.run_pk WHERE series_runs.series_id = series.id)"
    )
    op.execute("DELETE FROM series_totals")
    op.execute("DELETE FROM series_runs")
    for name in ("series_runs", "series_totals"):
        with op.batch_alter_table(name) as batch:
            batch.add_column(sa.Column("flagged_n", sa.Integer(), nullable=False))


def downgrade() -> None:
    for name in ("series_totals", "series_runs"):
        with op.batch_alter_table(name) as batch:
            batch.drop_column("flagged_n")
    with op.batch_alter_table("series") as batch:
        batch.drop_column("clock_hz")
