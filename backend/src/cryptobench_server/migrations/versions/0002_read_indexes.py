"""Indexes for the read API: family filters everywhere; on PostgreSQL also the common param keys.

The expression indexes on `params ->> 'curve'` and `params ->> 'key_bits'` match the SQL the
query package emits for `param.curve=` / `param.key_bits=` filters. They are PostgreSQL-only;
SQLite (the embedded default) filters the same way without them.

Revision ID: 0002
Revises: 0001
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

PARAM_KEYS = ("curve", "key_bits")


def upgrade() -> None:
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.create_index("ix_results_family", ["family"], unique=False)
    if op.get_bind().dialect.name == "postgresql":
        for key in PARAM_KEYS:
            op.execute(f"CREATE INDEX ix_results_param_{key} ON results ((params ->> '{key}'))")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for key in PARAM_KEYS:
            op.execute(f"DROP INDEX ix_results_param_{key}")
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_index("ix_results_family")
