"""The delivery options, declared once (cli/options.delivering): every command offers the ones it
is registered with, and flags and environment reach the command as one DeliveryOptions."""

from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from cryptobench_collect.cli.app import app
from cryptobench_collect.cli.options import delivering, printing
from cryptobench_collect.delivery import DeliveryOptions

pytestmark = pytest.mark.usefixtures("clean_env")

UPLOAD = {
    "--server",
    "--token",
    "--no-upload",
    "--output",
    "--tag",
    "--machine-name",
    "--spool-dir",
    "--fail-on-regression",
    "--report-markdown",
    "--report-json",
}
PRINT = {"--output", "--tag", "--machine-name"}
SEND = {
    "--server",
    "--token",
    "--spool-dir",
    "--fail-on-regression",
    "--report-markdown",
    "--report-json",
}


def commands(group: TyperGroup, prefix: str = "") -> dict[str, set[str]]:
    """Every command's path -> its delivery options."""
    found = {}
    for name, command in group.commands.items():
        path = f"{prefix}{name}"
        if isinstance(command, TyperGroup):
            found.update(commands(command, f"{path} "))
        else:
            flags = {flag for param in command.params for flag in param.opts}
            found[path] = flags & UPLOAD
    return found


def test_each_command_offers_the_delivery_options_of_its_kind():
    offered = commands(typer.main.get_command(app))
    assert {path: flags for path, flags in offered.items() if path.split()[0] == "parse"} == {
        path: PRINT for path in offered if path.split()[0] == "parse"
    }
    for path in ("run openssl", "run jmh", "run ecc", "ingest jmh", "collect serial"):
        assert offered[path] == UPLOAD, path
    assert (offered["upload"], offered["spool flush"], offered["spool list"]) == (
        SEND,
        SEND,
        {"--spool-dir"},
    )


def single(command) -> typer.Typer:
    cli = typer.Typer()
    cli.command()(command)
    return cli


def received(decorator, argv: list[str], env: dict[str, str]) -> tuple[str, DeliveryOptions]:
    seen: list[tuple[str, DeliveryOptions]] = []

    @decorator
    def command(name: str, *, options: DeliveryOptions) -> None:
        seen.append((name, options))

    result = CliRunner().invoke(single(command), argv, env=env)
    assert result.exit_code == 0, result.output
    [got] = seen
    return got


def test_flags_beat_the_environment_and_reach_the_command_as_one_options(tmp_path):
    name, options = received(
        delivering(),
        ["box", "--tag", "opt_level=-O2", "--machine-name", "bbb-01", "--token", "flag-token"],
        {"CRYPTOBENCH_SERVER": "http://dash:8000", "CRYPTOBENCH_TOKEN": "env-token"},
    )
    assert name == "box"
    assert (options.server, options.token, options.tags, options.machine_name) == (
        "http://dash:8000",
        "flag-token",
        {"opt_level": "-O2"},
        "bbb-01",
    )
    assert (options.no_upload, options.output, options.fail_on_regression) == (False, None, False)
    assert options.spool_dir == tmp_path / "spool"


def test_a_printing_command_never_uploads_and_has_no_server_option():
    _, options = received(printing, ["box", "-o", "run.json"], {})
    assert (options.no_upload, options.output) == (True, Path("run.json"))
    result = CliRunner().invoke(
        single(printing(lambda name, *, options: None)), ["box", "--server", "http://dash:8000"]
    )
    assert result.exit_code == 2 and "No such option" in result.output
