"""Canonical figures for one reported result (DESIGN "Normalization"); pure and table-driven.

A reported `value` in `unit` is first scaled to its metric's canonical unit (units.UNITS), then
every other canonical figure reachable through the conversion table below is derived. A
conversion needs the clock (cycles <-> time) or the bytes processed per operation
(bytes/s <-> ops/s, cycles/op <-> cycles/B, instructions/op <-> instructions/B); a figure that
cannot be reached stays None. Instruction counts reach only each other: no clock makes them
cycles or time.

Every conversion is linear or a reciprocal, so each figure is `coef * v` or `coef / v` of the
reported value `v`; the coefficients depend only on (metric, unit, clock, bytes per op) and are
computed once per combination, which keeps 200k results per upload cheap.
"""

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from cryptobench_contract.units import CANONICAL_METRICS, UNITS

NS_PER_S = 1e9


class Conversion(NamedTuple):
    source: str
    target: str
    needs: str  # "" (nothing), "clock" (Hz) or "bytes" (per operation)
    reciprocal: bool  # target = factor / source, else target = factor * source
    factor: str  # "1e9", "k" (the needed quantity), "1/k", "k/1e9" or "1e9/k"


CONVERSIONS: tuple[Conversion, ...] = (
    Conversion("ns_per_op", "ops_per_s", "", True, "1e9"),
    Conversion("ops_per_s", "ns_per_op", "", True, "1e9"),
    Conversion("ns_per_op", "cycles_per_op", "clock", False, "k/1e9"),
    Conversion("cycles_per_op", "ns_per_op", "clock", False, "1e9/k"),
    Conversion("ops_per_s", "bytes_per_s", "bytes", False, "k"),
    Conversion("bytes_per_s", "ops_per_s", "bytes", False, "1/k"),
    Conversion("cycles_per_op", "cycles_per_byte", "bytes", False, "1/k"),
    Conversion("cycles_per_byte", "cycles_per_op", "bytes", False, "k"),
    # Instructions retired: only per op <-> per byte, never to cycles or time.
    Conversion("instructions_per_op", "instructions_per_byte", "bytes", False, "1/k"),
    Conversion("instructions_per_byte", "instructions_per_op", "bytes", False, "k"),
)

_FACTORS = {
    "1e9": lambda k: NS_PER_S,
    "k": lambda k: k,
    "1/k": lambda k: 1 / k,
    "k/1e9": lambda k: k / NS_PER_S,
    "1e9/k": lambda k: NS_PER_S / k,
}


class Term(NamedTuple):
    """A figure as `coef * v` (power 1) or `coef / v` (power -1) of the reported value v."""

    coef: float
    power: int


def _step(term: Term, conv: Conversion, quantity: float) -> Term:
    factor = _FACTORS[conv.factor](quantity)
    if conv.reciprocal:
        return Term(factor / term.coef, -term.power)
    return Term(factor * term.coef, term.power)


@lru_cache(maxsize=4096)
def derivation(
    metric: str, unit: str, clock_hz: float | None, op_bytes: float | None
) -> dict[str, Term]:
    """Each figure reachable from a value reported in `unit`, as a Term of that value. A figure
    whose coefficient is beyond float64 (a clock of 1e-320 Hz) is not derivable."""
    quantities = {"": 1.0, "clock": clock_hz, "bytes": op_bytes}
    terms = {metric: Term(UNITS[unit].scale, 1)}
    changed = True
    while changed:
        changed = False
        for conv in CONVERSIONS:
            quantity = quantities[conv.needs]
            if conv.source in terms and conv.target not in terms and quantity:
                term = _step(terms[conv.source], conv, quantity)
                if 0 < term.coef < math.inf:
                    terms[conv.target] = term
                    changed = True
    return terms


def bytes_per_op(params: Mapping[str, Any]) -> float | None:
    """Bytes one operation processes: params.block_bytes, else params.message_bytes."""
    for key in ("block_bytes", "message_bytes"):
        value = params.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            return float(value)
    return None


class FigurePlan(NamedTuple):
    """How to compute every canonical figure (in CANONICAL_METRICS order) from a positive value."""

    terms: tuple[Term | None, ...]
    derived: tuple[str, ...]


@lru_cache(maxsize=4096)
def figure_plan(
    metric: str, unit: str, clock_hz: float | None, op_bytes: float | None
) -> FigurePlan:
    if metric not in CANONICAL_METRICS:
        return FigurePlan((None,) * len(CANONICAL_METRICS), ())
    terms = derivation(metric, unit, clock_hz, op_bytes)
    return FigurePlan(
        tuple(terms.get(name) for name in CANONICAL_METRICS),
        tuple(name for name in CANONICAL_METRICS if name in terms and name != metric),
    )


def apply_plan(plan: FigurePlan, value: float) -> list[float | None]:
    """The figures of `plan` for `value`; reciprocals of 0 are None."""
    return [
        None
        if t is None
        else t.coef * value
        if t.power == 1
        else t.coef / value
        if value > 0
        else None
        for t in plan.terms
    ]


def canonical_figures(
    metric: str, value: float, unit: str, *, clock_hz: float | None, op_bytes: float | None
) -> tuple[dict[str, float | None], list[str]]:
    """Every canonical figure (None when not derivable) and the names of the derived ones.

    A reciprocal of 0 (0 ns/op as ops/s) is not derivable either.
    """
    plan = figure_plan(metric, unit, clock_hz, op_bytes)
    figures: dict[str, float | None] = dict(
        zip(CANONICAL_METRICS, apply_plan(plan, value), strict=False)
    )
    return figures, [name for name in plan.derived if figures[name] is not None]
