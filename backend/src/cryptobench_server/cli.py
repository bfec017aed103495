"""`cryptobench-server`: serve, migrate, tokens, demo data, the read model and change
detection. Thin commands over callables."""

import logging
import sys
from datetime import datetime
from importlib.metadata import version
from pathlib import Path
from typing import Annotated

import typer
import uvicorn
from pydantic import ValidationError
from sqlalchemy.exc import OperationalError

from cryptobench_server import migrate as migrations
from cryptobench_server.api.imports import FormatChoice
from cryptobench_server.auth import (
    SCOPES,
    RedactQueryTokens,
    create_token,
    list_tokens,
    revoke_token,
)
from cryptobench_server.changes.store import detect_all
from cryptobench_server.config import get_settings
from cryptobench_server.db import make_engine, make_sessionmaker, transaction
from cryptobench_server.demo import load_demo
from cryptobench_server.errors import DomainError, InvalidInput, contention
from cryptobench_server.serving import uvicorn_options
from cryptobench_server.store import rollups
from cryptobench_server.store.imports import import_options, parse_import, store_import

app = typer.Typer(help="CryptoBench service.", no_args_is_help=True, pretty_exceptions_enable=False)
token_app = typer.Typer(
    help="API tokens (shown once at creation, stored hashed).", no_args_is_help=True
)
demo_app = typer.Typer(
    help="Demo data: the published figures of the source documents.", no_args_is_help=True
)

changes_app = typer.Typer(
    help="Step changes in the series' history (found on ingest; here over stored runs).",
    no_args_is_help=True,
)


def _print_version(wanted: bool) -> None:
    if wanted:
        typer.echo(f"cryptobench-server {version('cryptobench-server')}")
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
    """CryptoBench service."""


rollups_app = typer.Typer(
    help="The read model (series, per-run and total figures) that facets and charts read.",
    no_args_is_help=True,
)
app.add_typer(token_app, name="token")
app.add_typer(demo_app, name="demo")
app.add_typer(rollups_app, name="rollups")
app.add_typer(changes_app, name="changes")


@app.command()
def serve(
    host: Annotated[
        str | None, typer.Option(help="Address to listen on [env CRYPTOBENCH_HOST]")
    ] = None,
    port: Annotated[int | None, typer.Option(help="Port [env CRYPTOBENCH_PORT]")] = None,
    migrate: Annotated[bool, typer.Option(help="Apply migrations before serving")] = True,
) -> None:
    """Serve the API and the built UI."""
    settings = get_settings()
    if migrate:
        migrations.upgrade(
            settings.resolved_database_url,
            progress=_progress,
            change_threshold=settings.change_threshold,
        )
    else:
        _warn_when_behind(settings.resolved_database_url)
    logging.getLogger("uvicorn.access").addFilter(RedactQueryTokens())
    uvicorn.run(
        "cryptobench_server.app:create_app",
        factory=True,
        host=host or settings.host,
        port=port or settings.port,
        log_level=settings.log_level,
        access_log=settings.access_log,
        proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        **uvicorn_options(settings),
    )


@app.command()
def migrate() -> None:
    """Apply database migrations up to the newest, then build the read model of runs it lacks."""
    settings = get_settings()
    migrations.upgrade(
        settings.resolved_database_url,
        progress=_progress,
        change_threshold=settings.change_threshold,
    )
    typer.echo("database is at the newest migration")


def _progress(line: str) -> None:
    typer.echo(f"rollups: {line}", err=True)


def _behind(database_url: str) -> int:
    engine = make_engine(database_url)
    with engine.connect() as connection:
        missing = rollups.behind(connection)
    engine.dispose()
    return missing


def _behind_message(missing: int) -> str:
    return (
        f"the read model is behind: {missing} runs are not in it, so facets and charts leave "
        "them out; run `cryptobench-server migrate` or `cryptobench-server rollups rebuild`"
    )


def _warn_when_behind(database_url: str) -> None:
    missing = _behind(database_url)
    if missing:
        typer.echo(f"warning: {_behind_message(missing)}", err=True)


@rollups_app.command("rebuild")
def rollups_rebuild() -> None:
    """Delete the read model and make it again from every stored result (one transaction:
    readers see the old one until it is done). Run it after normalization changes."""
    engine = make_engine(get_settings().resolved_database_url)
    with engine.begin() as connection:
        runs = rollups.rebuild(connection, _progress)
    engine.dispose()
    typer.echo(f"rebuilt the read model of {runs} runs")


@rollups_app.command("status")
def rollups_status() -> None:
    """Whether the read model holds every stored run (exit 1 when it is behind)."""
    missing = _behind(get_settings().resolved_database_url)
    if missing:
        typer.echo(_behind_message(missing))
        raise typer.Exit(1)
    typer.echo("the read model holds every stored run")


def _sessions():
    engine = make_engine(get_settings().resolved_database_url)
    return engine, make_sessionmaker(engine)


