"""`cryptobench parse serial FILE` and `cryptobench collect serial --port PORT`."""

import sys
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from cryptobench_collect.cli.options import delivering, printing
from cryptobench_collect.cli.warnings import print_warnings
from cryptobench_collect.delivery import DeliveryOptions, apply_overrides, deliver
from cryptobench_collect.documents import write_documents, written_at
from cryptobench_collect.errors import InputError, OnlySpooled, RuntimeFailure
from cryptobench_collect.gate import GateFailed, raise_found
from cryptobench_collect.sources.serial_reader import SerialLines, open_port
from cryptobench_collect.sources.serial_session import SessionOutcome, collect_session
from cryptobench_contract import ParseWarning, RunDocument
from cryptobench_parsers.serial.documents import build_document
from cryptobench_parsers.serial.lines import Begin, End, Item, Measurement
from cryptobench_parsers.serial.runs import RunAssembler, SerialRun, assemble_text

_PORT = "Port"
FileArg = Annotated[str, typer.Argument(metavar="FILE", help="Saved console log ('-' reads stdin)")]
PortOpt = Annotated[
    str,
    typer.Option(
        "--port",
        "-p",
        help="/dev/ttyACM0, COM3, socket://host:port, rfc2217://...",
        rich_help_panel=_PORT,
    ),
]
BaudOpt = Annotated[
    int, typer.Option("--baud", "-b", min=300, help="Baud rate", rich_help_panel=_PORT)
]
TimeoutOpt = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        "-t",
        min=0.1,
        rich_help_panel=_PORT,
        help="Give up after S seconds without an END line (default: wait)",
    ),
]


@printing
def parse_serial_command(file: FileArg, *, options: DeliveryOptions) -> None:
    """Print the run documents (one JSON per line) of a saved console log: firmware BENCH lines,
    seed 002's lines, Mbed TLS or wolfSSL benchmark output."""
    text, at = _read_log(file)
    assembler = assemble_text(text, source_name=file, at=at)
    console = Console(stderr=True)
    _print_warnings(console, assembler.warnings, assembler.runs)
    if not assembler.runs:
        raise InputError(
            file,
            None,
            "no benchmark results found (expected BENCH lines from the firmware, "
            "seed 002's RSA lines, or Mbed TLS / wolfSSL benchmark output)",
        )
    documents = [
        apply_overrides(
            build_document(run, machine_name=options.machine_name),
            tags=options.tags,
            machine_name=None,
        )
        for run in assembler.runs
    ]
    write_documents(documents, options.output)


@delivering()
def collect_serial_command(
    port: PortOpt,
    baud: BaudOpt = 115200,
    timeout: TimeoutOpt = None,
    *,
    options: DeliveryOptions,
) -> None:
    """Read the firmware's results from a board until its END line, then upload the run."""
    console = Console(stderr=True)
    opened = open_port(port, baud)
    console.print(
        f"listening on {port} at {baud} baud; reset the board to start a run (Ctrl-C stops)"
    )
    with SerialLines(opened) as lines:
        outcome = collect_session(
            lines,
            url=port,
            baud=baud,
            timeout=timeout,
            clock=lambda: datetime.now(UTC),
            report=Progress(console),
        )
    _print_warnings(
        console, outcome.warnings, outcome.runs[:-1] if outcome.stopped_early else outcome.runs
    )
    _deliver_all(outcome.runs, options)
    _fail_if_incomplete(outcome, port, baud)


class Progress:
    """Prints each result as it arrives."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def __call__(self, item: Item, assembler: RunAssembler) -> None:
        run = assembler.current or (assembler.runs[-1] if assembler.runs else None)
        if isinstance(item, Begin) and item.info.get("mode") == "leak-test":
            info = item.info
            self.console.print(
                f"run {item.run_id}: leak test on {info.get('chip')}, {info.get('opt')}, "
                f"{info.get('samples')} samples per class ({info.get('slow_samples')} of RSA "
                f"and ECDSA); {info.get('cases')} results"
            )
        elif isinstance(item, Begin) and item.style == "bench":
            info = item.info
            self.console.print(
                f"run {item.run_id}: {info.get('chip')} at {info.get('cpu_mhz')} MHz, "
                f"{info.get('opt')}, accelerators {info.get('accel')}; {info.get('cases')} cases"
            )
        elif isinstance(item, Measurement):
            self._measurement(item, run)
        elif isinstance(item, End):
            self.console.print(
                f"run {item.run_id or ''} ended: {len(run.results) if run else 0} results"
            )

    def _measurement(self, item: Measurement, run: SerialRun | None) -> None:
        total = run.begin.get("cases") if run is not None else None
        where = f"[{item.seq}/{total}] " if item.seq is not None else ""
        if item.error is not None:
            self.console.print(f"{where}[red]{escape(item.name or '')}: {escape(item.error)}[/]")
        for result in item.results:
            stats = (
                f" (min {result.stats['min']:g}, max {result.stats['max']:g})"
                if result.stats
                else ""
            )
            cls = result.params.get("input_class")
            name = f"{result.name} [{cls}]" if cls is not None else result.name
            self.console.print(
                f"{where}{escape(name)}: {result.value:g} {result.unit}{stats}",
                highlight=False,
            )


def _read_log(file: str) -> tuple[str, datetime]:
    if file == "-":
        return sys.stdin.buffer.read().decode("utf-8", errors="replace"), datetime.now(UTC)
    path = Path(file)
    try:
        data = path.read_bytes()
        at = written_at(path)
    except OSError as exc:
        raise InputError(path, None, f"cannot read: {exc.strerror or exc}") from None
    return data.decode("utf-8", errors="replace"), at


def _print_warnings(
    console: Console, warnings: list[ParseWarning], runs: Sequence[SerialRun] = ()
) -> None:
    print_warnings(warnings, console)
    for run in runs:
        if run.partial:
            console.print(
                f"[yellow]warning:[/] run {run.identity()} is partial ({escape(run.partial_reason or '')}); "
                f"kept {len(run.results)} results, tagged partial=true",
                soft_wrap=True,
            )


def _deliver_all(runs: list[SerialRun], options: DeliveryOptions) -> None:
    spooled: list[OnlySpooled] = []
    found: list[GateFailed] = []
    for number, run in enumerate(runs, start=1):
        document: RunDocument = build_document(run, machine_name=options.machine_name)
        each = options
        if options.output is not None and len(runs) > 1:
            path = options.output
            each = replace(options, output=path.with_name(f"{path.stem}-{number}{path.suffix}"))
        try:
            deliver(document, each)
        except OnlySpooled as exc:
            spooled.append(exc)
        except GateFailed as exc:
            found.append(exc)
    if spooled:
        raise OnlySpooled("; ".join(str(exc) for exc in spooled))
    raise_found(found)


def _fail_if_incomplete(outcome: SessionOutcome, port: str, baud: int) -> None:
    """Exit 1 when the session did not end with an END line; partial runs were delivered first."""
    why = outcome.stopped_early
    if why is None:
        return
    if not outcome.runs:
        raise RuntimeFailure(
            f"no benchmark results from {port} at {baud} baud: {why}; is the firmware "
            "flashed (idf.py flash)? press the board's reset button to start a run"
        )
    run = outcome.runs[-1]
    raise RuntimeFailure(
        f"{why}: run {run.identity()} is incomplete; kept its {len(run.results)} results, "
        "tagged partial=true"
    )
