"""Chart cells: the results of one run pre-aggregated per identity and reported metric.

A cell groups the results of one run that share every result-level chart dimension (series
key, name, family, algorithm, operation, library, library_version, params) and the reported
metric. It counts its results (`result_n`, what facets add up); per canonical metric it keeps count, sum, min, max and the sorted figures (packed as
big-endian float64: a chart median stays exact); per cell the error-bar inputs of query/chart.py
for the reported metric. `CellBuilder` makes them from the rows ingest writes; `fill_cells`
makes them from stored results (migration 0003's backfill and bench/chart_query.py's COPY load).
"""

import struct
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from itertools import groupby
from typing import Any

import orjson
from sqlalchemy import Connection, select

from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_server.models import Result

IDENTITY = (
    "series_key",
    "name",
    "family",
    "algorithm",
    "operation",
    "library",
    "library_version",
    "params",
    "metric",
)
CELL_COLUMNS = (
    "run_pk",
    *IDENTITY,
    "result_n",
    *(f"{m}_{part}" for m in CANONICAL_METRICS for part in ("n", "sum", "min", "max", "values")),
    "error_n",
    "error_max",
    "error_kind_min",
    "error_kind_max",
)
#: A cell's input row: the identity (ending with the reported metric), then value, error,
#: error_kind and the five canonical figures in CANONICAL_METRICS order.
METRIC, VALUE, ERROR, KIND, FIGURES = (len(IDENTITY) + i for i in range(-1, 4))


def pack(values: Sequence[float]) -> bytes:
    return struct.pack(f">{len(values)}d", *values)


def unpack(data: bytes) -> array:
    values = array("d", data)
    if sys.byteorder == "little":
        values.byteswap()
    return values


def median(data: bytes) -> float:
    """The exact median of packed figures, interpolated as PostgreSQL's percentile_cont(0.5)."""
    values = sorted(unpack(data))
    middle = (len(values) - 1) // 2
    low = values[middle]
    if len(values) % 2:
        return low
    high = values[middle + 1]
    return low if high == low else low + (high - low) * 0.5


def cell(run_pk: int, rows: Sequence[Sequence[Any]]) -> tuple:
    """One cell from its input rows (all with one identity)."""
    figures: list[Any] = []
    for index in range(FIGURES, FIGURES + len(CANONICAL_METRICS)):
        present = [r[index] for r in rows if r[index] is not None]
        ordered = sorted(present)
        figures += (
            [len(present), sum(present), ordered[0], ordered[-1], pack(ordered)]
            if present
            else [0, None, None, None, None]
        )
    metric = rows[0][METRIC]
    own = FIGURES + CANONICAL_METRICS.index(metric) if metric in CANONICAL_METRICS else None
    errors = [
        (r[ERROR] * r[own] / r[VALUE], r[KIND])
        for r in rows
        if own is not None and r[VALUE] > 0 and r[ERROR] is not None and r[own] is not None
    ]
    kinds = [k for _, k in errors if k is not None]
    return (
        run_pk,
        *rows[0][:VALUE],
        len(rows),
        *figures,
        len(errors),
        max((e for e, _ in errors), default=None),
        min(kinds, default=None),
        max(kinds, default=None),
    )


class CellBuilder:
    """Collects ingest's result rows (`collect` passes them through) and makes the run's cells."""

    def __init__(self) -> None:
        self.groups: dict[tuple, list[tuple]] = {}

    def collect(self, rows: Iterable[tuple]) -> Iterator[tuple]:
        """Rows laid out as ingest.result_rows: (position, series_key .. metric, value, unit, error,
        error_kind, samples, stats, raw, five figures, derived, flags)."""
        groups = self.groups
        for row in rows:
            key = row[1:10]
            found = groups.get(key)
            if found is None:
                groups[key] = [row]
            else:
                found.append(row)
            yield row

    def cells(self, run_pk: int) -> list[tuple]:
        """The cells, from the collected rows re-laid as cell input rows."""
        return [
            cell(run_pk, [(*r[1:11], r[12], r[13], *r[17:22]) for r in rows])
            for rows in self.groups.values()
        ]


def insert_cells(connection: Connection, cells: Iterable[tuple]) -> None:
    """COPY on PostgreSQL, one executemany on SQLite; params as JSON text."""
    columns = ", ".join(CELL_COLUMNS)
    if connection.dialect.name == "postgresql":
        driver = connection.connection.driver_connection
        with (
            driver.cursor() as cursor,
            cursor.copy(f"COPY chart_cells ({columns}) FROM STDIN") as copy,
        ):
            for row in cells:
                copy.write_row(row)
        return
    rows = list(cells)
    if rows:
        marks = ", ".join("?" * len(CELL_COLUMNS))
        connection.exec_driver_sql(f"INSERT INTO chart_cells ({columns}) VALUES ({marks})", rows)


SOURCE = (
    Result.run_pk,
    *(getattr(Result, c) for c in IDENTITY),
    Result.value,
    Result.error,
    Result.error_kind,
    *(getattr(Result, m) for m in CANONICAL_METRICS),
)


def fill_cells(connection: Connection) -> None:
    """Make the cells of every stored result, run by run, into an empty chart_cells (migration
    0003's backfill; results loaded with COPY)."""
    stream = connection.execute(
        select(*SOURCE).order_by(Result.run_pk, Result.id), execution_options={"yield_per": 5000}
    )
    cells = []
    for run_pk, rows in groupby(stream, key=lambda r: r[0]):
        groups: dict[tuple, list[tuple]] = {}
        for row in rows:
            values = (*row[1:8], _json(row[8]), *row[9:])
            groups.setdefault(values[:VALUE], []).append(values)
        cells += [cell(run_pk, members) for members in groups.values()]
    insert_cells(connection, cells)


def _json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
