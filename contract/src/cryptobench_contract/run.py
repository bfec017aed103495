"""The run document, upload contract version 1 (shared/DESIGN.md "The run document").

One benchmark session on one machine. Every collector builds a `RunDocument`; the backend
accepts exactly this model, so the two can never drift.
"""

import uuid
from datetime import UTC, datetime
from functools import lru_cache
from typing import Annotated, Any, Final, Literal, Self

from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    StringConstraints,
    field_validator,
    model_validator,
)

from cryptobench_contract.bounds import (
    INT64_MAX,
    NO_NUL,
    NUMBER_MAX,
    NUMBER_MIN,
    Figure,
    JsonFigure,
    NulReplaced,
    ParamNumber,
    check_storable,
)
from cryptobench_contract.libraries import canonical_identity
from cryptobench_contract.units import METRICS, UNITS, Metric, canonical_unit_symbol, units_for
from cryptobench_contract.vocabulary import (
    ErrorKind,
    Family,
    Operation,
    Source,
    canonical_algorithm,
    canonical_params,
)

SCHEMA_ID: Final = "cryptobench.run/v1"
MAX_ARTIFACT_CHARS = 4 * 1024 * 1024
MAX_RESULTS = 100_000
MAX_WARNINGS = 10_000
#: Tags of a run and params of a result: every one is a facet dimension and a chart series key,
#: so their count and length bound what /facets, /matrix and the Explorer show.
MAX_TAGS = 64
MAX_PARAMS = 32
MAX_KEY_CHARS = 64
MAX_VALUE_CHARS = 200

Name = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200, pattern=NO_NUL)
]
#: A tag's or param's key: what follows `tag.` or `param.` in a filter or chart dimension, so
#: without a quote, backslash or control character (the read API's key grammar is this one).
KEY_PATTERN: Final = rf"^[^\"\\\x00-\x1f]{{1,{MAX_KEY_CHARS}}}$"
Key = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, min_length=1, max_length=MAX_KEY_CHARS, pattern=KEY_PATTERN
    ),
]
Text = Annotated[str, StringConstraints(max_length=4000, pattern=NO_NUL)]
ReadText = Annotated[str, NulReplaced, StringConstraints(max_length=4000)]
ShortText = Annotated[str, StringConstraints(max_length=MAX_VALUE_CHARS, pattern=NO_NUL)]
ParamValue = ShortText | int | ParamNumber | bool
Stats = dict[
    Annotated[str, StringConstraints(min_length=1, max_length=32, pattern=NO_NUL)], JsonFigure
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False)


#: The machine's name when the text a tool printed names no board, CPU, host or OS (DESIGN
#: "Vocabulary": never a device the text does not name).
UNKNOWN_MACHINE = "unknown machine"


class Machine(_Strict):
    name: Name
    arch: Name | None = None
    cpu_model: Name | None = None
    cores: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    clock_hz: Annotated[float, Field(ge=NUMBER_MIN, le=1e12, allow_inf_nan=False)] | None = Field(
        default=None,
        description="Clock the run was measured at; extra.clock_source says configured, measured or nominal",
    )
    os: Name | None = None
    board: Name | None = None
    extra: dict[Name, Any] = Field(default_factory=dict)

    @field_validator("extra")
    @classmethod
    def _extra_storable(cls, extra: dict[str, Any]) -> dict[str, Any]:
        check_storable(extra, "extra")
        return extra


class Tool(_Strict):
    name: Name
    version: Name | None = None
    build: Text | None = None
    options: Text | None = None


class Artifact(_Strict):
    media_type: Annotated[str, StringConstraints(min_length=3, max_length=100, pattern=NO_NUL)] = (
        "text/plain"
    )
    content: Annotated[str, NulReplaced, StringConstraints(max_length=MAX_ARTIFACT_CHARS)]


class ParseWarning(_Strict):
    """A line of the tool's output that looked like a figure but was not understood."""

    line: Annotated[int, Field(ge=1, le=INT64_MAX)] | None = Field(
        default=None, description="1-based line number"
    )
    text: ReadText = Field(description="The line as the tool printed it")
    message: ReadText = Field(description="Why it was not understood")
    file: Annotated[str, StringConstraints(max_length=1000, pattern=NO_NUL)] | None = None


