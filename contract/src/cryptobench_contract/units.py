"""Closed unit table: which units each metric accepts and their scale to the canonical unit.

A reported value `v` in unit `u` equals `v * UNITS[u].scale` in the metric's canonical unit.
"""

import math
from typing import Literal, NamedTuple, get_args

Metric = Literal[
    "ops_per_s",
    "ns_per_op",
    "cycles_per_op",
    "bytes_per_s",
    "cycles_per_byte",
    "instructions_per_op",
    "instructions_per_byte",
    "other",
]

METRICS: tuple[Metric, ...] = get_args(Metric)

#: The canonical figures the backend derives for every result ("other" is stored verbatim only).
#: instructions_per_op and instructions_per_byte are instructions retired, counted by an emulator
#: or a counting tool (QEMU -icount, cachegrind): figures of their own, derived only from each
#: other, never converted to cycles or time (no clock turns one into the other) and never on one
#: axis with cycles.
CANONICAL_METRICS: tuple[Metric, ...] = METRICS[:7]

#: Metrics whose figures repeat exactly between runs of one build (counted, not timed): their
#: run-to-run noise is zero, so change detection takes any step of them as real.
ZERO_NOISE_METRICS: frozenset[str] = frozenset({"instructions_per_op", "instructions_per_byte"})

CANONICAL_UNIT: dict[str, str] = {
    "ops_per_s": "ops/s",
    "ns_per_op": "ns/op",
    "cycles_per_op": "cycles/op",
    "bytes_per_s": "B/s",
    "cycles_per_byte": "cycles/B",
    "instructions_per_op": "instructions/op",
    "instructions_per_byte": "instructions/B",
}

LESS_IS_BETTER: dict[str, bool] = {
    "ops_per_s": False,
    "ns_per_op": True,
    "cycles_per_op": True,
    "bytes_per_s": False,
    "cycles_per_byte": True,
    "instructions_per_op": True,
    "instructions_per_byte": True,
}


class UnitDef(NamedTuple):
    metric: Metric
    scale: float
    long: str


UNITS: dict[str, UnitDef] = {
    "ops/s": UnitDef("ops_per_s", 1.0, "operations per second"),
    "ops/min": UnitDef("ops_per_s", 1 / 60, "operations per minute"),
    "ops/ms": UnitDef("ops_per_s", 1e3, "operations per millisecond"),
    "ops/us": UnitDef("ops_per_s", 1e6, "operations per microsecond"),
    "ops/ns": UnitDef("ops_per_s", 1e9, "operations per nanosecond"),
    "ns/op": UnitDef("ns_per_op", 1.0, "nanoseconds per operation"),
    "us/op": UnitDef("ns_per_op", 1e3, "microseconds per operation"),
    "ms/op": UnitDef("ns_per_op", 1e6, "milliseconds per operation"),
    "s/op": UnitDef("ns_per_op", 1e9, "seconds per operation"),
    "min/op": UnitDef("ns_per_op", 60e9, "minutes per operation"),
    "cycles/op": UnitDef("cycles_per_op", 1.0, "CPU cycles per operation"),
    "kcycles/op": UnitDef("cycles_per_op", 1e3, "thousands of CPU cycles per operation"),
    "Mcycles/op": UnitDef("cycles_per_op", 1e6, "millions of CPU cycles per operation"),
    "B/s": UnitDef("bytes_per_s", 1.0, "bytes per second"),
    "kB/s": UnitDef("bytes_per_s", 1e3, "thousands of bytes per second (openssl's 'k')"),
    "KiB/s": UnitDef("bytes_per_s", 1024.0, "kibibytes per second"),
    "MB/s": UnitDef("bytes_per_s", 1e6, "megabytes per second"),
    "MiB/s": UnitDef("bytes_per_s", 1048576.0, "mebibytes per second"),
    "GB/s": UnitDef("bytes_per_s", 1e9, "gigabytes per second"),
    "GiB/s": UnitDef("bytes_per_s", 1073741824.0, "gibibytes per second"),
    "cycles/B": UnitDef("cycles_per_byte", 1.0, "CPU cycles per byte"),
    "instructions/op": UnitDef("instructions_per_op", 1.0, "instructions retired per operation"),
    "kinstructions/op": UnitDef(
        "instructions_per_op", 1e3, "thousands of instructions retired per operation"
    ),
    "Minstructions/op": UnitDef(
        "instructions_per_op", 1e6, "millions of instructions retired per operation"
    ),
    "instructions/B": UnitDef("instructions_per_byte", 1.0, "instructions retired per byte"),
}

