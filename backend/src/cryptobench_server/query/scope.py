"""What one chart aggregates, shared by the statements that describe its points.

A chart point is a group of read-model rows (`series` joined to `series_totals`, or to
`series_runs` when a run is a dimension) under the filters, with the metric and an x value.
The figures (query/chart.py), what a point pools (query/pooled.py) and its flags
(query/flags.py) are separate statements over the same `Scope`, so they group the same rows;
`point_key` makes their group values comparable across them (JSON objects as sorted text,
everything else as text).
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Select, select

from cryptobench_server.query.dimensions import series_from
from cryptobench_server.sqlfuncs import SqlColumn

PointKey = tuple[str | None, ...]


@dataclass(frozen=True)
class Scope:
    names: Sequence[str]
    rollup: Any
    groups: Sequence[SqlColumn]
    where: Sequence[ColumnElement[bool]]

    def select(self, *columns: Any) -> Select:
        """The groups, then `columns`, over the chart's rows (not grouped yet)."""
        query = series_from(select(*self.groups, *columns), self.names, self.rollup)
        return query.where(*self.where)

    def grouped(self, *columns: Any) -> Select:
        """The groups, then the aggregates `columns`, one row per point."""
        return self.select(*columns).group_by(*self.groups)


def point_key(values: Sequence[Any]) -> PointKey:
    return tuple(
        None
        if v is None
        else json.dumps(v, sort_keys=True)
        if isinstance(v, dict | list)
        else str(v)
        for v in values
    )