class Result(_Strict):
    name: Name = Field(description="The tool's own name, verbatim")
    family: Family | None = None
    algorithm: Name = Field(description="Canonical algorithm name, or the verbatim name if unknown")
    operation: Operation | None = None
    library: Name | None = None
    library_version: Name | None = None
    params: dict[Key, ParamValue] = Field(default_factory=dict, max_length=MAX_PARAMS)
    metric: Metric
    value: Figure = Field(description=f"0 or within [{NUMBER_MIN:g}, {NUMBER_MAX:g}]")
    unit: Annotated[str, StringConstraints(min_length=1, max_length=32, pattern=NO_NUL)]
    error: Figure | None = None
    error_kind: ErrorKind | None = None
    samples: Annotated[int, Field(ge=1, le=10**12)] | None = None
    stats: Stats | None = None
    raw: list[JsonFigure] | list[list[JsonFigure]] | None = None

    @model_validator(mode="wrap")
    @classmethod
    def _checked(cls, data: Any, handler: ModelWrapValidatorHandler[Self]) -> Self:
        """The checks across fields, once per result: a `Result` already made is passed on as it
        is (pydantic would run them again each time a document holding it is made: a parser's
        document, then the import's). The unit is read in its metric and the identity named
        canonically (DESIGN "Vocabulary"), each memoized on what it reads."""
        if isinstance(data, cls):
            return data
        result = handler(data)
        unit = _unit_of(result.unit, result.metric)
        if unit != result.unit:
            result.unit = unit
        if (result.error is None) != (result.error_kind is None):
            raise ValueError("error and error_kind are given together or not at all")
        # Only what changes is assigned: most results are named canonically already.
        given = (result.algorithm, result.library, result.library_version)
        canonical = _canonical(*given, tuple(result.params.items()))
        if canonical[:3] != given:
            result.algorithm, result.library, result.library_version = canonical[:3]
        if canonical[3] is not None:
            result.params = dict(canonical[3])
        return result


@lru_cache(maxsize=1024)
def _unit_of(unit: str, metric: str) -> str:
    """`unit`'s table symbol; ValueError when it does not measure `metric`."""
    unit = canonical_unit_symbol(unit)
    if metric != "other" and unit not in UNITS:
        raise ValueError(
            f"unit {unit!r} is not known for metric {metric!r}; use one of {units_for(metric)}"
        )
    if metric != "other" and UNITS[unit].metric != metric:
        raise ValueError(f"unit {unit!r} measures {UNITS[unit].metric}, not {metric}")
    return unit


@lru_cache(maxsize=65536)
def _canonical(
    algorithm: str, library: str | None, version: str | None, params: tuple[tuple[str, Any], ...]
) -> tuple[str, str | None, str | None, tuple[tuple[str, Any], ...] | None]:
    """The canonical algorithm, library, version and params (None when `params` are canonical
    already). Memoized: a run of 100,000 results names a few hundred distinct identities."""
    check_storable(dict(params), "params")
    identity = canonical_identity(library, version, canonical_params(dict(params)))
    items = tuple(identity.params.items())
    return (
        canonical_algorithm(algorithm),
        identity.library,
        identity.library_version,
        None if items == params else items,
    )


class RunHead(_Strict):
    """A run document whose results are only counted, not yet checked against `Result`: the
    server checks them in chunks while it stores them (backend ingest.py), so that a large
    upload's validation runs while the database writes the chunk before."""

    schema_: Literal["cryptobench.run/v1"] = Field(default=SCHEMA_ID, alias="schema")
    run_id: uuid.UUID = Field(description="Client-made UUID: the idempotency key")
    source: Source
    started_at: AwareDatetime
    finished_at: AwareDatetime | None = None
    machine: Machine
    tool: Tool
    tags: dict[Key, ShortText] = Field(default_factory=dict, max_length=MAX_TAGS)
    results: Annotated[list[Any], Field(min_length=1, max_length=MAX_RESULTS)]
    artifact: Artifact | None = None
    warnings: Annotated[list[ParseWarning], Field(max_length=MAX_WARNINGS)] = Field(
        default_factory=list,
        description="Figure-like lines of the output the parser did not understand",
    )

    @model_validator(mode="after")
    def _finished_after_started(self) -> Self:
        if self.finished_at is not None and self.finished_at < self.started_at:
            raise ValueError("finished_at is before started_at")
        return self


class RunDocument(RunHead):
    results: Annotated[list[Result], Field(min_length=1, max_length=MAX_RESULTS)]

    def to_json(self) -> str:
        return self.model_dump_json(by_alias=True, exclude_none=False)


def new_run_id() -> uuid.UUID:
    return uuid.uuid4()


def utc_now() -> datetime:
    return datetime.now(UTC)


__all__ = [
    "METRICS",
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
