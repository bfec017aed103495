"""The run facet counts a run's series_runs from an index alone.

`ix_series_runs_run_pk` (run_pk) becomes `ix_series_runs_by_run` (run_pk, series_id,
result_n): the run facet's walk over the newest runs (query/facets.py) sums `result_n` of each
run's series_runs, which now needs no visit to the wide rows with their packed figures
(bench/interaction.py at 5M results: the walk over 505 runs for `family=hash` 25 ms -> 7 ms).
Deleting a run's rows and change detection (`run_pk IN ...`) use the new index's prefix.

Revision ID: 0008
Revises: 0007
"""

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_series_runs_run_pk", table_name="series_runs")
    op.create_index("ix_series_runs_by_run", "series_runs", ["run_pk", "series_id", "result_n"])


def downgrade() -> None:
    op.drop_index("ix_series_runs_by_run", table_name="series_runs")
    op.create_index("ix_series_runs_run_pk", "series_runs", ["run_pk"])
