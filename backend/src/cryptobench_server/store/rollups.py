"""The read model: series, their per-run figures and their totals, derived from results.

| table | one row per | producer |
|---|---|---|
| `series` | distinct series (identity and dimension values) | series.py `series_rows`, written by `add_series` |
| `series_runs` | series x run: counts, sums, min, max, packed figures, error inputs | the same |
| `series_totals` | series x piece: the same figures over its runs, in pieces | `add_totals(series_runs)` |

A run's series and series_runs are made in Python from its result rows (series.py): ingest
hands over the rows it streams into the database (`add_run`, in the run's transaction), and
the backfill of runs stored before the read model (`catch_up`, run by `migrate`) and
`cryptobench-server rollups rebuild` (delete everything, then the runs in batches) read them
back. Totals are one SQL statement adding the series_runs it is given into their series' rows,
which also serves run deletion (`remove_run_rollups`). Facets count from `series_totals`; charts aggregate it, or
`series_runs` when a run is a dimension; see query/README.md.
"""

from collections.abc import Callable, Iterator, Sequence

from sqlalchemy import (
    JSON,
    ColumnElement,
    Connection,
    Select,
    Text,
    case,
    cast,
    delete,
    exists,
    func,
    select,
    true,
)
from sqlalchemy.orm import aliased

from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_server.locks import read_model
from cryptobench_server.models import Result, Run, Series, SeriesRun, SeriesTotal
from cryptobench_server.sqlfuncs import concat_bytes, join_bytes
from cryptobench_server.store.dialect import insert_for, insert_rows
from cryptobench_server.store.reflag import recheck
from cryptobench_server.store.rows import ResultRow, json_text
from cryptobench_server.store.series import (
    FIGURE_COLUMNS,
    PARTS,
    SERIES_COLUMNS,
    TOTAL_COLUMNS,
    RunOf,
    SeriesRows,
    series_rows,
)

Progress = Callable[[str], None]
#: Runs a rebuild checks again and rolls up per progress line (~50k results of the bench
#: workload).
BATCH = 100
#: Series identities looked up per statement.
LOOKUP = 10_000
#: Results a totals piece takes before its series opens the next one (add_totals).
PIECE_RESULTS = 64


def add_run(connection: Connection, run_pk: int, made: SeriesRows) -> None:
    """The read model rows of one stored run whose series rows are made (ingest)."""
    add_series(connection, [made])
    add_totals(connection, SeriesRun.run_pk == run_pk)


def remove_run_rollups(connection: Connection, run_pk: int) -> None:
    """Take one run out of the read model (before or after its results are deleted): its
    series_runs go, its series' totals are recomputed, series left without runs go."""
    series_ids = list(connection.scalars(_series_of([run_pk])))
    connection.execute(delete(SeriesRun).where(SeriesRun.run_pk == run_pk))
    connection.execute(delete(SeriesTotal).where(SeriesTotal.series_id.in_(series_ids)))
    add_totals(connection, SeriesRun.series_id.in_(series_ids))
    orphan = ~exists().where(SeriesRun.series_id == Series.id)
    connection.execute(delete(Series).where(Series.id.in_(series_ids), orphan))


def rebuild(connection: Connection, progress: Progress = lambda _: None) -> int:
    """Delete the read model and make it again from every stored result; returns the run count.
    Holds the read model alone (locks.py) until the transaction ends."""
    read_model(connection, exclusive=True)
    for table in (SeriesTotal, SeriesRun, Series):
        connection.execute(delete(table))
    run_pks = list(connection.scalars(select(Run.id).order_by(Run.id)))
    return _build(connection, run_pks, progress)


def catch_up(connection: Connection, progress: Progress = lambda _: None) -> int:
    """Build the read model of runs not in it yet (stored before it existed); returns their count.
    Holds the read model alone (locks.py) until the transaction ends."""
    read_model(connection, exclusive=True)
    return _build(connection, list(connection.scalars(_behind())), progress)


def behind(connection: Connection) -> int:
    """How many runs with results the read model lacks (0 when it is complete)."""
    return connection.scalar(select(func.count()).select_from(_behind().subquery())) or 0


def _behind() -> Select:
    missing = ~exists().where(SeriesRun.run_pk == Run.id)
    return select(Run.id).where(Run.result_count > 0, missing).order_by(Run.id)


def _build(connection: Connection, run_pks: list[int], progress: Progress) -> int:
    """The read model of `run_pks`, their results' plausibility flags checked again first."""
    for start in range(0, len(run_pks), BATCH):
        batch = run_pks[start : start + BATCH]
        recheck(connection, batch)
        made = [
            series_rows(run, _stored_rows(connection, run.run_pk))
            for run in _runs_of(connection, batch)
        ]
        add_series(connection, made)
        progress(f"series of {start + len(batch):,}/{len(run_pks):,} runs")
    if not run_pks:
        return 0
    if len(run_pks) > BATCH:
        connection.execute(delete(SeriesTotal))
        add_totals(connection, true())
    else:
        add_totals(connection, SeriesRun.run_pk.in_(run_pks))
    progress("series totals")
    return len(run_pks)


def _series_of(run_pks: Sequence[int]) -> Select:
    return select(SeriesRun.series_id).where(SeriesRun.run_pk.in_(run_pks))


