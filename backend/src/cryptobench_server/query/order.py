"""Natural order of dimension values, for rows that tables list (GET /compare, GET /matrix).

Numbers by value (16 < 64 < 1024 < 16384, never as text; also a number given as text, as a
dimension read from SQL is), a version dimension's values in version order (contract versions:
3.9 < 3.10), other values as text; absent values last.
"""

import math
from collections.abc import Mapping
from typing import Any

from cryptobench_contract.versions import is_version_dimension, version_key
from cryptobench_server.query.dimensions import PARAM


def value_key(name: str, value: Any) -> tuple[Any, ...]:
    """How `value` of dimension `name` sorts among the values of that dimension."""
    if value is None:
        return (2,)
    if is_version_dimension(name):
        return (1, version_key(str(value)))
    if isinstance(value, bool):
        return (1, str(value))
    number = _number(value)
    return (1, str(value)) if number is None else (0, number)


def _number(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def params_key(params: Mapping[str, Any]) -> list[tuple[str, tuple[Any, ...]]]:
    """Params compared key by key, in key order, each value in its natural order."""
    return [(name, value_key(PARAM + name, params[name])) for name in sorted(params)]
