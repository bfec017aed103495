"""Size vs speed: each result identity as a point (its standard size in bytes, its speed), with
the Pareto front per operation.

Sizes come from the contract (cryptobench_contract.sizes, the standards' figures) and are
attached to the identity's params (`public_key_bytes`, `signature_bytes`, `ciphertext_bytes`,
`shared_secret_bytes`). An identity measured on two machines (or builds, clocks, library
versions) is two points, as GET /chart splits them (`split`). A point is on the front of its
operation when no other point of that operation with the same split values (one machine's front,
never an MCU's points beaten by a server's) is at least as small and at least as fast and
strictly better in one of the two ("fast" follows the metric's direction).
"""

from typing import Any

from cryptobench_contract.sizes import standard_sizes
from cryptobench_server.query.chart import Points


def tradeoff_points(
    drawn: Points, *, size: str, less_is_better: bool
) -> tuple[list[dict[str, Any]], int]:
    """chart_rows with x = algorithm and series = (operation, library, params); the sized
    points sorted by operation, size and speed, and how many identities have no such size."""
    points, unsized = [], 0
    for row in drawn.rows:
        operation, library, params, *split = row.keys
        params = dict(params or {})
        sizes = standard_sizes(row.x, params)
        if size not in sizes:
            unsized += 1
            continue
        points.append(
            {
                "algorithm": row.x,
                "operation": operation,
                "library": library,
                "params": {**params, **sizes},
                "size": sizes[size],
                "split": {
                    name: None if v is None else str(v)
                    for name, v in zip(drawn.split, split, strict=True)
                },
                "value": row.value,
                "n": row.n,
                "pooled": row.pooled,
                "flagged": row.flagged,
                "flags": row.flags,
            }
        )
    sign = 1 if less_is_better else -1
    points.sort(key=lambda p: (p["operation"] or "", p["size"], sign * p["value"]))
    for point in points:
        point["pareto"] = not any(
            other is not point
            and other["operation"] == point["operation"]
            and other["split"] == point["split"]
            and other["size"] <= point["size"]
            and sign * other["value"] <= sign * point["value"]
            and (other["size"] < point["size"] or other["value"] != point["value"])
            for other in points
        )
    return points, unsized
