"""The producer of the read model's `series` and `series_runs` rows: one run's result rows
grouped by series identity, with each group's figures (rollups.py writes them).

Ingest gives it the rows it streams into the database, on a second thread while the database
finishes storing them (store/dialect.py `insert_rows`); a rebuild gives it the rows it reads
back. Rows are laid out as store/rows.py `ResultRow`, JSON columns as text.

Per series and run (`models.Figures`): the result count; per canonical metric the count, sum,
min, max and the figures packed as big-endian float64 in the rows' order; over the results whose
reported figure is known and positive and that carry an error, the error in the reported metric
(its count, largest, and the smallest and largest error kind); how many carry a flag; and over
the results with a positive reported figure, the relative error of stats.relative_error (its
count and largest).
"""

from collections.abc import Collection, Iterable, Sequence
from typing import Any, NamedTuple

from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_server.identity import series_identity
from cryptobench_server.sqlfuncs import pack
from cryptobench_server.stats import relative_error
from cryptobench_server.store.rows import ResultRow

#: The columns of a `series` row as `series_rows` makes it.
SERIES_COLUMNS = (
    "identity",
    "series_key",
    "name",
    "family",
    "algorithm",
    "operation",
    "library",
    "library_version",
    "params",
    "metric",
    "source",
    "machine_id",
    "clock_hz",
    "tags",
)
PARTS = ("n", "sum", "min", "max", "values")
#: The figure columns series_runs and series_totals share (models.Figures).
TOTAL_COLUMNS = (
    "result_n",
    *(f"{metric}_{part}" for metric in CANONICAL_METRICS for part in PARTS),
    "error_n",
    "error_max",
    "error_kind_min",
    "error_kind_max",
    "flagged_n",
)
#: The columns of a `series_runs` row after its series_id and run_pk.
FIGURE_COLUMNS = (*TOTAL_COLUMNS, "relative_error_n", "relative_error_max")

_AT = {name: at for at, name in enumerate(ResultRow._fields)}
_POSITION, _KEY, _NAME, _FAMILY = _AT["position"], _AT["series_key"], _AT["name"], _AT["family"]
_METRIC, _VALUE, _ERROR, _KIND = _AT["metric"], _AT["value"], _AT["error"], _AT["error_kind"]
_SAMPLES, _FLAGS = _AT["samples"], _AT["flags"]
_FIGURES = tuple(_AT[metric] for metric in CANONICAL_METRICS)
#: The series' dimensions, as a row holds them (SERIES_COLUMNS from series_key to metric).
_DIMENSIONS = tuple(_AT[name] for name in SERIES_COLUMNS[1:10])
_OWN: dict[str, int] = {metric: _AT[metric] for metric in CANONICAL_METRICS}


class RunOf(NamedTuple):
    """What a run gives its series rows besides its results (tags as JSON text)."""

    run_pk: int
    source: str
    machine_id: int
    clock_hz: float | None
    tags: str


class SeriesRows(NamedTuple):
    """A run's series (SERIES_COLUMNS) and, in the same order, the figures of each in the run
    (run_pk, then FIGURE_COLUMNS)."""

    series: list[tuple[Any, ...]]
    figures: list[tuple[Any, ...]]


def series_rows(
    run: RunOf, rows: Iterable[Sequence[Any]], flagged: Collection[int] = ()
) -> SeriesRows:
    """The series of `rows` (one run's, `ResultRow` layout) and their figures; `flagged`: the
    positions of rows flagged since they were laid out (ingest's late flags)."""
    groups: dict[tuple[str, str, str | None, str], list[Sequence[Any]]] = {}
    for row in rows:
        kind = (row[_KEY], row[_METRIC], row[_FAMILY], row[_NAME])
        group = groups.get(kind)
        if group is None:
            groups[kind] = [row]
        else:
            group.append(row)
    series, figures = [], []
    for (key, metric, family, name), members in groups.items():
        identity = series_identity(key, metric, run.source, family, name)
        first = members[0]
        series.append(
            (
                identity,
                *(first[at] for at in _DIMENSIONS),
                run.source,
                run.machine_id,
                run.clock_hz,
                run.tags,
            )
        )
        figures.append((run.run_pk, *_figures(members, _OWN.get(metric), flagged)))
    return SeriesRows(series, figures)


def _figures(members: list[Sequence[Any]], own: int | None, flagged: Collection[int]) -> list[Any]:
    out: list[Any] = [len(members)]
    for at in _FIGURES:
        values = [row[at] for row in members if row[at] is not None]
        if values:
            out += [len(values), sum(values), min(values), max(values)]
            out.append(pack(values))
        else:
            out += [0, None, None, None, None]
    erred, relative = [], []
    for row in members:
        figure = None if own is None else row[own]
        if figure is None or not figure > 0:
            continue
        value, error = row[_VALUE], row[_ERROR]
        if error is not None and value > 0:
            erred.append((error * figure / value, row[_KIND]))
        spread = relative_error(value, error, row[_KIND], row[_SAMPLES])
        if spread is not None:
            relative.append(spread)
    kinds = [kind for _, kind in erred]
    out += [
        len(erred),
        max((error for error, _ in erred), default=None),
        min(kinds, default=None),
        max(kinds, default=None),
        sum(1 for row in members if row[_FLAGS] != "[]" or row[_POSITION] in flagged),
        len(relative),
        max(relative, default=None),
    ]
    return out
