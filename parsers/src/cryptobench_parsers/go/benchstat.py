"""Go's `benchstat` tables -> run documents, one per compared column. Pure: no I/O.

benchstat summarizes `go test -bench` files and prints one table per unit, a column per file
(a *config*): the old format (golang.org/x/perf before 2023)
    name        old time/op    new time/op    delta
    Sum1K-8       887ns ± 1%     456ns ± 1%  -48.53%  (p=0.002 n=6+6)
(also `name  time/op` of one file and `name \\ time/op  a.txt  b.txt  c.txt` of several), and
the new one, whose header names the columns, then their units, in box-drawing or `|` cells
                 │ sum1305-old  │            sum1305-new              │
                 │    sec/op    │   sec/op     vs base                │
    64-4           195.9n ± 1%    144.8n ± 0%  -26.07% (p=0.000 n=10)
Each column is a run (tag `config`: its name): what one build measured, on the machine the
`goos:`/`goarch:`/`cpu:` lines name. Each cell is a result of its row's benchmark (named as in
`go.bench`: bench_names, `-P` as gomaxprocs, `pkg:` as package): time per op (the old format's
mean with `± x%` as error_kind range; the new format's median with `± x%` its 95% confidence
interval, ci95), throughput (`speed`, `B/s`) or another unit; `B/op` and `allocs/op` are the
stats of the time result (as `go.bench`'s -benchmem figures). `n=` is the result's samples.
Deltas, p-values and `geomean` rows are statistics over figures, not figures: not stored. A
machine header after a table, or a benchmark measured again in a column (another machine
named in prose), starts another run of each column. A row of a table whose cells are not
read is a warning (and, when nothing is read, the line the refusal names).
"""

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cryptobench_contract import Machine, ParseWarning, Result, RunDocument, Tool, new_run_id
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_contract.units import canonical_unit_symbol, metric_of
from cryptobench_contract.vocabulary import ErrorKind, Source
from cryptobench_parsers.bench_names import name_facts
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import kept_warnings, short, warning
from cryptobench_parsers.harness_runs import run_documents
from cryptobench_parsers.import_format import Evidence, Format, harness, lines
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "benchstat"
TOOL = "benchstat"
_OLD_HEADER = re.compile(
    r"^\s*name(?:\s+\\\s+(?P<unit>\S+)\s+(?P<files>\S.*?)|\s+old (?P<old>\S+)\s+new (?P=old)\s+delta"
    r"|\s+(?P<single>\S+))\s*$"
)
_UNIT_WORD = r"[A-Za-z]+/[A-Za-z]+"
_UNITS_LINE = re.compile(rf"^\s*{_UNIT_WORD}(?:\s+(?:{_UNIT_WORD}|vs base))*\s*$")
_CELL = re.compile(
    r"(?<!\S)(?P<value>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?P<unit>[A-Za-z\u00b5\u03bc/]*)"
    r"(?:\s*±\s*(?:(?P<pct>\d+(?:\.\d+)?)%|∞))?(?=\s|$)"
)
_ROW = re.compile(r"^\s*(?P<name>[^\s±]+)\s+(?P<rest>\d.*)$")
_SAMPLES = re.compile(r"\(p=\d+(?:\.\d+)? n=(?P<n>\d+(?:\+\d+)*)\)")
_GEOMEAN = re.compile(r"^\s*(?:geomean|\[Geo mean\])(?:\s|$)")
_FOOTNOTE = re.compile(r"^\s*[¹²³⁴⁵⁶⁷⁸⁹⁰]+\s")
_CONTEXT = re.compile(r"^\s*(?P<key>goos|goarch|pkg|cpu):\s*(?P<value>\S.*?)\s*$")
_PKG_ROW = re.compile(r"^\s*pkg:(?P<pkg>\S+)(?:\s+\w+:\S+)*\s*$")
_RECOGNIZED_ROW = re.compile(r"^\s*\S+\s+\d[\d.]*[A-Za-z\u00b5\u03bc/]*\s*±\s*(?:\d+(?:\.\d+)?%|∞)")
#: The new format's cell walls, as printed or as a person's Markdown made them (detection reads
#: the text as given; the parser reads it after tolerant.readable made them blanks).
_UNBOXED = str.maketrans({"│": " ", "|": " "})
_CLOCK = re.compile(r"@\s*(?P<value>\d+(?:\.\d+)?)\s*(?P<scale>[GM])Hz")
_TIME = {"time/op", "sec/op"}
_SPEED = {"speed", "B/s"}
_MEMORY = {"alloc/op": "bytes_allocated_per_op", "B/op": "bytes_allocated_per_op"}
_MEMORY |= {"allocs/op": "allocs_per_op"}
#: SI prefixes of the new format's cells, and the old format's time units.
_PREFIX = {"": 1.0, "p": 1e-12, "n": 1e-9, "u": 1e-6, "\u00b5": 1e-6, "\u03bc": 1e-6, "m": 1e-3}
_PREFIX |= {"k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}
_PREFIX |= {"Ki": 1024.0, "Mi": 1024.0**2, "Gi": 1024.0**3, "Ti": 1024.0**4}
#: A time or throughput prefix -> the contract's unit it is printed in (and a scale to it).
_TIME_UNITS = {"": ("s/op", 1.0), "m": ("ms/op", 1.0), "u": ("us/op", 1.0), "n": ("ns/op", 1.0)}
_TIME_UNITS |= {"\u00b5": ("us/op", 1.0), "\u03bc": ("us/op", 1.0), "p": ("ns/op", 1e-3)}
_SPEED_UNITS = {"": ("B/s", 1.0), "k": ("kB/s", 1.0), "K": ("kB/s", 1.0), "M": ("MB/s", 1.0)}
_SPEED_UNITS |= {"G": ("GB/s", 1.0), "T": ("GB/s", 1e3), "Ki": ("KiB/s", 1.0)}
_SPEED_UNITS |= {"Mi": ("MiB/s", 1.0), "Gi": ("GiB/s", 1.0), "Ti": ("GiB/s", 1024.0)}


@dataclass
class _Table:
    kind: str
    columns: list[str]
    error_kind: ErrorKind


@dataclass
class _Run:
    first_line: int
    config: str
    machine: dict[str, str]
    results: list[Result] = field(default_factory=list)
    seen: set[tuple[str, str]] = field(default_factory=set)
    memory: dict[str, dict[str, float]] = field(default_factory=dict)


@dataclass
class _Reader:
    runs: dict[tuple[int, str], _Run] = field(default_factory=dict)
    context: dict[str, str] = field(default_factory=dict)
    group: int = 0
    kinds: set[str] = field(default_factory=set)
    table: _Table | None = None
    understood: set[int] = field(default_factory=set)
    warned: list[ParseWarning] = field(default_factory=list)


def recognizes(line: str) -> bool:
    """A table header (old format), a units line with `vs base`, or a row whose cell has
    `± x%`."""
    if not short(line):
        return False
    if _OLD_HEADER.match(line) is not None and " " in line.strip():
        return "/op" in line or "speed" in line or "/s" in line
    if "vs base" in line:
        return _UNITS_LINE.match(line.translate(_UNBOXED)) is not None
    return "±" in line and _RECOGNIZED_ROW.match(line) is not None


def copied_header(line: str) -> bool:
    """A `goos:`, `goarch:`, `pkg:` or `cpu:` line, which benchstat copies from its inputs."""
    return _CONTEXT.match(line) is not None


def parse_benchstat(text: str, *, source_name: str, started_at: datetime) -> list[RunDocument]:
    """One run document per column of each machine's benchstat tables; ParseError when none."""
    reader = _Reader()
    numbered = list(filled_lines(text))
    previous, last = "", 0
    for number, line in numbered:
        if number > last + 1 or not line.strip():
            reader.table = None
        if short(line):
            _read(reader, number, line, previous, source_name)
        previous, last = line, number
    runs = [run for run in reader.runs.values() if run.results]
    if not runs:
        first = reader.warned[0].line if reader.warned else None
        raise ParseError(
            source_name, first, "no benchstat table (`name  old time/op  new time/op`)"
        )
    return run_documents(
        runs,
        numbered,
        reader.understood,
        source_name,
        lambda run, w: _document(run, started_at, w),
        warned=reader.warned,
    )


def _read(reader: _Reader, number: int, line: str, previous: str, source_name: str) -> None:
    if (header := _header(line, previous)) is not None:
        if header.kind in reader.kinds:
            _next_group(reader)
        reader.table = header
    elif (pkg := _PKG_ROW.match(line)) is not None:
        reader.context["pkg"] = pkg["pkg"]
    elif (context := _CONTEXT.match(line)) is not None:
        if reader.kinds:
            _next_group(reader)
        reader.context[context["key"]] = context["value"]
        reader.table = None
    elif reader.table is None:
        return
    elif not (_GEOMEAN.match(line) or _FOOTNOTE.match(line) or _row(reader, number, line)):
        if _ROW.match(line) is not None:
            reader.warned.append(warning(number, line, _UNREAD, source_name))
        reader.table = None
        return
    reader.understood.add(number)


def _next_group(reader: _Reader) -> None:
    """Tables of another machine (or build) follow: each column starts another run."""
    reader.group += 1
    reader.kinds = set()


_UNREAD = "a row of a benchstat table whose cells were not understood; not stored"


def _header(line: str, previous: str) -> _Table | None:
    """The table a header line starts: the old format's `name ...` line, or the new format's
    units line (the column names are on the line before it)."""
    old = _OLD_HEADER.match(line)
    if old is not None:
        if old["old"]:
            return _Table(_kind(old["old"]), ["old", "new"], "range")
        if old["unit"]:
            return _Table(_kind(old["unit"]), old["files"].split(), "range")
        if "/" in old["single"] or old["single"] == "speed":
            return _Table(_kind(old["single"]), [""], "range")
        return None
    if "/" not in line or _UNITS_LINE.match(line) is None:
        return None
    units = line.replace("vs base", " ").split()
    labels = previous.split()
    columns = (
        labels if len(labels) == len(units) else [f"column {i + 1}" for i in range(len(units))]
    )
    return _Table(_kind(units[0]), columns, "ci95")


def _kind(unit: str) -> str:
    return "time" if unit in _TIME else "speed" if unit in _SPEED else unit


def _row(reader: _Reader, number: int, line: str) -> bool:
    table = reader.table
    found = _ROW.match(line)
    if table is None or found is None:
        return False
    cells = list(_CELL.finditer(found["rest"]))[: len(table.columns)]
    if len(cells) != len(table.columns):
        return False
    samples = _samples(found["rest"], len(cells))
    name = found["name"]
    for index, (config, cell) in enumerate(zip(table.columns, cells, strict=True)):
        run = _run(reader, number, config, name, table.kind)
        _add(run, table, name, cell, samples[index], reader.context.get("pkg"))
    reader.kinds.add(table.kind)
    return True


def _samples(rest: str, columns: int) -> list[int | None]:
    """Each column's `n`: `n=6+5` after a column is the base's and that column's."""
    found: list[int | None] = [None] * columns
    for index, match in enumerate(_SAMPLES.finditer(rest), start=1):
        parts = [int(part) for part in match["n"].split("+")]
        found[0] = found[0] or parts[0]
        if index < columns:
            found[index] = parts[-1]
    return found


def _run(reader: _Reader, number: int, config: str, name: str, kind: str) -> _Run:
    """The run of column `config`; another one when it holds `name`'s `kind` already (the
    same benchmarks measured again: another machine named in prose)."""
    run = reader.runs.get((reader.group, config))
    if run is not None and (name, kind) in run.seen:
        _next_group(reader)
        run = None
    if run is None:
        run = _Run(number, config, dict(reader.context))
        reader.runs[(reader.group, config)] = run
    run.seen.add((name, kind))
    return run


def _add(
    run: _Run,
    table: _Table,
    name: str,
    cell: re.Match[str],
    samples: int | None,
    package: str | None,
) -> None:
    value, suffix = float(cell["value"]), cell["unit"]
    if table.kind in _MEMORY:
        amount = value * _PREFIX.get(suffix.removesuffix("B"), 1.0)
        run.memory.setdefault(name, {})[_MEMORY[table.kind]] = amount
        return
    figure, unit = _figure(table.kind, value, suffix)
    stem, _, procs = name.rpartition("-")
    base = stem if procs.isdigit() and stem else name
    facts = name_facts(base)
    params: dict[str, Any] = dict(facts.params)
    params |= {"gomaxprocs": int(procs)} if base != name else {}
    params |= {"package": package} if package else {}
    error = figure * float(cell["pct"]) / 100 if cell["pct"] else None
    run.results.append(
        Result(
            name=name,
            family=facts.family,
            algorithm=facts.algorithm,
            operation=facts.operation,
            params=params,
            metric=metric_of(unit),
            value=figure,
            unit=unit,
            error=error,
            error_kind=table.error_kind if error is not None else None,
            samples=samples,
        )
    )


def _figure(kind: str, value: float, suffix: str) -> tuple[float, str]:
    """The cell's value in the unit it was printed in, as the contract names it: the old
    format's `665ns`, `1.49µs`, `635MB/s`, the new format's `195.9n`, `1.853µ` (sec/op) and
    `311.7Mi` (B/s), or the header's own unit with an SI prefix."""
    if kind == "time":
        prefix = suffix.removesuffix("s") if suffix != "s" else ""
        unit, scale = _TIME_UNITS.get(prefix, ("s/op", _PREFIX.get(prefix, 1.0)))
        return value * scale, unit
    if kind == "speed":
        prefix = suffix.removesuffix("B/s")
        unit, scale = _SPEED_UNITS.get(prefix, ("B/s", _PREFIX.get(prefix, 1.0)))
        return value * scale, unit
    return value * _PREFIX.get(suffix, 1.0), canonical_unit_symbol(kind)


def _document(run: _Run, at: datetime, warnings: list[ParseWarning]) -> RunDocument:
    results = [
        r.model_copy(update={"stats": run.memory[r.name]})
        if r.metric == "ns_per_op" and r.name in run.memory
        else r
        for r in run.results
    ]
    return RunDocument(
        run_id=new_run_id(),
        source=SOURCE,
        started_at=at,
        machine=_machine(run.machine),
        tool=Tool(name=TOOL),
        tags={"config": run.config} if run.config else {},
        results=results,
        warnings=kept_warnings(warnings),
    )


def _machine(context: dict[str, str]) -> Machine:
    cpu, goos, goarch = context.get("cpu"), context.get("goos"), context.get("goarch")
    clock = _CLOCK.search(cpu or "")
    hz = float(clock["value"]) * (1e9 if clock["scale"] == "G" else 1e6) if clock else None
    names = [part for part in (cpu, "/".join(p for p in (goos, goarch) if p)) if part]
    return Machine(
        name=names[0] if names else UNKNOWN_MACHINE,
        arch=goarch,
        os=goos,
        cpu_model=cpu,
        clock_hz=hz,
        extra={"clock_source": "nominal"} if hz else {},
    )


_rows = lines(recognizes)
_headers = lines(copied_header)


def evidence(head: str) -> Evidence:
    """benchstat's table lines and, when there is a table, the go header lines it copies
    (`goos:`, `cpu:`, ...; go test -bench counts its `goos:` and `goarch:` lines too)."""
    hits, first = _rows(head)
    if not hits:
        return 0, None
    headers, start = _headers(head)
    return hits + headers, min(line for line in (first, start) if line is not None)


FORMAT = Format(
    name="benchstat",
    tool="Go benchstat",
    looks_like="its tables (name  old time/op  new time/op  delta, or the header of sec/op "
    "columns and vs base): one run per compared column",
    parse=harness(parse_benchstat),
    sources=(SOURCE,),
    count=evidence,
)
