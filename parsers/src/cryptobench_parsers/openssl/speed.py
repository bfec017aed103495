"""Parse `openssl speed` output (1.0.x to 3.5, human or -mr, -multi, -elapsed) into contract Results.

Pure: text in, `SpeedOutput` out. Final figures (result tables, +F records) win; progress lines
("Doing ... in 2.94s", +R records) fill in what a cut-short run never tabulated. Everything
that could not be used, and every figure-like line that was not understood, is a warning with
its line number and text; text with no result at all is an ParseError. A terminal session with
several commands is split by `openssl.session` first.
"""

import math
import re
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from pydantic import ValidationError

from cryptobench_contract import ParseWarning, Result
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import unread_figures, warned_lines, warning
from cryptobench_parsers.openssl import mr, tables
from cryptobench_parsers.openssl.lines import FINAL, Figure, State, progress
from cryptobench_parsers.openssl.names import fixed_name
from cryptobench_parsers.openssl.results import to_result
from cryptobench_parsers.text_lines import filled_lines

_GOT = re.compile(r"^Got: (\+\S+) from (\d+)\s*$")
_FORKED = re.compile(r"^Forked child (\d+)")
_VERSION = re.compile(r"^(?:OpenSSL (\S+)\s|version: (\S+)|(?P<libressl>LibreSSL) (\S+)\s*$)")
_BUILD = re.compile(r"^(built on|options|compiler|platform|CPUINFO):\s*(.*)$")
_ENGINE = re.compile(r'^Engine "([^"]+)" set\.')
_INVALID_ENGINE = re.compile(r'^Invalid engine "([^"]+)"')
_ELAPSED = "You have chosen to measure elapsed time instead of user CPU time."
_UNITS_LINE = re.compile(r"^The 'numbers' are in 1000s of bytes per second processed\.$")
_COMMAND_LINE = re.compile(r"(?:^|[\s/\\>$#%])openssl(?:\.exe)?\s+speed\b")


# (kind, name, operation, bits, block, curve): one figure of the run
FigureKey = tuple[str, str, str | None, int | None, int | None, str | None]


@dataclass
class SpeedOutput:
    results: list[Result] = field(default_factory=list)
    version: str | None = None
    #: The library whose `openssl` printed the output: LibreSSL's says so in its version line.
    library: str = "OpenSSL"
    build: dict[str, str] = field(default_factory=dict)
    engine: str | None = None
    invalid_engine: str | None = None
    elapsed: bool = False
    multi: int | None = None
    machine_readable: bool = False
    warnings: list[ParseWarning] = field(default_factory=list)
    understood: frozenset[int] = frozenset()

    @property
    def build_text(self) -> str | None:
        text = "\n".join(f"{key}: {value}" for key, value in self.build.items())
        return text[:4000] or None


@dataclass
class _Scan:
    file: str | None
    out: SpeedOutput = field(default_factory=SpeedOutput)
    state: State = field(default_factory=State)
    finals: list[Figure] = field(default_factory=list)
    partial: list[Figure] = field(default_factory=list)
    children: list[Figure] = field(default_factory=list)
    last_build_key: str | None = None
    lines: dict[int, str] = field(default_factory=dict)
    understood: set[int] = field(default_factory=set)

    def warn(self, number: int | None, message: str) -> None:
        text = self.lines.get(number, "") if number is not None else ""
        self.out.warnings.append(warning(number, text, message, self.file))


