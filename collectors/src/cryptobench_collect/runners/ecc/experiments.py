"""The timed loops. Setup happens outside the timed region; `perf_counter_ns` brackets only the
library call (seed 004, Listing 1). The first `warmup` repetitions are run and discarded.
"""

from collections.abc import Callable
from time import perf_counter_ns
from typing import Any

from cryptobench_collect.errors import RuntimeFailure
from cryptobench_collect.runners.ecc.adapters.base import CurveOps
from cryptobench_collect.runners.ecc.workload import Workload

Tick = Callable[[], None]


class CorrectnessError(RuntimeFailure):
    """A library computed something that disagrees with the reference or another library."""


def run_experiment(
    experiment: str, ops: CurveOps, work: Workload, *, warmup: int, tick: Tick
) -> list[list[int]]:
    """One list of samples per row of the experiment (two for ECDSA: sign, verify)."""
    if experiment.startswith("ecdsa-"):
        return _ecdsa(experiment, ops, work, warmup, tick)
    return [_single(experiment, ops, work, warmup, tick)]


def _ecdsa(
    experiment: str, ops: CurveOps, work: Workload, warmup: int, tick: Tick
) -> list[list[int]]:
    fixed_key = ops.keypair(work.fixed_key)
    fixed_message = work.fixed_message
    signs: list[int] = []
    verifies: list[int] = []
    for i in range(work.size):
        key = fixed_key if experiment == "ecdsa-const-key" else ops.keypair(work.keys[i])
        message = fixed_message if experiment == "ecdsa-const-message" else work.messages[i]
        t0 = perf_counter_ns()
        signature = ops.sign(key[0], message)
        t1 = perf_counter_ns()
        valid = ops.verify(key[1], message, signature)
        t2 = perf_counter_ns()
        if not valid:
            raise CorrectnessError(f"its own fresh signature did not verify ({experiment})")
        if i >= warmup:
            signs.append(t1 - t0)
            verifies.append(t2 - t1)
        tick()
    return [signs, verifies]


def _single(experiment: str, ops: CurveOps, work: Workload, warmup: int, tick: Tick) -> list[int]:
    call, setup = _plan(experiment, ops, work)
    samples: list[int] = []
    for i in range(work.size):
        args = setup(i)
        t0 = perf_counter_ns()
        result = call(*args)
        t1 = perf_counter_ns()
        if experiment == "y-recovery-existing" and ops.y_of(result) is None:
            raise CorrectnessError(f"no y recovered for x={args[0]:#x}, which has one")
        if i >= warmup:
            samples.append(t1 - t0)
        tick()
    return samples


def _plan(
    experiment: str, ops: CurveOps, work: Workload
) -> tuple[Callable[..., Any], Callable[[int], tuple]]:
    plans: dict[str, tuple[Callable[..., Any], Callable[[int], tuple]]] = {
        "point-add": (
            ops.add,
            lambda i: (ops.point(work.points_p[i]), ops.point(work.points_q[i])),
        ),
        "point-double": (ops.double, lambda i: (ops.point(work.points_p[i]),)),
        "point-mul": (ops.multiply, lambda i: (work.scalars[i], ops.point(work.points_p[i]))),
        "y-recovery": (ops.recover_y, lambda i: (work.any_x[i],)),
        "y-recovery-existing": (ops.recover_y, lambda i: (work.existing_x[i],)),
    }
    return plans[experiment]
