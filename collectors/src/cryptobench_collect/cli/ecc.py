"""`cryptobench run ecc`: seed 004's ECC experiments across Python ECC libraries, here and now;
with `--leak-test`, a timing-leak screen of scalar multiplication and signing instead."""

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from cryptobench_collect.cli.options import delivering
from cryptobench_collect.delivery import DeliveryOptions, deliver
from cryptobench_collect.documents import write_atomically
from cryptobench_collect.errors import UsageError
from cryptobench_collect.hostinfo import collect_host_info
from cryptobench_collect.runners.ecc import adapters
from cryptobench_collect.runners.ecc.curves import CURVES
from cryptobench_collect.runners.ecc.document import build_run
from cryptobench_collect.runners.ecc.leak import (
    MAX_SAMPLES,
    QUICK_SAMPLES,
    LeakConfig,
    run_leak_test,
)
from cryptobench_collect.runners.ecc.leak_document import build_leak_run
from cryptobench_collect.runners.ecc.progress import RichReporter
from cryptobench_collect.runners.ecc.runner import (
    DEFAULT_CURVES,
    QUICK_REPETITIONS,
    QUICK_WARMUP,
    EccConfig,
    EccOutcome,
    run_ecc,
)
from cryptobench_collect.runners.ecc.tables import csv_text, gaps_text, latex_text, table_of
from cryptobench_contract.vocabulary import canonical_curve

_BENCH = "Benchmark"
RepetitionsOpt = Annotated[
    int,
    typer.Option(
        "--repetitions",
        "-n",
        min=1,
        help="Timed repetitions of each benchmark",
        rich_help_panel=_BENCH,
    ),
]
WarmupOpt = Annotated[
    int,
    typer.Option("--warmup", min=0, help="Untimed repetitions before them", rich_help_panel=_BENCH),
]
QuickOpt = Annotated[
    bool,
    typer.Option(
        "--quick",
        help=f"{QUICK_REPETITIONS} repetitions, {QUICK_WARMUP} warmup "
        "(overrides --repetitions/--warmup)",
        rich_help_panel=_BENCH,
    ),
]
LibraryOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--library",
        help=f"Library to run (repeatable; default all: {', '.join(adapters.LIBRARY_NAMES)})",
        rich_help_panel=_BENCH,
    ),
]
CurveOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--curve",
        help=f"Curve (repeatable; default {', '.join(DEFAULT_CURVES)}; known: {', '.join(CURVES)})",
        rich_help_panel=_BENCH,
    ),
]
MessageBytesOpt = Annotated[
    int,
    typer.Option(
        "--message-bytes",
        min=1,
        max=1 << 20,
        help="Length of the signed messages",
        rich_help_panel=_BENCH,
    ),
]
_LEAK = "Leak test"
LeakTestOpt = Annotated[
    bool,
    typer.Option(
        "--leak-test",
        help="Instead of the speed experiments: scalar multiplication and signing on a fixed vs a "
        "random scalar, interleaved, every sample uploaded (tag mode=leak-test)",
        rich_help_panel=_LEAK,
    ),
]
LeakSamplesOpt = Annotated[
    int,
    typer.Option(
        "--leak-samples",
        min=2,
        max=MAX_SAMPLES,
        help=f"Samples per class of --leak-test (--quick: {QUICK_SAMPLES})",
        rich_help_panel=_LEAK,
    ),
]
CsvOpt = Annotated[
    Path | None,
    typer.Option(
        "--csv",
        "-c",
        dir_okay=False,
        help="Also write seed 004's CSV (benchmark;<lib>;...) to FILE",
        rich_help_panel="Tables",
    ),
]
LatexOpt = Annotated[
    Path | None,
    typer.Option(
        "--latex",
        "-l",
        dir_okay=False,
        help="Also write a LaTeX table to FILE",
        rich_help_panel="Tables",
    ),
]


@delivering()
def run_ecc_command(
    repetitions: RepetitionsOpt = 1000,
    warmup: WarmupOpt = 10,
    quick: QuickOpt = False,
    library: LibraryOpt = None,
    curve: CurveOpt = None,
    message_bytes: MessageBytesOpt = 32,
    leak_test: LeakTestOpt = False,
    leak_samples: LeakSamplesOpt = 1000,
    csv: CsvOpt = None,
    latex: LatexOpt = None,
    *,
    options: DeliveryOptions,
) -> None:
    """Time ECDSA sign/verify, point add/double/mul and y recovery in each Python ECC library."""
    if leak_test:
        if csv is not None or latex is not None:
            raise UsageError("--leak-test writes no CSV or LaTeX table (-c/--csv, -l/--latex)")
        leak = LeakConfig(
            samples=QUICK_SAMPLES if quick else leak_samples,
            warmup=QUICK_WARMUP if quick else warmup,
            message_bytes=message_bytes,
            libraries=_libraries(library),
            curves=_curves(curve),
        )
        _leak_test(leak, options)
        return
    config = EccConfig(
        repetitions=QUICK_REPETITIONS if quick else repetitions,
        warmup=QUICK_WARMUP if quick else warmup,
        message_bytes=message_bytes,
        libraries=_libraries(library),
        curves=_curves(curve),
    )
    console = Console(stderr=True)
    with RichReporter(console) as reporter:
        outcome = run_ecc(config, reporter)
    _write_tables(outcome, csv, latex, console)
    deliver(build_run(outcome, collect_host_info(options.machine_name)), options)


def _leak_test(config: LeakConfig, options: DeliveryOptions) -> None:
    console = Console(stderr=True)
    screened = run_leak_test(config, lambda step: console.print(f"leak test: {step}"))
    deliver(build_leak_run(screened, collect_host_info(options.machine_name)), options)


def _libraries(given: list[str] | None) -> tuple[str, ...]:
    if not given:
        return adapters.LIBRARY_NAMES
    unknown = [name for name in given if name not in adapters.REGISTRY]
    if unknown:
        raise UsageError(
            f"--library {unknown[0]}: expected one of {', '.join(adapters.LIBRARY_NAMES)}"
        )
    return tuple(dict.fromkeys(given))


def _curves(given: list[str] | None) -> tuple[str, ...]:
    if not given:
        return DEFAULT_CURVES
    names = [canonical_curve(name) for name in given]
    for original, name in zip(given, names, strict=True):
        if name not in CURVES:
            raise UsageError(f"--curve {original}: expected one of {', '.join(CURVES)}")
    return tuple(dict.fromkeys(names))


def _write_tables(
    outcome: EccOutcome, csv: Path | None, latex: Path | None, console: Console
) -> None:
    table = table_of(outcome)
    for path, text in ((csv, csv_text(table)), (latex, latex_text(table))):
        if path is not None:
            write_atomically(path, text)
            console.print(f"wrote {path}")
    gaps = gaps_text(outcome)
    if gaps:
        console.print("no figures for:\n" + gaps, end="", markup=False, highlight=False)
