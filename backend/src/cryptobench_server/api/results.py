"""GET /results: flat rows (one per result, every canonical metric) as JSON pages, CSV or LaTeX.

json: paginated (limit + cursor). csv: every matching row, streamed, one `param.<name>` and
`tag.<name>` column per key present, every value exactly as stored (loads unchanged in pandas and
R: `-O2` stays `-O2`). spreadsheet: the same CSV for spreadsheets, where text that a spreadsheet
would run as a formula gets a leading single quote (query/export.py). latex: every matching row pivoted to a table in the spirit
of seed 004's output (benchmarks x `columns` values, mean of `metric`).
"""

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import PlainTextResponse, Response, StreamingResponse
from sqlalchemy import literal_column, select
from sqlalchemy.orm import Session

from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import FILTER_HELP, filters_dependency
from cryptobench_server.auth import ReadAccess
from cryptobench_server.models import Result, Run
from cryptobench_server.query.dimensions import base_from, dimension
from cryptobench_server.query.export import csv_lines, latex_table
from cryptobench_server.query.filters import Filters, conditions
from cryptobench_server.query.pagination import DEFAULT_LIMIT, Cursor, Limit, decode_cursor, page
from cryptobench_server.query.rows import page_rows, stream_rows
from cryptobench_server.schemas_read import CanonicalMetric, ResultsPage
from cryptobench_server.sqlfuncs import json_items

router = APIRouter(tags=["results"])
ResultFilters = Annotated[
    Filters, Depends(filters_dependency("format", "limit", "cursor", "metric", "columns"))
]
EXPORTS: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {
            "text/csv": {"schema": {"type": "string"}},
            "application/x-latex": {"schema": {"type": "string"}},
        },
        "description": "A page of rows (json), or every row as CSV or a LaTeX table",
    },
}


@router.get(
    "/results",
    response_model=ResultsPage,
    responses=EXPORTS,
    description=(__doc__ or "") + "\n" + FILTER_HELP,
)
def get_results(
    request: Request,
    session: SessionDep,
    _: ReadAccess,
    filters: ResultFilters,
    format: Annotated[
        Literal["json", "csv", "spreadsheet", "latex"],
        Query(
            description="csv: exact values (pandas, R); spreadsheet: CSV whose text cannot run as "
            "a formula (a leading ' before = + - @ tab CR)"
        ),
    ] = "json",
    limit: Limit = DEFAULT_LIMIT,
    cursor: Cursor = None,
    metric: Annotated[
        CanonicalMetric, Query(description="latex: the metric in the cells")
    ] = "ns_per_op",
    columns: Annotated[
        str, Query(description="latex: the dimension whose values are the columns")
    ] = "library",
) -> ResultsPage | Response:
    if format in ("csv", "spreadsheet"):
        params, tags = _keys(session, Result.params, filters), _keys(session, Run.tags, filters)
        sheet = format == "spreadsheet"
        name = "results-for-spreadsheets.csv" if sheet else "results.csv"
        return StreamingResponse(
            _csv(request, filters, params, tags, spreadsheet=sheet),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )
    if format == "latex":
        column = dimension(columns, field="columns").name
        text = latex_table(stream_rows(session, filters), metric=metric, column=column)
        return PlainTextResponse(text, media_type="application/x-latex; charset=utf-8")
    after = decode_cursor(cursor, types=(int,))[0] if cursor else None
    rows, next_cursor = page(
        page_rows(session, filters, limit=limit, after_id=after), limit, lambda r: [r["id"]]
    )
    return ResultsPage.model_validate({"data": rows, "next_cursor": next_cursor})


def _csv(
    request: Request, filters: Filters, params: list[str], tags: list[str], *, spreadsheet: bool
) -> Iterator[str]:
    """The rows, read in a session of their own (the request's closes when the route returns)."""
    with request.app.state.sessionmaker() as session:
        rows = stream_rows(session, filters)
        yield from csv_lines(rows, params, tags, spreadsheet=spreadsheet)


def _keys(session: Session, column, filters: Filters) -> list[str]:
    pairs = json_items(column).table_valued("key", "value").alias("kv")
    query = (
        base_from(select(pairs.c.key).distinct())
        .join(pairs, literal_column("true"))
        .where(*conditions(filters))
    )
    return sorted(session.scalars(query))
