"""JMH's result table as printed at the end of a run (`Benchmark  (param)  Mode  Cnt  Score
Error  Units`) -> one run's results per table. Pure: no I/O.

Rows are read from the right (unit, error, score, count, mode), so misaligned headers and
columns do not matter, nor older JMH's `Samples  Mean  Mean error` header and rows without `±`;
the parameter columns `(name)` of the header give the params, mapped like JMH's JSON
(`jmh.json_results.identity`, `N/A` is no value; values with blanks or empty are cut at the header's edges). Secondary metrics (`:·gc.alloc.rate`,
`:gc.alloc.rate` since JMH 1.36) are results tagged `jmh_metric` as in the JSON; sample mode's
percentile rows (`·p0.50`) become the stats of their benchmark. A table whose numbers carry a
decimal comma (JMH in a German or French locale: `66,289 ± 0,5`) is read with commas. Several
tables in one paste (prose between them) are one run each. The run log around a table
(`# Warmup Iteration`, `Iteration 1:`, `Result ...`) is what the table summarizes and is not
read; every other figure-like line becomes a warning.
"""

import hashlib
import itertools
import re
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from cryptobench_contract import Artifact, Machine, ParseWarning, Result, RunDocument, Tool
from cryptobench_contract.run import MAX_ARTIFACT_CHARS
from cryptobench_contract.units import canonical_unit_symbol, metric_of
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import (
    kept_warnings,
    short,
    unread_figures,
    warned_lines,
    warning,
)
from cryptobench_parsers.jmh.json_results import (
    PERCENTILES,
    finite_number,
    identity,
    parse_jmh,
    secondary,
)
from cryptobench_parsers.text_lines import filled_lines

_RUN_NAMESPACE = uuid.UUID("8d4f2b61-3a9e-4f0c-b7d5-2e6a9c1f4b83")
MODES = ("thrpt", "avgt", "sample", "ss")
_HEADER = re.compile(
    r"^\s*Benchmark(?P<params>(?:\s+\(\w+\))*)\s+Mode\s+(?:Cnt|Samples)\s+(?:Score|Mean)"
    r"(?:\s+(?:Score\s+|Mean\s+)?Error)?\s+Units\s*$",
    re.IGNORECASE,
)
#: The header searched for in a whole text: its blanks are not line feeds, so no `\s*` runs over
#: the blank lines after every line start (40,000 blank lines took 4 s).
_TABLE = re.compile(_HEADER.pattern.replace(r"\s", r"[^\S\n]"), re.MULTILINE | re.IGNORECASE)
_PARAM = re.compile(r"\((\w+)\)")
_NUM = r"-?\d++(?:[.,]\d++)?+(?:[eE][+-]?\d++)?+"
#: Linear in a line's length: the parameter values end at a word (each blank run is crossed once,
#: not once from each of its blanks) and every run of digits or blanks is taken whole
#: (possessive); the same matches as the backtracking pattern, whose blank runs before the mode or
#: the unit cost 0.37 s for one line of 1,000 characters.
_ROW = re.compile(
    rf"^\s*+(?P<name>\S++)(?P<values>(?:\s*+\S)*?)\s++(?P<mode>{'|'.join(MODES)})\s++"
    rf"(?:(?P<cnt>\d++)\s++)?(?P<score>{_NUM}|≈\s*+\S+|NaN)"
    rf"(?:(?:\s*+±\s*+|\s++)(?P<error>{_NUM}|NaN))?\s++(?P<unit>\S++)\s*+$"
)
_MODE_WORD = re.compile(rf"\s(?:{'|'.join(MODES)})\s")
_PERCENTILE = re.compile(r"(?:^|·)p(?P<fraction>[01]\.\d+)$")
_LOG = re.compile(
    r"^\s*(?:#\s*(?:Warmup|Measurement|Timeout|Threads|Benchmark|Run|Fork|JMH|VM|Parameters"
    r"|Detecting|Blackhole)\b|Iteration\s+\d+:|Result\s*[:\"]|"
    r"\S[^:]*±\(99\.9%\)|\(min, avg, max\)|Statistics:|CI \(99\.9%\)|Confidence interval)"
)
_STATS = {float(percent): stat for percent, stat in PERCENTILES.items()}
_VERSION = re.compile(r"^#\s*JMH(?: version:)?\s+(?P<version>\d[\w.\-]*)")
_VM = re.compile(r"^#\s*VM version:\s*(?P<vm>.+?)\s*$")
_NOT_A_ROW = "a row of JMH's result table that could not be read; not stored"
_APPROXIMATE = "JMH printed only an order of magnitude (≈), not a figure; not stored"
_NO_SCORE = "no finite score (the benchmark failed or measured nothing); not stored"
_AMBIGUOUS = "a number with both '.' and ',' in a table of JMH's; not stored"
_HEADERLESS = (
    "JMH rows without their header line (`Benchmark  (param)  Mode  Cnt  Score  Error  Units`): "
    "their parameter columns are stored as param1, param2, ..."
)


