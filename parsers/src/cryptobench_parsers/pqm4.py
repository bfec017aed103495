"""pqm4's (and the other mupq projects': pqm3, ...) benchmark tables -> run documents. Pure.

mupq's `convert_benchmarks.py` writes `benchmarks.md` and `benchmarks.csv`: for key
encapsulation and signature schemes, a Speed Evaluation table of cycle counts per operation
    | scheme | implementation | key generation [cycles] | encapsulation [cycles] | ...
    | ml-kem-768 (10 executions) | m4fspeed | AVG: 642,096 <br /> MIN: 639,116 <br /> MAX: 651,103 | ...
(the CSV: `Key Generation [cycles] (mean),... (min),... (max)`), then Memory (stack bytes),
Hashing (share of the cycles spent in hashing) and Size (.text, .data, .bss bytes)
Evaluations of the same implementations. Each speed cell is a result: the scheme (canonical
where the vocabulary knows it: ml-kem-768 -> ML-KEM-768), its operation (key generation ->
keygen, encapsulation, decapsulation, sign, verify), family kem or signature, the
implementation as param `implementation`, metric cycles_per_op in the unit printed (cycles/op;
`3,912k` of a hand-made summary in kcycles/op), the executions as samples and MIN/MAX as
stats. The other evaluations are that result's stats (`stack_bytes`, `hashing_percent`,
`text_bytes`, `data_bytes`, `bss_bytes`, `total_bytes`). No clock is printed: the figures stay
cycles (never converted to time), and the board is the machine only when the person names it.
A scheme's operation measured again (another board's tables pasted after) starts a run.
"""

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cryptobench_contract import ParseWarning, Result, RunDocument, Tool
from cryptobench_contract.vocabulary import Family, Operation, Source
from cryptobench_parsers.figures import short, warning
from cryptobench_parsers.harness_runs import machineless_document, measured, run_documents
from cryptobench_parsers.import_format import Format, harness, lines
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "pqm4"
TOOL = "pqm4 benchmarks"
_HEADER = re.compile(r"^[\s|]*scheme[\s|,]+implementation[\s|,]", re.IGNORECASE)
#: A column's name has its words apart by spaces, taken whole (possessive), so the blanks before
#: `[` are not tried as the name's too (a cell of 1,000 blanks took 8 ms).
_COLUMN = re.compile(
    r"(?P<name>[\w. ](?:[\w.]++| ++(?=[\w.]))*+)\s*+\[(?P<unit>cycles|bytes|%)\]"
    r"(?:\s*\((?P<stat>\w+)\))?$"
)
_EXECUTIONS = re.compile(r"(?P<n>\d+) executions?\)")
_AVG = re.compile(r"AVG:\s*(?P<avg>[\d,]+)\s*MIN:\s*(?P<min>[\d,]+)\s*MAX:\s*(?P<max>[\d,]+)")
_PLAIN = re.compile(r"^(?P<value>\d[\d,]*(?:\.\d+)?)(?P<suffix>k|%)?$")
_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_OPERATIONS: dict[str, Operation] = {
    "key generation": "keygen",
    "encapsulation": "encaps",
    "decapsulation": "decaps",
    "sign": "sign",
    "verify": "verify",
}
_SIZES = {".text": "text_bytes", ".data": "data_bytes", ".bss": "bss_bytes", "total": "total_bytes"}
NOT_READ = "a row of a pqm4 table whose cells do not match its header; not stored"
NO_SPEED = "a figure of an implementation whose speed the text does not give; not stored"


@dataclass
class _Table:
    columns: list[tuple[str, str]]
    """(operation or size field, unit) of each value column."""
    csv: bool
    statistics: bool
    """The CSV's speed table: mean, min and max columns for each operation."""
    family: Family


@dataclass
class _Run:
    first_line: int
    results: list[Result] = field(default_factory=list)
    index: dict[tuple[str, str, str], int] = field(default_factory=dict)
    """The position in `results` of each (scheme, implementation, column)."""


@dataclass
class _Reader:
    runs: list[_Run] = field(default_factory=list)
    table: _Table | None = None
    understood: set[int] = field(default_factory=set)
    warned: list[ParseWarning] = field(default_factory=list)


def recognizes(line: str) -> bool:
    """A table header (`scheme | implementation | ... [cycles]`) or a row with AVG/MIN/MAX."""
    return short(line) and (
        (_HEADER.match(line) is not None and "[" in line) or _AVG.search(line) is not None
    )


def parse_pqm4(text: str, *, source_name: str, started_at: datetime) -> list[RunDocument]:
    """One run document per board's tables in `text`; ParseError when no speed cell is read."""
    reader = _Reader()
    numbered = list(filled_lines(text))
    for number, line in numbered:
        if short(line):
            _read(reader, number, line, source_name)
    runs = [run for run in reader.runs if run.results]
    missing = "no pqm4 speed table (`| scheme | implementation | key generation [cycles] | ...`)"
    return run_documents(
        measured(runs, source_name, missing),
        numbered,
        reader.understood,
        source_name,
        lambda run, w: _document(run, started_at, w),
        warned=reader.warned,
    )


