"""The `cryptobench` application: its command groups, every command's registration (the
commands are plain functions in their own modules, which import nothing from here), and the
process's one error boundary.
"""

import sys
from importlib.metadata import version
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from cryptobench_collect.cli import ecc, harnesses, jmh, openssl, serial, upload
from cryptobench_collect.errors import CollectorError, InputError
from cryptobench_parsers.errors import ParseError

app = typer.Typer(
    name="cryptobench",
    help="Run or parse cryptography benchmarks and send the results to a CryptoBench dashboard.",
    epilog="Exit codes: 0 done; 1 runtime failure (or the server could not give its verdicts); "
    "2 bad input or usage; 3 nothing uploaded, every run kept in the spool; with "
    "--fail-on-regression, 4 a regression at an uploaded run, 5 action required: a series "
    "could not be judged (not comparable, insufficient or missing baseline runs); with "
    "--fail-on-leak, 6 instruction counts that differ by class exactly at an uploaded run.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
parse_app = typer.Typer(
    help="Parse a saved output file and print the run document (never uploads).",
    no_args_is_help=True,
)
run_app = typer.Typer(
    help="Run a benchmark on this machine, then upload the run.", no_args_is_help=True
)
ingest_app = typer.Typer(help="Parse a result file, then upload the run.", no_args_is_help=True)
collect_app = typer.Typer(
    help="Read results from a device, then upload the run.", no_args_is_help=True
)
spool_app = typer.Typer(
    help="Runs kept on disk while the server was unreachable.", no_args_is_help=True
)


def _print_version(wanted: bool) -> None:
    if wanted:
        typer.echo(f"cryptobench {version('cryptobench-collect')}")
        raise typer.Exit()


@app.callback()
def _options(
    _version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Run or parse cryptography benchmarks and send the results to a CryptoBench dashboard."""


app.add_typer(parse_app, name="parse")
app.add_typer(run_app, name="run")
app.add_typer(ingest_app, name="ingest")
app.add_typer(collect_app, name="collect")
app.add_typer(spool_app, name="spool")

run_app.command("ecc")(ecc.run_ecc_command)
for _name in harnesses.HARNESSES:
    parse_app.command(_name)(harnesses.parse_command(_name))
parse_app.command("jmh")(jmh.parse_jmh_command)
ingest_app.command("jmh")(jmh.ingest_jmh_command)
run_app.command("jmh")(jmh.run_jmh_command)
parse_app.command("openssl")(openssl.parse_openssl)
run_app.command("openssl")(openssl.run_openssl)
parse_app.command("serial")(serial.parse_serial_command)
collect_app.command("serial")(serial.collect_serial_command)
app.command("upload")(upload.upload)
spool_app.command("list")(upload.spool_list)
spool_app.command("flush")(upload.spool_flush)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; map every CollectorError to its exit code and a one-line red message."""
    try:
        app(args=argv, prog_name="cryptobench")
    except CollectorError as exc:
        Console(stderr=True).print(f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True)
        sys.exit(exc.exit_code)
    except ParseError as exc:
        Console(stderr=True).print(f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True)
        sys.exit(InputError.exit_code)
    except OSError as exc:
        Console(stderr=True).print(f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True)
        sys.exit(1)
