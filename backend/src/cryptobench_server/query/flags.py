"""Which plausibility flags (store/plausibility.FLAG_REASONS) the results of a chart's points carry.

The read model counts each series' flagged results (`flagged_n`); only points over such series
read `results`: those of the flagged series (joined by series key, the whole series identity
checked, the run too when a run is a dimension, else through one of the series' totals pieces)
that have the chart's metric and a flag, grouped by point and by their list of flags. `flagged`
is how many results of the point carry a flag, `flags` how many carry each one.
"""

from collections import Counter
from dataclasses import dataclass, field

from sqlalchemy import Connection, Text, cast, func, select
from sqlalchemy.orm import aliased

from cryptobench_server.identity import identity_of
from cryptobench_server.models import Result, Run, Series, SeriesRun, SeriesTotal
from cryptobench_server.query.scope import PointKey, Scope, point_key


@dataclass
class Flagged:
    flagged: int = 0
    flags: Counter[str] = field(default_factory=Counter)


def flag_counts(connection: Connection, scope: Scope, metric: str) -> dict[PointKey, Flagged]:
    run = aliased(Run)
    query = (
        scope.select(Result.flags, func.count())
        .join(Result, Result.series_key == Series.series_key)
        .join(run, run.id == Result.run_pk)
        .where(
            scope.rollup.flagged_n > 0,
            identity_of(Result, run) == Series.identity,
            getattr(Result, metric).is_not(None),
            cast(Result.flags, Text) != "[]",
        )
    )
    if scope.rollup is SeriesRun:
        query = query.where(Result.run_pk == SeriesRun.run_pk)
    else:
        query = query.where(SeriesTotal.piece == _first_flagged_piece())
    width = len(scope.groups)
    out: dict[PointKey, Flagged] = {}
    for row in connection.execute(query.group_by(*scope.groups, Result.flags)):
        flags, n = row[width:]
        point = out.setdefault(point_key(row[:width]), Flagged())
        point.flagged += n
        point.flags.update(dict.fromkeys(flags, n))
    return out


def _first_flagged_piece():
    """The one totals piece of a series its flagged results are counted through (its pieces
    would count them once each)."""
    piece = aliased(SeriesTotal)
    return (
        select(func.min(piece.piece))
        .where(piece.series_id == Series.id, piece.flagged_n > 0)
        .scalar_subquery()
    )
