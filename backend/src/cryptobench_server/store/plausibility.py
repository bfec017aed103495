"""Plausibility: one checker, on ingest, for every source (DESIGN "Normalization").

A figure the machine could not have produced is stored with a flag naming why (FLAG_REASONS,
served by GET /vocabulary), drawn as flagged, never dropped. `plausibility_flags` looks at one
result with its run's facts; `RunChecks` gathers a run's results as ingest stores them and then
flags what only the whole run shows: one series' metrics that disagree, throughput that
contradicts its own cycles per byte, and the same figure repeated to its last digit. reflag.py
runs the same checks again over stored runs.
"""

import math
from collections import defaultdict
from collections.abc import Mapping
from itertools import pairwise
from typing import NamedTuple

#: Bytes per cycle and core that no implementation reaches (AES-NI, SHA extensions and vector
#: ciphers stay well below 16): throughput beyond this times the clock was not measured.
MAX_BYTES_PER_CYCLE = 64
#: Engines and providers of openssl that run in its process (their CPU time is the work's time).
IN_PROCESS = frozenset({"", "none", "default", "base", "legacy", "fips", "null"})
#: A counter at its ceiling reads 2^k or 2^k - 1; below this size such values are ordinary.
SATURATION_MIN = 2**20
#: A cycle counter may tick slower than the core (wolfSSL's on the ESP32-C3 counts a quarter of
#: them, ports time with a slower timer), never this many times faster: throughput x cycles
#: per byte beyond this times the clock contradicts itself.
CYCLES_CLOCK_FACTOR = 4
#: Cycles per second no core reaches: the bound of that product when the clock is not known.
MAX_CLOCK_HZ = 10e9
#: A figure of this many significant digits, the same in results of this many series of one
#: run, was not measured (Nuclei's 4194304 KiB/s on every symmetric line).
REPEAT_DIGITS = 5
REPEAT_RESULTS = 3
#: A tool that reports the seconds it measured next to those it was asked to run (openssl's
#: "Doing ... for 3s ... in 0.01s", stats `seconds` and `requested_seconds`): CPU time below
#: this share of the requested time is work that ran outside the process. A busy machine
#: leaves openssl well above it (its CPU time is what it got of the wall time it ran).
CPU_TIME_SHARE = 0.25


