"""The bounds of what any format reads, in one place: how long a number and how deep JSON.

No tool prints a number of more than MAX_DIGITS digits (2^64 has 20; a double's largest, 309)
and no tool's JSON nests deeper than MAX_JSON_DEPTH (JMH's records, 5). Past either a text is a
ParseError naming the line, before Python's int conversion limit (4,300 digits: a ValueError)
or the JSON decoder's recursion (a RecursionError) is reached; and a number of MAX_DIGITS
digits still converts to a finite float.
"""

import json
import re
from itertools import accumulate
from typing import Any

from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.text_lines import line_number

MAX_DIGITS = 300
MAX_JSON_DEPTH = 64
#: A run of digits longer than MAX_DIGITS, tried only where a run starts (linear).
_LONG_NUMBER = re.compile(rf"(?<!\d)\d{{{MAX_DIGITS + 1}}}")
#: A JSON string or bracket; used on text the decoder accepted (every string closed).
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_NOT_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[^\[\]{}]+')
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def check_numbers(text: str, source_name: str) -> None:
    """Raises ParseError naming the first line with a number of more than MAX_DIGITS digits."""
    found = _LONG_NUMBER.search(text)
    if found is not None:
        raise ParseError(
            source_name,
            line_number(text, found.start()),
            f"a number of more than {MAX_DIGITS} digits: no tool prints one",
        )


def loads(text: str, *, source_name: str) -> Any:
    """`json.loads(text)` within the bounds above; json.JSONDecodeError when not JSON."""
    check_numbers(text, source_name)
    try:
        data = json.loads(text)
    except RecursionError:
        raise _too_deep(text, source_name) from None
    brackets = _NOT_BRACKETS.sub("", text)
    if brackets and max(accumulate(map(_NESTING.__getitem__, brackets))) > MAX_JSON_DEPTH:
        raise _too_deep(text, source_name)
    return data


def _too_deep(text: str, source_name: str) -> ParseError:
    depth, line = 0, None
    for found in _JSON_TOKEN.finditer(text):
        depth += _NESTING.get(found.group(), 0)
        if depth > MAX_JSON_DEPTH:
            line = line_number(text, found.start())
            break
    return ParseError(
        source_name, line, f"JSON nested more than {MAX_JSON_DEPTH} deep: no tool writes such"
    )
