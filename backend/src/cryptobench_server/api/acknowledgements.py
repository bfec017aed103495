"""POST /changes/acknowledgements (admin): a person's word on changes (changes/acknowledge.py)."""

from datetime import UTC, datetime

from fastapi import APIRouter

from cryptobench_server.api.deps import SessionDep
from cryptobench_server.auth import AdminAccess
from cryptobench_server.changes.acknowledge import acknowledge
from cryptobench_server.schemas_history import AcknowledgeIn, Acknowledgements

router = APIRouter(tags=["history"])


@router.post(
    "/changes/acknowledgements",
    status_code=201,
    responses={
        403: {"description": "The token's scope is not admin"},
        404: {"description": "An id is no change (nothing stored; `errors` names `changes`)"},
    },
)
def post_acknowledgements(
    body: AcknowledgeIn, session: SessionDep, token: AdminAccess
) -> Acknowledgements:
    """Mark changes (GET /changes' ids, an event's changes) as `expected` (a real step, made on
    purpose) or `dismissed` (not a real step), with a note; the author is the admin token's name.
    The word is kept by the change's lineage and run, so it holds when detection makes the change
    again; every word is kept, the latest counts: shown on the change, and a regression with one
    is `acknowledged` in GET /runs/{run_id}/verdicts, which does not fail the CLI's gate."""
    with session.begin():
        stored = acknowledge(
            session,
            body.changes,
            kind=body.kind,
            note=body.note,
            author=token.name,
            now=datetime.now(UTC),
        )
    return Acknowledgements.model_validate({"acknowledgements": stored})
