"""`cryptobench parse jmh FILE`, `ingest jmh FILE` and `run jmh`: JMH results (its JSON file or
the result tables it printed, one run per table) into run documents."""

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from cryptobench_collect.cli.jvm_leak import run_leak_test
from cryptobench_collect.cli.options import delivering, printing
from cryptobench_collect.cli.warnings import print_warnings
from cryptobench_collect.delivery import DeliveryOptions, deliver
from cryptobench_collect.documents import read_text, written_at
from cryptobench_collect.errors import RuntimeFailure, UsageError
from cryptobench_collect.hostinfo import collect_host_info
from cryptobench_collect.runners import jmh as runner
from cryptobench_collect.runners import jvm_leak
from cryptobench_contract import RunDocument, new_run_id, utc_now
from cryptobench_parsers.jmh.json_results import parse_jmh
from cryptobench_parsers.jmh.text_tables import jmh_documents

_BENCH = "Benchmark"
_LEAK = "Leak test"
FileArg = Annotated[
    Path,
    typer.Argument(
        exists=True,
        dir_okay=False,
        help="JMH result file (-rf json -rff FILE) or its printed output (the result tables)",
    ),
]
QuickOpt = Annotated[
    bool,
    typer.Option(
        "--quick",
        help=f"JMH {' '.join(runner.QUICK_ARGS)}: the whole suite in "
        "about 5 minutes, for a first look, not for real numbers",
        rich_help_panel=_BENCH,
    ),
]
IncludeOpt = Annotated[
    str | None,
    typer.Option(
        "--include",
        metavar="REGEX",
        help="Only benchmarks matching REGEX, e.g. 'EcdsaBench|RsaBench.sign'",
        rich_help_panel=_BENCH,
    ),
]
JarOpt = Annotated[
    Path | None,
    typer.Option(
        "--jar",
        exists=True,
        dir_okay=False,
        help="Run this benchmarks.jar instead of building agents/jvm",
        rich_help_panel=_BENCH,
    ),
]
ProjectOpt = Annotated[
    Path | None,
    typer.Option(
        "--project",
        file_okay=False,
        help="The agents/jvm folder "
        f"(default: ${runner.PROJECT_ENV} or found above the current "
        "folder)",
        rich_help_panel=_BENCH,
    ),
]
JmhArgOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--jmh-arg",
        help="Extra JMH argument (repeatable), e.g. --jmh-arg=-p --jmh-arg=curve=secp256k1",
        rich_help_panel=_BENCH,
    ),
]
JsonOpt = Annotated[
    Path | None,
    typer.Option(
        "--json",
        dir_okay=False,
        help="Keep JMH's JSON result file here (default: a new temporary folder, kept)",
        rich_help_panel=_BENCH,
    ),
]
LeakTestOpt = Annotated[
    bool,
    typer.Option(
        "--leak-test",
        help=f"Instead of JMH: the jar's leak-test harness ({jvm_leak.MAIN_CLASS}), RSA PKCS#1 "
        "v1.5 decryption valid vs invalid padding and ECDSA signing fixed vs random key, "
        "every sample uploaded (tag mode=leak-test)",
        rich_help_panel=_LEAK,
    ),
]
LeakSamplesOpt = Annotated[
    int | None,
    typer.Option(
        "--leak-samples",
        min=2,
        max=jvm_leak.MAX_SAMPLES,
        help=f"Samples per class of --leak-test (default {jvm_leak.SAMPLES}; "
        f"--quick: {jvm_leak.QUICK_SAMPLES})",
        rich_help_panel=_LEAK,
    ),
]


@printing
def parse_jmh_command(file: FileArg, *, options: DeliveryOptions) -> None:
    """Print the run documents of a JMH JSON result file or printed output (never uploads)."""
    for run in _documents_of(file, options.machine_name):
        deliver(run, options)