def parse_openssl_speed(
    text: str,
    *,
    source_name: str,
    version: str | None = None,
    build: dict[str, str] | None = None,
    library: str | None = None,
    first_line: int = 1,
    allow_empty: bool = False,
) -> SpeedOutput:
    """`version`/`build`/`library` (from `openssl version -a`) fill in what -mr output does not
    print; a version line in `text` itself says the library.

    `first_line` numbers the lines of a part of a longer text; `allow_empty` returns an output
    without results (its warnings still say what was not understood) instead of raising.
    """
    scan = _Scan(file=source_name, out=SpeedOutput(library=library or "OpenSSL"))
    for number, raw in filled_lines(text, first_line):
        scan.lines[number] = raw
        _scan_line(scan, scan.lines[number], number)
    out = scan.out
    out.version = out.version or version
    out.build = out.build or dict(build or {})
    _default_sizes_warning(scan)
    for figure in _select(scan):
        if not math.isfinite(figure.value):
            scan.warn(figure.line, f"{figure.name}: value too large, skipped")
            continue
        try:
            out.results.append(to_result(figure, out.library, out.version))
        except ValidationError as exc:
            scan.warn(
                figure.line,
                f"{figure.name[:60]}: not a valid result, skipped ({exc.errors()[0]['msg']})",
            )
    out.warnings += unread_figures(
        scan.lines.items(), scan.understood, warned_lines(out.warnings), source_name
    )
    out.warnings.sort(key=lambda w: w.line or 0)
    out.understood = frozenset(scan.understood)
    if not out.results and not allow_empty:
        raise nothing_found(text, source_name)
    return out


class VersionHeader(NamedTuple):
    version: str | None
    build: dict[str, str]
    library: str
    """OpenSSL, or LibreSSL when its version line says so."""


def parse_version_header(text: str) -> VersionHeader:
    """Version, build lines and library of `openssl version -a` (or of a speed header)."""
    scan = _Scan(file=None)
    for number, line in filled_lines(text):
        _header_line(scan, line, number)
    return VersionHeader(scan.out.version, scan.out.build, scan.out.library)


def _scan_line(scan: _Scan, line: str, number: int) -> None:
    if (
        _header_line(scan, line, number)
        or _UNITS_LINE.match(line.strip())
        or (_COMMAND_LINE.search(line) and not line.startswith("Doing "))
    ):
        scan.understood.add(number)
        return
    got = _GOT.match(line)
    if got:
        _record(scan, got.group(1), number, int(got.group(2)))
        return
    if mr.is_record(line):
        scan.out.machine_readable = True
        _record(scan, line, number, None)
        return
    if tables.header(line, scan.state):
        scan.understood.add(number)
        return
    _measurement_line(scan, line, number)


def _header_line(scan: _Scan, line: str, number: int) -> bool:
    """Version, build, engine, -multi and -elapsed lines, and openssl's error lines."""
    stripped = line.strip()
    if not stripped:
        return True
    if scan.last_build_key == "compiler" and stripped.startswith("-"):
        scan.out.build["compiler"] += " " + stripped
        return True
    scan.last_build_key = None
    return any(handle(scan, stripped, number) for handle in _HEADER_HANDLERS)


def _version(scan: _Scan, line: str, number: int) -> bool:
    m = _VERSION.match(line)
    if m and scan.out.version is None:
        scan.out.version = m.group(1) or m.group(2) or m.group(4)
        scan.out.library = "LibreSSL" if m["libressl"] else "OpenSSL"
    return m is not None


def _build(scan: _Scan, line: str, number: int) -> bool:
    m = _BUILD.match(line)
    if m:
        scan.last_build_key = m.group(1)
        scan.out.build.setdefault(m.group(1), m.group(2).strip())
    return m is not None


def _run_options(scan: _Scan, line: str, number: int) -> bool:
    out = scan.out
    forked, engine, invalid = _FORKED.match(line), _ENGINE.match(line), _INVALID_ENGINE.match(line)
    if forked:
        out.multi = max(out.multi or 0, int(forked.group(1)) + 1)
    elif engine:
        out.engine = engine.group(1)
    elif invalid:
        out.invalid_engine = invalid.group(1)
        scan.warn(number, f"openssl could not load engine {out.invalid_engine!r}")
    elif line == _ELAPSED:
        out.elapsed = True
    return bool(forked or engine or invalid or line == _ELAPSED)


def _error(scan: _Scan, line: str, number: int) -> bool:
    if ":error:" in line or line.startswith("Error "):
        scan.warn(number, "openssl reported an error")
        return True
    return False


_HEADER_HANDLERS = (_version, _build, _run_options, _error)


