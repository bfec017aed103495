"""Alembic environment: online migrations against the configured URL."""

from alembic import context

from cryptobench_server import models  # noqa: F401  (registers the tables on Base.metadata)
from cryptobench_server.db import Base, make_engine

config = context.config


def run_migrations_online() -> None:
    url = config.get_main_option("sqlalchemy.url")
    assert url is not None, "migrate.py sets sqlalchemy.url"
    engine = make_engine(url)
    with engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            # A batch migration copies a table and drops the old one; with foreign keys on,
            # the drop deletes the rows referring to it (results of runs: ON DELETE CASCADE).
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run_migrations_online()
