"""Series totals in pieces: `series_totals` gets `piece`, its key becomes (series_id, piece),
so an upload adds its figures into its series' open piece (store/rollups.py, PIECE_RESULTS)
instead of rewriting their whole history; readers aggregate a series' pieces as they aggregate
its series_runs. The totals stored before are each series' piece 0, as a rebuild makes them.

Change detection reads stored points: `lineage_points` (one run's point of one lineage) and
`runs`' index of a machine and source's runs by start. `cryptobench-server migrate` across this
revision makes the points of runs stored before it while detecting every lineage again
(migrate.py, REDETECT).

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

WINDOW_INDEX = "ix_runs_lineage_window"
JsonDoc = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def _piece_in_key() -> None:
    """`series_totals`' primary key becomes (series_id, piece) (SQLite: the table copied)."""
    if op.get_bind().dialect.name == "postgresql":
        op.drop_constraint("series_totals_pkey", "series_totals", type_="primary")
        op.create_primary_key("series_totals_pkey", "series_totals", ["series_id", "piece"])
        return
    keyed = (
        sa.Column(
            "series_id",
            sa.Integer(),
            sa.ForeignKey("series.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("piece", sa.Integer(), nullable=False, primary_key=True, server_default="0"),
    )
    with op.batch_alter_table("series_totals", recreate="always", reflect_args=keyed):
        pass


def upgrade() -> None:
    piece = sa.Column("piece", sa.Integer(), nullable=False, server_default="0")
    op.add_column("series_totals", piece)
    _piece_in_key()
    op.create_index(WINDOW_INDEX, "runs", ["machine_id", "source", "started_at", "id"])
    op.create_table(
        "lineage_points",
        sa.Column("lineage", sa.String(32), nullable=False),
        sa.Column("run_pk", sa.Integer(), nullable=False),
        sa.Column("value", sa.Float(), nullable=False),
        sa.Column("rel_error", sa.Float(), nullable=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("versions", JsonDoc, nullable=False),
        sa.ForeignKeyConstraint(["run_pk"], ["runs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("lineage", "run_pk"),
    )
    op.create_index("ix_lineage_points_run_pk", "lineage_points", ["run_pk"])


def downgrade() -> None:
    op.drop_table("lineage_points")
    op.drop_index(WINDOW_INDEX, table_name="runs")
    # A series' pieces cannot share one key: the derived tables are emptied, and `migrate`
    # makes them again (rollups.catch_up).
    op.execute("DELETE FROM series_totals")
    op.execute("DELETE FROM series_runs")
    if op.get_bind().dialect.name == "postgresql":
        op.drop_constraint("series_totals_pkey", "series_totals", type_="primary")
        op.create_primary_key("series_totals_pkey", "series_totals", ["series_id"])
    with op.batch_alter_table("series_totals") as batch:
        batch.drop_column("piece")
