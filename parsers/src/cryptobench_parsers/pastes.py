"""A pasted text as the tool printed it: mail quotes taken off, wrapped lines joined (pure).

Outputs quoted in a mailing-list reply come with `> ` (or `>> `, `> > `) before every line and
their long table lines wrapped at about 72 characters:
    > type             16 bytes     64 bytes    256 bytes   1024 bytes   8192
    > bytes  16384 bytes
    > aes-128-cbc        135.82k      539.29k     2087.90k     7491.16k
    > 29221.69k    34943.67k
`unwrapped` takes the quote marks off (when a quoted line holds a figure) and joins a line made only of figures (`29221.69k`,
`16384 bytes`) to the long line before it. The text keeps its number of lines (a joined line
leaves an empty one behind), so every line number a parser reports is the pasted text's.
"""

import re

from cryptobench_parsers.figures import figure_like, short

_QUOTE = re.compile(r"^[ \t]*>(?:[ \t]?>)*[ \t]?")
#: A line that can only be the wrapped end of the line before it: figures and `bytes` only,
#: one of them a table's `NNNk` or `bytes`.
_CONTINUATION = re.compile(r"^(?=.*(?:\dk\b|bytes))(?:(?:\d+(?:\.\d+)?k?|bytes)[ \t]*)+$")
#: Mail clients wrap at 72 to 78 characters: a shorter line before was not wrapped.
WRAPPED_AT = 60


def unwrapped(text: str) -> str:
    """`text` without quote marks (when a quoted line holds a figure: a Markdown blockquote of
    prose stays as it is) and with its wrapped figure lines joined; the same object when it
    holds neither."""
    lines = text.splitlines()
    quoted = [_QUOTE.sub("", line, count=1) for line in lines]
    if any(
        q != line and short(q) and figure_like(q) for q, line in zip(quoted, lines, strict=True)
    ):
        lines = quoted
    changed = lines is quoted
    for index in range(1, len(lines)):
        before, stripped = lines[index - 1], lines[index].strip()
        if len(before) >= WRAPPED_AT and stripped and _CONTINUATION.match(stripped):
            lines[index - 1], lines[index], changed = f"{before.rstrip()} {stripped}", "", True
    if not changed:
        return text
    return "\n".join(lines) + ("\n" if text.endswith(("\n", "\r")) else "")
