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
from itertools import pairwise
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


#: Bytes per cycle and core that no implementation reaches (AES-NI, SHA extensions and vector
#: ciphers stay well below 16): throughput beyond this times the clock was not measured.
MAX_BYTES_PER_CYCLE = 64
#: Engines and providers of openssl that run in its process (their CPU time is the work's time).
IN_PROCESS = frozenset({"", "none", "default", "base", "legacy", "fips", "null"})
#: A counter at its ceiling reads 2^k or 2^k - 1; below this size such values are ordinary.
SATURATION_MIN = 2**20


#: Every flag a stored result may carry, with what it means (GET /vocabulary serves them).
FLAG_REASONS: dict[str, str] = {
    "zero_value": "the figure is zero",
    "error_exceeds_value": "the tool's error is larger than the figure",
    "cycles_below_one": "less than one CPU cycle per operation",
    "stats_min_above_max": "the tool's minimum is above its maximum",
    "value_outside_stats": "the figure lies outside the tool's own minimum and maximum",
    "metrics_disagree": "the benchmark's figures in different metrics disagree",
    "cpu_time": "openssl measured its own CPU time while an engine or provider outside the "
    "process did the work (without -elapsed the figure is far too high)",
    "exceeds_clock": f"throughput beyond {MAX_BYTES_PER_CYCLE} bytes per cycle of the "
    "machine's clock and cores",
    "saturated": "the figure is a counter at its ceiling (2^k or 2^k - 1)",
}


class RunFacts(NamedTuple):
    """What the plausibility checks need of a result's run (`run_facts`, once per run)."""

    clock_hz: float | None
    cores: int | None
    cpu_time_offloaded: bool


NO_RUN_FACTS = RunFacts(None, None, False)


def run_facts(
    *,
    tool_name: str,
    tool_options: str | None,
    tags: Mapping[str, str],
    clock_hz: float | None,
    cores: int | None,
) -> RunFacts:
    return RunFacts(clock_hz, cores, _cpu_time_offloaded(tool_name, tool_options, tags))


def _cpu_time_offloaded(tool_name: str, options: str | None, tags: Mapping[str, str]) -> bool:
    """openssl timed in CPU time (no `-elapsed`) while an engine or provider outside the process
    did the work: the process sleeps while the device works, so the figure is far too high
    (seed 003: cryptodev's 144x "speedup")."""
    words = (options or "").split()
    if tool_name.lower() != "openssl" or "-elapsed" in words or tags.get("elapsed") == "true":
        return False
    engines = [tags.get("engine", ""), *tags.get("provider", "").split(",")]
    engines += [after for before, after in pairwise(words) if before == "-engine"]
    return any(name.strip().lower() not in IN_PROCESS for name in engines)


def _saturated(value: float) -> bool:
    """The reported value is a counter at a ceiling: 2^k (4194304 KiB/s) or 2^k - 1 (cycles of
    2^32 - 1), from SATURATION_MIN on."""
    if not value.is_integer() or value < SATURATION_MIN:
        return False
    n = int(value)
    return n & (n - 1) == 0 or n & (n + 1) == 0


def plausibility_flags(
    *,
    value: float,
    error: float | None,
    stats: Mapping[str, float] | None,
    cycles_per_op: float | None,
    metric: str,
    bytes_per_s: float | None = None,
    run: RunFacts = NO_RUN_FACTS,
) -> list[str]:
    """Names of the implausible traits of one result (stored and shown, never a rejection).

    `metrics_disagree` needs the run's other results: ingest adds it (ResultRows.late_flags)."""
    flags = []
    if metric != "other" and value == 0:
        flags.append("zero_value")
    if error is not None and error > value:
        flags.append("error_exceeds_value")
    if cycles_per_op is not None and cycles_per_op < 1:
        flags.append("cycles_below_one")
    low, high = (stats or {}).get("min"), (stats or {}).get("max")
    if low is not None and high is not None and low > high:
        flags.append("stats_min_above_max")
    elif (low is not None and value < low * (1 - 1e-9)) or (
        high is not None and value > high * (1 + 1e-9)
    ):
        flags.append("value_outside_stats")
    if run.cpu_time_offloaded:
        flags.append("cpu_time")
    if (
        bytes_per_s is not None
        and run.clock_hz
        and bytes_per_s > MAX_BYTES_PER_CYCLE * run.clock_hz * (run.cores or 1)
    ):
        flags.append("exceeds_clock")
    if metric != "other" and _saturated(value):
        flags.append("saturated")
    return flags


#: Figures of one series reported in different metrics agree when the larger is at most this
#: factor of the smaller (JMH's thrpt and avgt of one benchmark differ by a few percent; a unit
#: mix-up by 1000x).
AGREEMENT_FACTOR = 1.5


def disagreeing_metrics(reported: Mapping[str, list[float | None]]) -> bool:
    """True when one series' results, reported in different metrics, disagree on one figure.

    `reported` maps each reported metric to the same canonical figure (e.g. ns_per_op) of the
    results reported in it; None (not derivable) is ignored.
    """
    figures = [f for values in reported.values() for f in values if f]
    known = [metric for metric, values in reported.items() if any(values)]
    return len(known) > 1 and max(figures) > AGREEMENT_FACTOR * min(figures)
