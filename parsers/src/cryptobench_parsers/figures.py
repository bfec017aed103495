"""Which lines of a tool's output look like a measured figure, and the warnings for those not read.

A line looks like a figure when a number is followed by a unit: a rate (`123 sign/s`,
`2842.23 KB/s`, `50.633 ops/sec`), a time (`0.000523s`, `19.750 ms`), cycles, or openssl's
thousands-of-bytes cell (`30229.13k`). Every parser records the lines it understood; each other
line that looks like a figure becomes a `ParseWarning` (DESIGN "Other writes": never silently
fewer figures than the output holds).
"""

import re
from collections.abc import Iterable

from cryptobench_contract import ParseWarning
from cryptobench_contract.run import MAX_WARNINGS

_UNIT = (
    r"(?:[kKMGT]i?B/s|[kKMGT]?b/s|B/s|bytes?(?:/s|\s+per\s+sec)|"
    r"(?:[A-Za-z.'()]+(?:\s+[A-Za-z.'()]+)?)?/s(?:ec)?\b|ops?\b|cycles?\b|cyc\b|cpb\b|"
    r"[mun\u00b5]?s\b|sec(?:onds?)?\b)"
)
#: Linear in a line's length: one run of blanks after the number and at most two words before
#: `/s`, each word a maximal run apart from the next by blanks (`(\s*[A-Za-z]+){0,2}` split a
#: run of letters every way: `1 ` and 64,000 letters took 31 s). A figure (a number and its unit,
#: or openssl's `30229.13k` cell) starts at a digit after no word character or point; the digit
#: comes first (`\d(?<![\w.]\d)`, not `(?<![\w.])\d`), so that a search is not tried as a
#: figure at every character (a line of blanks and letters read 4x faster).
_FIGURE = re.compile(
    rf"\d(?<![\w.]\d)\d*(?:(?:[.,]\d+)?(?:[eE][+-]?\d+)?\s*(?=[A-Za-z.'()/\u00b5]){_UNIT}"
    rf"|\.\d+k\b)"
)
#: No tool prints a result row this long. Longer lines are not matched against the row patterns
#: of the parsers (whose backtracking grows with the square of a line's length: one 6 MB line
#: kept a server busy for minutes); one that looks like a figure still gets a warning.
MAX_ROW_CHARS = 1000
NOT_UNDERSTOOD = "looks like a measured figure but was not understood; not stored"
_MAX_TEXT = 4000


def short(line: str) -> bool:
    """Whether `line` may be a result row (at most MAX_ROW_CHARS characters)."""
    return len(line) <= MAX_ROW_CHARS


def figure_like(line: str) -> bool:
    """True when `line` holds a number followed by a unit of rate, time or cycles."""
    return bool(_FIGURE.search(line))


def warning(line: int | None, text: str, message: str, file: str | None = None) -> ParseWarning:
    return ParseWarning(
        line=line, text=text.strip()[:_MAX_TEXT], message=message[:_MAX_TEXT], file=file
    )


def unread_figures(
    lines: Iterable[tuple[int, str]],
    understood: set[int],
    warned: set[int],
    file: str | None = None,
) -> list[ParseWarning]:
    """A warning for each figure-like line that was neither understood nor warned about."""
    return [
        warning(number, text, NOT_UNDERSTOOD, file)
        for number, text in lines
        if number not in understood and number not in warned and figure_like(text)
    ]


def warned_lines(warnings: Iterable[ParseWarning]) -> set[int]:
    return {w.line for w in warnings if w.line is not None}


def kept_warnings(warnings: list[ParseWarning]) -> list[ParseWarning]:
    """The warnings a run document holds: past the contract's MAX_WARNINGS, the first ones and
    a last one saying how many more there were (from which line)."""
    if len(warnings) <= MAX_WARNINGS:
        return warnings
    rest = warnings[MAX_WARNINGS - 1 :]
    more = f"{len(rest)} more warnings from this line on, not kept (a run keeps {MAX_WARNINGS})"
    return [*warnings[: MAX_WARNINGS - 1], warning(rest[0].line, rest[0].text, more, rest[0].file)]
