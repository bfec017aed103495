"""What an import format is (issue 36's one registry): the interface every format declares once,
in its own module, as `FORMAT`; `formats.FORMATS` lists them.

A format has a name (the value of `format=`, the CLIs' commands), the tool that prints it, what
of its output is read, how it is recognized (the lines it counts as its own in `format=auto`,
and for a JSON file the whole text), how a text becomes run documents, whether its JSON texts are
stored as `application/json`, whether its run ids come from its entries, and the `source` values
its documents carry. Detection (`detect`), the imports (`imports`), the collectors' `cryptobench
parse`, `cryptobench-server import`, `POST /api/v1/imports` and `GET /api/v1/vocabulary` (the
Import page's list) all read these objects.
"""

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime

from cryptobench_contract import Machine, RunDocument
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_contract.vocabulary import Source
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.text_lines import filled_lines


@dataclass(frozen=True)
class ImportOptions:
    format: str = "auto"
    machine_name: str | None = None
    tags: dict[str, str] = field(default_factory=dict)
    source_name: str = "import"
    #: When the person says the output was measured: the run's start unless the output states
    #: one (`imports`).
    started_at: datetime | None = None
    #: At most this many runs from one text (None: no limit); more is a ParseError before any
    #: run is made.
    max_runs: int | None = None

    def salt(self) -> str:
        return json.dumps(
            [self.format, self.machine_name, sorted(self.tags.items())], ensure_ascii=False
        )


#: A text, the import's options and the start of a run whose output states none -> the runs.
Parse = Callable[[str, ImportOptions, datetime], Iterable[RunDocument]]
#: How many lines of a text a format recognizes, and the first of them.
Evidence = tuple[int, int | None]


def no_lines(head: str) -> Evidence:
    """The evidence of a format read only as a whole file (its JSON)."""
    return 0, None


@dataclass(frozen=True)
class WholeText:
    """A file recognized as a whole (a JSON file by its keys), before any line is counted."""

    recognizes: Callable[[str], bool]
    reason: str
    """Why, as detection says it."""


@dataclass(frozen=True)
class Format:
    name: str
    """The value of `format=` (the CLI's --format, `cryptobench parse NAME`)."""
    tool: str
    """The tool that prints it, as a person names it."""
    looks_like: str
    """What of its output is read."""
    parse: Parse
    sources: tuple[Source, ...]
    """The `source` of its run documents."""
    count: Callable[[str], Evidence] = no_lines
    """Its lines among the first `detect.SCAN_CHARS` of a text (`format=auto`)."""
    whole: WholeText | None = None
    json_artifact: bool = False
    """A text of it that is JSON is stored as `application/json` (else `text/plain`)."""
    entry_ids: bool = False
    """Its runs are the entries of a store that grows (github-action-benchmark's data.js): a
    run's id comes from its entry (the parser's run id), not from its position in the text, so
    the store imported again after more commits answers the entries it held before as stored."""


def lines(recognize: Callable[[str], bool]) -> Callable[[str], Evidence]:
    """The evidence of a format that recognizes its lines one at a time."""

    def counted(head: str) -> Evidence:
        hits, first = 0, None
        for number, line in filled_lines(head):
            if recognize(line):
                hits += 1
                first = first or number
        return hits, first

    return counted


def harness(parse: Callable[..., list[RunDocument]]) -> Parse:
    """The import of a harness whose parser takes the text, its source name and start."""

    def parsed(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
        return at_most(parse(text, source_name=options.source_name, started_at=at), options)

    return parsed


def at_most(documents: list[RunDocument], options: ImportOptions) -> list[RunDocument]:
    if options.max_runs is not None and len(documents) > options.max_runs:
        raise ParseError(options.source_name, None, too_many_runs(options.max_runs))
    return documents


def too_many_runs(max_runs: int) -> str:
    return f"more than {max_runs} runs (outputs) in one import: import the text in parts"


def named_machine(options: ImportOptions) -> Machine:
    """The machine the person named, else the placeholder `imports` replaces by the text's."""
    return Machine(name=options.machine_name or UNKNOWN_MACHINE)
