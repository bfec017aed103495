"""Dimensions: the names a filter, a chart axis, a series or a facet may use.

Fixed dimensions are columns (`algorithm`, `operation`, `family`, `library`, `library_version`,
`name` = the result's verbatim name, `machine` = machine name, `source`, `run` = run_id); open
ones are `param.<name>` (a key of the result's params) and `tag.<name>` (a key of the run's tags).
Every dimension is a text-valued SQL expression over `results JOIN runs JOIN machines` (see
`base_from`), or over `chart_cells JOIN runs JOIN machines` with `source=ChartCell`.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select
from sqlalchemy.sql.expression import ColumnElement

from cryptobench_server.errors import InvalidInput
from cryptobench_server.models import Machine, Result, Run
from cryptobench_server.query.sqlfuncs import json_text

FIXED: dict[str, ColumnElement] = {
    "algorithm": Result.algorithm,
    "operation": Result.operation,
    "family": Result.family,
    "library": Result.library,
    "library_version": Result.library_version,
    "machine": Machine.name,
    "source": Run.source,
    "run": Run.run_id,
    "name": Result.name,
}
#: The fixed dimensions that are columns of results (and of chart_cells, under the same names).
RESULT_FIXED = ("algorithm", "operation", "family", "library", "library_version", "name")
PARAM, TAG = "param.", "tag."
#: Bare vocabulary parameter names accepted as filters (DESIGN "API conventions"): `curve=` is `param.curve=`.
PARAM_ALIASES = (
    "curve",
    "key_bits",
    "padding",
    "hash",
    "message_bytes",
    "block_bytes",
    "coordinates",
    "variant",
    "provider",
    "encoding",
)
#: What may follow `param.` or `tag.`: 1-200 characters, no quote, backslash or control character.
KEY_PATTERN = r"^[^\"\\\x00-\x1f]{1,200}$"
_KEY = re.compile(KEY_PATTERN)


@dataclass(frozen=True)
class Dimension:
    name: str
    expression: ColumnElement


def is_dimension(name: str) -> bool:
    return name in FIXED or name in PARAM_ALIASES or name.startswith((PARAM, TAG))


def dimension(name: str, *, field: str = "dimension", source: Any = Result) -> Dimension:
    """Resolve a dimension name; InvalidInput (422, naming `field`) when there is no such dimension.

    Result-level dimensions are columns of `source`: Result, or ChartCell (same column names).
    """
    if name in PARAM_ALIASES:
        name = PARAM + name
    if name in FIXED:
        return Dimension(name, getattr(source, name) if name in RESULT_FIXED else FIXED[name])
    for prefix, column in ((PARAM, source.params), (TAG, Run.tags)):
        if name.startswith(prefix):
            key = name[len(prefix) :]
            if not _KEY.match(key):
                break
            return Dimension(name, json_text(column, key))
    raise InvalidInput(
        f"unknown dimension {name!r}: use one of {', '.join(FIXED)}, param.<name> or tag.<name>",
        errors=[{"field": field, "message": f"unknown dimension {name!r}"}],
    )


def base_from(query: Select) -> Select:
    """Join what every dimension may refer to: results -> runs -> machines."""
    return (
        query.select_from(Result)
        .join(Run, Run.id == Result.run_pk)
        .join(Machine, Machine.id == Run.machine_id)
    )


def lean_from(query: Select, names: Iterable[str], source: Any = Result) -> Select:
    """Like base_from (from `source`: Result or ChartCell), joining runs and machines only when one
    of the dimensions `names` needs them."""
    tables = {_table_of(name) for name in names}
    query = query.select_from(source)
    if tables & {"runs", "machines"}:
        query = query.join(Run, Run.id == source.run_pk)
    if "machines" in tables:
        query = query.join(Machine, Machine.id == Run.machine_id)
    return query


def _table_of(name: str) -> str:
    if name == "machine":
        return "machines"
    return "runs" if name in ("source", "run") or name.startswith(TAG) else "results"
