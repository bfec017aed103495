"""`cryptobench-server`: serve, migrate, tokens and demo data. Thin commands over callables."""

from typing import Annotated

import typer
import uvicorn

from cryptobench_server import migrate as migrations
from cryptobench_server.config import get_settings

app = typer.Typer(help="CryptoBench service.", no_args_is_help=True, pretty_exceptions_enable=False)


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Address to listen on [env CRYPTOBENCH_HOST]")] = None,
    port: Annotated[int | None, typer.Option(help="Port [env CRYPTOBENCH_PORT]")] = None,
    migrate: Annotated[bool, typer.Option(help="Apply migrations before serving")] = True,
) -> None:
    """Serve the API and the built UI."""
    settings = get_settings()
    if migrate:
        migrations.upgrade(settings.resolved_database_url)
    uvicorn.run("cryptobench_server.app:create_app", factory=True,
                host=host or settings.host, port=port or settings.port)


@app.command()
def migrate() -> None:
    """Apply database migrations up to the newest."""
    migrations.upgrade(get_settings().resolved_database_url)
    typer.echo("database is at the newest migration")


def main() -> None:
    app()
