"""How much a query string may ask for: checked before any work, answered 400 naming the limit;
and what no parameter may hold (a NUL character, more than MAX_QUERY_CHARS characters), 422
naming the parameter.

A read's cost grows with what it filters on: every filtered dimension of /facets is a branch of
its statement that applies all the other filters (100 distinct `tag.*` keys took 4.9 s, 200 took
145 s before these limits). The limits sit far above what the UI sends (one value per checkbox
ticked; the run picker offers 100 runs) and keep the worst request a fraction of a second on an
empty database, its data-dependent part bounded by the query time limit (budget.py).
"""

from collections import Counter
from collections.abc import Iterable

from fastapi import Request

from cryptobench_server.errors import InvalidInput, LimitExceeded

#: Query parameters in one request, each repetition counted.
MAX_PARAMETERS = 1000
#: Times one parameter may be given: the values of one filter key, or a repeated option.
MAX_REPEATS = 500
#: Distinct filter dimensions (`algorithm`, `param.curve`, `tag.opt_level`, ...) in one request.
MAX_FILTER_KEYS = 32
#: Characters in one parameter's name or value: more than any stored name or tag value holds
#: (200), far below what makes a statement fail (SQLite refuses a LIKE pattern of 50,000).
MAX_QUERY_CHARS = 1000


def check_query_size(request: Request) -> None:
    """Every route's dependency: at most MAX_PARAMETERS parameters, none more than MAX_REPEATS
    times, none with a NUL character (PostgreSQL refuses one in a statement's parameter, and no
    stored text holds one) or longer than MAX_QUERY_CHARS."""
    items = request.query_params.multi_items()
    for key, value in items:
        _check_text(key, key)
        _check_text(key, value)
    if len(items) > MAX_PARAMETERS:
        raise _exceeded(
            "parameters", MAX_PARAMETERS, items[MAX_PARAMETERS][0], f"{len(items)} query parameters"
        )
    counts = Counter(key for key, _ in items)
    key, count = counts.most_common(1)[0] if counts else ("", 0)
    if count > MAX_REPEATS:
        raise _exceeded("repeats", MAX_REPEATS, key, f"{key!r} is given {count} times")


def check_filter_keys(keys: Iterable[str]) -> None:
    """At most MAX_FILTER_KEYS distinct filter dimensions (aliases already resolved)."""
    listed = list(keys)
    if len(listed) > MAX_FILTER_KEYS:
        raise _exceeded(
            "filter_keys", MAX_FILTER_KEYS, listed[MAX_FILTER_KEYS], f"{len(listed)} filter keys"
        )


def _check_text(key: str, text: str) -> None:
    if "\x00" in text:
        raise InvalidInput(
            f"the query parameter {key!r} has a NUL character",
            errors=[{"field": key, "message": "NUL character"}],
        )
    if len(text) > MAX_QUERY_CHARS:
        raise InvalidInput(
            f"the query parameter {key[:50]!r} is longer than {MAX_QUERY_CHARS} characters",
            errors=[
                {"field": key[:MAX_QUERY_CHARS], "message": f"over {MAX_QUERY_CHARS} characters"}
            ],
        )


def _exceeded(limit: str, maximum: int, field: str, found: str) -> LimitExceeded:
    """400 saying what was found and the limit, naming the first parameter over it."""
    return LimitExceeded(
        f"{found}: the limit {limit} is {maximum}",
        errors=[{"field": field, "message": f"over the limit {limit} ({maximum})"}],
    )