@dataclass(frozen=True)
class TextTable:
    """One result table: its header line, results and warnings."""

    line: int
    results: list[Result]
    warnings: list[ParseWarning] = field(default_factory=list)


@dataclass(frozen=True)
class JmhText:
    tables: list[TextTable]
    tool: Tool
    understood: frozenset[int] = frozenset()
    """Lines read: the tables' headers and rows, and the run log around them."""


def looks_like_header(line: str) -> bool:
    return short(line) and _HEADER.match(line) is not None


def has_table(text: str) -> bool:
    """True when `text` holds the header line of a JMH result table."""
    return _TABLE.search(text) is not None


def table_line(line: str) -> bool:
    """True for the header and the rows of a JMH result table (format detection)."""
    return looks_like_header(line) or _row_match(line) is not None


def parse_jmh_text(text: str, *, source_name: str) -> JmhText:
    """Every JMH result table of `text`; raises ParseError when there is none with a result."""
    text = text.removeprefix("\ufeff")
    read = _read(text, source_name)
    tables = read.tables
    if not tables:
        raise ParseError(
            source_name,
            None,
            "no JMH result table (a line `Benchmark  Mode  Cnt  Score  Error  Units`)",
        )
    if not any(table.results for table in tables):
        raise ParseError(source_name, tables[0].line, "the JMH result table holds no finite score")
    said = [item for table in tables for item in table.warnings]
    loose = unread_figures(filled_lines(text), read.understood, warned_lines(said), source_name)
    kept = [TextTable(line=table.line, results=table.results) for table in tables if table.results]
    for item in sorted([*said, *loose], key=lambda item: item.line or 0):
        owner = max(
            (t for t in kept if t.line <= (item.line or 0)), key=lambda t: t.line, default=kept[0]
        )
        owner.warnings.append(item)
    tool = Tool(name="JMH", version=read.version, build=read.vm)
    return JmhText(tables=kept, tool=tool, understood=frozenset(read.understood))


@dataclass
class _Open:
    """A table being read: its first line (the header, or its first row when `header` is None)
    and its rows so far."""

    start: int
    line: str
    header: re.Match[str] | None
    rows: list[tuple[int, re.Match[str]]]


@dataclass
class _Reading:
    """What one pass over the lines found: the tables in order of their lines, the lines
    understood (tables and the run log around them), JMH's version and VM."""

    tables: list[TextTable] = field(default_factory=list)
    understood: set[int] = field(default_factory=set)
    version: str | None = None
    vm: str | None = None


def _read(text: str, source_name: str) -> _Reading:
    """One pass over the lines, one at a time (memory grows with the tables, not the text). A
    table is its header and the rows below it, or rows without a header (a paste cut below it);
    blank lines between its rows (JMH's groups as people paste them) do not end it."""
    read, table = _Reading(), None
    for number, line in filled_lines(text):
        if not line.strip():
            continue
        _run_log(number, line, read)
        row = _row_match(line)
        if table is not None and row is not None:
            table.rows.append((number, row))
            continue
        if table is not None:
            read.tables.append(_table(table, source_name, read.understood))
        table = _open(number, line, row)
    if table is not None:
        read.tables.append(_table(table, source_name, read.understood))
    return read


def _run_log(number: int, line: str, read: _Reading) -> None:
    """Notes line `number` as understood when it is of the run log, and JMH's version and VM."""
    if _LOG.match(line):
        read.understood.add(number)
    if read.version is None and (found := _VERSION.match(line)):
        read.version = found["version"]
    if read.vm is None and (found := _VM.match(line)):
        read.vm = found["vm"][:200]


def _open(number: int, line: str, row: re.Match[str] | None) -> _Open | None:
    """The table that line `number` starts (its header, or a row without one), or None."""
    if looks_like_header(line):
        return _Open(number, line, _HEADER.match(line), [])
    return _Open(number, line, None, [(number, row)]) if row is not None else None


def _row_match(line: str) -> re.Match[str] | None:
    """The row of `line`; the mode word is looked for first (one pass), so that a text of other
    lines is not tried against the row's pattern line by line."""
    if not short(line) or _MODE_WORD.search(line) is None:
        return None
    return _ROW.match(line)


def _table(table: _Open, source_name: str, understood: set[int]) -> TextTable:
    """The results and warnings of `table` (without a header, its parameter columns are
    param1, param2, ...); its lines are added to `understood`."""
    header, rows = table.header, table.rows
    names = _PARAM.findall(header["params"]) if header else []
    ends = (
        [header.start("params") + found.end() for found in _PARAM.finditer(header["params"])]
        if header
        else []
    )
    comma = _decimal_comma([row for _, row in rows])
    results: list[Result] = []
    warnings: list[ParseWarning] = []
    primaries: dict[tuple[str, tuple[str, ...]], int] = {}
    for number, row in rows:
        values: list[str] | None = _values(row, ends) if header else row["values"].split()
        if not header and values is not None:
            names = [f"param{index}" for index in range(1, len(values) + 1)]
        problem = (
            _row(row, dict(zip(names, values, strict=True)), comma, results, primaries)
            if values is not None
            else _NOT_A_ROW
        )
        if problem:
            warnings.append(warning(number, row.string, problem, source_name))
    if not header and any(row["values"].strip() for _, row in rows):
        warnings.insert(0, warning(table.start, table.line, _HEADERLESS, source_name))
    understood |= {table.start, *(number for number, _ in rows)}
    return TextTable(line=table.start, results=results, warnings=warnings)


