"""Models of history, changes and notes (GET /history, GET /changes, POST /runs/{id}/notes)."""

import uuid
from typing import Any, Literal

from pydantic import BaseModel, Field

from cryptobench_contract.bounds import NO_NUL
from cryptobench_server.schemas_read import NoteOut, PointBasis, UtcDatetime

NOTE_MAX_CHARS = 4000


class NoteIn(BaseModel):
    text: str = Field(
        min_length=1,
        max_length=NOTE_MAX_CHARS,
        pattern=NO_NUL,
        description="What to remember (no NUL character: PostgreSQL cannot store one)",
    )


class HistoryPoint(PointBasis):
    run_id: uuid.UUID
    started_at: UtcDatetime
    value: float = Field(description="Median of the run's results of this series")
    n: int
    library_version: str | None = Field(description="Null when the run's results disagree")
    tool_version: str | None
    tags: dict[str, str]
    notes: list[NoteOut]


class HistorySeries(BaseModel):
    key: dict[str, Any]
    points: list[HistoryPoint]


class History(BaseModel):
    metric: str
    unit: str
    series: list[HistorySeries]


class ChangeSeries(BaseModel):
    """The lineage: what stays the same from run to run (the rest is in what_changed)."""

    machine: str
    source: str
    family: str | None
    name: str
    algorithm: str
    operation: str | None
    library: str | None
    library_version: str | None
    params: dict[str, Any]


class ChangeOut(BaseModel):
    id: int
    series: ChangeSeries
    run_id: uuid.UUID
    baseline_run_id: uuid.UUID = Field(description="The run before, compared with")
    started_at: UtcDatetime
    metric: str
    unit: str
    before: float = Field(description="Median of the runs before (since the last change)")
    after: float = Field(description="Level from this run on")
    ratio: float = Field(description="after / before")
    direction: Literal["regression", "improvement"]
    confidence: float = Field(description="Two-sided probability the step is not noise")
    what_changed: dict[str, list[Any]] = Field(
        description="Facts that differ between the run before and this one: "
        "library_version, tool_version, tool_build, tool_options, clock_hz, tag.<name>; "
        "each [before, after]"
    )


class Changes(BaseModel):
    changes: list[ChangeOut]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page"
    )
