"""GET /matrix: result identities (rows) by the values of one dimension (columns), one metric.

Rows are result identities under the filters: algorithm, operation, library and canonical params,
less the column dimension (with `column=param.block_bytes` the block size moves into the
columns), plus any `split` dimensions. A cell is the `agg` of its results exactly as GET /chart
computes a point (exact median, with `pooled`, `flagged` and `flags`); a row a column did not
measure has a null cell. Columns are sorted as versions for a version dimension, else
numerically when every value is a number.

Each cell carries `ratio` = value / the baseline column's value in its row and `speedup` = how
many times better than the baseline (> 1 better) whatever the metric's direction
(`less_is_better`); each column carries the geometric mean of its speedups over the rows it shares
with the baseline. `baseline` names a column value; without it the first column is the baseline.
"""

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from cryptobench_contract.units import CANONICAL_UNIT, LESS_IS_BETTER
from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import FILTER_HELP, Filters, filters_dependency
from cryptobench_server.auth import ReadAccess
from cryptobench_server.models import Series
from cryptobench_server.query.chart import Agg
from cryptobench_server.query.dimensions import dimension
from cryptobench_server.query.matrix import IDENTITY, build, matrix_rows
from cryptobench_server.schemas_read import CanonicalMetric
from cryptobench_server.schemas_views import Matrix

router = APIRouter(tags=["matrix"])
MatrixFilters = Annotated[
    Filters, Depends(filters_dependency("metric", "column", "split", "baseline", "agg"))
]


@router.get("/matrix", description=(__doc__ or "") + "\n" + FILTER_HELP)
def get_matrix(
    session: SessionDep,
    _: ReadAccess,
    filters: MatrixFilters,
    metric: Annotated[CanonicalMetric, Query(description="Canonical metric of the cells")],
    column: Annotated[
        str, Query(description="Dimension whose values are the columns, e.g. machine")
    ],
    baseline: Annotated[
        str | None, Query(description="The column value the ratios are relative to")
    ] = None,
    split: Annotated[
        list[str], Query(description="Dimension(s) added to the row identity (repeatable)")
    ] = [],  # noqa: B006
    agg: Annotated[Agg, Query(description="Aggregate of the results in one cell")] = "median",
) -> Matrix:
    column_dim = dimension(column, field="column", source=Series)
    names = [s for s in dict.fromkeys(split) if s not in (column_dim.name, *IDENTITY)]
    split_dims = [dimension(s, field="split", source=Series) for s in names]
    points = matrix_rows(
        session, metric=metric, column=column_dim, split=split_dims, agg=agg, filters=filters
    )
    split_names = [d.name for d in split_dims]
    shaped = build(
        points, metric=metric, column=column_dim.name, split=split_names, baseline=baseline
    )
    return Matrix.model_validate(
        {
            "metric": metric,
            "unit": CANONICAL_UNIT[metric],
            "less_is_better": LESS_IS_BETTER[metric],
            "column": column_dim.name,
            "split": split_names,
            "agg": agg,
            "baseline": shaped.baseline,
            "columns": shaped.columns,
            "rows": shaped.rows,
        }
    )
