"""The one definition of what collectors send and the backend stores (shared/DESIGN.md)."""

from cryptobench_contract.run import (
    SCHEMA_ID,
    Artifact,
    Machine,
    ParseWarning,
    Result,
    RunDocument,
    RunHead,
    Tool,
    new_run_id,
    utc_now,
)

__all__ = [
    "SCHEMA_ID",
    "Artifact",
    "Machine",
    "ParseWarning",
    "Result",
    "RunDocument",
    "RunHead",
    "Tool",
    "new_run_id",
    "utc_now",
]
