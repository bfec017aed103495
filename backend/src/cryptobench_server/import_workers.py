"""Imports run in worker processes, each under a work budget (issue 35).

Parsing a paste, and storing its runs, is pure Python: on the server's own threads it held the
interpreter lock, so one hostile paste froze every other request. `POST /api/v1/imports` hands
the whole import (store/imports.py: parse_import, then store_import) to one of
`import_workers` processes, forked from a forkserver that has the parsers loaded, and waits for
its outcome on a thread that holds no lock. Past `import_budget_s` the worker is killed (the run
it was storing is rolled back with its connection: a run is stored whole or not at all) and the
import answers 422 naming the limit; the next import starts a new worker. An import waits for a
free worker as long as a budget lasts, then answers 503 with Retry-After. While it works on an
import a worker may grow its address space by `import_memory_mb` at most (RLIMIT_AS, lifted
again between imports): past it the import answers 422 naming that limit and the worker goes on.

What crosses the process boundary pickles: the body, ImportOptions, ImportOutcome, and
`Problem` for an error (a DomainError, or what errors.py makes of a database error), so the
answer is the one the import would give in the server's process.
"""

import logging
import multiprocessing
import os
import resource
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, NamedTuple

import anyio
from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from cryptobench_parsers.imports import ImportOptions
from cryptobench_server.admission import Slots
from cryptobench_server.db import make_engine
from cryptobench_server.errors import Busy, DomainError, database_error
from cryptobench_server.store.imports import ImportOutcome, parse_import, store_import

log = logging.getLogger(__name__)
#: Seconds a new worker process may take to start; what it says when it has.
START_S, READY = 60, "ready"
_CONTEXT = multiprocessing.get_context("forkserver")
# the forkserver imports the main module and this one (the parsers, the store) once; a worker
# is a fork of it
_CONTEXT.set_forkserver_preload(["__main__", __name__])


class Job(NamedTuple):
    data: bytes
    options: ImportOptions
    dry_run: bool


class Problem(NamedTuple):
    """An error of the import, as the server's error boundary answers it."""

    status: int
    title: str
    detail: str
    errors: list[dict[str, Any]]
    headers: dict[str, str] | None


class ImportFailed(DomainError):
    """A Problem of a worker, raised in the server's process."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.detail, errors=problem.errors)
        self.status, self.title, self.headers = problem.status, problem.title, problem.headers


class ImportStopped(DomainError):
    status, title = 422, "Import stopped"


class ImportTooLarge(DomainError):
    status, title = 422, "Import too large"


class WorkersBusy(Busy):
    again = "the import"

    def __init__(self, wait_s: float) -> None:
        super().__init__("every import worker stayed busy", wait_s)


class ImportWorkers:
    """At most `processes` imports at once, each in a worker process for at most `budget_s`.
    A worker's process starts with its first import (an app that imports nothing starts none)."""

    def __init__(
        self, database_url: str, *, processes: int, budget_s: float, memory_mb: int
    ) -> None:
        self.budget_s = budget_s
        self._slots = Slots(processes, budget_s, busy=WorkersBusy)
        self._workers = [_Worker(database_url, memory_mb) for _ in range(processes)]
        self._idle = list(self._workers)

    async def run(self, job: Job) -> ImportOutcome:
        """The outcome of `job`; its error as the DomainError it would be in this process."""
        async with self._slots.held():
            worker = self._idle.pop()
            try:
                outcome = await anyio.to_thread.run_sync(worker.call, job, self.budget_s)
            finally:
                self._idle.append(worker)
        if outcome is None:
            raise ImportStopped(
                f"the import ran past its work budget of {self.budget_s:g} s (import_budget_s) "
                "and was stopped; the runs it had stored stay stored: import the text in "
                "smaller parts",
                errors=[{"field": "body", "message": f"import_budget_s: {self.budget_s:g} s"}],
            )
        if isinstance(outcome, Problem):
            raise ImportFailed(outcome)
        return outcome

    def close(self) -> None:
        """Stop every worker (the app's lifespan ends)."""
        for worker in self._workers:
            worker.stop()


