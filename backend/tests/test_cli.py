"""`cryptobench-server` as a user runs it: bad settings and an unreachable database are one-line errors."""

import os
import socket
import subprocess
import sys

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url


def server_cli(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "from cryptobench_server.cli import main; main()", *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_database_url_that_is_not_one_is_exit_2_naming_the_variable():
    done = server_cli("migrate", CRYPTOBENCH_DATABASE_URL="garbage")
    assert done.returncode == 2
    assert done.stderr.startswith("error: CRYPTOBENCH_DATABASE_URL 'garbage' is not a database URL")
    assert "Traceback" not in done.stderr


def test_an_unreachable_database_is_exit_1_with_the_reason():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = server_cli(
        "migrate", CRYPTOBENCH_DATABASE_URL=f"postgresql+psycopg://nobody@127.0.0.1:{port}/gone"
    )
    assert done.returncode == 1
    assert done.stderr.startswith("error: cannot use the database (connection failed:")
    assert "Traceback" not in done.stderr


def test_production_with_the_default_password_refuses_to_start():
    done = server_cli(
        "serve",
        CRYPTOBENCH_ENVIRONMENT="production",
        CRYPTOBENCH_DATABASE_URL="postgresql+psycopg://cryptobench:changethis@db/cryptobench",
    )
    assert done.returncode == 2
    assert done.stderr.startswith(
        "error: CRYPTOBENCH_DATABASE_URL uses the default password 'changethis'"
    )


def test_a_database_not_encoded_utf8_is_one_line_naming_cause_and_fix(postgres_admin_url):
    admin = create_engine(postgres_admin_url, isolation_level="AUTOCOMMIT")
    name = f"cb_ascii_{os.getpid()}"
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        connection.execute(
            text(
                f"CREATE DATABASE \"{name}\" ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' "
                "TEMPLATE template0"
            )
        )
    admin.dispose()
    url = make_url(postgres_admin_url).set(database=name).render_as_string(hide_password=False)
    for command in (["migrate"], ["demo", "load"]):
        done = server_cli(*command, CRYPTOBENCH_DATABASE_URL=url)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        assert done.stderr.count("\n") == 1, done.stderr
        assert f"database {name} is encoded SQL_ASCII, CryptoBench needs UTF8" in done.stderr
        assert "ENCODING 'UTF8'" in done.stderr
