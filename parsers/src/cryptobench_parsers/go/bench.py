"""`go test -bench` output -> run documents. Pure: no I/O.

A result line is `BenchmarkName[-P]  N  <value unit>...`: `-P` is GOMAXPROCS (`-cpu`), N the
iterations timed. `ns/op` is the result; `MB/s` (Go's MB is 10^6 bytes) a second result of
throughput; `-benchmem`'s `B/op` and `allocs/op` go to the time result's stats; any other
metric (`b.ReportMetric`) is its own result, in the contract's unit when it has one. Text after
the last pair (a README's `[notes]`) is not a figure. The `goos:`, `goarch:`, `pkg:` and `cpu:`
lines name the machine (the CPU model's `@ 2.30GHz` its nominal clock) and each result's
package. A name measured again after other names starts another run (a pasted second run); the
same name on consecutive lines (`-count`) is one result: the median, every figure in `raw`.
"""

import re
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cryptobench_contract import Machine, ParseWarning, Result, RunDocument, Tool, new_run_id
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_contract.units import canonical_unit_symbol, metric_of
from cryptobench_contract.vocabulary import Source
from cryptobench_parsers.bench_names import distinct_series, name_facts, size_stem
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import figure_like, kept_warnings
from cryptobench_parsers.harness_runs import run_documents
from cryptobench_parsers.import_format import Format, harness, lines
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "go-test-bench"
TOOL = "go test -bench"
_LINE = re.compile(
    r"^\s*(?P<name>Benchmark\S*?)(?:-(?P<procs>\d+))?\s+(?P<n>\d+)\s+(?P<rest>\S.*)$"
)
#: One `value unit` figure of a result line (also in github-action-benchmark's Go units).
PAIR = re.compile(r"\s*(?P<value>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s+(?P<unit>[^\s\[]+)")
_HEADER = re.compile(r"^\s*(?P<key>goos|goarch|pkg|cpu):\s*(?P<value>.+?)\s*$")
_SUMMARY = re.compile(r"^\s*(?:ok|FAIL)\s+\S+\s+\d+(?:\.\d+)?s\b")
_GHZ = re.compile(r"@\s*(\d+(?:\.\d+)?)\s*GHz")
#: The longest unit a Result holds: a longer word after a figure is no unit (two result lines
#: joined into one, `4 allocs/opBenchmarkX`), and the line is warned about, not read.
UNIT_CHARS = 32
#: -benchmem's figures -> the stats of the time result they go to.
MEMORY = {"B/op": "bytes_allocated_per_op", "allocs/op": "allocs_per_op"}


@dataclass
class _Line:
    number: int
    name: str
    procs: int | None
    iterations: int
    pairs: list[tuple[float, str]]
    package: str | None


@dataclass
class _Run:
    first_line: int
    lines: list[list[_Line]] = field(default_factory=list)
    names: set[str] = field(default_factory=set)


def recognizes(line: str) -> bool:
    """A result line (`BenchmarkX-8  100  123 ns/op`) or a `goos:`/`goarch:` header line."""
    match = _LINE.match(line)
    if match is not None:
        return PAIR.match(match["rest"]) is not None
    head = _HEADER.match(line)
    return head is not None and head["key"] in ("goos", "goarch")


def parse_go_bench(text: str, *, source_name: str, started_at: datetime) -> list[RunDocument]:
    """One run document per run of `go test -bench` in `text`; ParseError when none."""
    header: dict[str, str] = {}
    package: str | None = None
    runs: list[_Run] = []
    understood: set[int] = set()
    numbered = list(filled_lines(text))
    for number, line in numbered:
        if (head := _HEADER.match(line)) is not None:
            header.setdefault(head["key"], head["value"])
            package = head["value"] if head["key"] == "pkg" else package
            if not figure_like(line):
                understood.add(number)
        elif _SUMMARY.match(line):
            understood.add(number)
        elif (found := _result_line(number, line, package)) is not None:
            understood.add(number)
            _add(runs, found)
    if not runs:
        raise ParseError(source_name, None, f"no {TOOL} result lines (`BenchmarkX  N  T ns/op`)")
    return run_documents(
        runs,
        numbered,
        understood,
        source_name,
        lambda run, w: _document(run, header, started_at, w),
    )


