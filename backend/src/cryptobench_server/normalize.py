"""Canonical figures for one reported result (DESIGN "Normalization"); pure and table-driven.

A reported `value` in `unit` is first scaled to its metric's canonical unit (units.UNITS), then
every other canonical figure reachable through the conversion table below is derived. A
conversion needs the clock (cycles <-> time) or the bytes processed per operation
(bytes/s <-> ops/s, cycles/op <-> cycles/B); a figure that cannot be reached stays None.
"""

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, NamedTuple

from cryptobench_contract.units import CANONICAL_METRICS, UNITS

Needs = str  # "" (nothing), "clock" or "bytes"


class Conversion(NamedTuple):
    source: str
    target: str
    needs: Needs
    apply: Callable[[float, float], float | None]


def _reciprocal(v: float, _: float) -> float | None:
    return 1e9 / v if v > 0 else None


def _times(v: float, k: float) -> float | None:
    return v * k


def _over(v: float, k: float) -> float | None:
    return v / k if k > 0 else None


def _ns_to_cycles(ns: float, hz: float) -> float | None:
    return ns * hz / 1e9


def _cycles_to_ns(cycles: float, hz: float) -> float | None:
    return cycles * 1e9 / hz


CONVERSIONS: tuple[Conversion, ...] = (
    Conversion("ns_per_op", "ops_per_s", "", _reciprocal),
    Conversion("ops_per_s", "ns_per_op", "", _reciprocal),
    Conversion("ns_per_op", "cycles_per_op", "clock", _ns_to_cycles),
    Conversion("cycles_per_op", "ns_per_op", "clock", _cycles_to_ns),
    Conversion("ops_per_s", "bytes_per_s", "bytes", _times),
    Conversion("bytes_per_s", "ops_per_s", "bytes", _over),
    Conversion("cycles_per_op", "cycles_per_byte", "bytes", _over),
    Conversion("cycles_per_byte", "cycles_per_op", "bytes", _times),
)


@cache
def derivation_plan(metric: str, has_clock: bool, has_bytes: bool) -> tuple[Conversion, ...]:
    """The conversions, in order, that reach every figure derivable from `metric`."""
    available = {"": True, "clock": has_clock, "bytes": has_bytes}
    known, plan = {metric}, []
    changed = True
    while changed:
        changed = False
        for conv in CONVERSIONS:
            if conv.source in known and conv.target not in known and available[conv.needs]:
                known.add(conv.target)
                plan.append(conv)
                changed = True
    return tuple(plan)


def bytes_per_op(params: Mapping[str, Any]) -> float | None:
    """Bytes one operation processes: params.block_bytes, else params.message_bytes."""
    for key in ("block_bytes", "message_bytes"):
        value = params.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            return float(value)
    return None


def canonical_figures(
    metric: str, value: float, unit: str, *, clock_hz: float | None, op_bytes: float | None
) -> tuple[dict[str, float | None], list[str]]:
    """Every canonical figure (None when not derivable) and the names of the derived ones."""
    figures: dict[str, float | None] = dict.fromkeys(CANONICAL_METRICS)
    if metric not in figures:
        return figures, []
    figures[metric] = value * UNITS[unit].scale
    factor = {"": 0.0, "clock": clock_hz or 0.0, "bytes": op_bytes or 0.0}
    derived: list[str] = []
    for conv in derivation_plan(metric, clock_hz is not None, op_bytes is not None):
        source = figures[conv.source]
        result = None if source is None else conv.apply(source, factor[conv.needs])
        if result is not None:
            figures[conv.target] = result
            derived.append(conv.target)
    return figures, derived


def plausibility_flags(
    *, value: float, error: float | None, stats: Mapping[str, float] | None,
    figures: Mapping[str, float | None], metric: str,
) -> list[str]:
    """Names of the implausible traits of one result (stored and shown, never a rejection)."""
    flags = []
    if metric != "other" and value == 0:
        flags.append("zero_value")
    if error is not None and error > value:
        flags.append("error_exceeds_value")
    cycles = figures.get("cycles_per_op")
    if cycles is not None and cycles < 1:
        flags.append("cycles_below_one")
    low, high = (stats or {}).get("min"), (stats or {}).get("max")
    if low is not None and high is not None and low > high:
        flags.append("stats_min_above_max")
    elif (low is not None and value < low * (1 - 1e-9)) or (high is not None and value > high * (1 + 1e-9)):
        flags.append("value_outside_stats")
    return flags
