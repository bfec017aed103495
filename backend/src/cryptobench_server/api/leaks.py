"""GET /leaks and GET /leaks/{run_id}/{position}: timing-leak screens and their verdicts.

A screen is one run's measurement of one operation on two input classes (`params.input_class`:
fixed vs random, valid vs invalid), each result with its samples in `raw`; or dudect's own
output (its max t). The list gives each screen's verdict beside its speed (the median of both
classes); the drill-down adds both classes' histograms over shared bins, Welch's t against the
sample count and a bootstrap interval of the median difference. Verdicts are timing only, for
that machine, build and operation; "none detected" states the difference that would have been
missed, and is never proof of constant time (leaks/verdict.py).
"""

import uuid
from typing import Annotated

import numpy as np
from fastapi import APIRouter, Depends

from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import FILTER_HELP, Filters, filters_dependency
from cryptobench_server.auth import ReadAccess
from cryptobench_server.errors import NotFound
from cryptobench_server.leaks import statistics as st
from cryptobench_server.leaks.screens import Screen, screens
from cryptobench_server.leaks.verdict import SCOPE
from cryptobench_server.query.pagination import DEFAULT_LIMIT, Limit
from cryptobench_server.schemas_leaks import (
    ClassHistogram,
    LeakClass,
    LeakDetail,
    LeakScreen,
    LeakScreens,
    LeakVerdict,
    MedianInterval,
    TPoint,
)
from cryptobench_server.stats import median

router = APIRouter(tags=["leaks"])
LeakFilters = Annotated[Filters, Depends(filters_dependency("limit"))]


@router.get("/leaks", description=(__doc__ or "") + "\n" + FILTER_HELP)
def get_leaks(
    session: SessionDep, _: ReadAccess, filters: LeakFilters, limit: Limit = DEFAULT_LIMIT
) -> LeakScreens:
    found = screens(session, filters)
    return LeakScreens(
        scope=SCOPE,
        threshold=st.T_THRESHOLD,
        screens=[_screen(s) for s in found[:limit]],
        truncated=len(found) > limit,
    )


@router.get(
    "/leaks/{run_id}/{position}",
    description="One screen (its run and the position of its first result, as GET /leaks "
    "lists them): both classes' histograms over shared bins (the pooled 0.5th..99.5th "
    "percentiles), Welch's t against sample count (of the samples the verdict's t is of: cropped "
    "at the pooled 99th percentile; none for instruction counts compared exactly), the bootstrap interval of the median "
    "difference (95%, seeded: the same samples give the same interval).",
)
def get_leak(session: SessionDep, _: ReadAccess, run_id: uuid.UUID, position: int) -> LeakDetail:
    found = next((s for s in screens(session, {}, run=run_id) if s.position == position), None)
    if found is None:
        raise NotFound(f"no leak screen at position {position} of run {run_id}")
    histograms: list[ClassHistogram] = []
    edges: list[float] = []
    interval = None
    progress: list[TPoint] = []
    if len(found.classes) == 2 and all(len(c.values) >= 2 for c in found.classes):
        a, b = found.classes
        bins = st.histograms(a.values, b.values)
        edges = bins.edges
        histograms = [
            ClassHistogram(name=c.name, counts=counts, below=below, above=above)
            for c, counts, below, above in zip(
                found.classes, (bins.a, bins.b), bins.below, bins.above, strict=True
            )
        ]
        low, high = st.median_difference_interval(a.values, b.values)
        interval = MedianInterval(
            level=0.95, low=low, high=high, resamples=st.BOOTSTRAP_RESAMPLES, seed=st.BOOTSTRAP_SEED
        )
        if not _exact(found):
            kept_a, kept_b = st.crop(a.values, b.values)[:2]
            progress = [TPoint(samples=n, t=t) for n, t in st.t_progress(kept_a, kept_b)]
    return LeakDetail(
        scope=SCOPE,
        threshold=st.T_THRESHOLD,
        screen=_screen(found),
        edges=edges,
        histograms=histograms,
        interval=interval,
        progress=progress,
    )


def _exact(screen: Screen) -> bool:
    """Counts compared exactly (verdict.py): t against samples would say nothing of them."""
    assert screen.verdict is not None
    first = screen.classes[0].values
    return screen.verdict.evidence == "counts" and len(np.unique(first)) == 1


def _screen(screen: Screen) -> LeakScreen:
    assert screen.verdict is not None
    return LeakScreen(
        run_id=screen.run_id,
        position=screen.position,
        name=screen.name,
        started_at=screen.started_at,
        machine=screen.machine,
        source=screen.source,
        tags=screen.tags,
        family=screen.family,
        algorithm=screen.algorithm,
        operation=screen.operation,
        library=screen.library,
        library_version=screen.library_version,
        params=screen.params,
        metric=screen.metric,
        unit=screen.unit,
        speed=screen.speed,
        classes=[_class(c.name, c.values) for c in screen.classes if len(c.values)],
        verdict=LeakVerdict.model_validate(screen.verdict, from_attributes=True),
    )


def _class(name: str, values: np.ndarray) -> LeakClass:
    return LeakClass(
        name=name,
        n=len(values),
        median=median(values),
        min=float(values.min()),
        max=float(values.max()),
    )
