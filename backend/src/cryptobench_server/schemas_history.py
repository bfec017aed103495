"""Models of history, changes and notes (GET /history, GET /changes, POST /runs/{id}/notes)."""

import uuid
from typing import Any, Literal

from pydantic import BaseModel, Field

from cryptobench_contract.bounds import NO_NUL
from cryptobench_server.schemas_read import SPLIT_DESCRIPTION, NoteOut, PointBasis, UtcDatetime

NOTE_MAX_CHARS = 4000
#: Notes one run may hold: with NOTE_MAX_CHARS, at most 80,000 characters of notes on a run page
#: and on each history point (2,000 notes of 4,000 made a run page 8 MB; issue 35).
MAX_NOTES_PER_RUN = 20


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
    split: list[str] = Field(description=SPLIT_DESCRIPTION)
    series: list[HistorySeries]


#: A step's verdict in the vocabulary of GET /runs/{run_id}/verdicts (schemas_verdicts).
StepVerdict = Literal["regressed", "improved"]


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
    variant: dict[str, str] = Field(
        description="The run's tags that make it a variant of the experiment (opt_level, engine, "
        "provider, ...): a lineage keeps them, so runs of two variants are never a step"
    )


class LineHunk(BaseModel):
    before: list[str] = Field(description="Lines of the earlier value (none: it had none here)")
    after: list[str] = Field(description="The lines the later value has in their place")


class FactChange(BaseModel):
    """One run field that differs, by the lines that differ (query/line_diff.py)."""

    fact: str = Field(
        description="library_version, tool_version, tool_build, tool_options, clock_hz or "
        "tag.<name>"
    )
    hunks: list[LineHunk] = Field(min_length=1)
    unchanged: int = Field(description="Lines both values share, left out")


class Evidence(BaseModel):
    """How strongly the runs show the step (changes/detect.py)."""

    z: float | None = Field(
        description="|ln(after / before)| over its standard error; null when that is 0 "
        "(figures that never vary: the threshold alone decides)"
    )
    noise: float = Field(
        description="The series' run-to-run noise z was measured against (relative: 0.012 is 1.2%)"
    )
    before_n: int = Field(description="Runs in the level before")
    after_n: int = Field(description="Runs in the level after (this one and up to 2 later)")
    few_points: bool = Field(
        description="The noise stands on fewer than 6 run-to-run differences: z is a rough "
        "guide, not a probability"
    )
    deterministic: bool = Field(
        description="A deterministic count (instructions retired under an emulator): two runs "
        "of one build give identical figures, so any step beyond 0 is real (never few_points)"
    )


class Acknowledgement(BaseModel):
    """A person's word on a change (changes/acknowledge.py)."""

    kind: Literal["expected", "dismissed"] = Field(
        description="expected: a real step, made on purpose; dismissed: not a real step"
    )
    note: str
    author: str = Field(description="Name of the admin token that wrote it")
    acknowledged_at: UtcDatetime


class AcknowledgeIn(BaseModel):
    changes: list[int] = Field(
        min_length=1, max_length=1000, description="Ids of the changes (GET /changes' `id`)"
    )
    kind: Literal["expected", "dismissed"] = Field(
        description="expected: a real step, made on purpose; dismissed: not a real step"
    )
    note: str = Field(
        min_length=1,
        max_length=NOTE_MAX_CHARS,
        pattern=NO_NUL,
        description="Why (no NUL character: PostgreSQL cannot store one)",
    )


class Acknowledged(Acknowledgement):
    change_id: int
    run_id: uuid.UUID


class Acknowledgements(BaseModel):
    acknowledgements: list[Acknowledged]


class ChangeOut(BaseModel):
    id: int
    series: ChangeSeries
    label: str = Field(description="The series named with all its params and library")
    run_id: uuid.UUID
    baseline_run_id: uuid.UUID = Field(description="The run before, compared with")
    started_at: UtcDatetime
    metric: str
    unit: str
    before: float = Field(description="Median of the runs before (since the last change)")
    after: float = Field(description="Level from this run on")
    ratio: float = Field(description="after / before")
    direction: Literal["regression", "improvement"]
    verdict: StepVerdict = Field(
        description="The direction in the run verdicts' vocabulary (GET /runs/{run_id}/verdicts)"
    )
    evidence: Evidence
    what_changed: list[FactChange] = Field(
        description="Run fields that differ between the run before and this one, by the lines "
        "that differ: library_version, tool_version, tool_build, tool_options, clock_hz, "
        "tag.<name>"
    )
    acknowledgements: list[Acknowledgement] = Field(
        description="People's words on the change, oldest first (the latest counts): an "
        "acknowledged regression does not fail the run verdicts' gate"
    )


class Changes(BaseModel):
    changes: list[ChangeOut]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page"
    )


class EventGroup(BaseModel):
    """Series of an event that differ only in their params."""

    text: str = Field(description='e.g. "AES-128-CBC encrypt x0.21-0.26 on 6 block sizes"')
    algorithm: str
    operation: str | None
    library: str | None
    direction: Literal["regression", "improvement"]
    verdict: StepVerdict
    count: int
    varying: list[str] = Field(description="The params that tell the group's series apart")
    ratio_min: float
    ratio_max: float


class EventEvidence(BaseModel):
    few_points: bool = Field(description="Every change of the event stands on few points")
    deterministic: bool = Field(
        description="Every change of the event is of a deterministic count: any step is real"
    )
    z_min: float | None = Field(description="The smallest finite z among the changes")
    noise_max: float = Field(description="The largest run-to-run noise among the changes")


class ChangeEvent(BaseModel):
    """The changes found at one run with one cause (the same what_changed)."""

    run_id: uuid.UUID
    started_at: UtcDatetime
    machine: str
    source: str
    variant: dict[str, str] = Field(
        description="The run's variant tags (opt_level, engine, ...), which its lineages keep"
    )
    verdict: StepVerdict = Field(
        description="regressed when any of its changes regressed (the run verdicts' precedence), "
        "else improved"
    )
    acknowledged: int = Field(description="Its changes that carry a person's word")
    regressions: int
    improvements: int
    summary: str = Field(description="The groups' texts, joined by '; '")
    groups: list[EventGroup]
    evidence: EventEvidence
    what_changed: list[FactChange]
    changes: list[ChangeOut]


class ChangeEvents(BaseModel):
    events: list[ChangeEvent]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null on the last page"
    )
