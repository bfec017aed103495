"""What the read routes share: filters from the query string, and run/machine shaping."""

import uuid
from collections.abc import Callable, Collection
from typing import Annotated

from fastapi import Query, Request
from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

from cryptobench_server.models import Run
from cryptobench_server.query.chart import Agg
from cryptobench_server.query.filters import Filters, parse_filters
from cryptobench_server.schemas_read import MachineRef, RunListItem, ToolOut

FILTER_HELP = (
    "Filters: algorithm, operation, family, library, library_version, machine (name), source, run (run_id), name (the result's name), "
    "param.<name> (e.g. param.curve=secp256k1) and tag.<name> (e.g. tag.opt_level=-O2); a key given twice "
    "means OR, different keys mean AND."
)

#: The query parameters the chart-shaped reads (chart, relative, fit, history) declare alike.
XDimension = Annotated[str, Query(description="Dimension on the x axis, e.g. param.key_bits")]
SeriesDimensions = Annotated[
    list[str], Query(description="Dimension(s) telling lines apart (repeatable)")
]
PointAgg = Annotated[Agg, Query(description="Aggregate of the results at one point")]
PoolDimensions = Annotated[
    list[str],
    Query(
        description="Identity dimension(s) to pool instead of split (repeatable): a point that "
        "pools them is the median of its results with their min-max range, whatever `agg`"
    ),
]


def filters_dependency(*reserved: str) -> Callable[[Request], Filters]:
    """A dependency parsing every query parameter except `reserved` ones as a filter.

    Use: `XFilters = Annotated[Filters, Depends(filters_dependency("metric", ...))]`.
    """

    def _filters(request: Request) -> Filters:
        return parse_filters(request.query_params.multi_items(), reserved=reserved)

    return _filters


#: Tags named in a run's label; more are counted ("+2 tags").
LABEL_TAGS = 3


def run_label(run: Run) -> str:
    """How a person names a run, wherever a run is listed or picked: machine, tool, start (UTC)
    and tags ("bbb-01 · openssl 3.0.13 · 2026-04-03 10:00 UTC · engine=afalg")."""
    tool = " ".join(part for part in (run.tool_name, run.tool_version) if part)
    parts = [run.machine.name, tool or run.source, f"{run.started_at:%Y-%m-%d %H:%M} UTC"]
    tags = [f"{k}={v}" for k, v in sorted(run.tags.items())]
    parts += tags[:LABEL_TAGS]
    if len(tags) > LABEL_TAGS:
        parts.append(f"+{len(tags) - LABEL_TAGS} tags")
    return " · ".join(parts)


def run_labels(session: Session, run_ids: Collection[str]) -> dict[str, str]:
    """`run_label` of each run id given (as text) that is stored."""
    ids = [uuid.UUID(r) for r in run_ids]
    runs = session.scalars(select(Run).options(joinedload(Run.machine)).where(Run.run_id.in_(ids)))
    return {str(run.run_id): run_label(run) for run in runs}


def run_item(run: Run) -> RunListItem:
    return RunListItem(
        run_id=run.run_id,
        label=run_label(run),
        source=run.source,
        started_at=run.started_at,
        finished_at=run.finished_at,
        machine=MachineRef(id=run.machine.id, name=run.machine.name),
        clock_hz=run.clock_hz,
        tool=tool_of(run),
        tags=run.tags,
        result_count=run.result_count,
    )


def tool_of(run: Run) -> ToolOut:
    return ToolOut(
        name=run.tool_name, version=run.tool_version, build=run.tool_build, options=run.tool_options
    )