@delivering()
def ingest_jmh_command(file: FileArg, *, options: DeliveryOptions) -> None:
    """Parse a JMH JSON result file or printed output and upload it (the same file twice is the
    same runs)."""
    for run in _documents_of(file, options.machine_name):
        deliver(run, options)


@delivering()
def run_jmh_command(
    quick: QuickOpt = False,
    include: IncludeOpt = None,
    jar: JarOpt = None,
    project: ProjectOpt = None,
    jmh_arg: JmhArgOpt = None,
    json: JsonOpt = None,
    leak_test: LeakTestOpt = False,
    leak_samples: LeakSamplesOpt = None,
    *,
    options: DeliveryOptions,
) -> None:
    """Build the agents/jvm JMH suite if needed, run it with -rf json (or, with --leak-test, its
    leak-test harness), then upload the run."""
    console = Console(stderr=True)
    if leak_test and (include or jmh_arg or json):
        raise UsageError("--leak-test runs no JMH benchmark: drop --include, --jmh-arg and --json")
    if leak_samples is not None and not leak_test:
        raise UsageError("--leak-samples goes with --leak-test")
    jar = jar or _built_jar(project, console)
    if leak_test:
        run_leak_test(jar, leak_samples, quick=quick, options=options, console=console)
        return
    result_file = json or Path(tempfile.mkdtemp(prefix="cryptobench-jmh-")) / "jmh-result.json"
    log_file = result_file.with_suffix(".log")
    command = runner.jmh_command(
        jar, result_file=result_file, quick=quick, include=include, extra=jmh_arg or ()
    )
    started = utc_now()
    progress = _run_with_progress(command, log_file, console)
    text = read_text(result_file) if result_file.is_file() else ""
    if not text.strip("[] \n\r\t"):
        failed = (
            f", {progress.state.failures} benchmark(s) failed" if progress.state.failures else ""
        )
        raise RuntimeFailure(
            f"JMH wrote no results (exit {progress.exit_code}{failed}); its output is in {log_file}"
        )
    if progress.state.failures:
        console.print(f"[yellow]{progress.state.failures} benchmark(s) failed; see {log_file}[/]")
    machine = collect_host_info(options.machine_name)
    run = parse_jmh(
        text,
        source_name=str(result_file),
        machine=machine,
        started_at=started,
        finished_at=utc_now(),
        run_id=new_run_id(),
    )
    print_warnings(run.warnings, console)
    console.print(f"{len(run.results)} results from {result_file}")
    deliver(run, options)


def _documents_of(file: Path, machine_name: str | None) -> list[RunDocument]:
    written = written_at(file)
    runs = jmh_documents(
        read_text(file),
        source_name=str(file),
        machine=collect_host_info(machine_name),
        started_at=written,
    )
    for run in runs:
        print_warnings(run.warnings)
    return runs


def _built_jar(project: Path | None, console: Console) -> Path:
    folder = project or runner.find_project()
    if folder is None:
        raise UsageError(
            "cannot find agents/jvm (the JMH suite): pass --project DIR, --jar FILE or set "
            f"${runner.PROJECT_ENV}"
        )
    with console.status(f"building the JMH suite in {folder} (mvn package)"):
        return runner.build_suite(folder)


@dataclass
class _Outcome:
    state: runner.Progress = field(default_factory=runner.Progress)
    exit_code: int = 0


def _run_with_progress(command: list[str], log_file: Path, console: Console) -> _Outcome:
    outcome = _Outcome()
    columns = (
        TextColumn("[bold]JMH[/]"),
        BarColumn(),
        TextColumn("{task.percentage:>5.1f}%"),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
    )
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task("starting", total=100.0)

        def on_line(line: str) -> None:
            if outcome.state.update(line):
                bar.update(task, completed=outcome.state.percent, description=outcome.state.label)

        outcome.exit_code = runner.run_suite(command, log_file=log_file, on_line=on_line)
        bar.update(task, completed=100.0 if outcome.exit_code == 0 else outcome.state.percent)
    return outcome
