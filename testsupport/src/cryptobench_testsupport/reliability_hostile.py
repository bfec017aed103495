"""Hostile probes (issue 25): one request or race each, judged against its bound, on a real
server. Shared by bench/reliability_hostile.py and backend/tests/test_reliability_hostile_probes.py.

A probe sends something strange and checks a `Bound`: the status class (a 4xx must be
problem+json), the seconds it may take, how much the server's resident memory may grow, that
nothing was stored, and that the server answers /health afterwards. Probes whose answer must not
depend on the database also return an `answer`, compared between SQLite and PostgreSQL by
`agreement`. The probes themselves live in reliability_hostile_{bodies,reads,values,races}.py.
"""

import json
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text

from cryptobench_testsupport.reliability_harness import (
    Service,
    connected,
    create_token,
    is_problem,
    make_run,
    running_statements,
    server_cli,
    stored_runs,
)
from cryptobench_testsupport.reliability_process import MemoryWatch, cpu_seconds

MB = 1024 * 1024
RUNS = "/api/v1/runs"
#: Seconds a read may take (the issue's "no request runs past 10 s").
READ_S = 10.0


@dataclass(frozen=True)
class Sizes:
    """How big the probes are: the bench's figures by default, `QUICK` for `make test`."""

    paste_bytes: int = 30 * MB
    #: A paste the parser reads whole: just under the import cap (8 MiB).
    paste_under_cap_bytes: int = 8 * MB - 64 * 1024
    anonymous_bytes: int = 1024 * MB
    facet_keys: tuple[int, ...] = (100, 200, 300, 1000)
    racing_deletes: int = 40
    spooled_runs: int = 20


QUICK = Sizes(
    paste_bytes=3 * MB,
    paste_under_cap_bytes=MB // 4,
    anonymous_bytes=64 * MB,
    facet_keys=(200,),
    racing_deletes=10,
    spooled_runs=6,
)


@dataclass(frozen=True)
class Bound:
    """What a probe's answer must stay within; the server must also be healthy after it."""

    statuses: tuple[str, ...] = ("4xx",)
    max_s: float = READ_S
    max_rss_mb: float | None = None
    nothing_stored: bool = False
    #: No work left running on the server or the database once the answer came (or the
    #: client gave up waiting).
    idle_after: bool = False

    def allows(self, response: httpx.Response) -> bool:
        status = response.status_code
        for wanted in self.statuses:
            if wanted == f"{status // 100}xx" or wanted == str(status):
                return status < 400 or is_problem(response)
        return False

    def describe(self) -> str:
        parts = ["|".join(self.statuses) + (" problem+json" if "4xx" in self.statuses else "")]
        parts.append(f"<= {self.max_s:g} s")
        if self.max_rss_mb is not None:
            parts.append(f"RSS +<= {self.max_rss_mb:.0f} MB")
        if self.nothing_stored:
            parts.append("nothing stored")
        if self.idle_after:
            parts.append("no work left after")
        return ", ".join([*parts, "healthy after"])


@dataclass
class Outcome:
    name: str
    database: str
    sent: str
    bound: Bound
    figures: dict[str, Any] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    #: What must be the same on both databases (None: not compared).
    answer: Any = None

    def check(self, ok: bool, reason: str) -> bool:
        if not ok:
            self.failures.append(reason)
        return ok

    @property
    def passed(self) -> bool:
        return not self.failures

    def line(self) -> str:
        verdict = "PASS" if self.passed else "FAIL"
        figures = json.dumps(self.figures, default=str)
        why = f" | {'; '.join(self.failures)}" if self.failures else ""
        return (
            f"{verdict} {self.name} [{self.database}] sent: {self.sent} | bound: "
            f"{self.bound.describe()} | {figures}{why}"
        )


@dataclass
class Stack:
    """A running server on one database, with an upload and an admin token."""

    database: str
    service: Service
    upload_token: str
    admin_token: str

    @property
    def database_url(self) -> str:
        return self.service.database_url

    @property
    def workdir(self) -> Path:
        return self.service.workdir

    def client(self, token: str | None = None, timeout_s: float = READ_S + 5) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.service.url, headers=headers, timeout=timeout_s)

    def healthy(self) -> bool:
        try:
            return httpx.get(f"{self.service.url}/api/v1/health", timeout=5).status_code == 200
        except httpx.HTTPError:
            return False

    def restart(self) -> None:
        """Kill the server, end its database sessions (PostgreSQL goes on with a query whose
        client died), start it again."""
        self.service.kill9()
        if self.database == "postgresql":
            with connected(self.database_url) as connection:
                connection.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
                )
        self.service.start()


