"""Google Benchmark's output -> run documents: the console table and `--benchmark_format=json`.
Pure: no I/O.

Each benchmark (its `run_name`) is one result per figure: the time (`Time` / `real_time`, in
its `time_unit` per iteration; the CPU time beside it as stat `cpu_time`), `bytes_per_second`
(bytes per second; the console's `648.653M/s` is 1024-based, as Google Benchmark prints byte
rates) and every user counter, `key=value` or in the columns of `--benchmark_counters_tabular`
(`CYCLES` as cycles per iteration, `CYCLES/ BYTE` as cycles per
byte, `items_per_second` and any other as printed). With `--benchmark_repetitions`, a figure is
the `mean` aggregate, its `stddev` the error (`stddev`), `median`, `min`, `max` and `cv` stats
and the repetitions `raw`; without aggregates, repeated rows give their median and `raw`.
The machine is the context's host, CPUs and MHz per CPU (the console's `Run on (8 X 2400 MHz
CPU s)`), the run's start its date. A console table whose names were already measured, or a
new `Run on` line after rows, starts another run.
"""

import json
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
from cryptobench_parsers.dates import iso_datetime
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import kept_warnings
from cryptobench_parsers.harness_runs import run_documents
from cryptobench_parsers.import_format import Format, WholeText, harness, lines
from cryptobench_parsers.limits import loads
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "google-benchmark"
TOOL = "Google Benchmark"
AGGREGATES = ("mean", "median", "stddev", "cv", "min", "max")
_TIME_UNITS = {"ns": "ns/op", "us": "us/op", "ms": "ms/op", "s": "s/op"}
_NUMBER = r"\d+(?:\.\d+)?(?:[eE][+-]?\d+)?"
_ROW = re.compile(
    rf"^(?P<name>\S+)\s+(?P<real>{_NUMBER})\s*(?P<unit>ns|us|ms|s|%)\s+(?P<cpu>{_NUMBER})\s*"
    rf"(?:ns|us|ms|s|%)\s+(?P<iterations>\d+)(?P<rest>.*)$"
)
_HEADER = re.compile(r"^\s*Benchmark\s+Time\s+CPU\s+Iterations\b")
_RUN_ON = re.compile(rf"^\s*Run on \((?P<cpus>\d+) X (?P<mhz>{_NUMBER}) MHz CPU s?\)")
_DATE = re.compile(r"^\s*(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[+-]\d\d:\d\d|Z))\s*$")
_COUNTER = re.compile(
    rf"\s*(?P<key>[^=\s][^=]*?)=(?P<number>{_NUMBER})(?P<prefix>[kMGTPE]i?)?(?P<rate>/s|%)?(?=\s|$)"
)
_SCALE_1000 = {"k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18}
_BYTE_RATES = {"": "B/s", "k": "KiB/s", "M": "MiB/s", "G": "GiB/s"}
_COUNTER_UNITS = {"cycles": "cycles/op", "cycles/byte": "cycles/B", "cpb": "cycles/B"}


@dataclass
class _Row:
    """One row of the table or one record of the JSON file."""

    name: str
    run_name: str
    aggregate: str | None
    figures: dict[str, tuple[float, str]]
    line: int = 0
    repetitions: int | None = None


@dataclass
class _Run:
    first_line: int
    context: dict[str, Any]
    groups: dict[str, list[_Row]] = field(default_factory=dict)


def is_json(text: str) -> bool:
    """The JSON file of `--benchmark_format=json` (its `context` and `benchmarks`)."""
    head = text.lstrip()[:4096]
    return head.startswith("{") and '"context"' in head and '"benchmarks"' in text[:1_000_000]


def recognizes(line: str) -> bool:
    """A result row, the table's header or the `Run on (..)` line."""
    return bool(_ROW.match(line) or _HEADER.match(line) or _RUN_ON.match(line))


def parse_google_benchmark(
    text: str, *, source_name: str, started_at: datetime
) -> list[RunDocument]:
    """The run documents of a console table or a JSON file; ParseError when no result."""
    if is_json(text):
        return [_json_run(text, source_name, started_at)]
    return _console_runs(text, source_name, started_at)


def _json_run(text: str, source_name: str, at: datetime) -> RunDocument:
    try:
        data = loads(text, source_name=source_name)
    except json.JSONDecodeError as exc:
        raise ParseError(source_name, exc.lineno, f"not JSON: {exc.msg}") from None
    records = data.get("benchmarks") if isinstance(data, dict) else None
    if not isinstance(records, list) or not records:
        raise ParseError(source_name, None, 'no "benchmarks" in the Google Benchmark JSON')
    context = data.get("context") if isinstance(data.get("context"), dict) else {}
    run = _Run(first_line=1, context=context)
    for record in records:
        if isinstance(record, dict) and (row := _json_row(record)) is not None:
            run.groups.setdefault(row.run_name, []).append(row)
    if not run.groups:
        raise ParseError(source_name, None, "no Google Benchmark record with a time")
    return _document(run, at, [])


def _json_row(record: dict[str, Any]) -> _Row | None:
    name = str(record.get("name", ""))
    unit = _TIME_UNITS.get(str(record.get("time_unit", "ns")))
    real = record.get("real_time")
    if not name or unit is None or not isinstance(real, int | float):
        return None
    aggregate = record.get("aggregate_name") if record.get("run_type") == "aggregate" else None
    time_unit = "%" if record.get("aggregate_unit") == "percentage" else unit
    figures = {"time": (float(real), time_unit)}
    if isinstance(record.get("cpu_time"), int | float):
        figures["cpu_time"] = (float(record["cpu_time"]), time_unit)
    known = {"real_time", "cpu_time", "iterations", "repetitions", "threads", "family_index"}
    known |= {"per_family_instance_index", "repetition_index"}
    for key, value in record.items():
        if key not in known and isinstance(value, int | float) and not isinstance(value, bool):
            figures[key] = (
                float(value),
                _counter_unit(key, "/s" if key.endswith("_per_second") else ""),
            )
    repetitions = record.get("repetitions") if isinstance(record.get("repetitions"), int) else None
    return _Row(name, str(record.get("run_name") or name), aggregate, figures, 0, repetitions)


def _console_runs(text: str, source_name: str, at: datetime) -> list[RunDocument]:
    runs: list[_Run] = []
    context: dict[str, Any] = {}
    understood: set[int] = set()
    numbered = list(filled_lines(text))
    columns: list[str] = []
    for number, line in numbered:
        if _HEADER.match(line) is not None:
            columns = _counter_columns(line)
        elif (date := _DATE.match(line)) is not None:
            context = {"date": date.group(1)}
        elif (run_on := _RUN_ON.match(line)) is not None:
            context = {
                **context,
                "num_cpus": int(run_on["cpus"]),
                "mhz_per_cpu": float(run_on["mhz"]),
            }
            understood.add(number)
        elif (row := _console_row(number, line, columns)) is not None:
            understood.add(number)
            _add(runs, row, context)
    if not runs:
        raise ParseError(source_name, None, f"no {TOOL} rows (`NAME  12 ns  12 ns  1000`)")
    return run_documents(runs, numbered, understood, source_name, lambda r, w: _document(r, at, w))


def _counter_columns(header: str) -> list[str]:
    """The counter columns of a `--benchmark_counters_tabular` header (`... Iterations  CYCLES
    CYCLES/ BYTE bytes_per_second`); [] for the plain header (`UserCounters...`)."""
    words = header.split("Iterations", 1)[1].split()
    columns: list[str] = []
    for word in words:
        if columns and columns[-1].endswith("/"):
            columns[-1] += f" {word}"
        else:
            columns.append(word)
    return [] if columns[:1] == ["UserCounters..."] else columns


def _console_row(number: int, line: str, columns: list[str]) -> _Row | None:
    match = _ROW.match(line)
    if match is None:
        return None
    percent = match["unit"] == "%"
    unit = "%" if percent else _TIME_UNITS[match["unit"]]
    real, cpu = (
        round(float(match[k]) / 100, 12) if percent else float(match[k]) for k in ("real", "cpu")
    )
    figures = {"time": (real, unit), "cpu_time": (cpu, unit)}
    rest = match["rest"]
    values = rest.split()
    if columns and "=" not in rest and len(values) == len(columns):
        rest = " ".join(f"{key}={value}" for key, value in zip(columns, values, strict=True))
    position = 0
    while (counter := _COUNTER.match(rest, position)) is not None:
        key, prefix, rate = counter["key"].strip(), counter["prefix"] or "", counter["rate"] or ""
        if rate == "%":
            figures[key] = (round(float(counter["number"]) / 100, 12), "%")
        elif key == "bytes_per_second":
            rates = {**_BYTE_RATES, **{p + "i": u for p, u in _BYTE_RATES.items() if p}}
            figures[key] = (float(counter["number"]), rates.get(prefix, f"{prefix}B/s"))
        else:
            scale = _SCALE_1000.get(prefix.rstrip("i"), 1.0) if prefix else 1.0
            figures[key] = (float(counter["number"]) * scale, _counter_unit(key, rate))
        position = counter.end()
    name = match["name"]
    base, _, suffix = name.rpartition("_")
    aggregate = suffix if base and suffix in AGGREGATES else None
    repetitions = int(match["iterations"]) if aggregate else None
    return _Row(name, base if aggregate else name, aggregate, figures, number, repetitions)


def _counter_unit(key: str, rate: str) -> str:
    folded = key.lower().replace(" ", "")
    if folded == "bytes_per_second":
        return "B/s"
    if folded in _COUNTER_UNITS:
        return _COUNTER_UNITS[folded]
    return f"{key.removesuffix('_per_second')}/s" if rate else key


def _add(runs: list[_Run], row: _Row, context: dict[str, Any]) -> None:
    current = runs[-1] if runs else None
    last = next(reversed(current.groups)) if current and current.groups else None
    if (
        current is None
        or current.context is not context
        or (row.run_name in current.groups and row.run_name != last)
    ):
        current = _Run(first_line=row.line, context=context)
        runs.append(current)
    current.groups.setdefault(row.run_name, []).append(row)


def _document(run: _Run, at: datetime, warnings: list[ParseWarning]) -> RunDocument:
    results: list[Result] = []
    stems: list[str] = []
    for run_name, rows in run.groups.items():
        for result in _results(run_name, rows):
            results.append(result)
            stems.append(size_stem(run_name))
    context = run.context
    mhz = context.get("mhz_per_cpu")
    clock = float(mhz) * 1e6 if isinstance(mhz, int | float) and mhz > 0 else None
    cpus = context.get("num_cpus")
    date = iso_datetime(context.get("date"))
    return RunDocument(
        run_id=new_run_id(),
        source=SOURCE,
        started_at=date or at,
        machine=Machine(
            name=str(context.get("host_name") or UNKNOWN_MACHINE),
            cores=cpus if isinstance(cpus, int) and cpus >= 1 else None,
            clock_hz=clock,
            extra={"clock_source": "measured"} if clock else {},
        ),
        tool=Tool(name=TOOL, version=context.get("library_version")),
        results=distinct_series(results, stems),
        warnings=kept_warnings(warnings),
    )


def _results(run_name: str, rows: list[_Row]) -> Iterator[Result]:
    facts = name_facts(run_name)
    by_aggregate = {row.aggregate: row for row in rows if row.aggregate}
    repetitions = [row for row in rows if row.aggregate is None]
    keys = list(dict.fromkeys(key for row in rows for key in row.figures if key != "cpu_time"))
    for key in keys:
        raw = [row.figures[key][0] for row in repetitions if key in row.figures]
        mean = by_aggregate.get("mean")
        if mean is not None and key in mean.figures:
            value, unit = mean.figures[key]
        elif raw:
            value, unit = statistics.median(raw), repetitions[0].figures[key][1]
        else:
            continue
        stats = {
            name: row.figures[key][0]
            for name, row in by_aggregate.items()
            if name not in ("mean", "stddev") and key in row.figures
        }
        source = mean if mean is not None else (repetitions[0] if len(repetitions) == 1 else None)
        if key == "time" and source is not None and "cpu_time" in source.figures:
            stats["cpu_time"] = source.figures["cpu_time"][0]
        stddev = by_aggregate.get("stddev")
        error = stddev.figures[key][0] if stddev is not None and key in stddev.figures else None
        symbol = canonical_unit_symbol(unit)
        yield Result(
            name=run_name if key == "time" else f"{run_name} {key}",
            family=facts.family,
            algorithm=facts.algorithm,
            operation=facts.operation,
            params=dict(facts.params),
            metric=metric_of(symbol),
            value=value,
            unit=symbol[:32],
            error=error,
            error_kind="stddev" if error is not None else None,
            samples=len(raw) or (mean.repetitions if mean is not None else None),
            stats=stats or None,
            raw=raw if len(raw) > 1 else None,
        )


FORMAT = Format(
    name="gbench",
    tool="Google Benchmark",
    looks_like="its console table or the JSON file of --benchmark_format=json",
    parse=harness(parse_google_benchmark),
    sources=(SOURCE,),
    count=lines(recognizes),
    whole=WholeText(is_json, 'a Google Benchmark JSON file ("context", "benchmarks")'),
    json_artifact=True,
)
