"""One result's distribution in a chart's metric: its raw samples or its stats (pure).

A tool gives the measurements behind a figure as `raw` (samples in the result's reported unit;
JMH: one list per fork, flattened here with the number of forks kept) or as `stats` (the
firmware's min/median/max, JMH's percentiles, the ECC runner's mean/median/min/max/stddev).

They are converted exactly as the result's own value was at ingest (normalize.derivation: the
same unit, clock and bytes per operation), so a sample lands on the chart's axis only through
the conversion that put the result's figure there. When that conversion is a reciprocal
(ops/s <-> ns/op) the order of the figures turns over: the slowest iteration's throughput is the
largest time, so `min` becomes `max` and `p90` becomes `p10`; a mean or a standard deviation
has no counterpart under a reciprocal and is left out (named in `left_out`), never guessed. A
sample of 0 has no reciprocal and is counted in `omitted`. When the chart's metric cannot be
reached at all, the figures stay in the reported metric's canonical unit (`converted` false).
"""

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from cryptobench_contract.units import CANONICAL_UNIT
from cryptobench_server.store.normalize import Term, bytes_per_op, derivation

_PERCENTILE = re.compile(r"^p(\d{1,3}(?:\.\d{1,12})?)$")
#: Stats that are figures of the result's unit and keep their meaning under a linear scale.
_LINEAR_ONLY = ("mean", "stddev")
_MIRRORED = {"min": "max", "max": "min", "median": "median"}


def distribution(
    *,
    metric: str,
    reported_metric: str,
    unit: str,
    clock_hz: float | None,
    params: Mapping[str, Any],
    raw: Sequence[Any] | None,
    stats: Mapping[str, float] | None,
) -> dict[str, Any] | None:
    """The result's samples and stat marks in `metric` (or its own metric), None without either.

    `reported_metric`/`unit` are the result's own (a canonical metric and a unit of it).
    """
    if not raw and not stats:
        return None
    terms = derivation(reported_metric, unit, clock_hz, bytes_per_op(params))
    target = metric if metric in terms else reported_metric
    term = terms[target]
    samples = raw or []
    forks = len(samples) if samples and isinstance(samples[0], list) else None
    flat = [float(v) for f in samples for v in f] if forks else [float(v) for v in samples]
    values = [converted for v in flat if (converted := _apply(term, v)) is not None]
    marks, left_out = _marks(stats or {}, term)
    return {
        "metric": target,
        "unit": CANONICAL_UNIT[target],
        "converted": target == metric,
        "reciprocal": term.power == -1,
        "values": values if raw else None,
        "forks": forks,
        "omitted": len(flat) - len(values),
        "marks": dict(sorted(marks.items(), key=lambda item: (item[1], item[0]))),
        "left_out": left_out,
    }


def _apply(term: Term, value: float) -> float | None:
    if term.power == 1:
        return term.coef * value
    return term.coef / value if value > 0 else None


def _marks(stats: Mapping[str, float], term: Term) -> tuple[dict[str, float], list[str]]:
    marks: dict[str, float] = {}
    left_out: list[str] = []
    for key, value in stats.items():
        name = _name(key, reciprocal=term.power == -1)
        figure = _apply(term, value) if name is not None else None
        if name is None or figure is None:
            left_out.append(key)
        else:
            marks[name] = figure
    return marks, sorted(left_out)


def _name(key: str, *, reciprocal: bool) -> str | None:
    """The stat's name after the conversion: mirrored under a reciprocal, None when it has none
    (a mean or stddev under a reciprocal, or a key whose meaning is not known)."""
    if key in _LINEAR_ONLY:
        return None if reciprocal else key
    if key in _MIRRORED:
        return _MIRRORED[key] if reciprocal else key
    found = _PERCENTILE.match(key)
    if found is None:
        return None
    rank = Decimal(found[1])
    if rank > 100:
        return None
    return f"p{format((100 - rank).normalize(), 'f')}" if reciprocal else key
