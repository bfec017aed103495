"""github-action-benchmark's store (`data.js`: `window.BENCHMARK_DATA = {...}`) -> run
documents, one per commit entry of each suite: a ready-made history. Pure: no I/O.

An entry is `{"commit": {"id", "timestamp", ...}, "date": ms, "tool": "cargo", "benches": [...]}`
under the suite's name (`entries.<suite>`). Its run starts at `date` (when the action ran) and is
tagged with the commit (`commit`) and the suite (`suite`), so History follows a suite commit by
commit and Changes names the commits between which a figure moved. Its id is made from the suite,
the commit, the date and the whole entry (`entry_id`): the store imported again after more
commits gives the same ids to the entries it held before, and an entry with the same commit and
date but other figures (forged, or from a store that was rewritten) gets an id of its own, so it
can neither pass for nor pre-empt the genuine one (issue 35).

A bench is `{"name", "value", "unit", "range", "extra"}` in the tool's own unit: `ns/iter`
(cargo, Google Benchmark) as ns/op, `iter/sec` (pytest) and `ops/sec` (Benchmark.js, custom) as
ops/s, bare `ns`/`us`/`ms` (Catch2, Julia, BenchmarkDotNet) per op, JMH's and Go's units as they
are; any other unit as printed. `range` is the error: `± x` / `+/- 2,802` (cargo, BenchmarkDotNet:
`range`), `±x%` (Benchmark.js: 95% margin, `ci95`); pytest's `stddev: x` (of the time in s) and
Catch2's spread (in a unit the store does not say) are stats. Go's `-benchmem` figures (in the
unit, `ns/op\\t 416 B/op\\t 7 allocs/op`, or as benches of their own, `NAME - B/op`) are stats of
the time result, as `go test -bench` output's are; `extra` gives the iterations (`80137 times`,
`iterations: N`, `362 iterations`), the samples (`rounds: 10`, `94 samples`) and Go's
`gomaxprocs`; Go's package (`NAME (pkg)`) and JMH's params (`NAME ( {"size":"1024"} )`) are
params. The action prints nothing about the machine.
"""

import json
import re
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from cryptobench_contract import Machine, ParseWarning, Result, RunDocument, Tool
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_contract.units import canonical_unit_symbol, metric_of
from cryptobench_contract.vocabulary import ErrorKind, Source
from cryptobench_parsers.bench_names import NameFacts, distinct_series, name_facts, size_stem
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import kept_warnings, warning
from cryptobench_parsers.go.bench import MEMORY, PAIR
from cryptobench_parsers.import_format import Format, ImportOptions, WholeText
from cryptobench_parsers.limits import loads

SOURCE: Source = "github-action-benchmark"
PREFIX = "window.BENCHMARK_DATA"
_STORE_KEYS = ('"lastUpdate"', '"repoUrl"', '"entries"')
ENTRY_NAMESPACE = uuid.UUID("5f2b9c1e-7a43-4d0e-b6a8-2c9e41d7f035")
#: The action's tool names -> the tools a person names.
TOOLS = {
    "cargo": "cargo bench",
    "go": "go test -bench",
    "pytest": "pytest-benchmark",
    "jmh": "JMH",
    "googlecpp": "Google Benchmark",
    "benchmarkjs": "Benchmark.js",
    "catch2": "Catch2",
    "julia": "BenchmarkTools.jl",
    "benchmarkdotnet": "BenchmarkDotNet",
    "benchmarkluau": "Luau benchmark",
}
_UNITS = {
    "ns/iter": "ns/op",
    "iter/sec": "ops/s",
    "ops/sec": "ops/s",
    "ns": "ns/op",
    "us": "us/op",
    "µs": "us/op",
    "ms": "ms/op",
    "s": "s/op",
}
#: Tools whose range is in a unit of its own that the store does not say (Catch2 prints its
#: standard deviation in ns beside a mean in us): kept as the stat `spread_as_printed`.
_SPREAD_IN_ITS_OWN_UNIT = {"catch2"}
#: Linear in the text's length: blank and digit runs are taken whole (possessive); the blanks
#: around an absent sign or `%` were split every way (1,000 blanks: 48 ms).
_RANGE = re.compile(
    r"^\s*+(?P<sign>±|\+/-)?\s*+(?P<number>\d[\d,]*+(?:\.\d++)?+(?:[eE][+-]?\d++)?+)"
    r"\s*+(?P<pct>%?)\s*+$"
)
_STDDEV = re.compile(r"^\s*stddev:\s*(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*$")
#: A count starts where its digits do (`(?<!\d)`): searched from each digit of a run, `\d+` read
#: the rest of it again (an `extra` of 300-digit runs took 13 µs a character).
_ITERATIONS = re.compile(r"(?<!\d)(\d+) times|iterations:\s*(\d+)|(?<!\d)(\d+) iterations")
_PROCS = re.compile(r"(?<!\d)(\d+) procs")
_SAMPLES = re.compile(r"rounds:\s*(\d+)|(?<!\d)(\d+) samples")
_PACKAGE = re.compile(r"^(?P<name>\S+) \((?P<package>[^)]+)\)$")
_JMH_PARAMS = re.compile(r"^(?P<name>\S+) \( (?P<params>\{.*\}) \)$")
NO_VALUE = "a bench without a numeric value; not stored"


