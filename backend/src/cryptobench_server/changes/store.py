"""The one producer of the `changes` table: lineages' per-run points in, detected steps stored.

`refresh_run(connection, run_pk)` re-detects every lineage one run's results belong to, over the
`LOOKAROUND` runs of that machine and source on either side of it (ingest, in the run's
transaction; and run deletion, with `without_run=True`, before the run goes). `detect_all`
empties the table and detects every lineage over all its runs (`cryptobench-server changes
detect`). Both build points and rows with the same functions, so a re-detection over stored runs
gives what ingest gave, except for lineages longer than LOOKAROUND runs, whose oldest
`SETTLED` points ingest leaves as they were.

A lineage's point in a run is made once from the read model (`series_runs` joined to `series`,
rollups.py, which ingest fills first): the series of that run sharing the lineage fields,
their figures of the reported metric joined, grouped in SQL. `refresh_run` stores the new run's
points in `lineage_points` and reads its window's points from there, so an upload's detection
costs one row per lineage and run looked at, not the series_runs of every run around it;
`detect_all` makes every point again from the read model.
"""

import hashlib
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy import Connection, Text, and_, case, cast, delete, func, insert, or_, select

from cryptobench_contract.units import CANONICAL_METRICS, LESS_IS_BETTER
from cryptobench_server.changes.detect import (
    CONFIRM,
    DEFAULT_THRESHOLD,
    WINDOW,
    Point,
    Step,
    find_steps,
    sensitivity,
)
from cryptobench_server.identity import LINEAGE_FIELDS, variant
from cryptobench_server.locks import read_model
from cryptobench_server.models import Change, LineagePoint, Run, Series, SeriesRun
from cryptobench_server.sqlfuncs import concat_bytes
from cryptobench_server.stats import level_error, run_figure

#: Points at the start of a truncated lineage whose stored changes a refresh keeps: their
#: decisions depend on older points it did not load.
SETTLED = 2 * WINDOW + CONFIRM
#: Runs of one machine and source looked at on each side of a new (or deleted) run. The cost of a
#: refresh is linear in it: ~0.25 s per 5,000-result run looked at on SQLite.
LOOKAROUND = 2 * SETTLED
RUN_FACTS = ("tool_version", "tool_build", "tool_options", "clock_hz")
#: A stored change's direction in the run verdicts' vocabulary (verdicts.py, GET /changes).
STEP_VERDICT = {"regression": "regressed", "improvement": "improved"}


@dataclass(frozen=True)
class RunInfo:
    pk: int
    started_at: datetime
    facts: dict[str, Any]
    tags: dict[str, str]


@dataclass(frozen=True)
class Measured:
    """One run's point of one lineage, as detection and a change row read it (stored in
    `lineage_points`): the run, the point, the library versions and smallest verbatim name of
    its results."""

    run: RunInfo
    point: Point
    versions: frozenset[str | None]
    name: str


@dataclass
class _Gathered:
    """One run's results of one lineage: their packed figures (positive ones among them), how
    many of the positive ones carry a relative error and the largest one, their library
    versions and verbatim names."""

    run: RunInfo
    packed: list[bytes]
    errors_known: int
    error_max: float
    versions: set[str | None]
    names: set[str]

    def point(self) -> Point:
        figure = run_figure(b"".join(self.packed))
        if figure is None:
            raise ValueError("a lineage point without a positive figure")
        return Point(figure.value, level_error(self.errors_known, figure.n, self.error_max))

    def measured(self) -> Measured:
        return Measured(self.run, self.point(), frozenset(self.versions), min(self.names))


def _own(part: str):
    """The series' `part` column (`values`: packed figures; `max`) of its reported metric
    (NULL for `other`)."""
    by_metric = ((Series.metric == m, getattr(SeriesRun, f"{m}_{part}")) for m in CANONICAL_METRICS)
    return case(*by_metric, else_=None)


