"""The runs of the parsers of harnesses whose paste may hold several runs (a name measured
again after others, or a command line, starts a run): `add_results` starts them, and in the
closing step each figure-like line no parser rule understood becomes a warning, and each run's
document gets the warnings of its lines, from its first result to the next run's (lines before
the first run belong to it)."""

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol, TypeVar

from cryptobench_contract import Machine, ParseWarning, Result, RunDocument, Tool, new_run_id
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_contract.vocabulary import Source
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import kept_warnings, unread_figures, warned_lines


class _Started(Protocol):
    @property
    def first_line(self) -> int: ...


class _Measured(Protocol):
    @property
    def results(self) -> list[Result]: ...


_Run = TypeVar("_Run", bound=_Started)
_Some = TypeVar("_Some", bound=_Measured)
_PROMPT = re.compile(r"^\s*(?:[\w.\-]+@)?(?P<host>[\w.\-]+):\S*\s*[$#]\s")


def prompt_host(line: str) -> str | None:
    """The host a shell prompt names (`user@host:~/dir$ ...`, `host:dir$ ...`), or None."""
    prompt = _PROMPT.match(line)
    return prompt["host"] if prompt else None


@dataclass
class NamedRun:
    """A run of a harness that names each result: its results, the names without their sizes
    (`stems`, for bench_names.distinct_series), the names measured so far and what the text
    said before its first result (`context`: a prompt's host, a version line)."""

    first_line: int
    results: list[Result] = field(default_factory=list)
    stems: list[str] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    context: dict[str, str] = field(default_factory=dict)


def add_results(
    runs: list[NamedRun],
    line: int,
    name: str,
    results: Sequence[Result],
    stem: str,
    context: Mapping[str, str] | None = None,
) -> None:
    """`results` of `name` (printed at `line`) to the last run, or to a new one (with
    `context`) when the last run measured `name` already (a pasted second run)."""
    if not runs or name in runs[-1].names:
        runs.append(NamedRun(first_line=line, context=dict(context or {})))
    run = runs[-1]
    run.names.add(name)
    run.results.extend(results)
    run.stems.extend(stem for _ in results)


def measured(runs: Sequence[_Some], source_name: str, missing: str) -> list[_Some]:
    """The runs that hold results (a command or a table header starts a run that may stay
    empty); a ParseError saying `missing` when none does."""
    kept = [run for run in runs if run.results]
    if not kept:
        raise ParseError(source_name, None, missing)
    return kept


def run_documents(
    runs: Sequence[_Run],
    lines: Sequence[tuple[int, str]],
    understood: set[int],
    source_name: str,
    document: Callable[[_Run, list[ParseWarning]], RunDocument],
    *,
    warned: Sequence[ParseWarning] = (),
) -> list[RunDocument]:
    """One document per run (`document(run, its warnings)`): the parser's own `warned` lines and
    a warning for each other figure-like line of `lines` that is not `understood`."""
    unread = unread_figures(lines, understood, warned_lines(warned), source_name)
    warnings = sorted([*warned, *unread], key=lambda w: w.line or 0)
    starts = [run.first_line for run in runs]
    return [document(run, warnings_of(warnings, starts, index)) for index, run in enumerate(runs)]


def machineless_document(
    source: Source,
    tool: Tool,
    results: list[Result],
    started_at: datetime,
    warnings: list[ParseWarning],
) -> RunDocument:
    """The document of a run whose output names no machine: its results and the warnings kept."""
    return RunDocument(
        run_id=new_run_id(),
        source=source,
        started_at=started_at,
        machine=Machine(name=UNKNOWN_MACHINE),
        tool=tool,
        results=results,
        warnings=kept_warnings(warnings),
    )


def warnings_of(
    warnings: Sequence[ParseWarning], starts: Sequence[int], index: int
) -> list[ParseWarning]:
    """The warnings of run `index`, whose first result is at line `starts[index]`."""
    start = starts[index] if index else 0
    end = starts[index + 1] if index + 1 < len(starts) else None
    return [w for w in warnings if (w.line or 0) >= start and (end is None or (w.line or 0) < end)]
