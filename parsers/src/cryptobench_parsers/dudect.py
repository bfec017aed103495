"""dudect's leakage-test lines -> run documents. Pure: no I/O.

dudect (Reparaz et al., "Dude, is my code constant time?") times a function on two classes of
inputs and prints, as measurements accumulate, Welch's t statistic of the classes' timings:
    meas:    0.37 M, max t: +1271.13, max tau: 3.47e-03, (5/tau)^2: 2.07e+06. Definitely not ...
and the Rust crate dudect-bencher prints the same statistics of each named bench:
    bench array_eq ... : n == +0.046M, max t = +61.61472, max tau = +0.28863, (5/tau)^2 = 300
`max t` is no time, rate or cycle count: no metric of the contract measures it, so it is stored
as what it is, a figure of metric `other` in unit `|t|` with params `statistic: max t` (the
tool's name for it): the largest |t| over dudect's cropped tests (dudect-bencher prints it
signed: which class was slower; figures and stats of the contract are not negative, so the
sign is not stored), the evidence of a timing leak (above 10: probably not constant
time; the verdict dudect prints is that threshold, not stored). `max tau` (t over the square
root of the measurements) and the measurements (`0.37 M`, also the samples) are stats;
`(5/tau)^2` (the measurements that would show t = 5) is 25 / max tau^2: derived, not stored
(it reaches 1.6e16, past what a stat holds). One test is one result:
dudect's lines of one test (one after the other, `[...]`, `...` and `^C` between them) are its
progress, the last one its figure, every max t in `raw`; the name is the program the command
line just before them runs (`$ ./dudect_cmpmemcmp_-O2`), else `dudect test N`; a bench's name
is dudect-bencher's. `meas: ... not enough measurements` lines hold no statistic yet. A name
measured again starts another run.
"""

import re
from dataclasses import dataclass, field
from datetime import datetime

from cryptobench_contract import ParseWarning, Result, RunDocument, Tool
from cryptobench_contract.vocabulary import Source
from cryptobench_parsers.bench_names import name_facts
from cryptobench_parsers.figures import short
from cryptobench_parsers.harness_runs import (
    NamedRun,
    add_results,
    machineless_document,
    measured,
    run_documents,
)
from cryptobench_parsers.import_format import Format, harness, lines
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "dudect"
_NUMBER = r"\d+(?:\.\d+)?(?:[eE][+-]?\d+)?"
_MEAS = re.compile(
    rf"^\s*meas:\s*(?P<meas>{_NUMBER}) M, max t:\s*(?P<t>[+-]?{_NUMBER}), max tau:\s*"
    rf"(?P<tau>[+-]?{_NUMBER})(?:,? \(5/tau\)\^2:\s*{_NUMBER})?"
)
_NOT_ENOUGH = re.compile(rf"^\s*meas:\s*{_NUMBER} M, not enough measurements")
_BENCH = re.compile(
    rf"^\s*bench (?P<name>\S.{{0,200}}?) \.\.\. : n == \+?(?P<meas>{_NUMBER})M, max t = "
    rf"(?P<t>[+-]?{_NUMBER}), max tau = (?P<tau>[+-]?{_NUMBER}), \(5/tau\)\^2 = {_NUMBER}"
)
_SEEDED = re.compile(r"^\s*bench \S+ seeded with 0x[0-9a-fA-F]+\s*$")
#: Lines inside one test's progress: a person's elision, an interrupt, a Markdown fence.
_BETWEEN = re.compile(r"^\s*(?:\[\.\.\.\]|\.\.\.|…|\^C|```\w*|~~~\w*)\s*$")
#: The program a command line runs from the working tree (`$ ./dudect_aes32_-O2`,
#: `taskset -c 0 ./build/dudect/test_kyber512_kem.out`): the test's name.
_PROGRAM = re.compile(r"(?:^|[\s$#%>])\./(?:[\w.+\-]+/)*(?P<program>[\w.+\-]+)(?=\s|$)")


@dataclass
class _Test:
    name: str
    first_line: int
    lines: list[re.Match[str]] = field(default_factory=list)


