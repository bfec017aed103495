"""One collection from a live port: lines -> RunAssembler, progress to a reporter, stop at END.

Stops when a run has ended (its END line, or wolfSSL's "Benchmark complete"), when the device
hangs up (the open run is kept as partial), or after `timeout` seconds without an end.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from cryptobench_collect.errors import UsageError
from cryptobench_collect.sources.serial_reader import Hangup, SerialLines
from cryptobench_contract import ParseWarning
from cryptobench_parsers.serial.lines import Item
from cryptobench_parsers.serial.runs import RunAssembler, SerialRun


@dataclass(frozen=True)
class SessionOutcome:
    runs: list[SerialRun]
    warnings: list[ParseWarning]
    hangup: str | None = None  # why the device went away, when it did
    timed_out: bool = False
    interrupted: bool = False

    @property
    def stopped_early(self) -> str | None:
        """Why reading ended before an end line, or None when it ended normally."""
        if self.hangup is not None:
            return f"the device went away ({self.hangup})"
        if self.interrupted:
            return "interrupted with Ctrl-C"
        return "no END line arrived in time" if self.timed_out else None


POLL_S = 0.25
Reporter = Callable[[Item, RunAssembler], None]


def collect_session(
    lines: SerialLines,
    *,
    url: str,
    baud: int,
    timeout: float | None,
    clock: Callable[[], datetime],
    report: Reporter,
) -> SessionOutcome:
    """Read until an end line, a hangup or the timeout; Ctrl-C ends it like a hangup."""
    assembler = RunAssembler(source_name=url, clock=clock)
    try:
        return _read(lines, assembler, url=url, baud=baud, timeout=timeout, report=report)
    except KeyboardInterrupt:
        return SessionOutcome(
            assembler.finish("interrupted with Ctrl-C"), assembler.warnings, interrupted=True
        )


def _read(
    lines: SerialLines,
    assembler: RunAssembler,
    *,
    url: str,
    baud: int,
    timeout: float | None,
    report: Reporter,
) -> SessionOutcome:
    deadline = None if timeout is None else time.monotonic() + timeout
    line_no = 0
    for line in lines.lines(idle_timeout=None if deadline is None else POLL_S):
        if isinstance(line, Hangup):
            return SessionOutcome(
                assembler.finish(f"the device went away: {line.reason}"),
                assembler.warnings,
                hangup=line.reason,
            )
        if line is not None:
            line_no += 1
            item = assembler.feed(line, line_no)
            if item is not None:
                report(item, assembler)
            _check_baud(lines, assembler, url, baud)
            if assembler.ended:
                return SessionOutcome(assembler.finish(), assembler.warnings)
        if deadline is not None and time.monotonic() >= deadline:
            return SessionOutcome(
                assembler.finish(f"no end line within {timeout:g} s"),
                assembler.warnings,
                timed_out=True,
            )
    return SessionOutcome(assembler.finish(), assembler.warnings)


def _check_baud(lines: SerialLines, assembler: RunAssembler, url: str, baud: int) -> None:
    if assembler.recognised == 0 and lines.stats.looks_garbled():
        share = 100 * lines.stats.garbled // max(lines.stats.chars, 1)
        raise UsageError(
            f"what arrives on {url} at {baud} baud is garbled ({share}% unreadable characters): the console "
            "probably runs at another baud rate. ESP-IDF consoles default to 115200 (the ESP32/ESP8266 boot "
            "ROM prints at 74880); try --baud 115200, 460800 or 921600, or the value of CONFIG_ESP_CONSOLE_UART_BAUDRATE"
        )