class _Worker:
    """One worker process (started when first asked) and the pipe to it."""

    def __init__(self, database_url: str, memory_mb: int) -> None:
        self.database_url = database_url
        self.memory_mb = memory_mb
        self._process: Any = None
        self._connection: Connection | None = None
        self._lock = threading.RLock()

    def call(self, job: Job, timeout_s: float) -> ImportOutcome | Problem | None:
        """The worker's answer to `job`; None when it ran past `timeout_s` (it is killed) or
        died."""
        connection = self.start()
        try:
            connection.send(job)
            if connection.poll(timeout_s):
                return connection.recv()
        except (EOFError, OSError) as exc:
            log.error("an import worker ended: %s (exit code %s)", exc, self._process.exitcode)
        self.stop()
        return None

    def stop(self) -> None:
        """Kill the process (it may be working: its job answers None); after a start under
        way (on another thread) has ended."""
        with self._lock:
            if self._process is not None:
                self._process.kill()
                self._process.join()
                self._process = None
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def start(self) -> Connection:
        """The pipe to the worker, started now unless it runs."""
        with self._lock:
            return self._connection or self._started()

    def _started(self) -> Connection:
        ours, theirs = _CONTEXT.Pipe()
        process = _CONTEXT.Process(
            target=_serve,
            args=(theirs, self.database_url, self.memory_mb),
            name="import worker",
            daemon=True,
        )
        process.start()
        theirs.close()
        self._process, self._connection = process, ours
        # its start is not the import's work: the budget begins once it is ready
        if not ours.poll(START_S) or ours.recv() != READY:
            self.stop()
            raise RuntimeError(f"an import worker did not start within {START_S} s")
        return ours


def _serve(connection: Connection, database_url: str, memory_mb: int) -> None:
    """A worker's loop: one job at a time, until the server closes the pipe."""
    engine: Engine | None = None
    connection.send(READY)
    while True:
        try:
            job: Job = connection.recv()
        except EOFError:
            return
        engine = engine or make_engine(database_url, pool_size=1)
        connection.send(_outcome(engine, job, memory_mb))


@contextmanager
def _address_space(extra_mb: int) -> Iterator[None]:
    """At most `extra_mb` MiB more address space than the process holds now, while inside (the
    soft RLIMIT_AS, set back after; a platform without /proc or the limit runs unlimited)."""
    try:
        statm = Path("/proc/self/statm").read_text()
        held = int(statm.split()[0]) * os.sysconf("SC_PAGE_SIZE")
        before = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (held + extra_mb * 2**20, before[1]))
    except (OSError, ValueError):
        yield
        return
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, before)


def _outcome(engine: Engine, job: Job, memory_mb: int) -> ImportOutcome | Problem:
    """The import's outcome, or its error as a Problem: this process's error boundary."""
    try:
        with _address_space(memory_mb):
            imported = parse_import(job.data, job.options)
            return store_import(engine=engine, imported=imported, dry_run=job.dry_run)
    except MemoryError:
        return _problem(
            ImportTooLarge(
                f"the import needed more than its {memory_mb} MiB of memory (import_memory_mb) "
                "and was stopped; the runs it had stored stay stored: import the text in "
                "smaller parts",
                errors=[{"field": "body", "message": f"import_memory_mb: {memory_mb} MiB"}],
            )
        )
    except DBAPIError as exc:
        known = database_error(exc)
        if known is None:
            return _failed(exc)
        return _problem(known)
    except DomainError as exc:
        return _problem(exc)
    except Exception as exc:  # answered as the server answers any failure
        return _failed(exc)


def _problem(exc: DomainError) -> Problem:
    return Problem(exc.status, exc.title, exc.detail, exc.errors, exc.headers)


def _failed(exc: Exception) -> Problem:
    log.error("an import failed:\n%s", "".join(traceback.format_exception(exc)))
    return Problem(500, "Internal error", "the server failed; the error is in its log", [], None)
