"""Shared by the reliability tests (backend/tests/test_reliability_*.py) and bench/reliability_*.py.

A real `cryptobench-server serve` process on 127.0.0.1 (its log captured to a file), tokens made
by the real `cryptobench-server token create`, deterministic run documents, and a look straight
into the database to count what was stored.
"""

import os
import re
import signal
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import Connection, create_engine, text

from cryptobench_testsupport.pgcluster import free_port

BIN = Path(sys.executable).parent
NAMESPACE = uuid.UUID("6f1b7c1e-9a59-4d0f-8b0e-5c0a3b7d2e41")
CURVES = ("secp256r1", "secp384r1", "secp256k1", "ed25519")
KEY_BITS = (1024, 2048, 3072, 4096)


def server_env(database_url: str, workdir: Path, **settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CRYPTOBENCH_")}
    env.update(
        CRYPTOBENCH_DATABASE_URL=database_url,
        CRYPTOBENCH_DATA_DIR=str(workdir),
        CRYPTOBENCH_FRONTEND_DIST=str(workdir / "no-ui"),
        CRYPTOBENCH_ENVIRONMENT="development",
    )
    env.update({f"CRYPTOBENCH_{name.upper()}": value for name, value in settings.items()})
    return env


def server_cli(database_url: str, workdir: Path, *args: str) -> str:
    """Run `cryptobench-server ARGS` against `database_url`; return its stdout."""
    done = subprocess.run(
        [str(BIN / "cryptobench-server"), *args],
        env=server_env(database_url, workdir),
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode != 0:
        raise RuntimeError(
            f"cryptobench-server {' '.join(args)} exited {done.returncode}: {done.stderr}"
        )
    return done.stdout


def create_token(database_url: str, workdir: Path, name: str, scope: str = "upload") -> str:
    """The secret printed once by `token create` (the longest URL-safe word of its output)."""
    output = server_cli(database_url, workdir, "token", "create", name, "--scope", scope)
    words = re.findall(r"[A-Za-z0-9_\-\.~]{24,}", output)
    if not words:
        raise RuntimeError(f"no token in the output of token create: {output!r}")
    return max(words, key=len)


def migrated_for_upload(database_url: str, workdir: Path, name: str) -> str:
    """Migrates the database at `database_url` with the server's CLI; a new upload token `name`."""
    server_cli(database_url, workdir, "migrate")
    return create_token(database_url, workdir, name, "upload")


@contextmanager
def connected(database_url: str) -> Iterator[Connection]:
    """A connection to `database_url` in a transaction committed at the end; its engine is
    disposed afterwards (no pooled connection outlives the call)."""
    engine = create_engine(database_url)
    try:
        with engine.begin() as connection:
            yield connection
    finally:
        engine.dispose()


def revoke_token(database_url: str, name: str) -> None:
    with connected(database_url) as connection:
        connection.execute(
            text("UPDATE api_tokens SET revoked_at = now() WHERE name = :n"), {"n": name}
        )


@dataclass
class Service:
    """`cryptobench-server serve` as a child process on 127.0.0.1; its whole log kept in log_path."""

    database_url: str
    workdir: Path
    settings: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.workdir / "server.log"

    def start(self, timeout_s: float = 60.0) -> "Service":
        self.workdir.mkdir(parents=True, exist_ok=True)
        log = self.log_path.open("ab")
        command = [
            str(BIN / "cryptobench-server"),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
        ]
        self.process = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=server_env(self.database_url, self.workdir, **self.settings),
        )
        log.close()
        self.wait_healthy(timeout_s)
        return self

    def wait_healthy(self, timeout_s: float = 60.0) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(
                    f"server exited {self.process.returncode}:\n{self.log_text()[-3000:]}"
                )
            try:
                if httpx.get(f"{self.url}/api/v1/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise TimeoutError(f"server not healthy after {timeout_s}s:\n{self.log_text()[-3000:]}")

    def kill9(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill9()

    def log_text(self) -> str:
        return (
            self.log_path.read_text(encoding="utf-8", errors="replace")
            if self.log_path.exists()
            else ""
        )


def run_id_for(agent: int, index: int) -> str:
    return str(uuid.uuid5(NAMESPACE, f"agent-{agent}/run-{index}"))


def make_run(agent: int, index: int, *, variant: int = 0) -> dict[str, Any]:
    """A valid run document; the same (agent, index) always gives the same run_id, and
    a different `variant` gives different content under that run_id (a conflicting re-upload)."""
    bits = KEY_BITS[index % len(KEY_BITS)]
    curve = CURVES[index % len(CURVES)]
    base = 1000.0 + agent * 10 + index + variant * 0.5
    return {
        "schema": "cryptobench.run/v1",
        "run_id": run_id_for(agent, index),
        "source": "manual",
        "started_at": f"2026-11-20T10:{index % 60:02d}:00Z",
        "finished_at": f"2026-11-20T11:{index % 60:02d}:00Z",
        "machine": {"name": f"agent-{agent:02d}", "arch": "x86_64", "cores": 4, "clock_hz": 2.4e9},
        "tool": {"name": "reliability", "version": "1"},
        "tags": {"opt_level": ("-O2", "-O3")[index % 2], "agent": str(agent)},
        "results": [
            {
                "name": f"rsa{bits} sign",
                "family": "signature",
                "algorithm": "RSA",
                "operation": "sign",
                "library": "OpenSSL",
                "params": {"key_bits": bits, "padding": "pkcs1v15"},
                "metric": "ops_per_s",
                "value": base,
                "unit": "ops/s",
            },
            {
                "name": f"ecdsa {curve} verify",
                "family": "signature",
                "algorithm": "ECDSA",
                "operation": "verify",
                "library": "OpenSSL",
                "params": {"curve": curve},
                "metric": "ns_per_op",
                "value": base * 3,
                "unit": "ns/op",
            },
        ],
    }


def stored_runs(database_url: str) -> dict[str, list[tuple[str, float]]]:
    """run_id -> its stored results as (name, value), in upload order; one entry per stored row."""
    with connected(database_url) as connection:
        rows = connection.execute(
            text(
                "SELECT r.run_id, x.name, x.value, x.position FROM runs r JOIN results x ON x.run_pk = r.id "
                "ORDER BY r.run_id, x.position"
            )
        ).all()
        run_rows = connection.execute(text("SELECT run_id FROM runs")).scalars().all()
    stored: dict[str, list[tuple[str, float]]] = {str(run_id): [] for run_id in run_rows}
    if len(stored) != len(run_rows):
        raise AssertionError(f"{len(run_rows)} run rows but {len(stored)} distinct run_ids")
    for run_id, name, value, _ in rows:
        stored[str(run_id)].append((name, value))
    return stored


def running_statements(database_url: str) -> int:
    """Statements of other connections still running on the PostgreSQL database."""
    with connected(database_url) as connection:
        count = connection.scalar(
            text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND state = 'active' AND pid <> pg_backend_pid()"
            )
        )
    return int(count or 0)


def expected_results(document: dict[str, Any]) -> list[tuple[str, float]]:
    return [(result["name"], result["value"]) for result in document["results"]]


def percentile(samples: Iterable[float], q: float) -> float:
    ordered = sorted(samples)
    if len(ordered) < 2:
        return ordered[0] if ordered else float("nan")
    return statistics.quantiles(ordered, n=100, method="inclusive")[int(q) - 1]


@contextmanager
def running_service(database_url: str, workdir: Path, **settings: str) -> Iterator[Service]:
    service = Service(database_url, workdir, settings=settings).start()
    try:
        yield service
    finally:
        service.stop()


def is_problem(response: httpx.Response, status: int | None = None) -> bool:
    """A RFC 9457 answer: problem+json content type and a body whose status is the HTTP status."""
    if response.headers.get("content-type", "").split(";")[0] != "application/problem+json":
        return False
    body = response.json()
    return body.get("status") == response.status_code and (
        status is None or response.status_code == status
    )
