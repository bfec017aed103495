"""Artifacts stored once, shared by the runs that carry them (issue 25).

An import of a pasted session made one run per `openssl speed` command, each keeping the whole
text in `runs.artifact_content`: 400 copies of one 0.94 MB paste. Artifacts now live in
`artifacts`, one row per distinct (media type, content), found by `digest` (SHA-256 of the
media type, a NUL and the content); `runs.artifact_id` points at one. Stored artifacts move
there, identical ones folded into one row.

Revision ID: 0009
Revises: 0008
"""

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

#: Runs whose artifacts are read and moved per round (each artifact is at most 4 MiB).
_BATCH = 50

_runs = sa.table(
    "runs",
    sa.column("id", sa.Integer()),
    sa.column("artifact_id", sa.Integer()),
    sa.column("artifact_media_type", sa.String()),
    sa.column("artifact_content", sa.Text()),
)
_artifacts = sa.table(
    "artifacts",
    sa.column("id", sa.Integer()),
    sa.column("digest", sa.String()),
    sa.column("media_type", sa.String()),
    sa.column("content", sa.Text()),
)


def upgrade() -> None:
    op.create_table(
        "artifacts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("digest", sa.String(64), nullable=False, unique=True),
        sa.Column("media_type", sa.String(100), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
    )
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.add_column(sa.Column("artifact_id", sa.Integer(), nullable=True))
        batch_op.create_index("ix_runs_artifact_id", ["artifact_id"])
        batch_op.create_foreign_key(
            "fk_runs_artifact_id_artifacts", "artifacts", ["artifact_id"], ["id"]
        )
    _move_artifacts(op.get_bind())
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.drop_column("artifact_content")
        batch_op.drop_column("artifact_media_type")


def _move_artifacts(bind: sa.Connection) -> None:
    """Each run's artifact into `artifacts` (one row per digest), the run pointed at it."""
    known: dict[str, int] = {}
    last = 0
    while True:
        rows = bind.execute(
            sa.select(_runs.c.id, _runs.c.artifact_media_type, _runs.c.artifact_content)
            .where(_runs.c.id > last, _runs.c.artifact_content.is_not(None))
            .order_by(_runs.c.id)
            .limit(_BATCH)
        ).all()
        if not rows:
            return
        links = []
        for run_pk, media_type, content in rows:
            media_type = media_type or "text/plain"
            digest = hashlib.sha256(f"{media_type}\0{content}".encode()).hexdigest()
            if digest not in known:
                known[digest] = bind.execute(
                    sa.insert(_artifacts)
                    .values(digest=digest, media_type=media_type, content=content)
                    .returning(_artifacts.c.id)
                ).scalar_one()
            links.append({"pk": run_pk, "artifact": known[digest]})
        bind.execute(
            sa.update(_runs)
            .where(_runs.c.id == sa.bindparam("pk"))
            .values(artifact_id=sa.bindparam("artifact")),
            links,
        )
        last = rows[-1][0]


def downgrade() -> None:
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.add_column(sa.Column("artifact_media_type", sa.String(100), nullable=True))
        batch_op.add_column(sa.Column("artifact_content", sa.Text(), nullable=True))
    its = _artifacts.c.id == _runs.c.artifact_id
    op.get_bind().execute(
        sa.update(_runs)
        .where(_runs.c.artifact_id.is_not(None))
        .values(
            artifact_media_type=sa.select(_artifacts.c.media_type).where(its).scalar_subquery(),
            artifact_content=sa.select(_artifacts.c.content).where(its).scalar_subquery(),
        )
    )
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.drop_constraint("fk_runs_artifact_id_artifacts", type_="foreignkey")
        batch_op.drop_index("ix_runs_artifact_id")
        batch_op.drop_column("artifact_id")
    op.drop_table("artifacts")