def _result_line(number: int, line: str, package: str | None) -> _Line | None:
    match = _LINE.match(line)
    if match is None:
        return None
    pairs: list[tuple[float, str]] = []
    position = match.start("rest")
    while (pair := PAIR.match(line, position)) is not None:
        pairs.append((float(pair["value"]), pair["unit"]))
        position = pair.end()
    if not pairs or any(len(unit) > UNIT_CHARS for _, unit in pairs):
        return None
    procs = int(match["procs"]) if match["procs"] else None
    return _Line(number, match["name"], procs, int(match["n"]), pairs, package)


def _add(runs: list[_Run], line: _Line) -> None:
    key = f"{line.package}:{line.name}:{line.procs}"
    current = runs[-1] if runs else None
    if current is not None and current.lines and _key(current.lines[-1][-1]) == key:
        current.lines[-1].append(line)
        return
    if current is None or key in current.names:
        current = _Run(first_line=line.number)
        runs.append(current)
    current.lines.append([line])
    current.names.add(key)


def _key(line: _Line) -> str:
    return f"{line.package}:{line.name}:{line.procs}"


def _document(
    run: _Run, header: dict[str, str], at: datetime, warnings: list[ParseWarning]
) -> RunDocument:
    return RunDocument(
        run_id=new_run_id(),
        source=SOURCE,
        started_at=at,
        machine=_machine(header),
        tool=Tool(name=TOOL),
        results=_run_results(run),
        warnings=kept_warnings(warnings),
    )


def _machine(header: dict[str, str]) -> Machine:
    cpu, goos, goarch = header.get("cpu"), header.get("goos"), header.get("goarch")
    ghz = _GHZ.search(cpu or "")
    names = [part for part in (cpu, "/".join(p for p in (goos, goarch) if p)) if part]
    return Machine(
        name=names[0] if names else UNKNOWN_MACHINE,
        arch=goarch,
        os=goos,
        cpu_model=cpu,
        clock_hz=float(ghz.group(1)) * 1e9 if ghz else None,
        extra={"clock_source": "nominal"} if ghz else {},
    )


def _run_results(run: _Run) -> list[Result]:
    pairs = [
        (result, size_stem(repeats[0].name.removeprefix("Benchmark")))
        for repeats in run.lines
        for result in _results(repeats)
    ]
    return distinct_series([r for r, _ in pairs], [stem for _, stem in pairs])


def _results(repeats: list[_Line]) -> Iterator[Result]:
    first = repeats[0]
    facts = name_facts(first.name.removeprefix("Benchmark"))
    params: dict[str, Any] = dict(facts.params)
    if first.procs is not None:
        params["gomaxprocs"] = first.procs
    if first.package:
        params["package"] = first.package
    name = f"{first.name}-{first.procs}" if first.procs is not None else first.name
    units = list(dict.fromkeys(u for line in repeats for _, u in line.pairs))
    memory = {MEMORY[unit]: _median(repeats, unit) for unit in units if unit in MEMORY}
    for unit in units:
        if unit in MEMORY:
            continue
        figures = [value for line in repeats for value, u in line.pairs if u == unit]
        symbol = canonical_unit_symbol(unit)
        stats: dict[str, float] = {"iterations": float(first.iterations)} if unit == "ns/op" else {}
        if unit == "ns/op":
            stats.update(memory)
        yield Result(
            name=name,
            family=facts.family,
            algorithm=facts.algorithm,
            operation=facts.operation,
            params=params,
            metric=metric_of(symbol),
            value=statistics.median(figures),
            unit=symbol,
            samples=len(figures),
            stats=stats or None,
            raw=figures if len(figures) > 1 else None,
        )


def _median(repeats: list[_Line], unit: str) -> float:
    return statistics.median(v for line in repeats for v, u in line.pairs if u == unit)


FORMAT = Format(
    name="go",
    tool="go test -bench",
    looks_like="BenchmarkX lines (-benchmem, -cpu) and the goos/cpu lines",
    parse=harness(parse_go_bench),
    sources=(SOURCE,),
    count=lines(recognizes),
)
