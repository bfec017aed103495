"""A pasted terminal session with several `openssl speed` commands: one output per command.

A line that types an `openssl speed` command (after any shell prompt, with any `NAME=value`
environment settings in front) starts a new part; so does a progress or version line after a
result table (two outputs pasted one after the other: openssl prints its tables last), and so
does a table's heading after a table (a table pasted without its command, e.g. after a `-multi`
run: a run of its own, with a warning, never merged into the run before it). Each part is
parsed on its own, with the line numbers of the whole text. Lines before the first command
belong to the first part unless they hold results of their own (a paste that starts
mid-output). Pure: text in, outputs out.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from cryptobench_contract import ParseWarning
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import warning
from cryptobench_parsers.import_format import too_many_runs
from cryptobench_parsers.openssl.speed import (
    SpeedOutput,
    nothing_found,
    parse_openssl_speed,
    parse_version_header,
)
from cryptobench_parsers.pastes import unwrapped
from cryptobench_parsers.text_lines import filled_spans, numbered_lines

_COMMAND = re.compile(r"(?:^|[\s/\\>$#%])(?P<binary>openssl(?:\.exe)?)\s+speed\b(?P<args>.*)$")
_NOT_COMMANDS = ("Doing ", "+", "Got: ")
_PROMPT_ENDS = "$#%>"
_KILO_CELL = re.compile(r"\d+\.\d+k")
_SECONDS_CELL = re.compile(r"\d+\.\d+s")
_DECIMAL_CELL = re.compile(r"\d+\.\d+")
_TABLE_HEADING = r"The 'numbers' are in|type\s+\d+ bytes"
_TABLE_START = re.compile(rf"^(?:{_TABLE_HEADING})")
_RUN_START = re.compile(rf"^(?:Doing \S|OpenSSL \d|version: \d|LibreSSL \d|{_TABLE_HEADING})")
WITHOUT_COMMAND = (
    "a table without its command after another run's table: read as a run of its own "
    "(its command and options are unknown)"
)
#: A variable's name is read from its word's start, past any leading digits, once: found from
#: each letter of a word, `\w*` read the rest of it again (20,000 letters before the command took
#: 2.5 s).
_ENV = re.compile(
    r"""(?<!\w)[^\WA-Za-z_]*+(?P<name>[A-Za-z_]\w*+)=(?P<value>"[^"]*"|'[^']*'|\S+)"""
)


@dataclass(frozen=True)
class Command:
    """An `openssl speed` command as typed in the session."""

    line: int
    text: str
    args: str
    env: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Part:
    command: Command | None
    first_line: int
    text: str


@dataclass
class SessionOutput:
    """One output per command that printed results; the lines understood in any part."""

    runs: list[tuple[Command | None, SpeedOutput]]
    understood: frozenset[int] = frozenset()

    @property
    def warnings(self) -> list[ParseWarning]:
        return [item for _, out in self.runs for item in out.warnings]


def command(line: str, number: int) -> Command | None:
    """The `openssl speed` command typed on `line`, or None."""
    stripped = line.strip()
    m = _COMMAND.search(stripped)
    if m is None or stripped.startswith(_NOT_COMMANDS):
        return None
    before = stripped[: m.start("binary")]
    prompt_end = max(before.rfind(char) for char in _PROMPT_ENDS)
    typed = stripped[prompt_end + 1 :].strip()
    env = {
        found["name"]: found["value"].strip("\"'")
        for found in _ENV.finditer(before[prompt_end + 1 :])
    }
    return Command(number, typed, m["args"].strip(), env)


def split_session(text: str) -> list[Part]:
    """The text cut before each command line (line numbers kept)."""
    starts: list[tuple[int, int, Command | None]] = [(1, 0, None)]
    after_table = False
    for number, offset, line in filled_spans(text):
        found = command(line, number)
        if found is not None or (after_table and _RUN_START.match(line)):
            starts.append((number, offset, found))
            after_table = False
        after_table = after_table or _table_row(line)
    if len(starts) > 1 and starts[1][1] == 0:
        starts.pop(0)
    ends = [offset for _, offset, _ in starts[1:]] + [len(text)]
    return [
        Part(found, number, text[offset:end])
        for (number, offset, found), end in zip(starts, ends, strict=True)
    ]


