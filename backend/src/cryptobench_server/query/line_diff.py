"""What differs between two values of a run field, by line.

A multi-line value (a tool's build: `openssl version -a` prints a dozen lines, among them the
CPUINFO line that tells a run with AES-NI masked from one without) is shown by the lines that
differ, never by its first line, which is often the same on both sides. The UI and the agent
CLI draw what this serves; neither diffs again.
"""

from difflib import SequenceMatcher
from typing import Any


def value_lines(value: Any) -> list[str]:
    """A field's value as lines (none when absent; a whole float as an integer: 1e9 Hz is
    1000000000, not 1000000000.0)."""
    if value is None:
        return []
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).splitlines()


def line_diff(fact: str, before: Any, after: Any) -> dict[str, Any]:
    """`{"fact", "hunks": [{"before": [lines], "after": [lines]}], "unchanged": n}`: each hunk a
    run of the earlier value's lines replaced by the later value's (either side may be empty),
    `unchanged` the lines both share, which are left out."""
    old, new = value_lines(before), value_lines(after)
    opcodes = SequenceMatcher(a=old, b=new).get_opcodes()
    hunks = [
        {"before": old[i1:i2], "after": new[j1:j2]}
        for tag, i1, i2, j1, j2 in opcodes
        if tag != "equal"
    ]
    unchanged = sum(i2 - i1 for tag, i1, i2, _, _ in opcodes if tag == "equal")
    # Values that differ only in what lines cannot show (None and "", a trailing newline).
    if not hunks:
        hunks = [{"before": old, "after": new}]
    return {"fact": fact, "hunks": hunks, "unchanged": unchanged}
