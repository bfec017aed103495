"""Run seed 004's experiments for the chosen libraries and curves: check, then time.

Experiments run one after another. Within one, the repetitions are split into `BLOCKS`
blocks and the libraries take turns block by block, so the figures compared in one row are
taken under the same machine load even when that load drifts.
The outcome has one cell per (curve, row, library): the timing samples, or a gap that says
why there is no number (the library lacks the curve or operation, or is not installed).
"""

import itertools
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, Protocol

from cryptobench_collect.runners.ecc import adapters, workload
from cryptobench_collect.runners.ecc.adapters.base import CurveOps, Library, LibraryInfo
from cryptobench_collect.runners.ecc.correctness import check_curve
from cryptobench_collect.runners.ecc.curves import CURVES
from cryptobench_collect.runners.ecc.experiments import CorrectnessError, run_experiment
from cryptobench_collect.runners.ecc.rows import EXPERIMENTS, Row
from cryptobench_contract import utc_now

DEFAULT_CURVES = ("secp256k1", "secp256r1")
QUICK_REPETITIONS = 5
QUICK_WARMUP = 1
BLOCKS = 10


@dataclass(frozen=True)
class EccConfig:
    repetitions: int = 1000
    warmup: int = 10
    message_bytes: int = 32
    libraries: tuple[str, ...] = adapters.LIBRARY_NAMES
    curves: tuple[str, ...] = DEFAULT_CURVES


@dataclass(frozen=True)
class Measured:
    samples: list[int]


@dataclass(frozen=True)
class Gap:
    status: Literal["unsupported", "not installed"]
    detail: str


Cell = Measured | Gap


@dataclass
class EccOutcome:
    config: EccConfig
    started_at: datetime
    finished_at: datetime | None = None
    infos: dict[str, LibraryInfo] = field(default_factory=dict)
    cells: dict[tuple[str, str, str], Cell] = field(default_factory=dict)

    def cell(self, curve: str, row: Row, library: str) -> Cell:
        return self.cells[(curve, row.name, library)]


class Reporter(Protocol):
    """Progress: `plan` the run's experiments (curves x experiments), `begin`/`tick`/`end`
    one step (drawing a curve's operands, one library's block of repetitions) and
    `experiment_done` after each experiment."""

    def plan(self, experiments: int) -> None: ...
    def begin(self, description: str, total: int) -> None: ...
    def tick(self) -> None: ...
    def end(self) -> None: ...
    def experiment_done(self) -> None: ...


class SilentReporter:
    def plan(self, experiments: int) -> None:
        return None

    def begin(self, description: str, total: int) -> None:
        return None

    def experiment_done(self) -> None:
        return None

    def tick(self) -> None:
        return None

    def end(self) -> None:
        return None


def run_ecc(config: EccConfig, reporter: Reporter | None = None) -> EccOutcome:
    reporter = reporter or SilentReporter()
    outcome = EccOutcome(config=config, started_at=utc_now())
    loaded = {name: adapters.load(name) for name in config.libraries}
    outcome.infos = {n: lib.info() for n, lib in loaded.items() if isinstance(lib, Library)}
    reporter.plan(len(config.curves) * len(EXPERIMENTS))
    for curve in config.curves:
        bound = _bind(curve, loaded, outcome)
        check_curve(CURVES[curve], bound, config.message_bytes)
        reporter.begin(f"{curve}: drawing operands", 1)
        work = workload.draw(
            CURVES[curve], config.repetitions + config.warmup, config.message_bytes
        )
        reporter.end()
        for experiment, rows in EXPERIMENTS.items():
            _time_experiment(curve, experiment, rows, bound, work, outcome, reporter)
            reporter.experiment_done()
    outcome.finished_at = utc_now()
    return outcome


def _bind(
    curve: str, loaded: dict[str, Library | adapters.NotInstalled], outcome: EccOutcome
) -> dict[str, CurveOps]:
    """Bind every library that has `curve`; record gaps for the others."""
    bound: dict[str, CurveOps] = {}
    for name, lib in loaded.items():
        if isinstance(lib, adapters.NotInstalled):
            _fill(outcome, curve, name, Gap("not installed", lib.install))
        elif not lib.supports_curve(curve):
            _fill(outcome, curve, name, Gap("unsupported", f"{name} has no {curve}"))
        else:
            bound[name] = lib.bind(curve)
    return bound


def _fill(outcome: EccOutcome, curve: str, library: str, gap: Gap) -> None:
    for rows in EXPERIMENTS.values():
        for row in rows:
            outcome.cells[(curve, row.name, library)] = gap


def _time_experiment(
    curve: str,
    experiment: str,
    rows: tuple[Row, ...],
    bound: dict[str, CurveOps],
    work: workload.Workload,
    outcome: EccOutcome,
    reporter: Reporter,
) -> None:
    timed: dict[str, list[list[int]]] = {}
    for name, ops in bound.items():
        missing = [row.operation for row in rows if row.operation not in ops.operations]
        if missing:
            gap = Gap("unsupported", f"{name} has no {missing[0]} operation")
            outcome.cells.update({(curve, row.name, name): gap for row in rows})
        else:
            timed[name] = [[] for _ in rows]
    warmup = outcome.config.warmup
    for block, (start, stop) in enumerate(_blocks(work.size, warmup)):
        for name, samples in timed.items():
            reporter.begin(f"{curve} {experiment}: {name}", stop - start)
            try:
                results = run_experiment(
                    experiment,
                    bound[name],
                    work.part(start, stop),
                    warmup=warmup if block == 0 else 0,
                    tick=reporter.tick,
                )
            except CorrectnessError as exc:
                raise CorrectnessError(f"{name} on {curve}: {exc}") from None
            finally:
                reporter.end()
            for collected, new in zip(samples, results, strict=True):
                collected.extend(new)
    for name, samples in timed.items():
        outcome.cells.update(
            {(curve, row.name, name): Measured(s) for row, s in zip(rows, samples, strict=True)}
        )


def _blocks(size: int, warmup: int) -> list[tuple[int, int]]:
    """[start, stop) of each block; the first also holds the warmup repetitions."""
    repetitions = size - warmup
    count = min(BLOCKS, repetitions)
    edges = [warmup + repetitions * i // count for i in range(count + 1)]
    edges[0] = 0
    return list(itertools.pairwise(edges))
