"""Rust criterion's console output -> run documents. Pure: no I/O.

`NAME  time: [lower estimate upper]` (the name on the same line or the line before) is a time
result: the value is the middle figure, the error half the interval (criterion's 95% confidence
interval, error_kind `ci95`), both bounds kept as stats. A following `thrpt: [...]` line in
bytes (B/s to GiB/s, KB/s to GB/s; `cpb` = cycles per byte beside cycles) is the same
measurement over the bytes an iteration processes: it is stored once, as the time result with
that size as `block_bytes` (the name's size, else throughput x time when that is a power of two or a whole number
of bytes within the figures' rounding, a number segment of that size then leaving the
algorithm's name), from
which the store derives the throughput again. Elements per second are a second result, as
printed. Custom measurements print their own unit (`cycles`: cycles per iteration).

Not figures, read and left out on purpose: `change:` blocks (the percent change against the
previous run on that machine, which the dashboard computes itself), `Benchmarking NAME: ...`
progress lines and criterion's `Warning: Unable to complete 100 samples in 5.0s ...` advice.
A name measured again after others starts another run (a paste of several machines' output).
criterion prints nothing about the machine: it is the unknown machine unless the import names it.
"""

import math
import re
from datetime import datetime
from typing import Any

from cryptobench_contract import ParseWarning, Result, RunDocument, Tool
from cryptobench_contract.units import UNITS, canonical_unit_symbol, metric_of
from cryptobench_contract.vocabulary import Source
from cryptobench_parsers.bench_names import distinct_series, name_facts, size_stem
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import short
from cryptobench_parsers.harness_runs import (
    NamedRun,
    add_results,
    machineless_document,
    run_documents,
)
from cryptobench_parsers.import_format import Format, harness, lines
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "criterion"
TOOL = "criterion"
#: Linear in a line's length: digit and blank runs are taken whole (possessive) and the name
#: ends at a word, so a blank run is crossed once, not once from each of its blanks (the same
#: matches; a line of 1,000 blanks took 67 ms).
_NUMBER = r"[+-]?\d++(?:\.\d++)?+(?:[eE][+-]?\d++)?+"
_INTERVAL = rf"\[\s*+({_NUMBER})\s++(\S++)\s++({_NUMBER})\s++(\S++)\s++({_NUMBER})\s++(\S+)\s*+\]"
_TIME = re.compile(rf"^(?P<name>(?:\s*+\S)*?)\s*+\btime:\s++{_INTERVAL}")
_THRPT = re.compile(rf"^\s*thrpt:\s+{_INTERVAL}")
_CHANGE = re.compile(r"^\s*change:")
_PERCENT = re.compile(r"^\s*(?:time|thrpt|change):\s+\[[^\]]*%")
_PROGRESS = re.compile(r"^\s*Benchmarking (?P<name>.+?):")
_ADVICE = re.compile(r"^\s*Warning: Unable to complete \d+ samples")
#: criterion's time units -> the contract's (`ps` is scaled to ns).
_TIME_UNITS = {"ns": ("ns/op", 1.0), "ps": ("ns/op", 1e-3), "µs": ("us/op", 1.0)}
_TIME_UNITS |= {"us": ("us/op", 1.0), "ms": ("ms/op", 1.0), "s": ("s/op", 1.0)}
_OTHER_UNITS = {"cycles": "cycles/op", "cpb": "cycles/B"}


def recognizes(line: str) -> bool:
    """A `time: [..]` or `thrpt: [..]` line of figures (not a change in percent). Lines without
    either word are refused before any pattern is tried (format detection scans 1 MB)."""
    if ("time:" not in line and "thrpt:" not in line) or not short(line) or _PERCENT.match(line):
        return False
    return _TIME.match(line) is not None or _THRPT.match(line) is not None