def add_series(connection: Connection, made: Sequence[SeriesRows]) -> None:
    """Runs' series (those not stored yet) and their series_runs rows, written in series order
    (a chart split by run reads a series' rows of many runs together). Writers of one series go
    one after the other: they hold its machine's lock or the whole read model (locks.py)."""
    first: dict[str, tuple] = {}
    for run in made:
        for row in run.series:
            first.setdefault(row[0], row)
    ids = _series_ids(connection, list(first))
    missing = [row for identity, row in first.items() if identity not in ids]
    if missing:
        insert_rows(connection, "series", SERIES_COLUMNS, missing)
        ids |= _series_ids(connection, [row[0] for row in missing])
    written = [
        (ids[series[0]], *figures)
        for run in made
        for series, figures in zip(run.series, run.figures, strict=True)
    ]
    written.sort(key=lambda row: (row[0], row[1]))
    insert_rows(connection, "series_runs", ("series_id", "run_pk", *FIGURE_COLUMNS), written)


def _series_ids(connection: Connection, identities: list[str]) -> dict[str, int]:
    """The ids of the stored series among `identities`, LOOKUP at a time (SQLite takes at most
    32,766 values in one statement; a run may hold 100,000 series)."""
    ids: dict[str, int] = {}
    for start in range(0, len(identities), LOOKUP):
        chunk = identities[start : start + LOOKUP]
        found = select(Series.identity, Series.id).where(Series.identity.in_(chunk))
        ids.update(connection.execute(found).all())
    return ids


def _runs_of(connection: Connection, run_pks: Sequence[int]) -> Iterator[RunOf]:
    facts = select(Run.id, Run.source, Run.machine_id, Run.clock_hz, Run.tags)
    for run_pk, source, machine_id, clock_hz, tags in connection.execute(
        facts.where(Run.id.in_(run_pks)).order_by(Run.id)
    ):
        yield RunOf(run_pk, source, machine_id, clock_hz, json_text(tags or {}))


def _stored_rows(connection: Connection, run_pk: int) -> list[tuple]:
    """A stored run's results as `ResultRow` lays them out (JSON columns as text)."""
    columns = [
        cast(getattr(Result, name), Text) if name in _JSON else getattr(Result, name)
        for name in ResultRow._fields
    ]
    stored = select(*columns).where(Result.run_pk == run_pk).order_by(Result.position)
    return [tuple(row) for row in connection.execute(stored)]


#: The results table's JSON columns, read as text as ingest lays them out.
_JSON = frozenset(c.name for c in Result.__table__.c if isinstance(c.type, JSON))


def add_totals(connection: Connection, rows: ColumnElement[bool]) -> None:
    """The producer of `series_totals`: the series_runs that `rows` selects, added into their
    series' totals (a series without one gets its row), in one INSERT ... ON CONFLICT DO UPDATE.

    The figures go into each series' open piece: its newest, or a new one after it once the
    newest holds PIECE_RESULTS results, so an upload rewrites at most a piece of its series'
    history, never all of it. Ingest adds its run's (a cost that follows the run's series, not
    their history); a rebuild adds every series_run to the emptied table (one piece per
    series); a run deletion empties its series' totals and adds their remaining series_runs.
    Writers of one series go one after the other: they hold its machine's lock (locks.py).
    """
    figures = []
    for metric in CANONICAL_METRICS:
        n, total, low, high, values = (getattr(SeriesRun, f"{metric}_{p}") for p in PARTS)
        figures += [
            func.sum(n),
            func.sum(total),
            func.min(low),
            func.max(high),
            concat_bytes(values),
        ]
    grouped = (
        select(
            SeriesRun.series_id,
            _open_piece(),
            func.sum(SeriesRun.result_n),
            *figures,
            func.sum(SeriesRun.error_n),
            func.max(SeriesRun.error_max),
            func.min(SeriesRun.error_kind_min),
            func.max(SeriesRun.error_kind_max),
            func.sum(SeriesRun.flagged_n),
        )
        .where(rows)
        .group_by(SeriesRun.series_id)
    )
    columns = ["series_id", "piece", *TOTAL_COLUMNS]
    statement = insert_for(connection)(SeriesTotal).from_select(columns, grouped)
    stored, added = SeriesTotal.__table__.c, statement.excluded
    statement = statement.on_conflict_do_update(
        index_elements=["series_id", "piece"],
        set_={c: _combined(c, stored[c], added[c]) for c in TOTAL_COLUMNS},
    )
    connection.execute(statement)


def _open_piece() -> ColumnElement[int]:
    """The piece of series_runs.series_id that takes more figures: its newest, the one after
    that when the newest is full, 0 for a series without totals."""
    piece = aliased(SeriesTotal)
    full = case((piece.result_n >= PIECE_RESULTS, 1), else_=0)
    newest = (
        select(piece.piece + full)
        .where(piece.series_id == SeriesRun.series_id)
        .order_by(piece.piece.desc())
        .limit(1)
        .scalar_subquery()
    )
    return func.coalesce(newest, 0)


def _combined(column: str, stored: ColumnElement, added: ColumnElement) -> ColumnElement:
    """A total's `column` with more series_runs added (NULL: none of them had a figure)."""
    if column.endswith("_n"):
        return stored + added
    if column.endswith("_values"):
        return join_bytes(stored, added)
    if column.endswith("_sum"):
        return func.coalesce(stored + added, stored, added)
    keep_stored = stored <= added if column.endswith("_min") else stored >= added
    return case((added.is_(None) | keep_stored, func.coalesce(stored, added)), else_=added)
