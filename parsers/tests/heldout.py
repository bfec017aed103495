"""Recall of the importers on the held-out outputs of issue 36 (fixtures/heldout/<tool>/).

    .venv/bin/python parsers/tests/heldout.py [--files]

Each held-out file is imported as a person imports it (`format=auto`) and, apart, with its
format given; the figures read are compared with the figures the file holds (the `figures`
column of the folder's PROVENANCE.md, counted by hand before any parser change).

Counting rule (for the hand count and for what is read):
- a figure is one measured quantity a reader would chart: one per result row and operation or
  size column (an openssl table cell, a JMH row, a wolfCrypt line, a Google Benchmark benchmark);
- a value and what is derived from it are one figure (`sign` seconds and `sign/s`; wolfCrypt's
  `avg ms` and `ops/sec`; `bytes_per_second` beside a time; mbed TLS `ns/byte` beside KiB/s; a
  progress line and the table cell it becomes);
- a cycle count beside a time or rate (wolfCrypt `Cycles per byte`, mbed TLS `cycles/byte`,
  Google Benchmark `CYCLES`, liboqs `CPU cycles`, botan `cycles/byte`) is a second figure;
- statistics are not figures (errors, iterations, stddev, the aggregates of one benchmark);
  `N/A` cells and `inf` are not figures; a data.js entry's benchmark is one figure however many
  times its commit lists the name (`-count` repeats, the ` - ns/op`, ` - B/op` copies).
What is read is counted the same way: the distinct (run, name, operation, params, kind) of the
stored results, kind being cycles or time (a result named `X counter` beside `X` is X's), at
most the figures the file holds.
"""

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from cryptobench_contract import Result
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.imports import ImportOptions, import_text

HELDOUT = Path(__file__).parent / "fixtures" / "heldout"
#: The import format of each tool folder.
FORMATS = {
    "action_benchmark": "action-benchmark",
    "benchstat": "benchstat",
    "botan": "botan",
    "bssl": "bssl",
    "criterion": "criterion",
    "cryptsetup": "cryptsetup",
    "dudect": "dudect",
    "gbench": "gbench",
    "go": "go",
    "hyperfine": "hyperfine",
    "jmh": "jmh",
    "liboqs": "liboqs",
    "mbedtls": "serial",
    "openssl": "openssl",
    "pqm4": "pqm4",
    "wolfssl": "serial",
}
_CYCLES = {"cycles_per_op", "cycles_per_byte"}
_AT = datetime(2026, 11, 29, tzinfo=UTC)


@dataclass(frozen=True)
class Outcome:
    read: int
    """Figures read, at most `present`."""
    failure: str | None
    """Why nothing was stored, when nothing was."""


def held_out() -> Iterator[tuple[str, Path, int]]:
    """(tool folder, file, figures present) of every held-out file."""
    for folder in sorted(p for p in HELDOUT.iterdir() if p.is_dir()):
        for name, figures in _provenance_rows(folder / "PROVENANCE.md"):
            yield folder.name, folder / name, figures


def _provenance_rows(path: Path) -> Iterator[tuple[str, int]]:
    column = None
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if "figures" in cells:
            column = cells.index("figures")
        elif line.startswith("| `") and column is not None:
            yield cells[0].strip("`"), int(cells[column])


def outcome(path: Path, format: str, present: int) -> Outcome:
    text = path.read_text(encoding="utf-8")
    options = ImportOptions(format=format, source_name=path.name)
    keys: set[tuple[object, ...]] = set()
    try:
        for number, run in enumerate(import_text(text, options, received_at=_AT).runs):
            names = {result.name for result in run.results}
            keys.update(_key(number, result, names) for result in run.results)
    except ParseError as exc:
        if not keys:
            return Outcome(0, str(exc)[:160])
    return Outcome(min(len(keys), present), None)


def _key(run: int, result: Result, names: set[str]) -> tuple[object, ...]:
    """A figure's identity: a result named after another of its run (`X CYCLES`, `X
    bytes_per_second` beside `X`) is a figure of that one, of its kind."""
    params = tuple(sorted((k, str(v)) for k, v in result.params.items()))
    kind = "cycles" if result.metric in _CYCLES else "time"
    head, _, _ = result.name.partition(" ")
    name = head if head != result.name and head in names else result.name
    return (run, name, result.operation, params, kind)


def main(argv: list[str]) -> None:
    totals: dict[str, list[int]] = {}
    for tool, path, present in held_out():
        auto = outcome(path, "auto", present)
        given = outcome(path, FORMATS[tool], present)
        row = totals.setdefault(tool, [0, 0, 0, 0, 0, 0])
        for index, value in enumerate(
            (auto.read, given.read, present, auto.read > 0, given.read > 0, 1)
        ):
            row[index] += int(value)
        if "--files" in argv:
            why = f"  ({auto.failure})" if auto.failure else ""
            print(f"{tool:17} {auto.read:5}/{present:<5} given {given.read:5}  {path.name}{why}")
    print(f"{'format':17} {'auto':>13} {'given':>13} {'files auto':>11} {'files given':>11}")
    grand = [0] * 6
    for tool, row in sorted(totals.items()):
        grand = [a + b for a, b in zip(grand, row, strict=True)]
        print(_line(tool, row))
    print(_line("all", grand))


def _line(label: str, row: list[int]) -> str:
    auto, given, present, files_auto, files_given, files = row
    return (
        f"{label:17} {auto:5}/{present:<5} {given:5}/{present:<5}"
        f" {files_auto:5}/{files:<5} {files_given:5}/{files:<5}"
        f"  ({100 * auto / present:5.1f}% auto, {100 * given / present:5.1f}% given)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
