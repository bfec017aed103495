"""The results table's rows: one record per result (`ResultRow`), laid out by `ResultRows` for
ingest (streamed into the database) and named by `result_rows` for the import preview (shown)
alike, so a preview shows what the store would hold.
"""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any, NamedTuple, overload

import orjson

from cryptobench_contract import Result, RunDocument, RunHead
from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_server.identity import machine_fingerprint, series_key
from cryptobench_server.store.normalize import bytes_per_op, result_figures
from cryptobench_server.store.plausibility import (
    Checked,
    RunChecks,
    plausibility_flags,
    run_facts,
)


class ResultRow(NamedTuple):
    """One result as the results table holds it (without run_pk): identity, what was reported,
    every canonical figure (None where not derivable), JSON columns as text."""

    position: int
    series_key: str
    name: str
    family: str | None
    algorithm: str
    operation: str | None
    library: str | None
    library_version: str | None
    params: str | None
    metric: str
    value: float
    unit: str
    error: float | None
    error_kind: str | None
    samples: int | None
    stats: str | None
    raw: str | None
    ops_per_s: float | None
    ns_per_op: float | None
    cycles_per_op: float | None
    bytes_per_s: float | None
    cycles_per_byte: float | None
    instructions_per_op: float | None
    instructions_per_byte: float | None
    derived: str
    flags: str


#: The results table's columns (a test keeps the row's figures the contract's, in its order).
RESULT_COLUMNS = ("run_pk", *ResultRow._fields)

CYCLES = CANONICAL_METRICS.index("cycles_per_op")
NS = CANONICAL_METRICS.index("ns_per_op")
BYTES_PER_S = CANONICAL_METRICS.index("bytes_per_s")
#: Where each canonical metric's figure sits in a row's figures.
FIGURE_AT = {metric: at for at, metric in enumerate(CANONICAL_METRICS)}


class _Identity(NamedTuple):
    params_json: str | None
    op_bytes: float | None
    series_key: str


class ResultRows:
    """The rows of one run, normalized and flagged, made chunk by chunk as `chunks` yields the
    run's validated results: plain tuples laid out as `ResultRow`, which ingest streams into the
    database unnamed (bench/README.md, "Speed paths").

    A flag that needs the whole run (plausibility.RunChecks) is written with a row when it is
    certain by then (a figure already repeated in enough series); the rest are known only after
    the last row: `late_flags()` gives the positions and full flags of every row with one.
    """

    def __init__(self, doc: RunHead, chunks: Iterable[Sequence[Result]]) -> None:
        self._doc = doc
        self._chunks = chunks
        self._run = run_facts(
            tool_name=doc.tool.name,
            tool_options=doc.tool.options,
            tags=doc.tags,
            clock_hz=doc.machine.clock_hz,
            cores=doc.machine.cores,
        )
        self._checks = RunChecks(self._run)

    def __iter__(self) -> Iterator[tuple]:
        clock, run = self._doc.machine.clock_hz, self._run
        identity = _identities(self._doc)
        position = 0
        for chunk in self._chunks:
            for r in chunk:
                ident = identity(
                    r.algorithm, r.operation, tuple(r.params.items()), r.library, r.library_version
                )
                figures, derived = result_figures(
                    r.metric, r.value, r.unit, clock_hz=clock, op_bytes=ident.op_bytes
                )
                flags = plausibility_flags(
                    value=r.value,
                    error=r.error,
                    stats=r.stats,
                    metric=r.metric,
                    cycles_per_op=figures[CYCLES],
                    bytes_per_s=figures[BYTES_PER_S],
                    run=run,
                )
                at = FIGURE_AT.get(r.metric)
                reported = None if at is None else figures[at]
                certain = self._checks.add(
                    Checked(position, ident.series_key, r.metric, reported, figures[NS], flags),
                    r.value,
                    r.unit,
                )
                yield (
                    position,
                    ident.series_key,
                    r.name,
                    r.family,
                    r.algorithm,
                    r.operation,
                    r.library,
                    r.library_version,
                    ident.params_json,
                    r.metric,
                    r.value,
                    r.unit,
                    r.error,
                    r.error_kind,
                    r.samples,
                    json_text(r.stats),
                    json_text(r.raw),
                    *figures,
                    _json_names(derived),
                    _json_names((*flags, *certain)),
                )
                position += 1

    def late_flags(self) -> list[tuple[int, list[str]]]:
        """(position, all its flags) of the rows with a flag of the whole run."""
        return self._checks.late_flags()


def result_rows(doc: RunDocument) -> list[ResultRow]:
    """The rows of a whole validated `doc`, late flags included (what ingest stores, in one
    list)."""
    made = ResultRows(doc, [doc.results])
    rows = [ResultRow._make(row) for row in made]
    for position, flags in made.late_flags():
        rows[position] = rows[position]._replace(flags=orjson.dumps(flags).decode())
    return rows


@overload
def json_text(value: None) -> None: ...
@overload
def json_text(value: Mapping[str, Any] | Sequence[Any]) -> str: ...
def json_text(value: Any) -> str | None:
    """A JSON column's text: sorted keys, so equal objects are equal text."""
    return None if value is None else orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


@cache
def _json_names(names: tuple[str, ...]) -> str:
    """The JSON list of derived figure names or of flags (a handful of distinct lists per
    run)."""
    return orjson.dumps(list(names)).decode()


def _identities(doc: RunHead):
    """Per-run memo: a result's series key, params as JSON text and bytes per operation, once
    per combination (names and params are canonical already: the validator made them so)."""
    machine = machine_fingerprint(doc.machine)

    @cache
    def identity(
        algorithm: str,
        operation: str | None,
        items: tuple,
        library: str | None,
        version: str | None,
    ) -> _Identity:
        params = dict(items)
        key = series_key(
            algorithm=algorithm,
            operation=operation,
            params=params,
            library=library,
            library_version=version,
            machine=machine,
            clock_hz=doc.machine.clock_hz,
            tags=doc.tags,
        )
        return _Identity(json_text(params), bytes_per_op(params), key)

    return identity
