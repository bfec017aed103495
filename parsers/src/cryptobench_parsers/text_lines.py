"""The lines of a text: the one splitter every format reads through (pure, lazy).

A line ends at a line feed, a carriage return or both (CRLF: a board's console; a lone CR: an
old tool or a terminal capture), and lines are numbered from 1 as an editor numbers them. The
lines are made one at a time as they are read, and `filled_lines` passes over a run of empty
lines in one step: 8 MiB of blank lines after an output cost neither a line object each (a
gigabyte of tuples and numbers) nor a loop turn each.
"""

import re
from collections.abc import Callable, Iterator

_BREAK = re.compile(r"\r\n?|\n")
_FILLED_LINE = re.compile(r"[^\r\n]+")


def line_breaks(text: str, start: int = 0, end: int | None = None) -> int:
    """How many lines end in `text[start:end]` (CRLF counts once)."""
    end = len(text) if end is None else end
    crlf = text.count("\r\n", start, end)
    return text.count("\n", start, end) + text.count("\r", start, end) - crlf


def line_number(text: str, position: int) -> int:
    """The number of the line holding `text[position]`."""
    return line_breaks(text, 0, position) + 1


def numbered_lines(text: str, start: int = 1) -> Iterator[tuple[int, str]]:
    """Every line of `text` with its number (as `str.splitlines`, without its other breaks)."""
    number, position = start, 0
    for found in _BREAK.finditer(text):
        yield number, text[position : found.start()]
        number, position = number + 1, found.end()
    if position < len(text):
        yield number, text[position:]


def filled_lines(text: str, start: int = 1) -> Iterator[tuple[int, str]]:
    """The lines of `text` that are not empty, with their numbers."""
    for number, _, line in filled_spans(text, start):
        yield number, line


def filled_spans(text: str, start: int = 1) -> Iterator[tuple[int, int, str]]:
    """The lines of `text` that are not empty: number, offset in `text`, line."""
    number, end = start, 0
    for found in _FILLED_LINE.finditer(text):
        begin = found.start()
        if begin > end:  # the breaks after the last line (one character: one break)
            number += 1 if begin - end == 1 else line_breaks(text, end, begin)
        end = found.end()
        yield number, begin, found.group()


def rewritten(text: str, rewrite: Callable[[int, str], str]) -> str:
    """`text` with each line that is not empty replaced by `rewrite(number, line)` (its line
    breaks kept as they are)."""
    lines = filled_lines(text)
    return _FILLED_LINE.sub(lambda _: rewrite(*next(lines)), text)