def _values(row: re.Match[str], ends: list[int]) -> list[str] | None:
    """The row's parameter values, one per header column `(name)` (whose right edge is at
    `ends`): split at blanks when they are as many, else cut at the header's right edges (values
    with blanks, empty values); None when that does not account for every word."""
    text, start = row["values"], row.start("values")
    words = text.split()
    if len(words) == len(ends):
        return words
    if not ends:
        return None
    if len(ends) == 1:
        return [text.strip()]
    line = row.string
    cuts = [start, *ends[:-1], row.start("mode")]
    values = [line[a:b].strip() for a, b in itertools.pairwise(cuts)]
    return values if " ".join(values).split() == words else None


def _decimal_comma(rows: list[re.Match[str]]) -> bool:
    """True when the table's figures use a decimal comma (`66,289 ± 0,5`)."""
    cells = [cell for row in rows for cell in (row["score"], row["error"]) if cell]
    return any("," in cell for cell in cells) and not any("." in cell for cell in cells)


def _row(
    row: re.Match[str],
    params: dict[str, str],
    comma: bool,
    results: list[Result],
    primaries: dict[tuple[str, tuple[str, ...]], int],
) -> str | None:
    """Adds the row's result (or its percentile to its benchmark's stats); the reason when not."""
    name, mode, cnt, score, error, unit = row.group("name", "mode", "cnt", "score", "error", "unit")
    if score.startswith("≈"):
        return _APPROXIMATE
    value, err = _figure(score, comma), _figure(error, comma) if error else None
    if value is None or (error and err is None):
        return _AMBIGUOUS if "," in score + (error or "") and not comma else _NO_SCORE
    benchmark, _, key = name.partition(":")
    where = (benchmark, tuple(params.values()))
    stat = _stat(key) if mode == "sample" and where in primaries else None
    if stat:
        primary = results[primaries[where]]
        stats = {**(primary.stats or {}), stat: value}
        results[primaries[where]] = primary.model_copy(update={"stats": stats})
        return None
    if not key:
        primaries[where] = len(results)
    given = tuple((k, v) for k, v in params.items() if v != "N/A")
    results.append(
        Result(
            **_named(name, mode, given, unit),
            value=value,
            error=err,
            error_kind="ci99.9" if err is not None else None,
            samples=int(cnt) if cnt else None,
        )
    )
    return None


@lru_cache(maxsize=65536)
def _named(
    name: str, mode: str, params: tuple[tuple[str, str], ...], unit_cell: str
) -> dict[str, Any]:
    """A row's name, identity, unit and metric, made once per distinct name, params and unit
    (memoized: a table names a few benchmarks over many rows); read only, as `Result` copies."""
    benchmark, _, key = name.partition(":")
    base = identity({"benchmark": benchmark, "mode": mode, "params": dict(params)})
    unit = canonical_unit_symbol(unit_cell)
    return {
        "name": name,
        **(secondary(base, key) if key else base),
        "metric": metric_of(unit),
        "unit": unit,
    }


def _figure(cell: str, comma: bool) -> float | None:
    if comma:
        cell = cell.replace(",", ".")
    elif "," in cell:
        return None
    return finite_number(cell)


def _stat(key: str) -> str | None:
    """The stat name of sample mode's percentile row `·p0.50` (median), or None."""
    found = _PERCENTILE.search(key)
    if found is None:
        return None
    return _STATS.get(round(float(found["fraction"]) * 100, 4))


def jmh_documents(
    text: str, *, source_name: str, machine: Machine, started_at: datetime
) -> list[RunDocument]:
    """The run documents of a JMH output: its JSON file (`-rf json`, one run) or the result
    tables it printed (one run per table). Run ids are uuid5 of the text and the table."""
    if text.lstrip().startswith(("[", "{")):
        return [parse_jmh(text, source_name=source_name, machine=machine, started_at=started_at)]
    parsed = parse_jmh_text(text, source_name=source_name)
    digest = hashlib.sha256(text.encode()).hexdigest()
    artifact = (
        Artifact(media_type="text/plain", content=text) if len(text) <= MAX_ARTIFACT_CHARS else None
    )
    return [
        RunDocument(
            run_id=uuid.uuid5(_RUN_NAMESPACE, f"{digest}:{table.line}"),
            source="jmh",
            started_at=started_at,
            machine=machine,
            tool=parsed.tool,
            results=table.results,
            artifact=artifact,
            warnings=kept_warnings(table.warnings),
        )
        for table in parsed.tables
    ]
