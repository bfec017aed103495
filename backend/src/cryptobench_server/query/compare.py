"""Compare two runs: the results they share, their ratio, and what else differs between the runs.

Results are shared when algorithm, operation and canonical params are equal. When a run holds
several results with one such key (repeated measurements), its value is their median (query/stats.py, as in charts). Results
whose metric is NULL (not derivable) in either run are not shared. ratio = contender / baseline;
the verdict is the contract's (units.verdict: "same" within VERDICT_TOLERANCE, else by the
metric's direction).
"""

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cryptobench_contract.units import verdict
from cryptobench_server.query.stats import median

Key = tuple[str, str | None, str]


@dataclass(frozen=True)
class Measured:
    algorithm: str
    operation: str | None
    params: dict[str, Any]
    value: float | None


def key_of(m: Measured) -> Key:
    return m.algorithm, m.operation, json.dumps(m.params, sort_keys=True)


def medians(results: Iterable[Measured]) -> dict[Key, tuple[Measured, float]]:
    grouped: dict[Key, list[Measured]] = {}
    for m in results:
        if m.value is not None:
            grouped.setdefault(key_of(m), []).append(m)
    return {
        k: (ms[0], median(m.value for m in ms if m.value is not None)) for k, ms in grouped.items()
    }


def shared_rows(
    baseline: Iterable[Measured], contender: Iterable[Measured], metric: str
) -> list[dict[str, Any]]:
    """One row per shared key, sorted by algorithm, operation and params."""
    left, right = medians(baseline), medians(contender)
    rows = []
    for key in sorted(left.keys() & right.keys(), key=lambda k: (k[0], k[1] or "", k[2])):
        first, base = left[key]
        other = right[key][1]
        ratio = other / base if base > 0 else None
        rows.append(
            {
                "algorithm": first.algorithm,
                "operation": first.operation,
                "params": first.params,
                "baseline": base,
                "contender": other,
                "ratio": ratio,
                "verdict": verdict(ratio, metric),
            }
        )
    return rows


def geomean(ratios: Iterable[float | None]) -> float | None:
    logs = [math.log(r) for r in ratios if r is not None and r > 0]
    return math.exp(sum(logs) / len(logs)) if logs else None


def differences(baseline: Mapping[str, Any], contender: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Fields (flattened, e.g. `tag.opt_level`) whose values differ, in sorted order; absent is None."""
    return [f for f in side_by_side(baseline, contender) if f["differs"]]


def side_by_side(baseline: Mapping[str, Any], contender: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every field of both runs, the differing ones first, each group in sorted order."""
    names = sorted(baseline.keys() | contender.keys())
    fields = [
        {
            "field": n,
            "baseline": baseline.get(n),
            "contender": contender.get(n),
            "differs": baseline.get(n) != contender.get(n),
        }
        for n in names
    ]
    return sorted(fields, key=lambda f: not f["differs"])
