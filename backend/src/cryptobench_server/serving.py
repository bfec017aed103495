"""How `cryptobench-server serve` holds its connections: uvicorn's options and its HTTP protocol
with a deadline for each request head.

uvicorn closes a keep-alive connection idle for 5 s after an answer, but has no deadline for a
request head: a connection that sends nothing, or a head a byte at a time, was held until the
client left (19,985 idle connections held; issue 35). `HeadDeadline` closes a connection that
has not sent a whole request head `header_timeout_s` after it opened or after its last answer
(a body, once the head is in, is bounded by the body caps of bodies.py instead).
`limit_concurrency` answers 503 to requests while that many connections are open.
"""

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from cryptobench_server.config import Settings


class HeadDeadline(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request head is late."""

    header_timeout_s = 10.0
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.header_timeout_s, self._late)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _late(self) -> None:
        self._deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """uvicorn.run's connection options for `settings`."""
    protocol = type(
        "HeadDeadline", (HeadDeadline,), {"header_timeout_s": settings.header_timeout_s}
    )
    return {
        "http": protocol,
        "limit_concurrency": settings.limit_concurrency,
        "timeout_keep_alive": 5,
    }
