"""CSV and LaTeX renderings of flat result rows (pure functions of the rows).

CSV: one line per result, every canonical metric, one `param.<name>` and `tag.<name>` column per
key present. LaTeX: a table in the spirit of seed 004's output: one row per benchmark
(operation + params, grouped under a bold algorithm line), one column per value of a dimension
(default: library), cells the mean of the metric with thousands separated by commas, `--` where
nothing was measured.

CSV comes in two flavours, the same two as the UI's exports (frontend/src/lib/csv.ts):
- data (`format=csv`): every value exactly as stored, RFC 4180 quoting only (a cell with a
  comma, quote, CR, LF or `;` is quoted), so that pandas' `read_csv` and R's `read.csv` load
  `-O2` as `-O2`;
- spreadsheet (`format=spreadsheet`): text from data can never run as a formula: a text cell
  that a spreadsheet would read as one (it starts with = + - @ tab or carriage return) gets a
  leading single quote (OWASP's CSV injection rule), and so does each part of it after a `;` (a
  spreadsheet of a `;` locale splits an unquoted `a;=1+2` into `a` and a live `=1+2`); a cell
  with a `;` is quoted, so that it stays one cell there. Numbers, and text that is a plain
  number such as "-1.5", are written as they are.
LaTeX specials are escaped.
"""

import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

from cryptobench_contract.units import CANONICAL_UNIT
from cryptobench_server.models import FIGURES
from cryptobench_server.stats import mean

CSV_FIXED = (
    "run_id",
    "started_at",
    "source",
    "machine",
    "clock_hz",
    "name",
    "family",
    "algorithm",
    "operation",
    "library",
    "library_version",
    "metric",
    "value",
    "unit",
    "error",
    "error_kind",
    "samples",
    *FIGURES,
    "derived",
    "flags",
)


def csv_lines(
    rows: Iterable[dict[str, Any]],
    param_keys: Sequence[str],
    tag_keys: Sequence[str],
    *,
    spreadsheet: bool = False,
) -> Iterator[str]:
    """The CSV text in chunks: a header, then one line per row; `spreadsheet`: the flavour whose
    text cells cannot run as formulas, else every value exactly."""

    def cell(value: Any) -> str:
        text = _cell(value)
        if spreadsheet and isinstance(value, str | list):
            return ";".join(_inert(part) for part in text.split(";"))
        return text

    header = [*CSV_FIXED, *(f"param.{k}" for k in param_keys), *(f"tag.{k}" for k in tag_keys)]
    yield _line([cell(name) for name in header])
    for row in rows:
        cells = [cell(row[name]) for name in CSV_FIXED]
        cells += [cell(row["params"].get(k)) for k in param_keys]
        cells += [cell(row["tags"].get(k)) for k in tag_keys]
        yield _line(cells)


def _line(cells: Sequence[str]) -> str:
    """One CSV line ending in LF (RFC 4180 quoting: a cell with a comma, quote, CR or LF, and
    one with a `;`, which a spreadsheet of a `;` locale would split, is quoted)."""
    return ",".join(_quoted(cell) for cell in cells) + "\n"


def _quoted(cell: str) -> str:
    return '"' + cell.replace('"', '""') + '"' if _QUOTE.search(cell) else cell


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_QUOTE = re.compile(r'[",;\r\n]')


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, datetime):
        return (
            value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        ).isoformat()
    return ";".join(str(v) for v in value) if isinstance(value, list) else str(value)


def _inert(part: str) -> str:
    """`part` of a text cell (the cell, or a part of it after a `;`) as a spreadsheet cannot
    run it: a single quote before a formula start, a plain number as it is."""
    formula = part.startswith(FORMULA_START) and _NUMBER.fullmatch(part) is None
    return "'" + part if formula else part


def benchmark_label(row: dict[str, Any]) -> str:
    params = ", ".join(f"{k}={v}" for k, v in sorted(row["params"].items()))
    operation = row["operation"] or row["name"]
    return f"{operation} ({params})" if params else operation


def latex_table(rows: Iterable[dict[str, Any]], *, metric: str, column: str) -> str:
    """Pivot rows to algorithm/benchmark x `column` values, cells the mean of `metric`."""
    cells: dict[tuple[str, str], dict[str, list[float]]] = {}
    columns: dict[str, None] = {}
    for row in rows:
        if row[metric] is None:
            continue
        heading = _column_value(row, column)
        columns[heading] = None
        cells.setdefault((row["algorithm"], benchmark_label(row)), {}).setdefault(
            heading, []
        ).append(row[metric])
    names = sorted(columns)
    unit = CANONICAL_UNIT[metric]
    lines = [
        r"\begin{table}[ht]",
        r"\centering",
        r"\begin{tabular}{l" + "r" * len(names) + "}",
        r"\hline",
        " & ".join(("Benchmark", *(f"{tex(n)} [{tex(unit)}]" for n in names))) + r" \\",
        r"\hline",
    ]
    algorithm = None
    for key in sorted(cells):
        if key[0] != algorithm:
            algorithm = key[0]
            lines.append(
                rf"\multicolumn{{{len(names) + 1}}}{{l}}{{\textbf{{{tex(algorithm)}}}}} \\"
            )
        values = [cells[key].get(n) for n in names]
        lines.append(" & ".join((tex(key[1]), *(_mean_text(v) for v in values))) + r" \\")
    lines += [
        r"\hline",
        r"\end{tabular}",
        rf"\caption{{Mean {tex(metric)} [{tex(unit)}] by {tex(column)}}}",
        r"\end{table}",
    ]
    return "\n".join(lines) + "\n"


def _column_value(row: dict[str, Any], column: str) -> str:
    if column.startswith("param."):
        value = row["params"].get(column[6:])
    elif column.startswith("tag."):
        value = row["tags"].get(column[4:])
    else:
        value = row["run_id" if column == "run" else column]
    return "--" if value is None else str(value)


def _mean_text(values: list[float] | None) -> str:
    return "--" if not values else f"{mean(values):,.2f}"


_TEX_SPECIAL = {
    **{char: "\\" + char for char in "&%$#_{}"},
    "\\": r"\textbackslash{}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
_TEX = re.compile(r"[&%$#_{}\\~^]|[\x00-\x1f\x7f]")


def tex(text: str) -> str:
    """`text` as LaTeX that prints it: specials escaped, control characters (a line break would
    end the table row's paragraph) as spaces."""
    return _TEX.sub(lambda m: _TEX_SPECIAL.get(m.group(), " "), text)