@dataclass
class _Bench:
    name: str
    figures: dict[str, float] = field(default_factory=dict)
    error: tuple[float, ErrorKind] | None = None
    extra: str = ""
    time_stddev_s: float | None = None
    spread_as_printed: float | None = None


def is_store(text: str) -> bool:
    """The action's `data.js` (it starts with `window.BENCHMARK_DATA =`), or the JSON object in
    it saved alone (`{"lastUpdate": .., "repoUrl": .., "entries": ..}`)."""
    head = text.lstrip()
    if head.startswith(PREFIX):
        return True
    return head.startswith("{") and all(key in head[:4096] for key in _STORE_KEYS)


def entry_count(text: str, *, source_name: str) -> int:
    """How many commit entries (runs) the store holds, over all its suites."""
    return sum(len(entries) for _, entries in _suites(text, source_name))


def entry_id(suite: str, entry: dict[str, Any]) -> uuid.UUID:
    commit = _mapping(entry.get("commit"))
    content = json.dumps(entry, sort_keys=True)
    return uuid.uuid5(
        ENTRY_NAMESPACE, json.dumps([suite, commit.get("id"), entry.get("date"), content])
    )


def parse_action_benchmark(
    text: str, *, source_name: str, started_at: datetime
) -> list[RunDocument]:
    """One run document per commit entry of each suite; ParseError when none has a bench."""
    documents = [
        document
        for suite, entries in _suites(text, source_name)
        for entry in entries
        if (document := _document(suite, entry, started_at, source_name)) is not None
    ]
    if not documents:
        raise ParseError(source_name, None, "no commit entry with benches in the data.js")
    return documents


def _suites(text: str, source_name: str) -> list[tuple[str, list[dict[str, Any]]]]:
    body = text.lstrip().removeprefix(PREFIX).lstrip().removeprefix("=").strip().rstrip(";")
    try:
        data = loads(body, source_name=source_name)
    except json.JSONDecodeError as exc:
        line = text[: text.find(body[:50])].count("\n") + exc.lineno if body else None
        raise ParseError(source_name, line, f"not the action's data.js: {exc.msg}") from None
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        raise ParseError(source_name, None, 'no "entries" in the data.js')
    return [
        (str(suite), [e for e in runs if isinstance(e, dict)])
        for suite, runs in entries.items()
        if isinstance(runs, list)
    ]


def _document(
    suite: str, entry: dict[str, Any], at: datetime, source_name: str
) -> RunDocument | None:
    tool = str(entry.get("tool") or "")
    warnings: list[ParseWarning] = []
    benches = _benches(entry.get("benches"), tool, warnings, source_name)
    results = [result for bench in benches.values() for result in _results(bench, tool)]
    if not results:
        return None
    commit = _mapping(entry.get("commit"))
    date = entry.get("date")
    started = (
        datetime.fromtimestamp(date / 1000, UTC)
        if isinstance(date, int | float) and not isinstance(date, bool)
        else at
    )
    tags = {"suite": suite[:200]}
    if commit.get("id"):
        tags["commit"] = str(commit["id"])
    stems = [size_stem(result.name) for result in results]
    return RunDocument(
        run_id=entry_id(suite, entry),
        source=SOURCE,
        started_at=started,
        machine=Machine(name=UNKNOWN_MACHINE),
        tool=Tool(name=TOOLS.get(tool, tool or "github-action-benchmark"), options=f"tool: {tool}"),
        tags=tags,
        results=distinct_series(results, stems),
        warnings=kept_warnings(warnings),
    )


def _benches(items: Any, tool: str, warnings: list[ParseWarning], file: str) -> dict[str, _Bench]:
    """The benches by name; Go's `NAME - B/op` benches folded into NAME's figures; a warning
    for each bench without a numeric value."""
    benches: dict[str, _Bench] = {}
    for item in items if isinstance(items, list) else []:
        value = item.get("value") if isinstance(item, dict) else None
        if not isinstance(value, int | float) or isinstance(value, bool):
            warnings.append(warning(None, json.dumps(item)[:500], NO_VALUE, file))
            continue
        name, unit = str(item.get("name", "")), str(item.get("unit", ""))
        first, *rest = unit.split("\t")
        base = name.removesuffix(f" - {first}")
        bench = benches.setdefault(base, _Bench(base))
        bench.figures[first] = float(value)
        for pair in rest:
            if (found := PAIR.match(pair)) is not None:
                bench.figures[found["unit"]] = float(found["value"])
        _read_range(bench, item.get("range"), float(value), tool)
        bench.extra = bench.extra or str(item.get("extra") or "")
    return benches


