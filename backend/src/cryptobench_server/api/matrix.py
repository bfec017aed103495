"""GET /matrix: result identities (rows) by the values of one dimension (columns), one metric.

Rows are result identities under the filters: algorithm, operation, library and canonical params,
less the column dimension (with `column=param.block_bytes` the block size moves into the
columns), plus any `split` dimensions and every identity dimension that varies within a cell
(the answer's `split` lists both: a cell is one experiment unless pooled). A cell is the `agg` of its results exactly as GET /chart
computes a point (exact median, with `pooled`, `flagged` and `flags`); a row a column did not
measure has a null cell. Columns are sorted as versions for a version dimension, else
numerically when every value is a number; rows by their identity, numbers by value.

`pool` moves identity dimensions (algorithm, operation, library, param.<key>) out of the rows:
results that differ only in them share a row, and a cell holding several of their values says so
in `pooled`. With `column=library&pool=param.coordinates`, ECpy (jacobian coordinates) and
ECC.py (affine) meet in one row per operation.

Each cell carries `ratio` = value / the baseline column's value in its row and `speedup` = how
many times better than the baseline (> 1 better) whatever the metric's direction
(`less_is_better`); each column carries the geometric mean of its speedups over the rows it shares
with the baseline (`shared`: how many; null when none). `baseline` names a column value; without it the first column is the baseline.
"""

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from cryptobench_contract.units import CANONICAL_UNIT, LESS_IS_BETTER
from cryptobench_server.api.deps import SessionDep
from cryptobench_server.api.read_common import FILTER_HELP, Filters, filters_dependency
from cryptobench_server.auth import ReadAccess
from cryptobench_server.errors import InvalidInput
from cryptobench_server.models import Series
from cryptobench_server.query.chart import Agg
from cryptobench_server.query.dimensions import PARAM, dimension
from cryptobench_server.query.matrix import IDENTITY, build, matrix_rows
from cryptobench_server.schemas_read import CanonicalMetric
from cryptobench_server.schemas_views import Matrix

router = APIRouter(tags=["matrix"])
MatrixFilters = Annotated[
    Filters, Depends(filters_dependency("metric", "column", "split", "pool", "baseline", "agg"))
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
    pool: Annotated[
        list[str],
        Query(
            description="Identity dimension(s) moved out of the rows (repeatable): algorithm, "
            "operation, library or param.<key>"
        ),
    ] = [],  # noqa: B006
    agg: Annotated[Agg, Query(description="Aggregate of the results in one cell")] = "median",
) -> Matrix:
    column_dim = dimension(column, field="column", source=Series)
    names = [s for s in dict.fromkeys(split) if s not in (column_dim.name, *IDENTITY)]
    split_dims = [dimension(s, field="split", source=Series) for s in names]
    split_names = [d.name for d in split_dims]
    pooled = [p for p in _pool(pool) if p not in (column_dim.name, *split_names)]
    points = matrix_rows(
        session,
        metric=metric,
        column=column_dim,
        split=split_dims,
        pool=pooled,
        agg=agg,
        filters=filters,
    )
    split_names += points.split
    shaped = build(
        points.rows,
        metric=metric,
        column=column_dim.name,
        split=split_names,
        pool=pooled,
        baseline=baseline,
    )
    return Matrix.model_validate(
        {
            "metric": metric,
            "unit": CANONICAL_UNIT[metric],
            "less_is_better": LESS_IS_BETTER[metric],
            "column": column_dim.name,
            "split": split_names,
            "pool": pooled,
            "agg": agg,
            "baseline": shaped.baseline,
            "columns": shaped.columns,
            "rows": shaped.rows,
        }
    )


def _pool(names: list[str]) -> list[str]:
    """The named identity dimensions (bare parameter names as param.<name>); 422 naming `pool`
    for any other."""
    out = []
    for name in dict.fromkeys(names):
        resolved = dimension(name, field="pool", source=Series).name
        if resolved not in IDENTITY and not resolved.startswith(PARAM):
            raise InvalidInput(
                f"{name!r} is not part of a row's identity: pool one of "
                f"{', '.join(IDENTITY)} or param.<name>",
                errors=[{"field": "pool", "message": f"{name!r} is not an identity dimension"}],
            )
        out.append(resolved)
    return out