def parse_criterion(text: str, *, source_name: str, started_at: datetime) -> list[RunDocument]:
    """One run document per run of criterion in `text`; ParseError when no result."""
    runs: list[NamedRun] = []
    understood: set[int] = set()
    numbered = list(filled_lines(text))
    previous = ""
    for number, line in numbered:
        row = short(line) and not _PERCENT.match(line)
        time = _TIME.match(line) if row else None
        thrpt = _THRPT.match(line) if row else None
        if time is not None and (name := time["name"].strip() or _name_before(previous)):
            add_results(runs, number, name, [_result(name, time.groups()[1:])], size_stem(name))
            understood.add(number)
        elif thrpt is not None and runs:
            run = runs[-1]
            rate = _result(run.results[-1].name, thrpt.groups())
            if (sized := _sized(run.results[-1], rate)) is not None:
                run.results[-1] = sized
            else:
                run.results.append(rate)
                run.stems.append(run.stems[-1])
            understood.add(number)
        elif (
            _CHANGE.match(line)
            or _PERCENT.match(line)
            or _PROGRESS.match(line)
            or _ADVICE.match(line)
        ):
            understood.add(number)
        previous = line if line.strip() else previous
    if not runs:
        raise ParseError(source_name, None, f"no {TOOL} results (`NAME  time: [a b c]`)")
    return run_documents(
        runs, numbered, understood, source_name, lambda run, w: _document(run, started_at, w)
    )


def _name_before(previous: str) -> str:
    """The benchmark's name on the line before its `time:` line (criterion prints a long name
    alone); a progress line glued to it (`Benchmarking X: Collecting ... estimX`) names X."""
    progress = _PROGRESS.match(previous)
    return progress["name"].strip() if progress else previous.strip()


def _result(name: str, groups: tuple[str | None, ...]) -> Result:
    lower, unit, middle, _, upper, _ = (g or "" for g in groups)
    symbol, scale = _TIME_UNITS.get(unit) or (
        _OTHER_UNITS.get(unit) or canonical_unit_symbol(unit),
        1.0,
    )
    low, mid, high = (float(v) * scale for v in (lower, middle, upper))
    facts = name_facts(name)
    return Result(
        name=name,
        family=facts.family,
        algorithm=facts.algorithm,
        operation=facts.operation,
        params=dict(facts.params),
        metric=metric_of(symbol),
        value=mid,
        unit=symbol,
        error=round(abs(high - low) / 2, 12),
        error_kind="ci95",
        stats={"ci95_lower": min(low, high), "ci95_upper": max(low, high)},
    )


#: (time metric, throughput metric) pairs whose quotient is the bytes of one iteration.
_PER_BYTE = {("ns_per_op", "bytes_per_s"), ("cycles_per_op", "cycles_per_byte")}
#: How far the quotient of two figures criterion rounds to 5 digits may be from the bytes it
#: stands for: relative to a power of two (the sizes benchmarks use), absolute to any other.
_POWER_OF_TWO_SHARE = 2e-4
_WHOLE = 0.05


def _sized(time: Result, rate: Result) -> Result | None:
    """`time` with the bytes per iteration `rate` states (module doc), or None when `rate` is
    not a byte rate of `time` or states no whole number of bytes."""
    if (time.metric, rate.metric) not in _PER_BYTE or not time.value or not rate.value:
        return None
    if "block_bytes" in time.params:
        return time
    per_op, per_rate = UNITS[time.unit].scale * time.value, UNITS[rate.unit].scale * rate.value
    size = per_op * per_rate * 1e-9 if rate.metric == "bytes_per_s" else per_op / per_rate
    whole = _whole_bytes(size)
    if whole is None:
        return None
    update: dict[str, Any] = {"params": {**time.params, "block_bytes": whole}}
    if time.algorithm == time.name:
        update["algorithm"] = re.sub(rf"/{whole}(?=/|$)", "", time.name) or time.name
    return time.model_copy(update=update)


def _whole_bytes(size: float) -> int | None:
    """The whole number of bytes `size` (a quotient of rounded figures) stands for, if any."""
    if size < 0.5:
        return None
    power = 1 << max(0, round(math.log2(size)))
    if abs(size - power) <= _POWER_OF_TWO_SHARE * power:
        return power
    return round(size) if abs(size - round(size)) <= _WHOLE else None


def _document(run: NamedRun, at: datetime, warnings: list[ParseWarning]) -> RunDocument:
    return machineless_document(
        SOURCE, Tool(name=TOOL), distinct_series(run.results, run.stems), at, warnings
    )


FORMAT = Format(
    name="criterion",
    tool="Rust criterion",
    looks_like="its console output: time: [..] and thrpt: [..] lines",
    parse=harness(parse_criterion),
    sources=(SOURCE,),
    count=lines(recognizes),
)
