"""Canonical figures for one reported result (DESIGN "Normalization"); pure and table-driven.

A reported `value` in `unit` is first scaled to its metric's canonical unit (units.UNITS), then
every other canonical figure reachable through the contract's conversion table
(conversions.CONVERSIONS) is derived. A conversion needs the clock (cycles <-> time) or the bytes
processed per operation (bytes/s <-> ops/s, cycles/op <-> cycles/B, instructions/op <->
instructions/B); a figure that cannot be reached stays None. Instruction counts reach only each
other: no clock makes them cycles or time.

Every conversion is linear or a reciprocal, so each figure is `coef * v` or `coef / v` of the
reported value `v`; the coefficients depend only on (metric, unit, clock, bytes per op) and are
computed once per combination, which keeps 200k results per upload cheap.
"""

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from cryptobench_contract.conversions import CONVERSIONS, Conversion
from cryptobench_contract.conversions import factor as conversion_factor
from cryptobench_contract.sizes import OPERATION_BYTES
from cryptobench_contract.units import CANONICAL_METRICS, UNITS


class Term(NamedTuple):
    """A figure as `coef * v` (power 1) or `coef / v` (power -1) of the reported value v."""

    coef: float
    power: int


def _step(term: Term, conv: Conversion, quantity: float) -> Term:
    factor = conversion_factor(conv, quantity)
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
    """Bytes one operation processes: the first of OPERATION_BYTES the params carry."""
    for key in OPERATION_BYTES:
        value = params.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            return float(value)
    return None


class FigurePlan(NamedTuple):
    """How to compute every canonical figure (in CANONICAL_METRICS order) from a positive value:
    `terms` per figure (None: not derivable), and the same as (index, coef) pairs of the
    products and of the reciprocals, which `apply_plan` walks."""

    terms: tuple[Term | None, ...]
    derived: tuple[str, ...]
    products: tuple[tuple[int, float], ...]
    reciprocals: tuple[tuple[int, float], ...]


@lru_cache(maxsize=4096)
def figure_plan(
    metric: str, unit: str, clock_hz: float | None, op_bytes: float | None
) -> FigurePlan:
    if metric not in CANONICAL_METRICS:
        return FigurePlan((None,) * len(CANONICAL_METRICS), (), (), ())
    terms = derivation(metric, unit, clock_hz, op_bytes)
    ordered = tuple(terms.get(name) for name in CANONICAL_METRICS)
    return FigurePlan(
        ordered,
        tuple(name for name in CANONICAL_METRICS if name in terms and name != metric),
        tuple((at, t.coef) for at, t in enumerate(ordered) if t is not None and t.power == 1),
        tuple((at, t.coef) for at, t in enumerate(ordered) if t is not None and t.power != 1),
    )


def apply_plan(plan: FigurePlan, value: float) -> list[float | None]:
    """The figures of `plan` for `value`; reciprocals of 0 are None."""
    figures: list[float | None] = [None] * len(plan.terms)
    for at, coef in plan.products:
        figures[at] = coef * value
    if value > 0:
        for at, coef in plan.reciprocals:
            figures[at] = coef / value
    return figures


class ResultFigures(NamedTuple):
    """A result's canonical figures in CANONICAL_METRICS order (None where not derivable) and
    the names of those derived from the reported one."""

    figures: list[float | None]
    derived: tuple[str, ...]


def result_figures(
    metric: str, value: float, unit: str, *, clock_hz: float | None, op_bytes: float | None
) -> ResultFigures:
    """The one derivation of a result's figures (store/rows.py, for ingest and the import
    preview). A reciprocal of 0 (0 ns/op as ops/s) is not derivable either."""
    plan = figure_plan(metric, unit, clock_hz, op_bytes)
    figures = apply_plan(plan, value)
    if value > 0:
        return ResultFigures(figures, plan.derived)
    known = {m for m, figure in zip(CANONICAL_METRICS, figures, strict=True) if figure is not None}
    return ResultFigures(figures, tuple(name for name in plan.derived if name in known))
