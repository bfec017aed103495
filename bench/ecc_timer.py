"""Our ECC timing loop against pyperf's on the same operation, in one run.

The operation is the Jacobian reference's scalar multiplication k*P on secp256k1 (fixed k and
P, so both tools time exactly the same work). "ours" is the median ns/op of the runner's own
experiment loop (`run_experiment`, perf_counter_ns around each call, warmup discarded);
"baseline" is pyperf's median over its worker processes. The two take turns, ROUNDS times
(ours, then one pyperf benchmark with its own worker process), so that both see the same
machine load. They should agree within 5%.
Last line: {"bench", "ours", "baseline", "ratio", "unit"}.
"""

import statistics

import pyperf
from harness.result import print_result

from cryptobench_collect.runners.ecc.adapters.reference import ReferenceJacobian
from cryptobench_collect.runners.ecc.curves import CURVES
from cryptobench_collect.runners.ecc.experiments import run_experiment
from cryptobench_collect.runners.ecc.workload import Workload

CURVE = "secp256k1"
K = 0x18E14A7B6A307F426A94F8114701E7C8E774E7F9A47E2C2035DB29A206321725
P = (
    0x50863AD64A87AE8A2FE83C1AF1A8403CB53F53E486D8511DAD8A04887E5B2352,
    0x2CD470243453A299FA9E77237716103ABC11A1DF38855ED6F2EE187E9C582BA6,
)
REPETITIONS, WARMUP, ROUNDS = 100, 10, 4


def our_samples() -> list[int]:
    n = REPETITIONS + WARMUP
    work = Workload(
        curve=CURVES[CURVE],
        fixed_key=1,
        fixed_message=b"",
        keys=(1,) * n,
        messages=(b"",) * n,
        points_p=(P,) * n,
        points_q=(P,) * n,
        scalars=(K,) * n,
        any_x=(0,) * n,
        existing_x=(0,) * n,
    )
    ops = ReferenceJacobian().bind(CURVE)
    [samples] = run_experiment("point-mul", ops, work, warmup=WARMUP, tick=lambda: None)
    return samples


def main() -> None:
    runner = pyperf.Runner(processes=1, values=5, warmups=1)
    parent = not runner.parse_args().worker
    ops = ReferenceJacobian().bind(CURVE)
    ours: list[int] = []
    baseline: list[float] = []
    for round_ in range(ROUNDS):
        ours += our_samples() if parent else []
        bench = runner.bench_func(
            f"reference-jacobian point-mul {CURVE} #{round_}", ops.multiply, K, P
        )
        if parent and bench is not None:
            baseline += bench.get_values()
    if not parent:
        return
    ours_ns, baseline_ns = statistics.median(ours), statistics.median(baseline) * 1e9
    print(
        f"median: ours (run_experiment, {ROUNDS} x {REPETITIONS} reps) {ours_ns:,.0f} ns/op; "
        f"pyperf ({ROUNDS} x 5 values) {baseline_ns:,.0f} ns/op"
    )
    print_result("ecc_timer", ours_ns, baseline_ns, "ns/op", ratio_digits=4)


if __name__ == "__main__":
    main()
