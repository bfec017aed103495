"""hyperfine's terminal output, `--export-json` and `--export-markdown` -> run documents. Pure.

hyperfine times whole commands. Each benchmark is one result named by its command (what was
run: a command line is not split into algorithm and operation, so the command is the
algorithm too, cut to the contract's 200 characters): the mean wall-clock time per run, its
standard deviation as error (`stddev`), the runs as samples, min, max, median, user and system
time as stats, all in the unit printed (`ms/op` of `410.3 ms`; the JSON's seconds as `s/op`);
the JSON's `times` as raw, its `parameters` (`--parameter-scan`, `-L`) as params, non-zero
`exit_codes` (`-i`) counted as stat `failed_runs`. Read from the terminal:
    Benchmark 1: ./target/release/puffin (install-cold)
      Time (mean ± \u03c3):     410.3 ms ±  19.9 ms    [User: 173.7 ms, System: 1314.5 ms]
      Range (min … max):   389.7 ms … 452.1 ms    10 runs
(`Benchmark #1:` of old versions, `Time (abs ≡):` of one run; Time and Range lines pasted
without their `Benchmark N:` line are `benchmark N`), and the Markdown table's rows
(`| \\`cmd\\` | 209.0 ± 11.6 | 201.6 | 241.7 | 1.00 |`, unit from `Mean [ms]`). The Summary's
`N ± e times faster than` are ratios of these figures: not stored. Each `hyperfine` command, a
`Benchmark 1:` after results, or a Markdown table after another, starts a run.
"""

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cryptobench_contract import ParseWarning, Result, RunDocument, Tool
from cryptobench_contract.vocabulary import Source
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import short
from cryptobench_parsers.harness_runs import machineless_document, measured, run_documents
from cryptobench_parsers.import_format import Format, WholeText, harness, lines
from cryptobench_parsers.limits import loads
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "hyperfine"
TOOL = "hyperfine"
_NAME_CHARS = 200
_NUMBER = r"\d+(?:\.\d+)?"
_UNIT = r"(?:ns|µs|μs|us|ms|s)"
_BENCHMARK = re.compile(r"^\s*Benchmark #?(?P<number>\d+): (?P<command>\S.*?)\s*$")
_TIME = re.compile(
    rf"^\s*Time \((?:mean|abs)[^)]{{0,12}}\):\s+(?P<mean>{_NUMBER})\s*(?P<unit>{_UNIT})"
    rf"(?:\s*±\s*(?P<sd>{_NUMBER})\s*(?P<sd_unit>{_UNIT}))?"
    rf"(?:\s+\[User:\s*(?P<user>{_NUMBER})\s*(?P<user_unit>{_UNIT}),"
    rf"\s*System:\s*(?P<system>{_NUMBER})\s*(?P<system_unit>{_UNIT})\])?"
)
_RANGE = re.compile(
    rf"^\s*Range \(min (?:…|\.\.\.) max\):\s+(?P<min>{_NUMBER})\s*(?P<min_unit>{_UNIT})"
    rf"\s*(?:…|\.\.\.)\s*(?P<max>{_NUMBER})\s*(?P<max_unit>{_UNIT})(?:\s+(?P<runs>\d+) runs)?"
)
#: A cell's edge: blanks, an optional `|` and blanks, each run taken whole (`\s*\|?\s+` split a
#: run of blanks every way: a line of 1,000 blanks took 5 ms, a paste of them seconds).
_EDGE = r"(?:\s*+\|)?+\s++"
_TABLE_HEADER = re.compile(rf"^\s*+(?:\|\s*+)?Command{_EDGE}Mean \[(?P<unit>\w+)\]")
_TABLE_ROW = re.compile(
    rf"^\s*+(?:\|\s*+)?`(?P<command>[^`]++)`{_EDGE}(?P<mean>{_NUMBER})"
    rf"(?:\s*+±\s*+(?P<sd>{_NUMBER}))?{_EDGE}(?P<min>{_NUMBER}){_EDGE}(?P<max>{_NUMBER})"
    rf"{_EDGE}{_NUMBER}"
)
#: The command (after a prompt, or a continuation line of several): evidence of hyperfine's
#: output for detection, and the start of a run.
_COMMAND = re.compile(r"^\s*(?:\S*[$#>%\u25b6]\s+)?hyperfine\s+\S")
#: The lines hyperfine adds around its figures: the Summary's ratios and its warnings.
_NOTES = re.compile(
    r"^\s*(?:\d+(?:\.\d+)?(?: ± \d+(?:\.\d+)?)? times faster than \S"
    r"|Warning: (?:Command took less than|Statistical outliers were detected"
    r"|The first benchmarking run|Ignoring non-zero exit code))"
)
#: A word each recognized line holds: `in` tests spare the patterns most lines of a paste.
_WORDS = ("Benchmark", "Time (", "Range (", "hyperfine", "faster", "Warning", "Command", "`")
_SECONDS = {"ns": 1e-9, "µs": 1e-6, "μs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}
_JSON_KEYS = ('"results"', '"command"', '"mean"')


@dataclass
class _Run:
    first_line: int
    results: list[Result] = field(default_factory=list)


@dataclass
class _Benchmark:
    name: str
    time: re.Match[str] | None = None


def is_json(text: str) -> bool:
    """The JSON file of `--export-json` (`results` of `command` and `mean`)."""
    head = text.lstrip()[:4096]
    return head.startswith("{") and all(key in head for key in _JSON_KEYS)


def recognizes(line: str) -> bool:
    """A `Benchmark N:`, `Time (mean ± \u03c3):` or `Range (min … max):` line, or the Markdown
    export's header or row."""
    if not short(line) or not any(word in line for word in _WORDS):
        return False
    return bool(
        _BENCHMARK.match(line)
        or _COMMAND.match(line)
        or _NOTES.match(line)
        or _TIME.match(line)
        or _RANGE.match(line)
        or _TABLE_HEADER.match(line)
        or _TABLE_ROW.match(line)
    )


def parse_hyperfine(text: str, *, source_name: str, started_at: datetime) -> list[RunDocument]:
    """One run document per hyperfine command in `text` (its JSON export: one); ParseError
    when none."""
    if text.lstrip().startswith("{"):
        return [_document(_json_run(text, source_name), started_at, [])]
    runs: list[_Run] = []
    understood: set[int] = set()
    numbered = list(filled_lines(text))
    benchmark: _Benchmark | None = None
    table_unit: str | None = None
    for number, line in numbered:
        if not short(line):
            continue
        if _COMMAND.match(line) and (not runs or runs[-1].results):
            runs.append(_Run(number))
        elif (start := _BENCHMARK.match(line)) is not None:
            if start["number"] == "1" and runs and runs[-1].results:
                runs.append(_Run(number))
            benchmark = _Benchmark(_cut(start["command"]))
        elif (time := _TIME.match(line)) is not None:
            benchmark = _timed(_current(runs, number), benchmark, time)
        elif (spread := _RANGE.match(line)) is not None and benchmark and benchmark.time:
            _current(runs, number).results[-1] = _result(benchmark.name, benchmark.time, spread)
            benchmark = None
        elif (header := _TABLE_HEADER.match(line)) is not None:
            table_unit = header["unit"]
            if runs and runs[-1].results:
                runs.append(_Run(number))
        elif table_unit and (row := _TABLE_ROW.match(line)) is not None:
            _current(runs, number).results.append(_row(row, table_unit))
        elif _NOTES.match(line) is None:
            continue
        understood.add(number)
    missing = "no hyperfine benchmark (`Time (mean ± \u03c3): ...` or its JSON or Markdown export)"
    return run_documents(
        measured(runs, source_name, missing),
        numbered,
        understood,
        source_name,
        lambda run, w: _document(run, started_at, w),
    )


def _current(runs: list[_Run], number: int) -> _Run:
    if not runs:
        runs.append(_Run(number))
    return runs[-1]


def _timed(run: _Run, benchmark: _Benchmark | None, time: re.Match[str]) -> _Benchmark:
    """The result of a Time line, completed by the Range line after it."""
    named = benchmark or _Benchmark(f"benchmark {len(run.results) + 1}")
    run.results.append(_result(named.name, time, None))
    return _Benchmark(named.name, time)


def _cut(command: str) -> str:
    return command if len(command) <= _NAME_CHARS else command[: _NAME_CHARS - 1] + "…"


def _result(name: str, time: re.Match[str], spread: re.Match[str] | None) -> Result:
    unit = time["unit"]
    stats: dict[str, float] = {}
    for key in ("user", "system"):
        if time[key]:
            stats[key] = _in(float(time[key]), time[f"{key}_unit"], unit)
    if spread is not None:
        stats["min"] = _in(float(spread["min"]), spread["min_unit"], unit)
        stats["max"] = _in(float(spread["max"]), spread["max_unit"], unit)
    error = _in(float(time["sd"]), time["sd_unit"], unit) if time["sd"] else None
    runs = int(spread["runs"]) if spread is not None and spread["runs"] else None
    return _figure(name, float(time["mean"]), unit, error, stats, runs if runs else None)


def _row(row: re.Match[str], unit: str) -> Result:
    stats = {"min": float(row["min"]), "max": float(row["max"])}
    error = float(row["sd"]) if row["sd"] else None
    return _figure(_cut(row["command"]), float(row["mean"]), unit, error, stats, None)


def _in(value: float, unit: str, target: str) -> float:
    return value if unit == target else value * _SECONDS[unit] / _SECONDS[target]


def _figure(
    name: str,
    mean: float,
    unit: str,
    error: float | None,
    stats: dict[str, float],
    samples: int | None,
    params: dict[str, Any] | None = None,
    raw: list[float] | None = None,
) -> Result:
    symbol = {"µs": "us", "μs": "us"}.get(unit, unit)
    return Result(
        name=name,
        algorithm=name,
        params=params or {},
        metric="ns_per_op",
        value=mean,
        unit=f"{symbol}/op",
        error=error,
        error_kind="stddev" if error is not None else None,
        samples=samples,
        stats=stats or None,
        raw=raw,
    )


def _json_run(text: str, source_name: str) -> _Run:
    try:
        data = loads(text, source_name=source_name)
    except json.JSONDecodeError as exc:
        raise ParseError(source_name, exc.lineno, f"not JSON: {exc.msg}") from None
    records = data.get("results") if isinstance(data, dict) else None
    run = _Run(
        1, [_json_result(r) for r in records or [] if isinstance(r, dict) and _timed_record(r)]
    )
    if not run.results:
        raise ParseError(source_name, None, 'no "results" with a command and its mean time')
    return run


def _timed_record(record: dict[str, Any]) -> bool:
    return isinstance(record.get("command"), str) and isinstance(record.get("mean"), int | float)


def _json_result(record: dict[str, Any]) -> Result:
    numbers = {k: float(v) for k, v in record.items() if isinstance(v, int | float)}
    stats: dict[str, float] = {
        k: numbers[k] for k in ("median", "min", "max", "user", "system") if k in numbers
    }
    codes = record.get("exit_codes")
    if isinstance(codes, list) and any(code != 0 for code in codes):
        stats["failed_runs"] = float(sum(code != 0 for code in codes))
    times = record.get("times")
    raw = [float(t) for t in times if isinstance(t, int | float)] if isinstance(times, list) else []
    parameters = record.get("parameters")
    params = {str(k): str(v) for k, v in parameters.items()} if isinstance(parameters, dict) else {}
    return _figure(
        _cut(record["command"]),
        numbers["mean"],
        "s",
        numbers.get("stddev"),
        stats,
        len(raw) or None,
        params,
        raw or None,
    )


def _document(run: _Run, at: datetime, warnings: list[ParseWarning]) -> RunDocument:
    return machineless_document(SOURCE, Tool(name=TOOL), run.results, at, warnings)


FORMAT = Format(
    name="hyperfine",
    tool="hyperfine",
    looks_like="its Benchmark N: / Time (mean ± \u03c3): / Range (min … max): lines, the JSON "
    "file of --export-json or the table of --export-markdown",
    parse=harness(parse_hyperfine),
    sources=(SOURCE,),
    count=lines(recognizes),
    whole=WholeText(is_json, 'a hyperfine --export-json file ("results", "command", "mean")'),
    json_artifact=True,
)
