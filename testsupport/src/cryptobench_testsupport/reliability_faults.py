"""Faults while real agents upload: the service killed -9, then PostgreSQL restarted, mid-upload.

The agents are the real `cryptobench upload` processes with their own spool directories; after
the faults, `cryptobench spool flush` sends what they kept. Shared by the test and the bench.
"""

import json
import os
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from cryptobench_testsupport.pgcluster import Cluster
from cryptobench_testsupport.reliability_harness import BIN, Service, make_run, stored_runs


@dataclass
class Agent:
    number: int
    root: Path
    process: subprocess.Popen | None = None
    outputs: list[str] = field(default_factory=list)

    @property
    def spool(self) -> Path:
        return self.root / "spool"

    def files(self, first: int, count: int) -> list[Path]:
        paths = []
        for index in range(first, first + count):
            path = self.root / "runs" / f"run-{index}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(make_run(self.number, index)), encoding="utf-8")
            paths.append(path)
        return paths

    def command(self, service: Service, token: str, *args: str | Path) -> list[str]:
        return [
            str(BIN / "cryptobench"),
            *map(str, args),
            "--server",
            service.url,
            "--token",
            token,
            "--spool-dir",
            str(self.spool),
        ]

    def start_upload(self, service: Service, token: str, paths: list[Path]) -> None:
        self.process = subprocess.Popen(
            self.command(service, token, "upload", *paths),
            env=agent_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )

    def wait(self, timeout_s: float = 300) -> int:
        assert self.process is not None
        output, _ = self.process.communicate(timeout=timeout_s)
        self.outputs.append(output)
        return self.process.returncode

    def flush(self, service: Service, token: str) -> int:
        done = subprocess.run(
            self.command(service, token, "spool", "flush"),
            env=agent_env(),
            capture_output=True,
            text=True,
            timeout=300,
        )
        self.outputs.append(done.stdout + done.stderr)
        return done.returncode

    def count(self, state: str) -> int:
        return len(list((self.spool / state).glob("*.json")))


def agent_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CRYPTOBENCH_")}
    env.update(CRYPTOBENCH_UPLOAD_DEADLINE_S="1", CRYPTOBENCH_HTTP_TIMEOUT_S="10")
    return env


@dataclass
class FaultReport:
    planned: dict[str, dict] = field(default_factory=dict)
    stored_at_kill: int = 0
    pending_after_kill: int = 0
    stored_before_restart_phase: int = 0
    stored_at_db_restart: int = 0
    pending_after_db_restart: int = 0
    stored_after_uploads: int = 0
    upload_exit_codes: list[int] = field(default_factory=list)
    flush_exit_codes: list[int] = field(default_factory=list)


def _wait_for_stored(
    database_url: str, at_least: int, agents: list[Agent], timeout_s: float = 120
) -> int:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        count = len(stored_runs(database_url))
        if count >= at_least or all(a.process and a.process.poll() is not None for a in agents):
            return count
        time.sleep(0.02)
    raise TimeoutError(f"fewer than {at_least} runs stored after {timeout_s}s")


def _phase(
    agents: list[Agent],
    service: Service,
    token: str,
    first: int,
    per_agent: int,
    report: FaultReport,
):
    for agent in agents:
        documents = [make_run(agent.number, index) for index in range(first, first + per_agent)]
        report.planned.update({document["run_id"]: document for document in documents})
        agent.start_upload(service, token, agent.files(first, per_agent))


def run_faults(
    service: Service,
    cluster: Cluster,
    token: str,
    workdir: Path,
    *,
    agents: int = 4,
    per_phase: int = 8,
) -> tuple[FaultReport, list[Agent]]:
    report = FaultReport()
    crew = [Agent(200 + n, workdir / f"agent-{n}") for n in range(agents)]
    total = agents * per_phase
    _phase(crew, service, token, 0, per_phase, report)
    report.stored_at_kill = _wait_for_stored(service.database_url, total // 4, crew)
    service.kill9()
    report.upload_exit_codes += [agent.wait() for agent in crew]
    report.pending_after_kill = sum(agent.count("pending") for agent in crew)
    service.start()
    report.stored_before_restart_phase = len(stored_runs(service.database_url))
    _phase(crew, service, token, per_phase, per_phase, report)
    report.stored_at_db_restart = _wait_for_stored(
        service.database_url, report.stored_before_restart_phase + total // 4, crew
    )
    cluster.stop("fast")
    time.sleep(0.5)
    cluster.start()
    report.upload_exit_codes += [agent.wait() for agent in crew]
    report.pending_after_db_restart = sum(agent.count("pending") for agent in crew)
    report.stored_after_uploads = len(stored_runs(service.database_url))
    service.wait_healthy(60)
    report.flush_exit_codes = [agent.flush(service, token) for agent in crew]
    return report, crew
