"""Options every delivering command shares, declared once, and their resolution.

A command decorated with `delivering(...)` takes the delivery options from the command line
(every one, or the ones named) and receives them as `options: DeliveryOptions`, resolved by
`delivery_options(...)`, which applies the environment (config.Settings) under the flags.
"""

import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from cryptobench_collect.config import Settings
from cryptobench_collect.delivery import DeliveryOptions
from cryptobench_collect.errors import UsageError
from cryptobench_collect.gate_report import Reports

_UPLOAD = "Upload"

ServerOpt = Annotated[
    str | None,
    typer.Option(
        "--server",
        envvar="CRYPTOBENCH_SERVER",
        help="Dashboard base URL, e.g. http://host:8000",
        rich_help_panel=_UPLOAD,
    ),
]
TokenOpt = Annotated[
    str | None,
    typer.Option(
        "--token",
        envvar="CRYPTOBENCH_TOKEN",
        help="Upload token (cryptobench-server token create)",
        show_default=False,
        rich_help_panel=_UPLOAD,
    ),
]
NoUploadOpt = Annotated[
    bool,
    typer.Option(
        "--no-upload",
        help="Print the run document JSON to stdout (or -o FILE) instead of uploading",
        rich_help_panel=_UPLOAD,
    ),
]
OutputOpt = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        dir_okay=False,
        help="Also write the run document JSON to FILE",
        rich_help_panel=_UPLOAD,
    ),
]
TagOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--tag",
        metavar="KEY=VALUE",
        help="Tag the run (repeatable), e.g. --tag opt_level=-O2",
        rich_help_panel=_UPLOAD,
    ),
]
MachineNameOpt = Annotated[
    str | None,
    typer.Option(
        "--machine-name",
        help="Name of this machine in the dashboard (default: host name)",
        rich_help_panel=_UPLOAD,
    ),
]
FailOnRegressionOpt = Annotated[
    bool,
    typer.Option(
        "--fail-on-regression",
        help="After the upload, ask the server for its verdict on each series of the run: exit 4 "
        "if one regressed (one line per cause: series moved, evidence, what changed), 5 if one "
        "cannot be judged (action required: not comparable, insufficient or missing baseline "
        "runs), else 0",
        rich_help_panel=_UPLOAD,
    ),
]
FailOnLeakOpt = Annotated[
    bool,
    typer.Option(
        "--fail-on-leak",
        help="After the upload, ask the server for the verdicts of the run's leak screens: exit "
        "6 if instruction counts differ by class exactly (a deterministic witness, RV32 under "
        "QEMU); timing verdicts are printed and never gate",
        rich_help_panel=_UPLOAD,
    ),
]
ReportMarkdownOpt = Annotated[
    Path | None,
    typer.Option(
        "--report-markdown",
        dir_okay=False,
        help="With --fail-on-regression: write the verdicts as Markdown for a pull-request "
        "comment (status first, then the rows that are not stable, with dashboard links)",
        rich_help_panel=_UPLOAD,
    ),
]
ReportJsonOpt = Annotated[
    Path | None,
    typer.Option(
        "--report-json",
        dir_okay=False,
        help="With --fail-on-regression: write the verdicts of every run as JSON",
        rich_help_panel=_UPLOAD,
    ),
]
SpoolDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--spool-dir",
        envvar="CRYPTOBENCH_SPOOL_DIR",
        file_okay=False,
        help="Where runs wait for the server (default: the user data dir)",
        rich_help_panel=_UPLOAD,
    ),
]


def parse_tags(pairs: list[str] | None) -> dict[str, str]:
    tags: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--tag {pair!r}: expected KEY=VALUE, e.g. --tag opt_level=-O2")
        tags[key.strip()] = value.strip()
    return tags


def delivery_options(
    *,
    server: str | None = None,
    token: str | None = None,
    no_upload: bool = False,
    output: Path | None = None,
    tag: list[str] | None = None,
    machine_name: str | None = None,
    spool_dir: Path | None = None,
    fail_on_regression: bool = False,
    fail_on_leak: bool = False,
    report_markdown: Path | None = None,
    report_json: Path | None = None,
) -> DeliveryOptions:
    settings = Settings().resolve(server=server, token=token, spool_dir=spool_dir)
    reports = None
    if report_markdown is not None or report_json is not None:
        if not fail_on_regression:
            raise UsageError("--report-markdown/--report-json need --fail-on-regression")
        reports = Reports(report_markdown, report_json, settings.server)
    return DeliveryOptions(
        spool_dir=settings.spool_dir,
        server=settings.server,
        token=settings.token,
        no_upload=no_upload,
        output=output,
        tags=parse_tags(tag),
        machine_name=machine_name,
        fail_on_regression=fail_on_regression,
        fail_on_leak=fail_on_leak,
        reports=reports,
        deadline_s=settings.upload_deadline_s,
        timeout_s=settings.http_timeout_s,
    )


DELIVERY = {
    name: inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=alias)
    for name, alias, default in (
        ("server", ServerOpt, None),
        ("token", TokenOpt, None),
        ("no_upload", NoUploadOpt, False),
        ("output", OutputOpt, None),
        ("tag", TagOpt, None),
        ("machine_name", MachineNameOpt, None),
        ("spool_dir", SpoolDirOpt, None),
        ("fail_on_regression", FailOnRegressionOpt, False),
        ("fail_on_leak", FailOnLeakOpt, False),
        ("report_markdown", ReportMarkdownOpt, None),
        ("report_json", ReportJsonOpt, None),
    )
}

Command = Callable[..., None]


def delivering(*names: str, **fixed: Any) -> Callable[[Command], Command]:
    """A decorator: the command's own parameters, then the delivery options `names` (all of
    them when none is named) as command-line options; the command gets `options`, resolved from
    those and from `fixed` (e.g. `no_upload=True` for a command that only prints)."""
    chosen = [DELIVERY[name] for name in names or DELIVERY]

    def decorate(command: Command) -> Command:
        own = [p for p in inspect.signature(command).parameters.values() if p.name != "options"]

        @functools.wraps(command)
        def with_options(**given: Any) -> None:
            flags = {parameter.name: given.pop(parameter.name) for parameter in chosen}
            command(**given, options=delivery_options(**flags, **fixed))

        parameters = [*own, *chosen]
        with_options.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        with_options.__annotations__ = {p.name: p.annotation for p in parameters}
        return with_options

    return decorate


printing = delivering("output", "tag", "machine_name", no_upload=True)