def _read_range(bench: _Bench, text: Any, value: float, tool: str) -> None:
    """The bench's error (`± x`, `x%`), pytest's `stddev: x` of the time, or Catch2's spread."""
    error = _error(text, value)
    if error is not None and tool in _SPREAD_IN_ITS_OWN_UNIT:
        bench.spread_as_printed = error[0]
    elif error is not None and bench.error is None:
        bench.error = error
    if (stddev := _STDDEV.match(str(text or ""))) is not None:
        bench.time_stddev_s = float(stddev.group(1))


def _error(text: Any, value: float) -> tuple[float, ErrorKind] | None:
    if not isinstance(text, str):
        return None
    spread = _RANGE.match(text)
    if spread is None or not (spread["sign"] or spread["pct"]):
        return None
    number = float(spread["number"].replace(",", ""))
    return (value * number / 100, "ci95") if spread["pct"] else (number, "range")


def _results(bench: _Bench, tool: str) -> list[Result]:
    name, facts, params = _identity(bench, tool)
    # -benchmem figures are stats of the time; alone (a `NAME - B/op` bench), they are results
    units = [unit for unit in bench.figures if unit not in MEMORY] or list(bench.figures)
    stats = _stats(bench, set(units))
    counted = _SAMPLES.search(bench.extra)
    samples = int(counted.group(1) or counted.group(2)) if counted else None
    results: list[Result] = []
    for unit in units:
        symbol = canonical_unit_symbol(_UNITS.get(unit, unit))
        primary = not results
        results.append(
            Result(
                name=name,
                family=facts.family,
                algorithm=facts.algorithm,
                operation=facts.operation,
                params=params,
                metric=metric_of(symbol),
                value=bench.figures[unit],
                unit=symbol[:32],
                error=bench.error[0] if bench.error and primary else None,
                error_kind=bench.error[1] if bench.error and primary else None,
                samples=samples,
                stats=stats if primary and stats else None,
            )
        )
    return results


def _identity(bench: _Bench, tool: str) -> tuple[str, NameFacts, dict[str, Any]]:
    """The name, what it says and the params: Go's package (`NAME (pkg)`) and GOMAXPROCS
    (`4 procs`), JMH's params (`NAME ( {"size":"1024"} )`)."""
    name, params = bench.name, {}
    if tool == "go" and (qualified := _PACKAGE.match(name)) is not None:
        name, params = qualified["name"], {"package": qualified["package"]}
    if tool == "jmh" and (parametrized := _JMH_PARAMS.match(name)) is not None:
        given = _json_object(parametrized["params"])
        if given:
            name, params = parametrized["name"], {str(k): str(v) for k, v in given.items()}
    if (procs := _PROCS.search(bench.extra)) is not None:
        params["gomaxprocs"] = int(procs.group(1))
    facts = name_facts(name.removeprefix("Benchmark") if tool == "go" else name)
    return name, facts, {**facts.params, **params}


def _json_object(text: str) -> dict[str, Any]:
    try:
        return _mapping(loads(text, source_name="extra"))
    except ValueError:
        return {}


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _stats(bench: _Bench, results: set[str]) -> dict[str, float]:
    stats = {MEMORY[u]: v for u, v in bench.figures.items() if u in MEMORY and u not in results}
    if (counted := _ITERATIONS.search(bench.extra)) is not None:
        stats["iterations"] = float(next(group for group in counted.groups() if group))
    if bench.time_stddev_s is not None:
        stats["time_stddev_s"] = bench.time_stddev_s
    if bench.spread_as_printed is not None:
        stats["spread_as_printed"] = bench.spread_as_printed
    return stats


def _runs(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    """One run per commit entry; more entries than `max_runs` is refused before any is made."""
    entries = entry_count(text, source_name=options.source_name)
    if options.max_runs is not None and entries > options.max_runs:
        raise ParseError(
            options.source_name,
            None,
            f"this data.js holds {entries} commit entries (one run each); an import makes at "
            f"most {options.max_runs} runs (the server's max_import_runs). Raise it, or import "
            "the store in parts of whole entries: an entry imported again is answered as stored",
        )
    return parse_action_benchmark(text, source_name=options.source_name, started_at=at)


FORMAT = Format(
    name="action-benchmark",
    tool="github-action-benchmark",
    looks_like="its data.js store (window.BENCHMARK_DATA = ...): one run per commit entry",
    parse=_runs,
    sources=(SOURCE,),
    whole=WholeText(is_store, "github-action-benchmark's data.js (window.BENCHMARK_DATA = ...)"),
    json_artifact=True,
    entry_ids=True,
)