@contextmanager
def hostile_stack(database: str, database_url: str, workdir: Path) -> Iterator[Stack]:
    """Migrate, make the tokens, start the server and store a few ordinary runs; the server
    is killed at the end (a probe may have left it working on a request nobody waits for)."""
    server_cli(database_url, workdir, "migrate")
    upload = create_token(database_url, workdir, "hostile-upload", "upload")
    admin = create_token(database_url, workdir, "hostile-admin", "admin")
    service = Service(database_url, workdir).start()
    try:
        stack = Stack(database, service, upload, admin)
        with stack.client(upload) as client:
            for index in range(4):
                client.post(RUNS, json=make_run(1, index)).raise_for_status()
        yield stack
    finally:
        service.kill9()


def stored(database_url: str) -> dict[str, list[tuple[str, float]]]:
    """`stored_runs` keyed by the run_id's canonical text on both databases (SQLite keeps
    UUIDs as hex)."""
    return {str(uuid.UUID(key)): rows for key, rows in stored_runs(database_url).items()}


def database_bytes(stack: Stack) -> int:
    """What the database takes on disk: the SQLite file and its WAL, or pg_database_size."""
    if stack.database == "sqlite":
        path = Path(stack.database_url.removeprefix("sqlite:///"))
        return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
    with connected(stack.database_url) as connection:
        size = connection.execute(text("SELECT pg_database_size(current_database())"))
        return int(size.scalar_one())


def stored_counts(database_url: str) -> dict[str, int]:
    with connected(database_url) as connection:
        return {
            table: int(connection.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())
            for table in ("runs", "results", "run_notes")
        }


def exchange(
    stack: Stack,
    name: str,
    sent: str,
    bound: Bound,
    send: Callable[[httpx.Client], httpx.Response],
    *,
    token: str | None = None,
) -> tuple[Outcome, httpx.Response | None]:
    """Send one request with `send` and judge it against `bound` (then `settle`)."""
    outcome = Outcome(name, stack.database, sent, bound)
    before = stored_counts(stack.database_url) if bound.nothing_stored else None
    watch = MemoryWatch(stack.service, bound.max_rss_mb)
    response = None
    started = time.monotonic()
    with watch, stack.client(token, timeout_s=bound.max_s + 5) as client:
        try:
            response = send(client)
        except (httpx.HTTPError, OSError) as exc:
            outcome.check(False, f"no answer: {type(exc).__name__} {exc}"[:200])
    outcome.figures["seconds"] = round(time.monotonic() - started, 3)
    outcome.figures.update(watch.figures())
    if response is not None:
        outcome.figures["status"] = response.status_code
        outcome.check(
            bound.allows(response), f"status {response.status_code} {response.text[:200]}"
        )
    outcome.check(outcome.figures["seconds"] <= bound.max_s, f"took over {bound.max_s:g} s")
    if watch.killed:
        outcome.check(False, "server killed: its memory passed the bound by far")
    elif bound.max_rss_mb is not None:
        outcome.check(
            watch.growth_mb <= bound.max_rss_mb,
            f"server RSS grew {watch.growth_mb:.0f} MB",
        )
    settle(stack, outcome, before, idle=bound.idle_after)
    return outcome, response


def settle(
    stack: Stack, outcome: Outcome, before: dict[str, int] | None = None, *, idle: bool = False
) -> None:
    """After a probe: nothing stored (when `before` is given), no work left (with `idle`) and
    a healthy server; a server that is not is restarted so the next probe measures only itself."""
    if before is not None and stack.healthy():
        after = stored_counts(stack.database_url)
        outcome.check(after == before, f"stored something: {before} -> {after}")
    busy = work_left(stack) if idle and stack.healthy() else None
    if busy is not None:
        outcome.check(False, busy)
    if not outcome.check(stack.healthy(), "server not healthy after") or busy is not None:
        stack.restart()


def work_left(stack: Stack, window_s: float = 1.0) -> str | None:
    """What the server or its database still does for requests already answered."""
    assert stack.service.process is not None
    pid = stack.service.process.pid
    used = cpu_seconds(pid)
    time.sleep(window_s)
    cpu = (cpu_seconds(pid) - used) / window_s
    active = running_statements(stack.database_url) if stack.database == "postgresql" else 0
    if cpu < 0.5 and not active:
        return None
    return f"work goes on after the answer: server CPU {cpu:.2f} s/s, {active} queries active"


def agreement(first: list[Outcome], second: list[Outcome]) -> list[Outcome]:
    """One outcome per probe with an answer on both databases: the two answers are equal."""
    others = {outcome.name: outcome for outcome in second}
    compared = []
    for outcome in first:
        other = others.get(outcome.name)
        if outcome.answer is None or other is None or other.answer is None:
            continue
        both = Outcome(
            f"{outcome.name}:same_answer",
            f"{outcome.database}+{other.database}",
            outcome.sent,
            Bound(statuses=("equal",), max_s=outcome.bound.max_s),
        )
        both.check(
            outcome.answer == other.answer,
            f"{outcome.database}: {json.dumps(outcome.answer, default=str)[:300]} vs "
            f"{other.database}: {json.dumps(other.answer, default=str)[:300]}",
        )
        compared.append(both)
    return compared