@token_app.command("create")
def token_create(
    name: Annotated[str, typer.Argument(help="Who or what uses the token, e.g. ci-runner-1")],
    scope: Annotated[str, typer.Option(help=f"One of {', '.join(SCOPES)}")] = "upload",
) -> None:
    """Make a token and print it once (only its SHA-256 is stored)."""
    if scope not in SCOPES:
        raise typer.BadParameter(f"use one of {', '.join(SCOPES)}", param_hint="--scope")
    engine, sessions = _sessions()
    with transaction(sessions) as session:
        token, secret = create_token(session, name=name, scope=scope)
    engine.dispose()
    typer.echo(
        f"created token {token.id} {name!r} with scope {scope}; it is shown only now:", err=True
    )
    typer.echo(secret)


@token_app.command("list")
def token_list() -> None:
    """List tokens (id, name, scope, prefix, created, revoked); never the secrets."""
    engine, sessions = _sessions()
    with transaction(sessions) as session:
        for t in list_tokens(session):
            revoked = t.revoked_at.isoformat() if t.revoked_at else "-"
            typer.echo(
                f"{t.id}\t{t.name}\t{t.scope}\t{t.prefix}...\t{t.created_at.isoformat()}\t{revoked}"
            )
    engine.dispose()


@token_app.command("revoke")
def token_revoke(name_or_id: Annotated[str, typer.Argument(help="Token name or id")]) -> None:
    """Revoke a token: uploads with it answer 401 from now on."""
    engine, sessions = _sessions()
    with transaction(sessions) as session:
        revoked = revoke_token(session, name_or_id)
    engine.dispose()
    typer.echo(f"revoked {len(revoked)} token(s) named {name_or_id!r}")


@demo_app.command("load")
def demo_load() -> None:
    """Store the published figures of the source documents (idempotent: fixed run_ids)."""
    engine = make_engine(get_settings().resolved_database_url)
    loaded = load_demo(engine)
    engine.dispose()
    new = sum(1 for item in loaded if item.created)
    results = sum(item.run.result_count for item in loaded)
    typer.echo(
        f"demo data: {len(loaded)} runs with {results} results ({new} new, {len(loaded) - new} already stored)"
    )


@app.command("import")
def import_files(
    files: Annotated[
        list[Path],
        typer.Argument(
            exists=True, dir_okay=False, help="Saved outputs of openssl speed, JMH, a console"
        ),
    ],
    format: Annotated[
        FormatChoice,
        typer.Option(help="What printed them"),
    ] = "auto",
    machine_name: Annotated[str | None, typer.Option(help="The machine they ran on")] = None,
    started_at: Annotated[
        datetime | None,
        typer.Option(
            formats=["%Y-%m-%d", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M:%S%z"],
            help="When they were measured (UTC unless an offset is given), used where the "
            "output states no date",
        ),
    ] = None,
    tag: Annotated[list[str] | None, typer.Option(metavar="KEY=VALUE", help="Repeatable")] = None,
    dry_run: Annotated[bool, typer.Option(help="Parse and report; store nothing")] = False,
) -> None:
    """Import tool outputs the way POST /api/v1/imports does (same parsers, same run ids)."""
    settings = get_settings()
    engine = make_engine(settings.resolved_database_url)
    try:
        for path in files:
            options = import_options(
                format=format,
                machine_name=machine_name,
                tag=tag or [],
                source_name=str(path),
                max_runs=settings.max_import_runs,
                started_at=started_at,
            )
            try:
                imported = parse_import(path.read_bytes(), options)
            except InvalidInput as exc:
                raise InvalidInput(f"{path}: {exc.detail}") from None
            outcome = store_import(engine=engine, imported=imported, dry_run=dry_run)
            for warning in outcome.warnings:
                typer.echo(
                    f"warning: {path}:{warning.line}: {warning.message}: {warning.text}", err=True
                )
            for run in outcome.runs:
                state = "dry run" if dry_run else "stored" if run.created else "already stored"
                typer.echo(
                    f"{path}: {outcome.format} ({outcome.detection}): run {run.run_id}, "
                    f"{run.results} results, {state}"
                )
    finally:
        engine.dispose()


@changes_app.command("detect")
def changes_detect(
    threshold: Annotated[
        float | None,
        typer.Option(
            min=0.001,
            max=0.999,
            help="Smallest relative step reported [env CRYPTOBENCH_CHANGE_THRESHOLD, 0.05]",
        ),
    ] = None,
) -> None:
    """Find the changes of every stored run again, replacing the stored ones (after an upgrade
    from a version without changes, or to apply another threshold to the past)."""
    settings = get_settings()
    engine = make_engine(settings.resolved_database_url)
    with engine.begin() as connection:
        found = detect_all(connection, threshold=threshold or settings.change_threshold)
    engine.dispose()
    typer.echo(f"changes: {found} found over every stored run")


def main() -> None:
    try:
        app()
    except ValidationError as exc:
        typer.echo(f"error: {exc.errors()[0]['msg'].removeprefix('Value error, ')}", err=True)
        sys.exit(2)
    except DomainError as exc:
        typer.echo(f"error: {exc.detail}", err=True)
        sys.exit(2)
    except OperationalError as exc:
        why = contention(exc)
        if why is not None:
            typer.echo(
                f"error: the database rolled the command back ({why}); it changed nothing, "
                "run it again",
                err=True,
            )
            sys.exit(1)
        reason = str(exc.orig or exc).strip().splitlines()[0]
        typer.echo(
            f"error: cannot use the database ({reason}); check CRYPTOBENCH_DATABASE_URL and that "
            "the server is running",
            err=True,
        )
        sys.exit(1)
