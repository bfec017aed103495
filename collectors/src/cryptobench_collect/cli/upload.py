"""`cryptobench upload FILE...` and `cryptobench spool list|flush`."""

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from cryptobench_collect.cli.options import delivering
from cryptobench_collect.delivery import DeliveryOptions, deliver, flush
from cryptobench_collect.documents import parse_json, read_text, run_from_data
from cryptobench_collect.errors import (
    CollectorError,
    InputError,
    OnlySpooled,
    RuntimeFailure,
    UsageError,
)
from cryptobench_collect.gate import GateFailed, worst
from cryptobench_collect.spool import STATES, Spool, State, decode_item
from cryptobench_contract import RunDocument

FilesArg = Annotated[
    list[Path],
    typer.Argument(
        exists=True, dir_okay=False, help="Run documents (from --no-upload -o) or spool files"
    ),
]
StateOpt = Annotated[
    list[str] | None,
    typer.Option("--state", help="Only these states (pending, sent, failed)"),
]
sending = delivering(
    "server",
    "token",
    "spool_dir",
    "fail_on_regression",
    "fail_on_leak",
    "report_markdown",
    "report_json",
)


@sending
def upload(files: FilesArg, *, options: DeliveryOptions) -> None:
    """Upload saved run documents (each goes through the spool, like a fresh run)."""
    runs = [run for path in files for run in _load_documents(path)]
    problems = []
    for run in runs:
        try:
            deliver(run, options)
        except CollectorError as exc:
            problems.append(exc)
    _raise_summary(problems, total=len(runs))


@delivering("spool_dir")
def spool_list(state: StateOpt = None, *, options: DeliveryOptions) -> None:
    """Show the runs in the spool, oldest first."""
    spool = Spool(options.spool_dir)
    table = Table(title=str(spool.root))
    for column in ("state", "run_id", "source", "machine", "started_at", "results", "problem"):
        table.add_column(
            column,
            no_wrap=column in ("state", "run_id"),
            min_width=36 if column == "run_id" else None,
        )
    for wanted in _states(state):
        for path in spool.paths(wanted):
            table.add_row(*_row(spool, wanted, path))
    Console().print(table)


def _states(given: list[str] | None) -> list[State]:
    unknown = sorted(set(given or []) - set(STATES))
    if unknown:
        raise UsageError(f"--state {', '.join(unknown)}: expected one of {', '.join(STATES)}")
    return [state for state in STATES if not given or state in given]


def _row(spool: Spool, state: State, path: Path) -> list[str]:
    try:
        item = spool.load(path)
    except InputError as exc:
        return [state, path.stem, "", "", "", "", escape(exc.message)]
    problem = (item.problem or {}).get("detail") or (item.problem or {}).get("title") or ""
    run = item.run
    return [
        state,
        str(run.run_id),
        run.source,
        run.machine.name,
        run.started_at.isoformat(),
        str(len(run.results)),
        escape(str(problem)),
    ]


@sending
def spool_flush(*, options: DeliveryOptions) -> None:
    """Upload every pending run, oldest first; a run that fails does not hold back the rest,
    and runs another flush is sending are left to it."""
    done = flush(options)
    taken = f", {done.taken} taken by another flush" if done.taken else ""
    options.console.print(f"{done.sent} of {done.pending} pending run(s) uploaded{taken}")
    _raise_summary(done.problems, total=done.pending)


def _load_documents(path: Path) -> list[RunDocument]:
    """One run document, a spool item, or one document per line (what `parse` prints for a
    log with several runs)."""
    text = read_text(path)
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines):
        try:
            return [
                run_from_data(parse_json(line, source_name=str(path)), source_name=str(path))
                for line in lines
            ]
        except InputError:
            pass
    data = parse_json(text, source_name=str(path))
    if isinstance(data, dict) and "spool_version" in data:
        return [decode_item(text, source_name=str(path))[0]]
    return [run_from_data(data, source_name=str(path))]


def _raise_summary(problems: list[CollectorError], *, total: int) -> None:
    if not problems:
        return
    if len(problems) == 1:
        raise problems[0]
    lines = "\n  ".join(str(problem) for problem in problems)
    gated = [p for p in problems if isinstance(p, GateFailed)]
    if len(gated) == len(problems):
        raise worst(gated)(f"{len(problems)} of {total} run(s) failed the gate:\n  {lines}")
    kind = OnlySpooled if all(isinstance(p, OnlySpooled) for p in problems) else RuntimeFailure
    raise kind(f"{len(problems)} of {total} run(s) not uploaded:\n  {lines}")
