"""What the read routes share: filters from the query string, and run/machine shaping."""

from collections.abc import Callable

from fastapi import Request

from cryptobench_server.models import Run
from cryptobench_server.query.filters import Filters, parse_filters
from cryptobench_server.schemas_read import MachineRef, RunListItem, ToolOut

FILTER_HELP = (
    "Filters: algorithm, operation, family, library, library_version, machine (name), source, run (run_id), name (the result's name), "
    "param.<name> (e.g. param.curve=secp256k1) and tag.<name> (e.g. tag.opt_level=-O2); a key given twice "
    "means OR, different keys mean AND."
)


def filters_dependency(*reserved: str) -> Callable[[Request], Filters]:
    """A dependency parsing every query parameter except `reserved` ones as a filter.

    Use: `XFilters = Annotated[Filters, Depends(filters_dependency("metric", ...))]`.
    """

    def _filters(request: Request) -> Filters:
        return parse_filters(request.query_params.multi_items(), reserved=reserved)

    return _filters


def run_item(run: Run) -> RunListItem:
    return RunListItem(
        run_id=run.run_id,
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
