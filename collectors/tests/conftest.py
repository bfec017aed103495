"""Fixtures shared by the collectors tests.

`clean_env`: no server or token from the caller's environment and a private spool (modules that
run the CLI opt in with `pytestmark = pytest.mark.usefixtures("clean_env")`).
`live_server`: the real backend (FastAPI app + throwaway PostgreSQL) listening on 127.0.0.1.
The PostgreSQL comes from the cryptobench_testsupport plugin (`pg_url`); the app runs under
uvicorn in a thread on a socket bound here, so the collector talks to it over real HTTP.
"""

import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import uvicorn

from cryptobench_server.app import create_app
from cryptobench_server.auth import create_token
from cryptobench_server.config import Settings
from cryptobench_server.db import make_sessionmaker, transaction


@dataclass(frozen=True)
class LiveServer:
    url: str
    token: str
    socket: socket.socket


def _upload_token(app) -> str:
    with transaction(make_sessionmaker(app.state.engine)) as session:
        _, secret = create_token(session, name="collectors-tests", scope="upload")
    return secret


@pytest.fixture
def server_database_url(pg_url) -> str:
    """The live server's database: PostgreSQL (a module may override it, e.g. with SQLite too)."""
    return pg_url


@pytest.fixture
def live_server(server_database_url, tmp_path) -> Iterator[LiveServer]:
    app = create_app(
        Settings(
            database_url=server_database_url,
            data_dir=tmp_path / "server",
            frontend_dist=tmp_path / "no-ui",
        )
    )
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started, "the backend did not start"
    host, port = sock.getsockname()
    try:
        yield LiveServer(url=f"http://{host}:{port}", token=_upload_token(app), socket=sock)
    finally:
        server.should_exit = True
        thread.join(10)
        app.state.engine.dispose()


@pytest.fixture
def clean_env(monkeypatch, tmp_path) -> None:
    for name in ("CRYPTOBENCH_SERVER", "CRYPTOBENCH_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CRYPTOBENCH_SPOOL_DIR", str(tmp_path / "spool"))
    monkeypatch.setenv("CRYPTOBENCH_UPLOAD_DEADLINE_S", "0.2")
