"""Which tool printed a text (`format=auto`): decided from the text itself, or refused.

The first lines (at most `SCAN_CHARS` characters) are read; each format counts the lines it
recognizes, and the format holding most of them (DOMINANT) is chosen: a table with a few lines
of another tool around it is read as that table, its reason naming the other lines (each
figure-like one not read is a warning of the parser). No line recognized is a ParseError that
names what was tried; lines of two formats close in number (two outputs pasted together) is a
ParseError naming the candidates, their counts and first lines: a guess would store wrong
figures or lose a run. Each format of the registry (`formats.FORMATS`) says how it recognizes
its lines, or its whole file (a JSON file by its keys: checked first, in the registry's order);
messages name the formats by the tools that print them.
"""

from dataclasses import dataclass

from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import figure_like, short
from cryptobench_parsers.formats import BY_NAME, FORMATS
from cryptobench_parsers.import_format import Evidence
from cryptobench_parsers.text_lines import filled_lines

SCAN_CHARS = 1_000_000
#: The share of the recognized lines one format must hold to be read when other formats'
#: lines are there too (a table pasted with a few lines of another tool's output around it);
#: below it the text is refused, naming each format and its count.
DOMINANT = 0.8
TRIED = "; ".join(f"{f.tool} ({f.looks_like})" for f in FORMATS)


@dataclass(frozen=True)
class Detection:
    format: str
    reason: str


def detect(text: str, *, source_name: str) -> Detection:
    """The format of `text` and why; raises ParseError naming what was tried."""
    head = text[:SCAN_CHARS]
    if not head.strip():
        raise ParseError(source_name, None, f"empty: nothing to import (tried {TRIED})")
    for candidate in FORMATS:
        whole = candidate.whole
        if whole is not None and whole.recognizes(head):
            return Detection(candidate.name, whole.reason)
    counts = {f.name: f.count(head) for f in FORMATS}
    ranked = sorted(counts.items(), key=lambda item: item[1][0], reverse=True)
    (best, (hits, first)), (_, (runner_up, _)) = ranked[:2]
    scanned = f"the first {head.count(chr(10)) + 1} lines"
    if hits == 0:
        lost = _first_figure(head)
        where = f" Line {lost} holds a figure that none of them reads." if lost is not None else ""
        raise ParseError(
            source_name,
            lost,
            f"not a supported output: none of {scanned} looks like the output of {TRIED}."
            f"{where} If the output starts further down, choose its format instead of "
            "detecting it",
        )
    found = [(name, seen) for name, seen in ranked if seen[0]]
    if runner_up and hits < DOMINANT * sum(seen for _, (seen, _) in found):
        raise ParseError(
            source_name,
            found[1][1][1],
            f"ambiguous: lines of {len(found)} formats, {_counted(found)}; choose the format "
            "instead of detecting it (or import each output on its own)",
        )
    reason = f"{hits} lines look like {BY_NAME[best].tool} output (the first at line {first})"
    if runner_up:
        reason += f"; read as that, not as the other {_counted(found[1:])}"
    return Detection(best, reason)


def _counted(found: list[tuple[str, Evidence]]) -> str:
    return " and ".join(
        f"{seen} like {BY_NAME[name].tool} (format {name}, the first at line {line})"
        for name, (seen, line) in found
    )


def _first_figure(head: str) -> int | None:
    """The first line that looks like a measured figure: where the parsers lost the thread."""
    for number, line in filled_lines(head):
        if short(line) and figure_like(line):
            return number
    return None
