"""Alembic migrations, run programmatically so the installed package can migrate any database.

`upgrade` to head also brings the read model up to date (rollups.catch_up): migrations only
create its tables, the producers the ingest uses fill them for runs stored before.
"""

from pathlib import Path

from alembic import command
from alembic.config import Config

from cryptobench_server import rollups
from cryptobench_server.db import make_engine

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(database_url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return config


def upgrade(
    database_url: str, revision: str = "head", progress: rollups.Progress = lambda _: None
) -> None:
    command.upgrade(alembic_config(database_url), revision)
    if revision == "head":
        engine = make_engine(database_url)
        with engine.begin() as connection:
            rollups.catch_up(connection, progress)
        engine.dispose()


def downgrade(database_url: str, revision: str) -> None:
    command.downgrade(alembic_config(database_url), revision)
