"""Compare two runs: the results they share, how many times better the contender is, whether
that stands out of the noise, and what else differs between the runs.

Results are shared when algorithm, operation and canonical params are equal (`pair_key`). A
run's repeated results of one key are reduced to their median (stats.py, as in charts);
results whose metric is NULL (not derivable) in either run are not shared. Per row:
- `ratio` = contender / baseline; `speedup` = how many times better the contender is (> 1
  better) whatever the metric's direction, the Explorer's convention (query/relative.speedup).
- `noise`: the standard error of ln(ratio), sqrt(s_b^2 + s_c^2 + e_b^2 + e_c^2): s the run-to-run
  noise of each side's series (query/noise.py), e the tool's own relative standard error of
  each figure (stats.relative_error: JMH's ci99.9, a stddev; stats.level_error: the largest
  of a key's results, when all have one); a side without an s (or an e) takes the other side's.
  Null when neither is known; `noise_basis` names what it stands on ("history", "tool"), `noise_runs` the
  fewest runs of history behind it.
- `verdict`: the contract's (units.verdict): "same" within VERDICT_TOLERANCE, "within noise"
  below NOISE_Z standard errors, else "better" or "worse" in the metric's direction.
Rows sort by algorithm, operation and params in natural order (query/order.py). The geometric
mean of the ratios has the noise sqrt(sum noise^2) / n when every row has one. A differing run
field of several lines (a tool's build) also comes as the lines that differ (query/line_diff.py).
"""

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cryptobench_contract.units import LESS_IS_BETTER, verdict
from cryptobench_server.changes.detect import DEFAULT_THRESHOLD, MIN_BEFORE
from cryptobench_server.changes.noise import typed
from cryptobench_server.query.line_diff import line_diff, value_lines
from cryptobench_server.query.order import params_key
from cryptobench_server.query.relative import speedup
from cryptobench_server.stats import geomean, level_error, median

#: What pairs results across the two runs: algorithm, operation and params (as sorted JSON).
Key = tuple[str, str | None, str]


@dataclass(frozen=True)
class Measured:
    algorithm: str
    operation: str | None
    params: dict[str, Any]
    value: float | None
    #: The tool's own relative standard error of the figure (None when it gave none).
    rel_error: float | None = None


@dataclass(frozen=True)
class Noise:
    #: Standard deviation of ln(one run's figure) from run to run (None: not known yet).
    sigma: float | None
    #: The runs it was estimated over, and how many it needs.
    runs: int
    needed: int


@dataclass(frozen=True)
class Figure:
    first: Measured
    value: float
    rel_error: float | None


def pair_key(algorithm: str, operation: str | None, params: Mapping[str, Any]) -> Key:
    return algorithm, operation, json.dumps(params, sort_keys=True)


def key_of(m: Measured) -> Key:
    return pair_key(m.algorithm, m.operation, m.params)


def medians(results: Iterable[Measured]) -> dict[Key, Figure]:
    grouped: dict[Key, list[Measured]] = {}
    for m in results:
        if m.value is not None:
            grouped.setdefault(key_of(m), []).append(m)
    out = {}
    for key, ms in grouped.items():
        errors = [m.rel_error for m in ms if m.rel_error is not None]
        error = level_error(len(errors), len(ms), max(errors, default=None))
        out[key] = Figure(ms[0], median(m.value for m in ms if m.value is not None), error)
    return out