def _record(scan: _Scan, line: str, number: int, child: int | None) -> None:
    try:
        figures = mr.record(line, number, scan.state, child)
    except mr.Unresolved as exc:
        scan.warn(number, str(exc))
        return
    except (ValueError, IndexError):
        scan.warn(number, "malformed record skipped")
        return
    scan.understood.add(number)
    for figure in figures:
        target = (
            scan.children
            if child is not None
            else scan.finals
            if figure.rank == FINAL
            else scan.partial
        )
        target.append(figure)


def _measurement_line(scan: _Scan, line: str, number: int) -> None:
    figure = progress(line.strip(), number)
    if figure is not None:
        scan.understood.add(number)
        scan.partial.append(figure)
        return
    if line.startswith("Doing "):
        scan.warn(number, "measurement without a result skipped")
        return
    rows = tables.pkey_row(line, number, scan.state)
    if rows is None:
        rows = tables.symmetric_row(line, number, scan.state, scan.out.version)
    if rows is not None:
        scan.understood.add(number)
        scan.finals.extend(rows)


def _default_sizes_warning(scan: _Scan) -> None:
    """Rows read with openssl's default block sizes because their header line was cut off."""
    guess = scan.state.guessed_sizes
    if guess is not None:
        sizes = ", ".join(str(size) for size in guess.sizes)
        scan.warn(
            guess.line,
            f"the table's header line (`type 16 bytes ...`) is missing; block sizes taken from "
            f"the default set of {guess.basis} ({sizes} bytes)",
        )


def _select(scan: _Scan) -> list[Figure]:
    chosen: dict[FigureKey, Figure] = {}
    for figure in scan.finals:
        _keep(chosen, figure, scan)
    for key, figure in _summed_children(scan).items():
        chosen.setdefault(key, figure)
    if scan.out.multi:
        if scan.partial and not chosen:
            scan.warn(
                None, "per-child progress lines of -multi cannot be added up; no totals found"
            )
        return sorted(chosen.values(), key=_order)
    for figure in scan.partial:
        if not _covered(chosen, figure):
            _keep(chosen, figure, scan)
    timings = {_key(f): f.timing for f in scan.partial if f.timing is not None}
    timed = [
        f if f.timing is not None or _key(f) not in timings else replace(f, timing=timings[_key(f)])
        for f in chosen.values()
    ]
    return sorted(timed, key=_order)


def _order(figure: Figure) -> tuple[int, int]:
    return figure.line, figure.block or 0


def _key(figure: Figure) -> FigureKey:
    name = fixed_name(figure.name) if figure.kind in ("symmetric", "kem", "sig") else ""
    return figure.kind, name, figure.operation, figure.bits, figure.block, figure.curve


def _keep(chosen: dict[FigureKey, Figure], figure: Figure, scan: _Scan) -> None:
    key = _key(figure)
    if key in chosen and chosen[key].rank == figure.rank:
        scan.warn(
            chosen[key].line,
            f"{figure.name} measured again at line {figure.line}; kept the later figure",
        )
    chosen[key] = figure


def _covered(chosen: dict[FigureKey, Figure], figure: Figure) -> bool:
    key = _key(figure)
    if figure.curve is None:
        return any(k[:5] == key[:5] for k in chosen)
    return key in chosen


def _summed_children(scan: _Scan) -> dict[FigureKey, Figure]:
    groups: dict[FigureKey, list[Figure]] = {}
    for figure in scan.children:
        groups.setdefault(_key(figure), []).append(figure)
    totals = {}
    for key, figures in groups.items():
        if len({f.child for f in figures}) == (scan.out.multi or 0):
            last = figures[-1]
            totals[key] = Figure(
                **{**last.__dict__, "value": sum(f.value for f in figures), "child": None}
            )
    return totals


def nothing_found(text: str, source_name: str) -> ParseError:
    """The error of a text without `openssl speed` results, at its first line that is not blank."""
    first = next((n for n, line in filled_lines(text) if line.strip()), 1)
    if not text.strip():
        return ParseError(source_name, first, "empty: no `openssl speed` output")
    expected = "'Doing ...' lines with counts, a results table or -mr +F records"
    return ParseError(source_name, first, f"no `openssl speed` results found (expected {expected})")
