"""`cryptobench run jmh --leak-test`: run the JVM leak-test harness, then deliver its one run."""

from pathlib import Path

from rich.console import Console

from cryptobench_collect.delivery import DeliveryOptions, deliver
from cryptobench_collect.hostinfo import collect_host_info
from cryptobench_collect.runners import jvm_leak
from cryptobench_contract import utc_now


def run_leak_test(
    jar: Path, samples: int | None, *, quick: bool, options: DeliveryOptions, console: Console
) -> None:
    count = samples or (jvm_leak.QUICK_SAMPLES if quick else jvm_leak.SAMPLES)
    warmup = jvm_leak.QUICK_WARMUP if quick else jvm_leak.WARMUP
    started = utc_now()
    with console.status(f"JVM leak test: {count} samples per class, {warmup} warmup"):
        text = jvm_leak.run_harness(jvm_leak.harness_command(jar, count, warmup))
    run = jvm_leak.leak_run(
        text,
        machine=collect_host_info(options.machine_name),
        started_at=started,
        finished_at=utc_now(),
    )
    console.print(f"{len(run.results)} results (leak screens, two classes each) from {jar}")
    deliver(run, options)
