"""The leak screens the store holds, read with the usual filters (GET /leaks).

A screen is one run's measurement of one operation on two input classes: results of one run
identical in family, algorithm, operation, library, version, metric and params except
`params.input_class` ("fixed"/"random" dudect-style, "valid"/"invalid" for padding), each with
its per-sample measurements in `raw`. Results of one class measured more than once are pooled.
The samples are read in the screen's metric: instructions per operation as counted, any time or
rate as ns per operation through the result's own conversion (query/distribution.py), else the
reported metric. dudect's own output (metric `other`, params.statistic `max t`) is a screen of
its own, judged on its max t. The screen's id is its run and the position of its first result.
"""

import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

from cryptobench_contract.units import CANONICAL_UNIT
from cryptobench_server.leaks.verdict import COUNT_METRICS, Verdict, judge, judge_dudect
from cryptobench_server.models import Machine, Result, Run
from cryptobench_server.query.dimensions import base_from, dimension
from cryptobench_server.query.distribution import distribution
from cryptobench_server.query.filters import Filters, conditions
from cryptobench_server.stats import median

CLASS = "input_class"
#: Class names in the order they are compared: the reference first.
CLASS_ORDER = ("fixed", "valid")
DUDECT_STATISTIC = "max t"
_COLUMNS = (
    Result.position,
    Result.name,
    Result.family,
    Result.algorithm,
    Result.operation,
    Result.library,
    Result.library_version,
    Result.params,
    Result.metric,
    Result.value,
    Result.unit,
    Result.samples,
    Result.raw,
    Run.run_id,
    Run.started_at,
    Run.source,
    Run.clock_hz,
    Run.tags,
    Machine.name.label("machine"),
)


@dataclass
class ClassSamples:
    name: str
    values: np.ndarray


@dataclass
class Screen:
    run_id: uuid.UUID
    position: int
    name: str
    started_at: datetime
    machine: str
    source: str
    tags: dict[str, str]
    family: str | None
    algorithm: str
    operation: str | None
    library: str | None
    library_version: str | None
    params: dict[str, Any]
    metric: str
    classes: list[ClassSamples] = field(default_factory=list)
    verdict: Verdict | None = None

    @property
    def unit(self) -> str:
        return "|t|" if self.metric == "other" else CANONICAL_UNIT[self.metric]

    @property
    def speed(self) -> float | None:
        """The median of both classes' samples: the operation's speed figure."""
        if not self.classes:
            return None
        return median(np.concatenate([c.values for c in self.classes]))


def screens(session: Session, filters: Filters, *, run: uuid.UUID | None = None) -> list[Screen]:
    """Every screen under `filters` (of one run when `run` is given), newest run first, each
    judged (verdict.py)."""
    input_class = dimension("param." + CLASS).expression
    statistic = dimension("param.statistic").expression
    query = base_from(select(*_COLUMNS)).where(
        or_(
            input_class.is_not(None),
            and_(Result.metric == "other", statistic == DUDECT_STATISTIC),
        ),
        *conditions(filters),
    )
    if run is not None:
        query = query.where(Run.run_id == run)
    query = query.order_by(Run.started_at.desc(), Run.id.desc(), Result.position)
    return [_judged(screen) for screen in _grouped(session.execute(query))]


def _grouped(rows: Iterable[Any]) -> list[Screen]:
    found: dict[tuple[Any, ...], tuple[Screen, dict[str, list[np.ndarray]]]] = {}
    for row in rows:
        params = {k: v for k, v in row.params.items() if k != CLASS}
        metric = _metric(row.metric)
        key = (
            row.run_id,
            *(row.family, row.algorithm, row.operation, row.library, row.library_version),
            row.metric,
            json.dumps(params, sort_keys=True),
            row.position if row.metric == "other" else None,
        )
        if key not in found:
            found[key] = (_screen(row, params, metric), {})
        if row.metric != "other":
            values, found[key][0].metric = _samples(row, metric)
            found[key][1].setdefault(str(row.params.get(CLASS)), []).append(values)
        else:
            found[key][1]["dudect"] = [np.array([row.value, float(row.samples or 0)])]
    out = []
    for screen, by_class in found.values():
        names = sorted(by_class, key=lambda c: (c not in CLASS_ORDER, c))
        screen.classes = [ClassSamples(c, np.concatenate(by_class[c])) for c in names]
        out.append(screen)
    return out


def _metric(reported: str) -> str:
    if reported in COUNT_METRICS or reported == "other":
        return reported
    return "ns_per_op"


def _screen(row: Any, params: dict[str, Any], metric: str) -> Screen:
    return Screen(
        run_id=row.run_id,
        position=row.position,
        name=row.name,
        started_at=row.started_at,
        machine=row.machine,
        source=row.source,
        tags=row.tags,
        family=row.family,
        algorithm=row.algorithm,
        operation=row.operation,
        library=row.library,
        library_version=row.library_version,
        params=params,
        metric=metric,
    )


def _samples(row: Any, metric: str) -> tuple[np.ndarray, str]:
    """The result's raw samples in the screen's metric, or in its own canonical metric when that
    cannot be reached (cycles without a clock); none without raw."""
    shape = distribution(
        metric=metric,
        reported_metric=row.metric,
        unit=row.unit,
        clock_hz=row.clock_hz,
        params=row.params,
        raw=row.raw,
        stats=None,
    )
    if shape is None:
        return np.empty(0), metric
    values: Sequence[float] = shape["values"] or []
    return np.asarray(values, dtype=np.float64), shape["metric"]


def _judged(screen: Screen) -> Screen:
    if screen.metric == "other":
        max_t, measurements = screen.classes.pop().values
        screen.verdict = judge_dudect(float(max_t), int(measurements))
        return screen
    named = [c for c in screen.classes if len(c.values)]
    if len(named) != 2:
        screen.verdict = _unpaired(screen)
        return screen
    a, b = named
    screen.verdict = judge(screen.metric, (a.name, b.name), a.values, b.values)
    return screen


def _unpaired(screen: Screen) -> Verdict:
    """No verdict without two classes of samples: inconclusive, naming what there is."""
    held = ", ".join(f"{c.name} ({len(c.values):,} samples)" for c in screen.classes)
    n = sum(len(c.values) for c in screen.classes)
    text = f"inconclusive: a screen needs two input classes with samples; it has {held}"
    return Verdict("inconclusive", text, "samples", n)
