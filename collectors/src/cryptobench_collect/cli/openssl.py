"""`cryptobench parse openssl FILE` and `cryptobench run openssl [ALGOS...]`."""

import uuid
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from cryptobench_collect.cli.compare import print_comparison
from cryptobench_collect.cli.options import delivering, printing
from cryptobench_collect.cli.warnings import print_warnings
from cryptobench_collect.delivery import DeliveryOptions, apply_overrides, deliver
from cryptobench_collect.documents import read_text, write_documents, written_at
from cryptobench_collect.errors import UsageError
from cryptobench_collect.gate import GateFailed, raise_found
from cryptobench_collect.hostinfo import collect_host_info
from cryptobench_collect.runners import openssl as runner
from cryptobench_contract import Machine, RunDocument
from cryptobench_parsers.openssl.documents import session_documents
from cryptobench_parsers.openssl.session import parse_openssl_session

_RUN = "openssl speed"
FileArg = Annotated[
    Path, typer.Argument(exists=True, dir_okay=False, help="Saved `openssl speed` output")
]
ForeignOpt = Annotated[
    bool,
    typer.Option(
        "--foreign",
        help="The output comes from another machine: record only --machine-name, not this host's facts",
    ),
]
AlgosArg = Annotated[
    list[str] | None, typer.Argument(help="Algorithms as openssl names them (default: all)")
]
SecondsOpt = Annotated[
    int | None,
    typer.Option("--seconds", min=1, help="Seconds per measurement", rich_help_panel=_RUN),
]
QuickOpt = Annotated[
    bool,
    typer.Option(
        "--quick",
        help=f"A short measurement: {runner.QUICK_SECONDS} second each (-seconds "
        f"{runner.QUICK_SECONDS}), as the other runners' --quick",
        rich_help_panel=_RUN,
    ),
]
EvpOpt = Annotated[
    bool,
    typer.Option("--evp", help="Measure each algorithm through EVP (-evp)", rich_help_panel=_RUN),
]
ElapsedOpt = Annotated[
    bool,
    typer.Option(
        "--elapsed",
        help="Wall time instead of CPU time (needed with offloading engines)",
        rich_help_panel=_RUN,
    ),
]
EngineOpt = Annotated[
    str | None,
    typer.Option("--engine", help="openssl engine, e.g. devcrypto", rich_help_panel=_RUN),
]
ProviderOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--provider",
        help="openssl 3 provider (repeatable; add `default` to keep the built-in one)",
        rich_help_panel=_RUN,
    ),
]
BytesOpt = Annotated[
    int | None,
    typer.Option(
        "--bytes",
        min=1,
        help="One block size instead of openssl's list (-bytes)",
        rich_help_panel=_RUN,
    ),
]
MultiOpt = Annotated[
    int | None,
    typer.Option("--multi", min=1, help="Parallel processes (-multi)", rich_help_panel=_RUN),
]
CompareOpt = Annotated[
    str | None,
    typer.Option(
        "--compare-engine",
        metavar="ENGINE",
        help="Run twice, without and with ENGINE, upload both and print the ratios",
        rich_help_panel=_RUN,
    ),
]
OpensslOpt = Annotated[
    str, typer.Option("--openssl", help="openssl binary to run", rich_help_panel=_RUN)
]


@printing
def parse_openssl(file: FileArg, foreign: ForeignOpt = False, *, options: DeliveryOptions) -> None:
    """Print the run document of a saved `openssl speed` output (human or -mr, any version).

    A terminal session with several `openssl speed` commands gives one run per command (one
    JSON document per line)."""
    text = read_text(file)
    session = parse_openssl_session(text, source_name=str(file))
    machine = _machine(foreign, options.machine_name)
    modified = written_at(file)
    runs = session_documents(text, session, machine=machine, started_at=modified)
    for run in runs:
        print_warnings(run.warnings)
    documents = [
        apply_overrides(run, tags=options.tags, machine_name=options.machine_name) for run in runs
    ]
    write_documents(documents, options.output)


@delivering()
def run_openssl(
    algorithms: AlgosArg = None,
    seconds: SecondsOpt = None,
    quick: QuickOpt = False,
    evp: EvpOpt = False,
    elapsed: ElapsedOpt = False,
    engine: EngineOpt = None,
    provider: ProviderOpt = None,
    multi: MultiOpt = None,
    block_bytes: BytesOpt = None,
    compare_engine: CompareOpt = None,
    openssl: OpensslOpt = "openssl",
    *,
    options: DeliveryOptions,
) -> None:
    """Run `openssl speed -mr` here, keep its output as the artifact, tag the configuration, upload.

    With --compare-engine E the same benchmark runs without and with engine E (seed 003's
    BeagleBone with and without devcrypto); both runs are uploaded with a shared
    `comparison` tag and the ratios are printed.
    """
    if engine and compare_engine:
        raise UsageError("--engine and --compare-engine exclude each other")
    if quick and seconds:
        raise UsageError("--quick and --seconds exclude each other (--quick is --seconds 1)")
    config = runner.SpeedConfig(
        algorithms=tuple(algorithms or ()),
        seconds=runner.QUICK_SECONDS if quick else seconds,
        quick=quick,
        evp=evp,
        elapsed=elapsed,
        engine=engine,
        providers=tuple(provider or ()),
        multi=multi,
        block_bytes=block_bytes,
        binary=openssl,
    )
    machine = collect_host_info(options.machine_name)
    if compare_engine is None:
        deliver(_measure(config, machine), options)
        return
    baseline = _measure(config, machine)
    contender = _measure(
        runner.SpeedConfig(**{**config.__dict__, "engine": compare_engine}), machine
    )
    print_comparison(baseline, contender, Console(stderr=True))
    paired = replace(options, tags={"comparison": uuid.uuid4().hex[:12], **options.tags})
    found = []
    for run in (baseline, contender):
        try:
            deliver(run, paired)
        except GateFailed as exc:
            found.append(exc)
    raise_found(found)


def _measure(config: runner.SpeedConfig, machine: Machine) -> RunDocument:
    console = Console(stderr=True)
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(f"openssl speed (engine {config.engine or 'none'})", total=None)
        run, warnings = runner.run_document(
            config, machine, lambda line: _show(progress, task, line)
        )
    print_warnings(warnings, console)
    console.print(
        f"measured {len(run.results)} figures with openssl {run.tool.version or '(unknown version)'}"
    )
    return run


def _show(progress: Progress, task, line: str) -> None:
    fields = line.strip().split(":")
    if fields[0] == "+DT" and len(fields) >= 4:
        progress.update(task, description=f"{escape(fields[1])}, {fields[3]}-byte blocks")
    elif fields[0] == "+DTP" and len(fields) >= 4:
        progress.update(task, description=escape(" ".join(fields[1:-1])))


def _machine(foreign: bool, machine_name: str | None) -> Machine:
    if not foreign:
        return collect_host_info(machine_name)
    if not machine_name:
        raise UsageError("--foreign needs --machine-name (the machine the output came from)")
    return Machine(name=machine_name)