#: Spellings tools print, mapped to the table's symbol.
UNIT_ALIASES: dict[str, str] = {
    "µs/op": "us/op",
    "op/s": "ops/s",
    "ops/sec": "ops/s",
    "bytes/s": "B/s",
    "cycles": "cycles/op",
    "cycles/byte": "cycles/B",
    "instructions": "instructions/op",
    "KB/s": "kB/s",
}


def canonical_unit_symbol(unit: str) -> str:
    """Return the table's symbol for `unit` (aliases resolved); unknown units come back unchanged."""
    return UNIT_ALIASES.get(unit, unit)


def metric_of(symbol: str) -> Metric:
    """The metric a table symbol measures; "other" for a unit the table does not hold."""
    unit = UNITS.get(symbol)
    return unit.metric if unit is not None else "other"


def units_for(metric: str) -> list[str]:
    return [symbol for symbol, d in UNITS.items() if d.metric == metric]


#: What each canonical metric measures, as people read it on an axis.
METRIC_LABELS: dict[str, str] = {
    "ns_per_op": "time per operation",
    "ops_per_s": "operations per second",
    "cycles_per_op": "CPU cycles per operation",
    "bytes_per_s": "throughput",
    "cycles_per_byte": "CPU cycles per byte",
    "instructions_per_op": "instructions retired per operation",
    "instructions_per_byte": "instructions retired per byte",
}

#: Units a chart may show each canonical metric in (symbols of UNITS, canonical unit first), the
#: metrics in the order pickers offer them.
DISPLAY_UNITS: dict[str, tuple[str, ...]] = {
    "ns_per_op": ("ns/op", "us/op", "ms/op", "s/op"),
    "ops_per_s": ("ops/s", "ops/ms"),
    "cycles_per_op": ("cycles/op", "kcycles/op", "Mcycles/op"),
    "bytes_per_s": ("B/s", "kB/s", "MB/s", "GB/s", "MiB/s", "GiB/s"),
    "cycles_per_byte": ("cycles/B",),
    "instructions_per_op": ("instructions/op", "kinstructions/op", "Minstructions/op"),
    "instructions_per_byte": ("instructions/B",),
}

Prefix = Literal["binary", "decimal", "time", "count"]

#: How a chart picks the display unit of each canonical metric from its values: "decimal" SI
#: prefixes on the unit (B/s, kB/s, MB/s, GB/s; ops/s, kops/s, Mops/s), "binary" IEC ones
#: (KiB/s, MiB/s), "time" the time units (ns, µs, ms, s), "count" a multiplier of a counted
#: quantity (cycles, kcycles, Mcycles).
METRIC_PREFIX: dict[str, Prefix] = {
    "ns_per_op": "time",
    "ops_per_s": "decimal",
    "cycles_per_op": "count",
    "bytes_per_s": "decimal",
    "cycles_per_byte": "count",
    "instructions_per_op": "count",
    "instructions_per_byte": "count",
}

#: Two figures whose ratio is within this relative distance of 1 compare as "same".
VERDICT_TOLERANCE = 0.01
#: A difference stands out of the noise from this many standard errors on (as a step change
#: needs z >= 3 in change detection).
NOISE_Z = 3.0

Verdict = Literal["better", "worse", "same", "within noise"]


def verdict(ratio: float | None, metric: str, noise: float | None = None) -> Verdict | None:
    """How the contender fares for ratio = contender / baseline, in the metric's direction.

    "same" within VERDICT_TOLERANCE; "within noise" when `noise`, the standard error of
    ln(ratio) (run-to-run noise and the tools' own errors of both figures), is known and
    |ln ratio| < NOISE_Z * noise; else "better" or "worse".
    """
    if ratio is None or not math.isfinite(ratio) or ratio <= 0:
        return None
    distance = abs(math.log(ratio))
    if distance < math.log1p(VERDICT_TOLERANCE):
        return "same"
    if noise is not None and distance < NOISE_Z * noise:
        return "within noise"
    return "better" if (ratio < 1) == LESS_IS_BETTER[metric] else "worse"
