"""Seed 004's output formats: a semicolon CSV and a LaTeX table of mean ns per operation.

Numbers have thousands separated by commas and two decimals (`6,420,571.18`); a cell without
a number says why (`unsupported`, `not installed`). The formatters are pure functions of a
`Table`, so they are tested on fixed numbers.
"""

from dataclasses import dataclass

from cryptobench_collect.runners.ecc.rows import ROWS
from cryptobench_collect.runners.ecc.runner import EccOutcome, Gap, Measured
from cryptobench_collect.runners.ecc.stats import summarize

Value = float | str


@dataclass(frozen=True)
class TableRow:
    curve: str
    name: str
    label: str
    values: tuple[Value, ...]


@dataclass(frozen=True)
class Table:
    libraries: tuple[str, ...]
    rows: tuple[TableRow, ...]
    repetitions: int


def table_of(outcome: EccOutcome) -> Table:
    libraries = outcome.config.libraries
    rows = tuple(
        TableRow(
            curve,
            row.name,
            row.label,
            tuple(_value(outcome.cell(curve, row, lib)) for lib in libraries),
        )
        for curve in outcome.config.curves
        for row in ROWS
    )
    return Table(libraries, rows, outcome.config.repetitions)


def _value(cell: Measured | Gap) -> Value:
    return summarize(cell.samples)["mean"] if isinstance(cell, Measured) else cell.status


def format_ns(value: Value) -> str:
    return f"{value:,.2f}" if isinstance(value, float) else value


def csv_text(table: Table) -> str:
    lines = [";".join(("benchmark", *table.libraries))]
    for row in table.rows:
        lines.append(";".join((f"{row.curve}/{row.name}", *(format_ns(v) for v in row.values))))
    return "\n".join(lines) + "\n"


def latex_text(table: Table) -> str:
    columns = len(table.libraries) + 1
    lines = [
        r"\begin{table}[ht]",
        r"\centering",
        r"\begin{tabular}{l" + "r" * len(table.libraries) + "}",
        r"\hline",
        " & ".join(("Benchmark", *(f"{_tex(lib)} [ns]" for lib in table.libraries))) + r" \\",
        r"\hline",
    ]
    curve = None
    for row in table.rows:
        if row.curve != curve:
            curve = row.curve
            lines.append(rf"\multicolumn{{{columns}}}{{l}}{{\textbf{{{_tex(curve)}}}}} \\")
        lines.append(" & ".join((_tex(row.label), *(format_ns(v) for v in row.values))) + r" \\")
    lines += [
        r"\hline",
        r"\end{tabular}",
        rf"\caption{{Mean time per operation in nanoseconds, {table.repetitions:,} repetitions}}",
        r"\end{table}",
    ]
    return "\n".join(lines) + "\n"


def _tex(text: str) -> str:
    for char in ("&", "%", "$", "#", "_", "{", "}"):
        text = text.replace(char, "\\" + char)
    return text


def to_csv(outcome: EccOutcome) -> str:
    return csv_text(table_of(outcome))


def gaps_text(outcome: EccOutcome) -> str:
    """One line per library and curve that has no number somewhere, and why."""
    seen: dict[str, None] = {}
    for (curve, _row, library), cell in outcome.cells.items():
        if isinstance(cell, Gap):
            seen[f"{library} / {curve}: {cell.status} ({cell.detail})"] = None
    return "".join(f"{line}\n" for line in seen)