def shared_rows(
    baseline: Iterable[Measured],
    contender: Iterable[Measured],
    metric: str,
    noise: tuple[Mapping[Key, Noise], Mapping[Key, Noise]] = ({}, {}),
    *,
    threshold: float = DEFAULT_THRESHOLD,
    differs: Mapping[str, Sequence[Any]] | None = None,
) -> list[dict[str, Any]]:
    """One row per shared key, in natural order; `noise` is each side's history noise by key,
    `differs` the machine fields that make the runs not comparable."""
    left, right = medians(baseline), medians(contender)
    rows = []
    for key in sorted(left.keys() & right.keys(), key=lambda k: _order(left[k].first)):
        base, other = left[key], right[key]
        history = [side.get(key) for side in noise]
        sigma = _variance([h.sigma if h else None for h in history])
        tool = _variance([base.rel_error, other.rel_error])
        known = [v for v in (sigma, tool) if v is not None]
        row_noise = math.sqrt(sum(known)) if known else None
        ratio = other.value / base.value if base.value > 0 else None
        rows.append(
            {
                "algorithm": base.first.algorithm,
                "operation": base.first.operation,
                "params": base.first.params,
                "baseline": base.value,
                "contender": other.value,
                "ratio": ratio,
                "speedup": speedup(other.value, base.value, LESS_IS_BETTER[metric]),
                "noise": row_noise,
                "noise_basis": [
                    b for b, v in (("history", sigma), ("tool", tool)) if v is not None
                ],
                "noise_runs": min((h.runs for h in history if h), default=0),
                "verdict": verdict(ratio, metric, row_noise),
                **_typed(
                    ratio,
                    metric,
                    row_noise if sigma is not None else None,
                    history,
                    differs,
                    threshold,
                ),
            }
        )
    return rows


def _typed(
    ratio: float | None,
    metric: str,
    noise: float | None,
    history: Sequence[Noise | None],
    differs: Mapping[str, Sequence[Any]] | None,
    threshold: float,
) -> dict[str, Any]:
    """The row's typed verdict (changes/noise.typed against the history's noise) and why."""
    if differs:
        detail = "; ".join(f"{f} differs: {a} -> {b}" for f, (a, b) in differs.items())
        return {"typed_verdict": "not_comparable", "detail": detail}
    if ratio is None or ratio <= 0:
        return {"typed_verdict": None, "detail": "no ratio: a figure is 0"}
    found = typed(ratio, metric, noise, threshold)
    if found == "insufficient":
        fullest = max((h for h in history if h), key=lambda h: h.runs, default=None)
        needed = fullest.needed if fullest else MIN_BEFORE
        runs = fullest.runs if fullest else 0
        return {"typed_verdict": found, "detail": f"{runs} of {needed} baseline runs"}
    noise_text = "" if noise is None else f", noise {noise:.1%}"
    return {"typed_verdict": found, "detail": f"x{ratio:.3g}{noise_text}"}


def summary(rows: Sequence[dict[str, Any]], metric: str) -> dict[str, Any]:
    """The geometric means of the rows' ratios and speedups, the noise and verdict of the mean."""
    ratio = geomean(r["ratio"] for r in rows)
    counted = [r for r in rows if r["ratio"] is not None and r["ratio"] > 0]
    noises = [r["noise"] for r in counted]
    noise = None
    if counted and all(n is not None for n in noises):
        noise = math.sqrt(sum(n * n for n in noises)) / len(counted)
    return {
        "geomean_ratio": ratio,
        "geomean_speedup": geomean(r["speedup"] for r in rows),
        "geomean_noise": noise,
        "geomean_verdict": verdict(ratio, metric, noise),
    }


def _order(m: Measured) -> tuple[Any, ...]:
    return m.algorithm, m.operation is None, m.operation or "", params_key(m.params)


def _variance(errors: Sequence[float | None]) -> float | None:
    """The variance of a difference of two figures with these relative errors; a side without
    one is taken to be like the other; None when neither has one."""
    known = [e for e in errors if e is not None]
    if not known:
        return None
    return sum(e * e for e in known) * len(errors) / len(known)


def differences(baseline: Mapping[str, Any], contender: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Fields (flattened, e.g. `tag.opt_level`) whose values differ, in sorted order; absent is None."""
    return [f for f in side_by_side(baseline, contender) if f["differs"]]


def side_by_side(baseline: Mapping[str, Any], contender: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every field of both runs, the differing ones first, each group in sorted order; `lines`
    the lines that differ of a differing field of several lines, else None."""
    fields = []
    for name in sorted(baseline.keys() | contender.keys()):
        before, after = baseline.get(name), contender.get(name)
        differs = before != after
        several = max(len(value_lines(before)), len(value_lines(after))) > 1
        lines = line_diff(name, before, after) if differs and several else None
        fields.append(
            {
                "field": name,
                "baseline": before,
                "contender": after,
                "differs": differs,
                "lines": lines and {k: lines[k] for k in ("hunks", "unchanged")},
            }
        )
    return sorted(fields, key=lambda f: not f["differs"])
