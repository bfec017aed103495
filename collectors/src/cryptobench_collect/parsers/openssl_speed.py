"""Parse `openssl speed` output (1.0.x to 3.5, human or -mr, -multi, -elapsed) into contract Results.

Pure: text in, `SpeedOutput` out. Final figures (result tables, +F records) win; progress lines
("Doing ... in 2.94s", +R records) fill in what a cut-short run never tabulated. Everything
that could not be used is listed in `notes` with its line number; text with no result at all
is an InputError.
"""

import math
import re
from dataclasses import dataclass, field

from pydantic import ValidationError

from cryptobench_collect.errors import InputError
from cryptobench_collect.parsers import openssl_mr, openssl_tables
from cryptobench_collect.parsers.openssl_lines import FINAL, Figure, State, progress
from cryptobench_collect.parsers.openssl_names import fixed_name
from cryptobench_collect.parsers.openssl_results import to_result
from cryptobench_contract import Result

_GOT = re.compile(r"^Got: (\+\S+) from (\d+)\s*$")
_FORKED = re.compile(r"^Forked child (\d+)")
_VERSION = re.compile(r"^(?:OpenSSL (\S+)\s|version: (\S+))")
_BUILD = re.compile(r"^(built on|options|compiler|platform|CPUINFO):\s*(.*)$")
_ENGINE = re.compile(r'^Engine "([^"]+)" set\.')
_INVALID_ENGINE = re.compile(r'^Invalid engine "([^"]+)"')
# (kind, name, operation, bits, block, curve): one figure of the run
FigureKey = tuple[str, str, str | None, int | None, int | None, str | None]
_ELAPSED = "You have chosen to measure elapsed time instead of user CPU time."


@dataclass
class SpeedOutput:
    results: list[Result] = field(default_factory=list)
    version: str | None = None
    build: dict[str, str] = field(default_factory=dict)
    engine: str | None = None
    invalid_engine: str | None = None
    elapsed: bool = False
    multi: int | None = None
    machine_readable: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def build_text(self) -> str | None:
        text = "\n".join(f"{key}: {value}" for key, value in self.build.items())
        return text[:4000] or None


@dataclass
class _Scan:
    out: SpeedOutput = field(default_factory=SpeedOutput)
    state: State = field(default_factory=State)
    finals: list[Figure] = field(default_factory=list)
    partial: list[Figure] = field(default_factory=list)
    children: list[Figure] = field(default_factory=list)
    last_build_key: str | None = None


def parse_openssl_speed(
    text: str,
    *,
    source_name: str,
    version: str | None = None,
    build: dict[str, str] | None = None,
) -> SpeedOutput:
    """`version`/`build` (from `openssl version -a`) fill in what -mr output does not print."""
    scan = _Scan()
    for number, raw in enumerate(text.splitlines(), start=1):
        _scan_line(scan, raw.rstrip("\r"), number)
    figures = _select(scan)
    out = scan.out
    out.version = out.version or version
    out.build = out.build or dict(build or {})
    for figure in figures:
        if not math.isfinite(figure.value):
            out.notes.append(f"line {figure.line}: {figure.name}: value too large, skipped")
            continue
        try:
            out.results.append(to_result(figure, out.version))
        except ValidationError as exc:
            out.notes.append(
                f"line {figure.line}: {figure.name[:60]}: not a valid result, skipped "
                f"({exc.errors()[0]['msg']})"
            )
    if not out.results:
        raise InputError(source_name, _first_line(text), _nothing_found(text))
    return out


def parse_version_header(text: str) -> tuple[str | None, dict[str, str]]:
    """Version and build lines of `openssl version -a` (or of a speed header)."""
    scan = _Scan()
    for number, line in enumerate(text.splitlines(), start=1):
        _header_line(scan, line, number)
    return scan.out.version, scan.out.build


def _scan_line(scan: _Scan, line: str, number: int) -> None:
    if _header_line(scan, line, number):
        return
    got = _GOT.match(line)
    if got:
        _record(scan, got.group(1), number, int(got.group(2)))
        return
    if openssl_mr.is_record(line):
        scan.out.machine_readable = True
        _record(scan, line, number, None)
        return
    if openssl_tables.header(line, scan.state):
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
    if m:
        scan.out.version = scan.out.version or m.group(1) or m.group(2)
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
        out.notes.append(f"line {number}: openssl could not load engine {out.invalid_engine!r}")
    elif line == _ELAPSED:
        out.elapsed = True
    return bool(forked or engine or invalid or line == _ELAPSED)


def _error(scan: _Scan, line: str, number: int) -> bool:
    if ":error:" in line or line.startswith("Error "):
        scan.out.notes.append(f"line {number}: openssl reported an error: {line[:200]}")
        return True
    return False


_HEADER_HANDLERS = (_version, _build, _run_options, _error)


def _record(scan: _Scan, line: str, number: int, child: int | None) -> None:
    try:
        figures = openssl_mr.record(line, number, scan.state, child)
    except openssl_mr.Unresolved as exc:
        scan.out.notes.append(f"line {number}: {exc}")
        return
    except (ValueError, IndexError):
        scan.out.notes.append(f"line {number}: malformed record skipped: {line.strip()[:120]}")
        return
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
        scan.partial.append(figure)
        return
    if line.startswith("Doing "):
        scan.out.notes.append(
            f"line {number}: measurement without a result skipped: {line.strip()[:120]}"
        )
        return
    rows = openssl_tables.pkey_row(line, number, scan.state)
    if rows is None and scan.state.sizes:
        rows = openssl_tables.symmetric_row(line, number, scan.state)
    if rows is not None:
        scan.finals.extend(rows)


def _select(scan: _Scan) -> list[Figure]:
    chosen: dict[FigureKey, Figure] = {}
    for figure in scan.finals:
        _keep(chosen, figure, scan.out.notes)
    for key, figure in _summed_children(scan).items():
        chosen.setdefault(key, figure)
    if scan.out.multi:
        if scan.partial and not chosen:
            scan.out.notes.append(
                "per-child progress lines of -multi cannot be added up; no totals found"
            )
        return sorted(chosen.values(), key=_order)
    for figure in scan.partial:
        if not _covered(chosen, figure):
            _keep(chosen, figure, scan.out.notes)
    return sorted(chosen.values(), key=_order)


def _order(figure: Figure) -> tuple[int, int]:
    return figure.line, figure.block or 0


def _key(figure: Figure) -> FigureKey:
    name = fixed_name(figure.name) if figure.kind in ("symmetric", "kem", "sig") else ""
    return figure.kind, name, figure.operation, figure.bits, figure.block, figure.curve


def _keep(chosen: dict[FigureKey, Figure], figure: Figure, notes: list[str]) -> None:
    key = _key(figure)
    if key in chosen and chosen[key].rank == figure.rank:
        notes.append(
            f"line {figure.line}: {figure.name} measured again (line {chosen[key].line}); kept the later one"
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


def _first_line(text: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            return number
    return 1


def _nothing_found(text: str) -> str:
    if not text.strip():
        return "empty: no `openssl speed` output"
    return (
        "no `openssl speed` results found (expected 'Doing ...' lines with counts, "
        "a results table or -mr +F records)"
    )
