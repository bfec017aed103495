"""Artifacts (a tool's original output) stored once and shared by the runs that carry them.

An import's runs all carry their paste, and a re-upload under another run_id carries the same
output again: one `artifacts` row per digest (SHA-256 of the media type, a NUL and the content;
migration 0009) serves them all. A run's transaction takes its artifact with `acquire`, which
holds it against deletion until commit; deleting a run lets go of its artifact with `release`,
which deletes it when no other run refers to it.
"""

import hashlib

from sqlalchemy import Connection, delete, exists, select
from sqlalchemy.dialects import postgresql, sqlite

from cryptobench_contract import Artifact as ArtifactDocument
from cryptobench_server.models import Artifact, Run


def digest(artifact: ArtifactDocument) -> str:
    return hashlib.sha256(f"{artifact.media_type}\0{artifact.content}".encode()).hexdigest()


def acquire(connection: Connection, artifact: ArtifactDocument) -> int:
    """The id of `artifact`'s row (inserted when new), locked so that no deletion removes it
    before this transaction ends."""
    key = digest(artifact)
    found = _locked(connection, key)
    if found is not None:
        return found
    insert = postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert
    statement = insert(Artifact).values(
        digest=key, media_type=artifact.media_type, content=artifact.content
    )
    inserted = connection.execute(
        statement.on_conflict_do_nothing(index_elements=["digest"]).returning(Artifact.id)
    ).scalar_one_or_none()
    if inserted is not None:
        return inserted
    found = _locked(connection, key)
    assert found is not None, "a conflicting artifact must be visible once its insert committed"
    return found


def _locked(connection: Connection, key: str) -> int | None:
    query = select(Artifact.id).where(Artifact.digest == key)
    return connection.execute(query.with_for_update(read=True, key_share=True)).scalar()


def release(connection: Connection, artifact_id: int) -> None:
    """Delete the artifact when no run refers to it any more. Called once the run that let go
    of it is deleted; waits for the transactions that hold it (`acquire`) and then sees their
    runs."""
    locked = select(Artifact.id).where(Artifact.id == artifact_id).with_for_update()
    if connection.execute(locked).scalar() is None:
        return
    used = exists().where(Run.artifact_id == Artifact.id)
    connection.execute(delete(Artifact).where(Artifact.id == artifact_id, ~used))
