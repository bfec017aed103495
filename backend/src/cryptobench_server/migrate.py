"""Alembic migrations, run programmatically so the installed package can migrate any database.

`upgrade` to head also brings the read model up to date (rollups.catch_up): migrations only
create its tables, the producers the ingest uses fill them for runs stored before. An upgrade
across REDETECT (a revision that empties the derived `changes` table) detects every lineage
again (changes.store.detect_all).
"""

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext

from cryptobench_server.changes.detect import DEFAULT_THRESHOLD
from cryptobench_server.changes.store import detect_all
from cryptobench_server.db import make_engine
from cryptobench_server.store import rollups

MIGRATIONS = Path(__file__).parent / "migrations"
#: The latest revision after which every lineage is detected again: one that empties `changes`
#: and `lineage_points` (0014: lineages keep their variant), whose points detect_all makes for
#: the runs stored before it (revision ids are zero-padded, so they sort).
REDETECT = "0014"


def alembic_config(database_url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return config


def upgrade(
    database_url: str,
    revision: str = "head",
    progress: rollups.Progress = lambda _: None,
    change_threshold: float = DEFAULT_THRESHOLD,
) -> None:
    engine = make_engine(database_url)
    with engine.connect() as connection:
        start = MigrationContext.configure(connection).get_current_revision()
    command.upgrade(alembic_config(database_url), revision)
    if revision == "head":
        with engine.begin() as connection:
            rollups.catch_up(connection, progress)
        if start is not None and start < REDETECT:
            with engine.begin() as connection:
                detect_all(connection, threshold=change_threshold)
    engine.dispose()


def downgrade(database_url: str, revision: str) -> None:
    command.downgrade(alembic_config(database_url), revision)
