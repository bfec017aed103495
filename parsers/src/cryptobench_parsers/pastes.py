"""A pasted text as the tool printed it: what publishing did undone (tolerant.readable), mail
quotes taken off, wrapped lines joined (pure).

Outputs quoted in a mailing-list reply come with `> ` (or `>> `, `> > `) before every line and
their long table lines wrapped at about 72 characters:
    > type             16 bytes     64 bytes    256 bytes   1024 bytes   8192
    > bytes  16384 bytes
    > aes-128-cbc        135.82k      539.29k     2087.90k     7491.16k
    > 29221.69k    34943.67k
`unwrapped` takes the quote marks off (when a quoted line holds a figure) and joins a line made only of figures (`29221.69k`,
`16384 bytes`) to the long line before it. The text keeps its number of lines (a joined line
leaves an empty one behind), so every line number a parser reports is the pasted text's; a
wrapped end is understood when the line it was joined to is (`Paste.understood`), and warned
about when that line is (`Paste.unread_ends`).
"""

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from cryptobench_contract import ParseWarning
from cryptobench_parsers.figures import figure_like, short, warning
from cryptobench_parsers.text_lines import filled_lines, rewritten
from cryptobench_parsers.tolerant import readable

_QUOTE = re.compile(r"^[ \t]*>(?:[ \t]?>)*[ \t]?")
#: A line that can only be the wrapped end of the line before it: figures and `bytes` only,
#: one of them a table's `NNNk` or `bytes`. Possessive: a number is all its digits (`\d+` and
#: an optional blank run split `100` every way: a 1,000-character line of ` 1.00k` ending in
#: `1.` doubled its time per cell).
_CONTINUATION = re.compile(r"^(?=.*(?:\dk\b|bytes))(?:(?:\d++(?:\.\d++)?+k?+|bytes)[ \t]*+)++$")
#: Mail clients wrap at 72 to 78 characters: a shorter line before was not wrapped.
WRAPPED_AT = 60


@dataclass(frozen=True)
class Paste:
    text: str
    """The text without quote marks and with its wrapped lines joined."""
    joined: Mapping[int, tuple[int, str]] = field(default_factory=dict)
    """Line number of each wrapped end -> the line number it was joined to, and the end as pasted."""

    def understood(self, lines: Iterable[int]) -> set[int]:
        """`lines` (understood in `text`) with the wrapped ends joined to one of them."""
        understood = set(lines)
        return understood | {end for end, (host, _) in self.joined.items() if host in understood}

    def unread_ends(self, warned: Iterable[int | None], file: str | None) -> list[ParseWarning]:
        """A warning on each wrapped end joined to a line in `warned` (a line not understood)."""
        hosts = set(warned)
        return [
            warning(end, text, f"the wrapped end of line {host}, which was not understood", file)
            for end, (host, text) in self.joined.items()
            if host in hosts
        ]


def _continues(stripped: str) -> bool:
    """`stripped` is a wrapped end (_CONTINUATION); a line that does not start as one (with a
    digit or `bytes`) is refused before the pattern scans it all (every row of a long table)."""
    if not (stripped[:1].isdecimal() or stripped.startswith("bytes")):
        return False
    return _CONTINUATION.match(stripped) is not None


def unwrapped(text: str) -> Paste:
    """`text` read back as the tool printed it (tolerant.readable: HTML, Markdown tables,
    encoding damage, thousands separators), without quote marks (when a quoted line holds a
    figure: a Markdown blockquote of prose stays as it is) and with its wrapped figure lines
    joined; the same text when it holds none of these."""
    text = readable(text)
    lines = dict(filled_lines(text))
    quoted = {n: _QUOTE.sub("", line, count=1) for n, line in lines.items() if ">" in line}
    changed = any(q != lines[n] and short(q) and figure_like(q) for n, q in quoted.items())
    if changed:
        lines |= quoted
    joined: dict[int, tuple[int, str]] = {}
    for number in list(lines):
        before, stripped = lines.get(number - 1, ""), lines[number].strip()
        if len(before) >= WRAPPED_AT and _continues(stripped):
            lines[number - 1], lines[number], changed = f"{before.rstrip()} {stripped}", "", True
            joined[number] = (number - 1, stripped)
    if not changed:
        return Paste(text)
    return Paste(rewritten(text, lambda number, line: lines[number]), joined)