def lineage_key(machine_id: int, source: str, fields: Sequence[Any]) -> str:
    text = orjson.dumps([machine_id, source, *fields], option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(text).hexdigest()[:32]


def refresh_run(
    connection: Connection,
    run_pk: int,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    without_run: bool = False,
) -> None:
    """Detect again the lineages of run `run_pk` around it (leaving it out when `without_run`)."""
    run = connection.execute(
        select(Run.machine_id, Run.source, Run.started_at, Run.id).where(Run.id == run_pk)
    ).one()
    if not without_run:
        _keep_points(connection, run)
    points, truncated = lineages_around(connection, run, without_run=without_run)
    keys = list(points)
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        connection.execute(
            delete(Change).where(
                Change.lineage.in_(chunk), Change.run_pk.in_(_kept_runs(points, chunk, truncated))
            )
        )
    first = SETTLED if truncated else 0
    _store(connection, run.machine_id, run.source, points, threshold, first)


def lineages_around(
    connection: Connection, run, *, without_run: bool = False
) -> tuple[dict[str, tuple[tuple, list[Measured]]], bool]:
    """The lineages of `run` (a row with id, machine_id, source, started_at) with their stored
    points in the runs within LOOKAROUND of it, oldest first (leaving it out when `without_run`);
    True when older runs exist."""
    runs, truncated = _runs_around(connection, run, without=run.id if without_run else None)
    params = _Params()
    lineages = (
        select(*_lineage_columns())
        .join(SeriesRun, SeriesRun.series_id == Series.id)
        .where(SeriesRun.run_pk == run.id, _own("values").is_not(None))
        .distinct()
    )
    mine: dict[str, tuple] = {}
    for row in connection.execute(lineages):
        fields = params.fields(row)
        mine.setdefault(lineage_key(run.machine_id, run.source, fields), fields)
    return _read_points(connection, mine, runs), truncated


def detect_all(connection: Connection, *, threshold: float = DEFAULT_THRESHOLD) -> int:
    """Empty `changes` and detect every lineage over all its runs; returns the changes stored.
    Holds the read model alone (locks.py) until the transaction ends."""
    read_model(connection, exclusive=True)
    connection.execute(delete(Change))
    connection.execute(delete(LineagePoint))
    total = 0
    groups = connection.execute(select(Run.machine_id, Run.source).distinct()).all()
    for machine_id, source in groups:
        run_rows = connection.execute(
            _run_info().where(Run.machine_id == machine_id, Run.source == source)
        )
        runs = {r.id: _info(r) for r in run_rows}
        rows = connection.execute(
            _point_rows().where(Series.machine_id == machine_id, Series.source == source)
        )
        points = _lineage_points(machine_id, source, rows.all(), runs, _Params())
        _insert_points(connection, points)
        total += _store(connection, machine_id, source, points, threshold, 0)
    return total


def _keep_points(connection: Connection, run) -> None:
    """Store the points of `run`'s lineages (from its series_runs), read by later refreshes."""
    runs = {r.id: _info(r) for r in connection.execute(_run_info().where(Run.id == run.id))}
    rows = connection.execute(_point_rows().where(SeriesRun.run_pk == run.id))
    _insert_points(
        connection, _lineage_points(run.machine_id, run.source, rows.all(), runs, _Params())
    )


def _insert_points(connection: Connection, points: dict[str, tuple[tuple, list[Measured]]]) -> None:
    rows = [
        {
            "lineage": key,
            "run_pk": p.run.pk,
            "value": p.point.value,
            "rel_error": p.point.rel_error,
            "name": p.name,
            "versions": sorted(p.versions, key=lambda v: (v is not None, v or "")),
        }
        for key, (_, series) in points.items()
        for p in series
    ]
    if rows:
        connection.execute(insert(LineagePoint), rows)


def _read_points(
    connection: Connection, lineages: dict[str, tuple], runs: dict[int, RunInfo]
) -> dict[str, tuple[tuple, list[Measured]]]:
    """Per lineage key of `lineages` (key -> fields): its fields and its stored points in `runs`,
    oldest first."""
    found: dict[str, list[Measured]] = {}
    keys = list(lineages)
    for start in range(0, len(keys), 500):
        rows = connection.execute(
            select(LineagePoint).where(
                LineagePoint.lineage.in_(keys[start : start + 500]),
                LineagePoint.run_pk.in_(list(runs)),
            )
        )
        for row in rows:
            point = Point(row.value, row.rel_error)
            measured = Measured(runs[row.run_pk], point, frozenset(row.versions), row.name)
            found.setdefault(row.lineage, []).append(measured)
    return {key: (lineages[key], sorted(found[key], key=_oldest_first)) for key in found}


def _oldest_first(point: Measured) -> tuple[datetime, int]:
    return point.run.started_at, point.run.pk


def _run_info():
    return select(Run.id, Run.started_at, Run.tags, *(getattr(Run, f) for f in RUN_FACTS))


def _info(row) -> RunInfo:
    return RunInfo(row.id, row.started_at, {f: getattr(row, f) for f in RUN_FACTS}, row.tags or {})


def _runs_around(
    connection: Connection, run, *, without: int | None
) -> tuple[dict[int, RunInfo], bool]:
    """The runs of the machine and source within LOOKAROUND of `run`; True when older ones exist."""
    base = _run_info().where(Run.machine_id == run.machine_id, Run.source == run.source)
    if without is not None:
        base = base.where(Run.id != without)
    at = (run.started_at, run.id)
    earlier = or_(Run.started_at < at[0], and_(Run.started_at == at[0], Run.id <= at[1]))
    older = list(
        connection.execute(
            base.where(earlier).order_by(Run.started_at.desc(), Run.id.desc()).limit(LOOKAROUND + 1)
        )
    )
    newer = connection.execute(
        base.where(~earlier).order_by(Run.started_at, Run.id).limit(LOOKAROUND)
    )
    truncated = len(older) > LOOKAROUND
    return {r.id: _info(r) for r in [*older[:LOOKAROUND], *newer]}, truncated


#: The lineage fields read from a JSON column: params, and the variant from the series' tags.
JSON_FIELDS = {"params": Series.params, "variant": Series.tags}


def _lineage_columns() -> list[Any]:
    """The lineage fields, params and tags as the stored JSON text (parsed once per distinct
    text)."""
    return [
        cast(JSON_FIELDS[f], Text) if f in JSON_FIELDS else getattr(Series, f)
        for f in LINEAGE_FIELDS
    ]


def _point_rows():
    """Lineage points in pieces, grouped in SQL: per run, lineage fields and library version,
    the smallest verbatim name, the packed figures of the reported metric joined and the error
    inputs, over the series_runs whose largest such figure is positive (a series' machine and
    source are its runs'): the series_runs of the runs looked at are read in the database, one
    row per lineage and run reaches Python."""
    lineage = _lineage_columns()
    own = _own("values")
    return (
        select(
            SeriesRun.run_pk,
            *lineage,
            Series.library_version,
            func.min(Series.name),
            concat_bytes(own),
            func.sum(SeriesRun.relative_error_n),
            func.max(SeriesRun.relative_error_max),
        )
        .join(Series, Series.id == SeriesRun.series_id)
        .where(own.is_not(None), _own("max") > 0)
        .group_by(SeriesRun.run_pk, *lineage, Series.library_version)
    )


class _Params:
    """Lineage fields from rows whose params and tags are JSON text: the match key (params and
    variant as canonical JSON, whatever the stored spelling) and the fields (params and the
    variant, identity.variant of the tags, as objects), each text parsed once (a 25,000-result
    upload looks at up to 2 x LOOKAROUND such runs)."""

    def __init__(self) -> None:
        self._parsed: dict[tuple[str, str | None], tuple[bytes, Any]] = {}

    def _of(self, field: str, text: str | None) -> tuple[bytes, Any]:
        found = self._parsed.get((field, text))
        if found is None:
            value = None if text is None else orjson.loads(text)
            if field == "variant":
                value = variant(value)
            canonical = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
            found = self._parsed[field, text] = (canonical, value)
        return found

    def match(self, fields: Sequence[Any]) -> tuple:
        return tuple(
            self._of(f, v)[0] if f in JSON_FIELDS else v
            for f, v in zip(LINEAGE_FIELDS, fields, strict=True)
        )

    def fields(self, fields: Sequence[Any]) -> tuple:
        return tuple(
            self._of(f, v)[1] if f in JSON_FIELDS else v
            for f, v in zip(LINEAGE_FIELDS, fields, strict=True)
        )


def _lineage_points(
    machine_id: int,
    source: str,
    rows: Iterable[Sequence[Any]],
    runs: dict[int, RunInfo],
    params: _Params,
) -> dict[str, tuple[tuple, list[Measured]]]:
    """Per lineage key: (its lineage fields, its points oldest first). `rows` are
    `_point_rows()`."""
    width = len(LINEAGE_FIELDS)
    grouped: dict[tuple, tuple[tuple, dict[int, _Gathered]]] = {}
    matches: dict[tuple, tuple] = {}
    for row in rows:
        run_pk, lineage = row[0], tuple(row[1 : 1 + width])
        library_version, name, packed, errors_known, error_max = row[1 + width :]
        run = runs.get(run_pk)
        if run is None:
            continue
        match = matches.get(lineage)
        if match is None:
            match = matches[lineage] = params.match(lineage)
        if match not in grouped:
            grouped[match] = (params.fields(lineage), {})
        per_run = grouped[match][1]
        point = per_run.get(run_pk)
        if point is None:
            point = per_run[run_pk] = _Gathered(run, [], 0, -math.inf, set(), set())
        point.packed.append(packed)
        point.errors_known += errors_known
        if error_max is not None:
            point.error_max = max(point.error_max, error_max)
        point.versions.add(library_version)
        point.names.add(name)
    return {
        lineage_key(machine_id, source, fields): (
            fields,
            sorted((p.measured() for p in per_run.values()), key=_oldest_first),
        )
        for fields, per_run in grouped.values()
    }


def _kept_runs(points, keys: Sequence[str], truncated: bool) -> list[int]:
    """The runs whose changes a refresh of these lineages replaces."""
    first = SETTLED if truncated else 0
    return sorted({p.run.pk for key in keys for p in points[key][1][first:]})


def _store(
    connection: Connection,
    machine_id: int,
    source: str,
    points: dict[str, tuple[tuple, list[Measured]]],
    threshold: float,
    first: int,
) -> int:
    rows = []
    for key, (fields, series) in points.items():
        found = sensitivity(fields[LINEAGE_FIELDS.index("metric")], threshold)
        steps = find_steps(
            [p.point for p in series], threshold=found.threshold, min_before=found.min_before
        )
        rows += [
            change_row(key, machine_id, source, fields, series, step)
            for step in steps
            if step.index >= first
        ]
    if rows:
        connection.execute(insert(Change), rows)
    return len(rows)


def change_row(
    key: str,
    machine_id: int,
    source: str,
    fields: tuple,
    series: Sequence[Measured],
    step: Step,
) -> dict[str, Any]:
    lineage = dict(zip(LINEAGE_FIELDS, fields, strict=True))
    before, after = series[step.baseline], series[step.index]
    worse = (step.ratio > 1) == LESS_IS_BETTER[lineage["metric"]]
    return {
        **lineage,
        "lineage": key,
        "machine_id": machine_id,
        "source": source,
        "run_pk": after.run.pk,
        "baseline_run_pk": before.run.pk,
        "name": after.name,
        "library_version": _one(after.versions),
        "before": step.before,
        "after": step.after,
        "ratio": step.ratio,
        "direction": "regression" if worse else "improvement",
        "z": None if math.isinf(step.z) else step.z,
        "noise": step.noise,
        "before_n": step.before_n,
        "after_n": step.after_n,
        "what_changed": what_changed(before, after),
        "started_at": after.run.started_at,
    }


def _one(values: frozenset[str | None]) -> str | None:
    return next(iter(values)) if len(values) == 1 else None


def what_changed(before: Measured, after: Measured) -> dict[str, list[Any]]:
    """Facts that differ between the two runs: library_version, tool_*, clock_hz, tag.<name>."""
    out: dict[str, list[Any]] = {}
    old, new = _one(before.versions), _one(after.versions)
    if before.versions != after.versions:
        out["library_version"] = [old, new]
    for name in RUN_FACTS:
        if before.run.facts[name] != after.run.facts[name]:
            out[name] = [before.run.facts[name], after.run.facts[name]]
    for tag in sorted(set(before.run.tags) | set(after.run.tags)):
        if before.run.tags.get(tag) != after.run.tags.get(tag):
            out[f"tag.{tag}"] = [before.run.tags.get(tag), after.run.tags.get(tag)]
    return out
