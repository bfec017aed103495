"""`cryptobench-server` as a user runs it: bad settings and an unreachable database are one-line errors."""

import os
import socket
import subprocess
import sys


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
