"""`docker compose up dashboard` for real: Debian's dockerd and docker-compose, the checkout's
docker-compose.yml and backend/Dockerfile, up, healthy, UI and API answer, one-off `demo load`
and `token create`, an upload from the host with `cryptobench` to the published port, the data
kept across `down` + `up`, and production mode refusing the default password.

The base images (python:3.11-slim-bookworm, node:20-bookworm-slim, postgres:16) are look-alikes
built from Debian packages by scripts/lookalike-bases.sh: no container registry is reachable from
this workplace (only Debian's archive and the package registries), so the official images cannot
be pulled. They stand in for them as far as this project uses them (see the script); postgres:16
is PostgreSQL 15, the newest bookworm has. They are cached in the Docker daemon between runs.

Needs root (dockerd); `make system-deps` installs docker.io, docker-compose and debootstrap.
"""

import json
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCKER, COMPOSE, DOCKERD = "/usr/bin/docker", "/usr/bin/docker-compose", "/usr/sbin/dockerd"
FIXTURE = ROOT / "collectors/tests/fixtures/openssl/openssl-1.0.2o-freebsd_aes-128-cbc.txt"

pytestmark = [
    # `make test` runs it (`make test-docker`) beside the other tests, which `-m "not docker"` keeps
    pytest.mark.docker,
    pytest.mark.skipif(
        os.geteuid() != 0 or not Path(DOCKERD).exists() or not Path(COMPOSE).exists(),
        reason="needs root with docker.io and docker-compose (make system-deps)",
    ),
]


def _docker_answers() -> bool:
    return subprocess.run([DOCKER, "info"], capture_output=True).returncode == 0


@pytest.fixture(scope="module")
def dockerd(tmp_path_factory) -> Iterator[None]:
    """The machine's dockerd, or one started here (and stopped at the end)."""
    if _docker_answers():
        yield
        return
    log = (tmp_path_factory.mktemp("dockerd") / "dockerd.log").open("w")
    daemon = subprocess.Popen([DOCKERD], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while not _docker_answers():
        assert daemon.poll() is None and time.monotonic() < deadline, "dockerd did not start"
        time.sleep(0.5)
    try:
        yield
    finally:
        daemon.terminate()
        daemon.wait(60)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Compose:
    def __init__(self, project: str, port: int) -> None:
        self.project, self.port = project, port
        self.url = f"http://127.0.0.1:{port}"
        self.env = {
            **os.environ,
            "DASHBOARD_PORT": str(port),
            "DOCKER_HOST": "unix:///var/run/docker.sock",
        }

    def __call__(self, *args: str, timeout: float = 600, **env: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [COMPOSE, "-p", self.project, "-f", str(ROOT / "docker-compose.yml"), *args],
            cwd=ROOT,
            env={**self.env, **env},
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def ok(self, *args: str, **env: str) -> str:
        done = self(*args, **env)
        assert done.returncode == 0, f"{args}: {done.stdout[-3000:]}{done.stderr[-3000:]}"
        return done.stdout

    def wait_healthy(self, service: str = "dashboard", timeout_s: float = 180) -> None:
        container = self.ok("ps", "-q", service).strip()
        deadline = time.monotonic() + timeout_s
        status = ""
        while time.monotonic() < deadline:
            status = subprocess.run(
                [DOCKER, "inspect", "-f", "{{.State.Health.Status}}", container],
                capture_output=True,
                text=True,
            ).stdout.strip()
            if status == "healthy":
                return
            time.sleep(1)
        logs = self("logs", "--tail", "40").stdout
        raise AssertionError(f"{service} is {status!r} after {timeout_s}s:\n{logs}")


@pytest.fixture(scope="module")
def stack(dockerd) -> Iterator[Compose]:
    subprocess.run([ROOT / "scripts/lookalike-bases.sh"], check=True, timeout=1200)
    compose = Compose(f"cbtest{os.getpid()}", _free_port())
    try:
        yield compose
    finally:
        compose("down", "-v", "--remove-orphans", timeout=180)


def _runs(compose: Compose) -> list[dict]:
    return httpx.get(f"{compose.url}/api/v1/runs?limit=500", timeout=30).json()["data"]


def test_compose_up_demo_token_upload_restart_and_production_guard(stack, tmp_path):
    started = time.monotonic()
    stack.ok("up", "-d", "--build", "dashboard")
    stack.wait_healthy()
    assert httpx.get(f"{stack.url}/api/v1/health", timeout=10).status_code == 200
    page = httpx.get(f"{stack.url}/", timeout=10)
    assert page.status_code == 200 and '<div id="root">' in page.text

    stack.ok("run", "--rm", "dashboard", "cryptobench-server", "demo", "load")
    demo_runs = len(_runs(stack))
    assert demo_runs > 0

    token = (
        stack.ok(
            "run",
            "--rm",
            "dashboard",
            "cryptobench-server",
            "token",
            "create",
            "host",
            "--scope",
            "upload",
        )
        .strip()
        .splitlines()[-1]
    )
    document = tmp_path / "run.json"
    cryptobench = shutil.which("cryptobench", path=str(ROOT / ".venv/bin"))
    subprocess.run([cryptobench, "parse", "openssl", str(FIXTURE), "-o", str(document)], check=True)
    sent = subprocess.run(
        [cryptobench, "upload", str(document), "--server", stack.url, "--token", token],
        capture_output=True,
        text=True,
        env={**os.environ, "CRYPTOBENCH_SPOOL_DIR": str(tmp_path / "spool")},
    )
    assert sent.returncode == 0, sent.stdout + sent.stderr
    run_id = json.loads(document.read_text())["run_id"]
    assert run_id in {run["run_id"] for run in _runs(stack)}

    stack.ok("down")
    stack.ok("up", "-d", "dashboard")
    stack.wait_healthy()
    kept = {run["run_id"] for run in _runs(stack)}
    assert run_id in kept and len(kept) == demo_runs + 1

    refused = stack(
        "run",
        "--rm",
        "-e",
        "CRYPTOBENCH_ENVIRONMENT=production",
        "dashboard",
        "cryptobench-server",
        "migrate",
    )
    assert refused.returncode != 0
    assert "changethis" in refused.stderr or "default" in refused.stderr, refused.stderr
    assert "Traceback" not in refused.stderr
    print(f"compose test wall time: {time.monotonic() - started:.0f} s (bases ready)")
