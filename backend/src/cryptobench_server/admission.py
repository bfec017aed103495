"""At most `pool_size` requests use the database at once (issue 35); the others wait for a slot
on the event loop, holding no thread, up to `pool_wait_s`, then answer 503 with Retry-After.

Why: a sync route runs on one of anyio's worker threads (40), its answer is serialized on
another, and its session gives its connection back only after that. With more requests than
pooled connections, every thread waited in the pool for a connection that only a thread could
give back: nothing moved until the pool's timeout (30 s), then bare 500s. A request that holds
a slot finds a connection (the pool keeps `pool_size` of them, plus an overflow for the work
outside the slots: token checks, uploads, imports) and a thread.
"""

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import anyio
from anyio.lowlevel import RunVar

from cryptobench_server.errors import DatabaseBusy, DomainError


class Slots:
    """`count` requests at a time; a request waits at most `wait_s` for its turn, then gets
    `busy(wait_s)` (import_workers.py takes turns at its workers the same way)."""

    def __init__(
        self,
        count: int,
        wait_s: float,
        busy: Callable[[float], DomainError] = DatabaseBusy,
    ) -> None:
        self.count = count
        self.wait_s = wait_s
        self.busy = busy
        # one semaphore per event loop (a test client runs one per `with`)
        self._semaphore: RunVar[anyio.Semaphore] = RunVar("slots")

    @asynccontextmanager
    async def held(self) -> AsyncIterator[None]:
        semaphore = self._current()
        try:
            with anyio.fail_after(self.wait_s):
                await semaphore.acquire()
        except TimeoutError:
            raise self.busy(self.wait_s) from None
        try:
            yield
        finally:
            semaphore.release()

    def _current(self) -> anyio.Semaphore:
        try:
            return self._semaphore.get()
        except LookupError:
            semaphore = anyio.Semaphore(self.count)
            self._semaphore.set(semaphore)
            return semaphore
