"""Dimensions: the names a filter, a chart axis, a series or a facet may use.

Fixed dimensions are columns (`algorithm`, `operation`, `family`, `library`, `library_version`,
`name` = the result's verbatim name, `machine` = machine name, `source`, `run` = run_id); open
ones are `param.<name>` (a key of the result's params) and `tag.<name>` (a key of the run's tags).
Every dimension is a text-valued SQL expression over `results JOIN runs JOIN machines` (see
`base_from`), or with `source=Series` over the read model (rollups.py): `series JOIN
series_totals`, or `series JOIN series_runs JOIN runs` when a run is a dimension (`series_from`).
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select

from cryptobench_contract.run import KEY_PATTERN
from cryptobench_server.errors import InvalidInput
from cryptobench_server.models import Machine, Result, Run, Series, SeriesRun, SeriesTotal
from cryptobench_server.sqlfuncs import SqlColumn, json_text

FIXED: dict[str, SqlColumn] = {
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
#: The fixed dimensions that are columns of results (and of series, under the same names).
RESULT_FIXED = ("algorithm", "operation", "family", "library", "library_version", "name")
#: The dimensions that are columns of series: all but machine (its name) and run.
SERIES_FIXED = (*RESULT_FIXED, "source")
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
_KEY = re.compile(KEY_PATTERN)


@dataclass(frozen=True)
class Dimension:
    name: str
    expression: SqlColumn


def is_dimension(name: str) -> bool:
    """A fixed dimension, a bare parameter alias, or `param.`/`tag.` and a key of KEY_PATTERN."""
    if name in FIXED or name in PARAM_ALIASES:
        return True
    prefix = PARAM if name.startswith(PARAM) else TAG if name.startswith(TAG) else None
    return prefix is not None and _KEY.match(name[len(prefix) :]) is not None


def dimension(name: str, *, field: str = "dimension", source: Any = Result) -> Dimension:
    """Resolve a dimension name; InvalidInput (422, naming `field`) when there is no such dimension.

    `source` is Result (joined to runs and machines) or Series (the read model).
    """
    if not is_dimension(name):
        raise InvalidInput(
            f"unknown dimension {name!r}: use one of {', '.join(FIXED)}, param.<name> or"
            " tag.<name> (a name of 1-200 characters without quote, backslash or control character)",
            errors=[{"field": field, "message": f"unknown dimension {name!r}"}],
        )
    if name in PARAM_ALIASES:
        name = PARAM + name
    own = SERIES_FIXED if source is Series else RESULT_FIXED
    if name in FIXED:
        return Dimension(name, getattr(source, name) if name in own else FIXED[name])
    if name.startswith(PARAM):
        return Dimension(name, json_text(source.params, name[len(PARAM) :]))
    tags = Series.tags if source is Series else Run.tags
    return Dimension(name, json_text(tags, name[len(TAG) :]))


def base_from(query: Select) -> Select:
    """Join what every dimension may refer to: results -> runs -> machines."""
    return (
        query.select_from(Result)
        .join(Run, Run.id == Result.run_pk)
        .join(Machine, Machine.id == Run.machine_id)
    )


def rollup_for(names: Iterable[str]) -> type[SeriesRun] | type[SeriesTotal]:
    """The figures a read-model query counts: per series and run when a run is among the
    dimensions `names`, else per series."""
    return SeriesRun if "run" in names else SeriesTotal


def series_from(query: Select, names: Iterable[str], rollup: Any = None) -> Select:
    """Series joined to `rollup` (when given), to runs when a run is among `names` (through the
    rollup's run_pk: a run needs `rollup`), to machines when the machine is."""
    names = set(names)
    query = query.select_from(Series)
    if rollup is not None:
        query = query.join(rollup, rollup.series_id == Series.id)
    if "run" in names:
        query = query.join(Run, Run.id == rollup.run_pk)
    if "machine" in names:
        query = query.join(Machine, Machine.id == Series.machine_id)
    return query