def _read(reader: _Reader, number: int, line: str, source_name: str) -> None:
    table = reader.table
    if _HEADER.match(line):
        reader.table = _table(line)
    elif table is None:
        return
    elif not (cells := _cells(line, table.csv)) or not _values(cells, table):
        reader.table = None
        return
    elif not _row(reader, table, number, cells, source_name):
        reader.warned.append(warning(number, line, NOT_READ, source_name))
    reader.understood.add(number)


def _table(line: str) -> _Table:
    csv = "," in line and "|" not in line
    found = [c for cell in _cells(line, csv) if (c := _COLUMN.match(cell))]
    columns = [(c["name"].strip().lower(), c["unit"]) for c in found]
    statistics = any(c["stat"] for c in found)
    names = {name for name, _ in columns}
    family: Family = "kem" if "encapsulation" in names else "signature"
    return _Table(columns[::3] if statistics else columns, csv, statistics, family)


def _cells(line: str, csv: bool) -> list[str]:
    """The cells of a table row: CSV fields, a Markdown row's cells, or the cells
    tolerant.readable left apart by two blanks or more (a rule row is no row)."""
    text = _BR.sub(" ", line).strip()
    if csv:
        cells = text.split(",")
    elif text.startswith("|"):
        cells = text.strip("|").split("|")
    else:
        cells = re.split(r"\s{2,}", text)
    cells = [cell.strip() for cell in cells]
    return cells if len(cells) >= 3 and cells[0] and not set(cells[0]) <= set("-:") else []


def _row(reader: _Reader, table: _Table, number: int, cells: list[str], source_name: str) -> bool:
    values = _values(cells, table)
    if len(values) != len(table.columns):
        return False
    scheme, _, tail = cells[0].rpartition(" (")
    runs = _EXECUTIONS.fullmatch(tail) if scheme else None
    name, implementation = (scheme.strip() if runs else cells[0]), cells[1]
    executions = int(runs["n"]) if runs else None
    for (column, unit), cell in zip(table.columns, values, strict=True):
        if unit == "cycles":
            _speed(reader, number, (name, implementation, column), table.family, executions, cell)
        elif not _statistic(reader, name, implementation, column, unit, cell[0]):
            reader.warned.append(warning(number, " | ".join(cells), NO_SPEED, source_name))
            return True
    return True


def _values(cells: list[str], table: _Table) -> list[tuple[float, float | None, float | None, str]]:
    """(value, min, max, suffix) of each value cell: `AVG: .. MIN: .. MAX: ..`, a plain number
    (`642,096`, `3,912k`, `15.9%`), or the CSV's mean, min and max."""
    text = " ".join(cells[2:])
    groups = list(_AVG.finditer(text))
    if groups:
        return [(_number(g["avg"]), _number(g["min"]), _number(g["max"]), "") for g in groups]
    plain = [found for word in text.split() if (found := _PLAIN.match(word))]
    numbers = [(_number(p["value"]), p["suffix"] or "") for p in plain]
    if table.statistics:
        return [
            (numbers[i][0], numbers[i + 1][0], numbers[i + 2][0], "")
            for i in range(0, len(numbers) - 2, 3)
        ]
    return [(value, None, None, suffix) for value, suffix in numbers]


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _speed(
    reader: _Reader,
    number: int,
    key: tuple[str, str, str],
    family: Family,
    executions: int | None,
    cell: tuple[float, float | None, float | None, str],
) -> None:
    name, implementation, column = key
    value, low, high, suffix = cell
    if not reader.runs or key in reader.runs[-1].index:
        reader.runs.append(_Run(number))
    run = reader.runs[-1]
    operation = _OPERATIONS.get(column)
    params: dict[str, Any] = {"implementation": implementation}
    params |= {} if operation else {"variant": column}
    run.index[key] = len(run.results)
    run.results.append(
        Result(
            name=name,
            family=family,
            algorithm=name,
            operation=operation,
            params=params,
            metric="cycles_per_op",
            value=value,
            unit="kcycles/op" if suffix == "k" else "cycles/op",
            samples=executions,
            stats={"min": low, "max": high} if low is not None and high is not None else None,
        )
    )


def _statistic(
    reader: _Reader, name: str, implementation: str, column: str, unit: str, value: float
) -> bool:
    """`value` as a stat of the speed results it describes: the operation's (stack, hashing)
    or every operation's of the implementation (sizes). False when there is none."""
    run = reader.runs[-1] if reader.runs else None
    if run is None:
        return False
    if column in _SIZES:
        places = [i for k, i in run.index.items() if k[:2] == (name, implementation)]
        stat = _SIZES[column]
    else:
        places = [i for k, i in run.index.items() if k == (name, implementation, column)]
        stat = "hashing_percent" if unit == "%" else "stack_bytes"
    for place in places:
        result = run.results[place]
        stats = {**(result.stats or {}), stat: value}
        run.results[place] = result.model_copy(update={"stats": stats})
    return bool(places)


def _document(run: _Run, at: datetime, warnings: list[ParseWarning]) -> RunDocument:
    return machineless_document(SOURCE, Tool(name=TOOL), run.results, at, warnings)


FORMAT = Format(
    name="pqm4",
    tool="pqm4 / mupq benchmarks",
    looks_like="its benchmarks.md or benchmarks.csv (scheme | implementation | key generation "
    "[cycles] ...): cycles per operation, stack, hashing and size as their stats",
    parse=harness(parse_pqm4),
    sources=(SOURCE,),
    count=lines(recognizes),
)