@dataclass
class _Reader:
    runs: list[NamedRun] = field(default_factory=list)
    test: _Test | None = None
    program: str | None = None
    unnamed: int = 0
    understood: set[int] = field(default_factory=set)


def recognizes(line: str) -> bool:
    """A `meas: ... max t: ...` line of dudect or a `bench X ... : n == ..., max t = ...` line of
    dudect-bencher (or their `not enough measurements` and `seeded with` lines)."""
    if not short(line) or ("meas:" not in line and "bench " not in line):
        return False
    return bool(
        _MEAS.match(line) or _BENCH.match(line) or _NOT_ENOUGH.match(line) or _SEEDED.match(line)
    )


def parse_dudect(text: str, *, source_name: str, started_at: datetime) -> list[RunDocument]:
    """One run document of the tests in `text` (another when a test's name comes again);
    ParseError when none holds a statistic."""
    reader = _Reader()
    numbered = list(filled_lines(text))
    for number, line in numbered:
        if short(line):
            _read(reader, number, line)
    _close(reader)
    missing = "no dudect statistic (`meas: ... M, max t: ..., max tau: ...`)"
    return run_documents(
        measured(reader.runs, source_name, missing),
        numbered,
        reader.understood,
        source_name,
        lambda run, w: _document(run, started_at, w),
    )


def _read(reader: _Reader, number: int, line: str) -> None:
    if (meas := _MEAS.match(line)) is not None:
        test = reader.test
        if test is None or test.name.startswith("bench:") or _restarted(test, meas):
            _close(reader)
            test = reader.test = _Test(_test_name(reader), number)
        test.lines.append(meas)
    elif (bench := _BENCH.match(line)) is not None:
        name = f"bench:{bench['name']}"
        test = reader.test
        if test is None or test.name != name:
            _close(reader)
            test = reader.test = _Test(name, number)
        test.lines.append(bench)
    elif _NOT_ENOUGH.match(line) or _SEEDED.match(line) or _BETWEEN.match(line):
        pass
    else:
        _close(reader)
        program = _PROGRAM.search(line)
        reader.program = program["program"] if program else None
        return
    reader.understood.add(number)


def _restarted(test: _Test, meas: re.Match[str]) -> bool:
    """Fewer measurements than the line before: another test's progress."""
    return float(meas["meas"]) < float(test.lines[-1]["meas"])


def _test_name(reader: _Reader) -> str:
    """The program the command line before the test runs, else `dudect test N`."""
    program, reader.program = reader.program, None
    if program is not None:
        return program
    reader.unnamed += 1
    return f"dudect test {reader.unnamed}"


def _close(reader: _Reader) -> None:
    test, reader.test = reader.test, None
    if test is None:
        return
    bencher = test.name.startswith("bench:")
    name = test.name.removeprefix("bench:")
    result = _result(name, test.lines)
    context = {"tool": "dudect-bencher" if bencher else "dudect"}
    add_results(reader.runs, test.first_line, name, [result], name, context)


def _result(name: str, lines: list[re.Match[str]]) -> Result:
    last = lines[-1]
    t, tau = float(last["t"]), float(last["tau"])
    measurements = round(float(last["meas"]) * 1e6)
    stats = {"max_tau": abs(tau), "measurements": float(measurements)}
    facts = name_facts(name)
    return Result(
        name=name,
        family=facts.family,
        algorithm=facts.algorithm,
        operation=facts.operation,
        params={**facts.params, "statistic": "max t"},
        metric="other",
        value=abs(t),
        unit="|t|",
        samples=measurements or None,
        stats=stats,
        raw=[abs(float(line["t"])) for line in lines] if len(lines) > 1 else None,
    )


def _document(run: NamedRun, at: datetime, warnings: list[ParseWarning]) -> RunDocument:
    return machineless_document(
        SOURCE, Tool(name=run.context.get("tool", "dudect")), run.results, at, warnings
    )


FORMAT = Format(
    name="dudect",
    tool="dudect (constant-time leakage test)",
    looks_like="its meas: ... M, max t: ..., max tau: ... lines or dudect-bencher's bench X ... "
    ": n == ..., max t = ... lines: max t as a figure of its own, not a time",
    parse=harness(parse_dudect),
    sources=(SOURCE,),
    count=lines(recognizes),
)
