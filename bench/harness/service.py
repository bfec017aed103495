"""The service the HTTP benches time: uvicorn on 127.0.0.1 over a throwaway database, and an
upload token in that database."""

import os
import subprocess
import sys
import time

import httpx
from sqlalchemy import create_engine

from cryptobench_server.auth import create_token
from cryptobench_server.db import make_sessionmaker, transaction


def serve(database_url: str, port: int) -> subprocess.Popen:
    """The service on 127.0.0.1:`port` over `database_url`, returned once its health check answers."""
    env = {**os.environ, "CRYPTOBENCH_DATABASE_URL": database_url}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "cryptobench_server.app:create_app",
            "--factory",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--no-access-log",
        ],
        env=env,
    )
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/v1/health", timeout=1).raise_for_status()
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the service did not start")


def upload_token(url: str) -> str:
    """A new upload token in the database at `url` (the bench scripts' uploads use it)."""
    engine = create_engine(url)
    with transaction(make_sessionmaker(engine)) as session:
        _, token = create_token(session, name="bench", scope="upload")
    engine.dispose()
    return token