def _table_row(line: str) -> bool:
    """A row of a result table: two `NNN.NNk` cells or more at its end, or a `N.NNs` cell and a
    number at its end (the public-key tables). Read cell by cell: a pattern of `\\s+` around the
    cells backtracked over a run of blanks (40,000 spaces took 7.7 s)."""
    cells = line.split()
    after_blank = cells[1:] if cells and not line[:1].isspace() else cells
    if len(after_blank) >= 2 and all(_KILO_CELL.fullmatch(cell) for cell in after_blank[-2:]):
        return True
    if not after_blank or not _DECIMAL_CELL.fullmatch(after_blank[-1]):
        return False
    return any(_SECONDS_CELL.fullmatch(cell) for cell in after_blank[:-1])


def parse_openssl_session(text: str, *, source_name: str) -> SessionOutput:
    """Every command's output with results; raises ParseError when no part has any."""
    understood: set[int] = set()
    runs = list(session_runs(text, source_name=source_name, understood=understood))
    return SessionOutput(runs, frozenset(understood))


def session_runs(
    text: str,
    *,
    source_name: str,
    understood: set[int] | None = None,
    max_runs: int | None = None,
) -> Iterator[tuple[Command | None, SpeedOutput]]:
    """The outputs with results, parsed one part at a time: each is yielded once the next one
    is found (or the text ends) with the warnings of the parts without results after it (those
    before the first go to the first). Adds the lines understood to `understood`. Raises
    ParseError, before yielding anything, when no part has results or when there are more than
    `max_runs` parts (outputs). Mail quotes and wrapped lines are undone first."""
    paste = unwrapped(text)
    text = paste.text
    parts = split_session(text)
    preamble = parts[0] if parts[0].command is None and len(parts) > 1 else None
    outputs = parts[1:] if preamble else parts
    if max_runs is not None and len(outputs) > max_runs:
        raise ParseError(source_name, outputs[max_runs].first_line, too_many_runs(max_runs))
    header = parse_version_header(preamble.text if preamble else "")
    held: tuple[Command | None, SpeedOutput] | None = None
    orphans: list[ParseWarning] = []
    for part in parts:
        out = parse_openssl_speed(
            part.text,
            source_name=source_name,
            version=header.version,
            build=header.build,
            library=header.library,
            first_line=part.first_line,
            allow_empty=True,
        )
        out.warnings += paste.unread_ends({w.line for w in out.warnings}, source_name)
        if understood is not None:
            understood |= paste.understood(out.understood)
        if not out.results:
            orphans += _orphan_warnings(part, out, source_name)
            continue
        first = next(numbered_lines(part.text), (0, ""))[1]
        if part.command is None and part is not parts[0] and _TABLE_START.match(first):
            out.warnings.insert(0, warning(part.first_line, first, WITHOUT_COMMAND, source_name))
        if held is not None:
            yield _with(held, orphans)
            orphans = []
        held = (part.command, out)
    if held is None:
        raise nothing_found(text, source_name)
    yield _with(held, orphans)


def _orphan_warnings(part: Part, out: SpeedOutput, source_name: str) -> list[ParseWarning]:
    """The warnings of a part without results, and one for its command."""
    if part.command is None:
        return out.warnings
    typed = warning(
        part.command.line, part.command.text, "this command's output holds no results", source_name
    )
    return [typed, *out.warnings]


def _with(
    run: tuple[Command | None, SpeedOutput], orphans: list[ParseWarning]
) -> tuple[Command | None, SpeedOutput]:
    if orphans:
        run[1].warnings.extend(orphans)
        run[1].warnings.sort(key=lambda w: w.line or 0)
    return run