#: Every flag a stored result may carry, with what it means (GET /vocabulary serves them).
FLAG_REASONS: dict[str, str] = {
    "zero_value": "the figure is zero",
    "error_exceeds_value": "the tool's error is larger than the figure",
    "cycles_below_one": "less than one CPU cycle per operation",
    "stats_min_above_max": "the tool's minimum is above its maximum",
    "value_outside_stats": "the figure lies outside the tool's own minimum and maximum",
    "metrics_disagree": "the benchmark's figures in different metrics disagree",
    "cpu_time": "openssl measured its own CPU time while an engine or provider outside the "
    "process did the work (without -elapsed the figure is far too high; seen from the command, "
    f"or from a CPU time below {CPU_TIME_SHARE:.0%} of the time it was asked to run)",
    "exceeds_clock": f"throughput beyond {MAX_BYTES_PER_CYCLE} bytes per cycle of the "
    "machine's clock and cores",
    "saturated": "the figure is a counter at its ceiling (2^k or 2^k - 1)",
    "cycles_disagree": "its throughput times its cycles per byte is more cycles per second "
    f"than {CYCLES_CLOCK_FACTOR} times the machine's clock (or {MAX_CLOCK_HZ / 1e9:g} GHz "
    "without one): the two figures of one measurement contradict each other",
    "repeated_value": f"the same figure, to all of its {REPEAT_DIGITS} or more digits, in "
    f"{REPEAT_RESULTS} or more results of the run: a stuck counter, not a measurement",
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
    if tool_name.lower() != "openssl" or "-elapsed" in words or tags.get("timing") == "elapsed":
        return False
    engines = [tags.get("engine", ""), *tags.get("provider", "").split(",")]
    engines += [after for before, after in pairwise(words) if before == "-engine"]
    return any(name.strip().lower() not in IN_PROCESS for name in engines)


def _saturated(value: float) -> bool:
    """The reported value is a counter at a ceiling: 2^k (4194304 KiB/s) or 2^k - 1 (cycles of
    2^32 - 1), from SATURATION_MIN on (the caller looks at those only)."""
    if not value.is_integer():
        return False
    n = int(value)
    return n & (n - 1) == 0 or n & (n + 1) == 0


def _short_cpu_time(stats: Mapping[str, float]) -> bool:
    """The tool counted its operations in far less CPU time than it was asked to run."""
    measured, requested = stats.get("seconds"), stats.get("requested_seconds")
    if measured is None or not requested:
        return False
    return measured < CPU_TIME_SHARE * requested


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
    low, high = (stats.get("min"), stats.get("max")) if stats else (None, None)
    if low is not None and high is not None and low > high:
        flags.append("stats_min_above_max")
    elif (low is not None and value < low * (1 - 1e-9)) or (
        high is not None and value > high * (1 + 1e-9)
    ):
        flags.append("value_outside_stats")
    if run.cpu_time_offloaded or (stats and _short_cpu_time(stats)):
        flags.append("cpu_time")
    if (
        bytes_per_s is not None
        and run.clock_hz
        and bytes_per_s > MAX_BYTES_PER_CYCLE * run.clock_hz * (run.cores or 1)
    ):
        flags.append("exceeds_clock")
    if value >= SATURATION_MIN and metric != "other" and _saturated(value):
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


#: Flags only the whole run shows (RunChecks), in the order they follow a result's own.
RUN_FLAGS = ("metrics_disagree", "cycles_disagree", "repeated_value")


class Checked(NamedTuple):
    """One result as the run-wide checks see it: its reported figure in canonical units, its
    ns_per_op figure and its own flags (plausibility_flags)."""

    position: int
    series_key: str
    metric: str
    reported: float | None
    ns_per_op: float | None
    flags: list[str]


class RunChecks:
    """The run-wide checks over one run's results: `add` each (in any order), then `late_flags`.

    Every result is kept by its series (the metric checks compare only series reported in more
    than one metric); figures of REPEAT_DIGITS digits or more are also kept by value."""

    def __init__(self, run: RunFacts) -> None:
        self._run = run
        self._series: dict[str, list[Checked]] = defaultdict(list)
        self._repeats: dict[tuple[float, str], list[Checked]] = defaultdict(list)
        self._repeated_in: dict[tuple[float, str], set[str]] = {}

    def add(self, checked: Checked, value: float, unit: str) -> tuple[str, ...]:
        """Keeps `checked`; returns the run-wide flags it is certain to have already (its
        figure is repeated in REPEAT_RESULTS series so far: `repeated_value`), which
        `late_flags` will give it again with any found later."""
        self._series[checked.series_key].append(checked)
        if checked.metric == "other":
            return ()
        series = self._repeated_in.get((value, unit))
        if series is None:
            if not _repeatable(value):
                return ()
            series = self._repeated_in[(value, unit)] = set()
        self._repeats[(value, unit)].append(checked)
        series.add(checked.series_key)
        return ("repeated_value",) if len(series) >= REPEAT_RESULTS else ()

    def late_flags(self) -> list[tuple[int, list[str]]]:
        """(position, all its flags: its own, then the run-wide ones in RUN_FLAGS order) of each
        result that has a run-wide flag."""
        flagged: list[tuple[Checked, str]] = []
        for rows in self._series.values():
            if len({row.metric for row in rows}) < 2:
                continue
            by_metric: dict[str, list[float | None]] = defaultdict(list)
            for row in rows:
                by_metric[row.metric].append(row.ns_per_op)
            if disagreeing_metrics(by_metric):
                flagged += [(row, "metrics_disagree") for row in rows]
            flagged += [(row, "cycles_disagree") for row in self._cycles_disagree(rows)]
        for value, rows in self._repeats.items():
            if len(self._repeated_in[value]) >= REPEAT_RESULTS:
                flagged += [(row, "repeated_value") for row in rows]
        found: dict[int, tuple[Checked, set[str]]] = {}
        for row, flag in flagged:
            found.setdefault(row.position, (row, set()))[1].add(flag)
        return [
            (position, [*row.flags, *(flag for flag in RUN_FLAGS if flag in flags)])
            for position, (row, flags) in sorted(found.items())
        ]

    def _cycles_disagree(self, rows: list[Checked]) -> list[Checked]:
        """The throughput and cycles-per-byte results of one series whose product (cycles per
        second) is beyond what the clock gives."""
        rates = [r for r in rows if r.metric == "bytes_per_s" and r.reported]
        per_byte = [r for r in rows if r.metric == "cycles_per_byte" and r.reported]
        if not rates or not per_byte:
            return []
        clock = self._run.clock_hz
        bound = CYCLES_CLOCK_FACTOR * clock if clock else MAX_CLOCK_HZ
        worst = max(r.reported or 0.0 for r in rates) * max(r.reported or 0.0 for r in per_byte)
        return [*rates, *per_byte] if worst > bound else []


def _repeatable(value: float) -> bool:
    """A figure of REPEAT_DIGITS significant digits or more (an integer below
    10^(REPEAT_DIGITS - 1), most counts, has fewer: told without printing it)."""
    if value.is_integer() and abs(value) < 10 ** (REPEAT_DIGITS - 1):
        return False
    return _digits(value) >= REPEAT_DIGITS


def _digits(value: float) -> int:
    """Significant digits of a figure as printed (4194304.0 -> 7, 145.886 -> 6, 1000.0 -> 1)."""
    if not math.isfinite(value):
        return 0
    return len(repr(abs(value)).split("e")[0].replace(".", "").strip("0"))
