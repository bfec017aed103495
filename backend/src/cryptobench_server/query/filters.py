"""Filters from query parameters: a key given twice means OR, different keys mean AND.

`algorithm=RSA&algorithm=ECDSA&param.key_bits=2048` selects RSA or ECDSA results with 2048-bit
keys. Values are mapped to the vocabulary first (`param.curve=P-256` finds secp256r1 results;
`algorithm=rsa` finds RSA), exactly as ingest maps what collectors send.
"""

import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy.sql.expression import ColumnElement

from cryptobench_contract.vocabulary import (
    canonical_algorithm,
    canonical_param_key,
    canonical_params,
)
from cryptobench_server.errors import InvalidInput
from cryptobench_server.models import Result
from cryptobench_server.query.dimensions import PARAM, PARAM_ALIASES, dimension, is_dimension
from cryptobench_server.query.limits import check_filter_keys

Filters = Mapping[str, tuple[str, ...]]


def parse_filters(
    items: Iterable[tuple[str, str]], *, reserved: Iterable[str] = ()
) -> dict[str, tuple[str, ...]]:
    """Group query items by dimension (aliases resolved, values canonical), skipping `reserved` keys.

    A key that is neither reserved nor a dimension is a 422 naming that key (a value with a NUL
    character or of too many characters is refused before: limits.check_query_size). More
    distinct dimensions than `limits.MAX_FILTER_KEYS` is a 400 naming the first one over.
    """
    skip = set(reserved)
    grouped: dict[str, list[str]] = {}
    for key, value in items:
        if key in skip:
            continue
        if not is_dimension(key):
            raise InvalidInput(
                f"unknown query parameter {key!r}",
                errors=[{"field": key, "message": "unknown parameter"}],
            )
        name, canonical_value = _canonical(key, value)
        values = grouped.setdefault(name, [])
        if canonical_value not in values:
            values.append(canonical_value)
    check_filter_keys(grouped)
    return {name: tuple(values) for name, values in grouped.items()}


def _canonical(key: str, value: str) -> tuple[str, str]:
    if key in PARAM_ALIASES:
        key = PARAM + key
    if key.startswith(PARAM):
        name = canonical_param_key(key[len(PARAM) :])
        return PARAM + name, str(_param_text(canonical_params({name: value}).get(name, value)))
    if key == "algorithm":
        return key, canonical_algorithm(value)
    if key == "run":
        return key, str(run_id(value))
    return key, value


def _param_text(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def run_id(value: str) -> uuid.UUID:
    """A run filter's value as a UUID; 422 naming `run` when it is not one."""
    try:
        return uuid.UUID(value)
    except ValueError:
        raise InvalidInput(
            f"run {value!r} is not a UUID", errors=[{"field": "run", "message": "not a UUID"}]
        ) from None


def conditions(
    filters: Filters, *, without: str | None = None, source: Any = Result
) -> list[ColumnElement[bool]]:
    """One SQL condition per dimension (an IN over its values), leaving out the dimension `without`;
    dimensions on `source` (Result, or Series for the read model)."""
    out: list[ColumnElement[bool]] = []
    for name, values in filters.items():
        if name == without:
            continue
        expression = dimension(name, field=name, source=source).expression
        out.append(expression.in_([run_id(v) for v in values] if name == "run" else list(values)))
    return out
