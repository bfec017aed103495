"""Create machines, runs, results and api_tokens.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("scope", sa.String(length=16), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("prefix", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_table(
        "machines",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("arch", sa.String(length=200), nullable=True),
        sa.Column("cpu_model", sa.String(length=200), nullable=True),
        sa.Column("cores", sa.Integer(), nullable=True),
        sa.Column("os", sa.String(length=200), nullable=True),
        sa.Column("board", sa.String(length=200), nullable=True),
        sa.Column(
            "extra",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("first_seen", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("fingerprint"),
    )
    with op.batch_alter_table("machines", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_machines_name"), ["name"], unique=False)

    op.create_table(
        "runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Uuid(), nullable=False),
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column("source", sa.String(length=32), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("machine_id", sa.Integer(), nullable=False),
        sa.Column("clock_hz", sa.Float(), nullable=True),
        sa.Column("clock_source", sa.String(length=32), nullable=True),
        sa.Column(
            "machine_extra",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("tool_name", sa.String(length=200), nullable=False),
        sa.Column("tool_version", sa.String(length=200), nullable=True),
        sa.Column("tool_build", sa.Text(), nullable=True),
        sa.Column("tool_options", sa.Text(), nullable=True),
        sa.Column(
            "tags",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("result_count", sa.Integer(), nullable=False),
        sa.Column("artifact_media_type", sa.String(length=100), nullable=True),
        sa.Column("artifact_content", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["machine_id"],
            ["machines.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("run_id"),
    )
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_runs_machine_id"), ["machine_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_runs_source"), ["source"], unique=False)
        batch_op.create_index(batch_op.f("ix_runs_started_at"), ["started_at"], unique=False)

    op.create_table(
        "results",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("run_pk", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("series_key", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("family", sa.String(length=32), nullable=True),
        sa.Column("algorithm", sa.String(length=200), nullable=False),
        sa.Column("operation", sa.String(length=32), nullable=True),
        sa.Column("library", sa.String(length=200), nullable=True),
        sa.Column("library_version", sa.String(length=200), nullable=True),
        sa.Column(
            "params",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("metric", sa.String(length=32), nullable=False),
        sa.Column("value", sa.Float(), nullable=False),
        sa.Column("unit", sa.String(length=32), nullable=False),
        sa.Column("error", sa.Float(), nullable=True),
        sa.Column("error_kind", sa.String(length=16), nullable=True),
        sa.Column("samples", sa.BigInteger(), nullable=True),
        sa.Column(
            "stats",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=True,
        ),
        sa.Column(
            "raw",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=True,
        ),
        sa.Column("ns_per_op", sa.Float(), nullable=True),
        sa.Column("ops_per_s", sa.Float(), nullable=True),
        sa.Column("cycles_per_op", sa.Float(), nullable=True),
        sa.Column("bytes_per_s", sa.Float(), nullable=True),
        sa.Column("cycles_per_byte", sa.Float(), nullable=True),
        sa.Column(
            "derived",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column(
            "flags",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(["run_pk"], ["runs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.create_index(
            "ix_results_algorithm_operation", ["algorithm", "operation"], unique=False
        )
        batch_op.create_index("ix_results_run_pk_position", ["run_pk", "position"], unique=False)
        batch_op.create_index("ix_results_series_key", ["series_key"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_index("ix_results_series_key")
        batch_op.drop_index("ix_results_run_pk_position")
        batch_op.drop_index("ix_results_algorithm_operation")

    op.drop_table("results")
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_runs_started_at"))
        batch_op.drop_index(batch_op.f("ix_runs_source"))
        batch_op.drop_index(batch_op.f("ix_runs_machine_id"))

    op.drop_table("runs")
    with op.batch_alter_table("machines", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_machines_name"))

    op.drop_table("machines")
    op.drop_table("api_tokens")
