"""Series totals in pieces: `series_totals` gets `piece`, its key becomes (series_id, piece),
so an upload adds its figures into its series' open piece (store/rollups.py, PIECE_RESULTS)
instead of rewriting their whole history; readers aggregate a series' pieces as they aggregate
its series_runs. The totals stored before are each series' piece 0, as a rebuild makes them.

`runs` gets the index change detection's window walks: a machine and source's runs by start.

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

WINDOW_INDEX = "ix_runs_lineage_window"


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


def downgrade() -> None:
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
