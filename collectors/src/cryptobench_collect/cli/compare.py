"""A side-by-side table of two runs of the same benchmark (the engine comparison)."""

import json
import math

from rich.console import Console
from rich.table import Table

from cryptobench_contract import Result, RunDocument


def result_key(result: Result) -> tuple[str, str | None, str]:
    return result.algorithm, result.operation, json.dumps(result.params, sort_keys=True)


def ratios(baseline: RunDocument, contender: RunDocument) -> list[tuple[Result, Result, float]]:
    """The results both runs share, each with contender/baseline (higher is faster for rates)."""
    theirs = {result_key(r): r for r in contender.results}
    pairs = []
    for mine in baseline.results:
        other = theirs.get(result_key(mine))
        if other is not None and mine.value > 0:
            pairs.append((mine, other, other.value / mine.value))
    return pairs


def print_comparison(baseline: RunDocument, contender: RunDocument, console: Console) -> None:
    pairs = ratios(baseline, contender)
    b, c = baseline.tags.get("engine", "none"), contender.tags.get("engine", "none")
    table = Table(title=f"engine {c} vs {b} (ratio > 1: {c} is faster)")
    for column in ("result", "params", f"{b}", f"{c}", "ratio"):
        table.add_column(column, justify="left" if column in ("result", "params") else "right")
    for mine, other, ratio in pairs:
        params = ", ".join(f"{k}={v}" for k, v in mine.params.items())
        table.add_row(
            f"{mine.name} {mine.operation or ''}",
            params,
            f"{mine.value:,.1f}",
            f"{other.value:,.1f}",
            f"{ratio:.3f}",
        )
    console.print(table)
    if pairs:
        geomean = math.exp(sum(math.log(r) for _, _, r in pairs if r > 0) / len(pairs))
        console.print(f"geometric mean of {len(pairs)} ratios: {geomean:.3f}")
