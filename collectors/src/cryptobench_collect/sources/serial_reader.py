"""Read a device's console: a pyserial Packetizer fed by a reader thread, lines to a queue.

`open_port` maps the usual failures (missing, busy, no permission) to UsageError with what to do.
`SerialLines` yields decoded lines and ends with a `Hangup` when the device goes away. Decoding
never fails: invalid UTF-8 becomes U+FFFD and is counted, which is how a wrong baud rate shows.
"""

import errno
import queue
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import serial
import serial.threaded

from cryptobench_collect.errors import UsageError

MAX_LINE_BYTES = 8192
#: Enough text to judge the baud rate by; more than the ESP32 ROM prints at 74880 baud after a reset.
GARBLED_AFTER_CHARS = 1024


@dataclass(frozen=True)
class Hangup:
    reason: str


@dataclass
class LineStats:
    chars: int = 0
    garbled: int = 0  # replacement characters and control characters

    def count(self, text: str) -> None:
        self.chars += len(text)
        self.garbled += sum(
            1 for ch in text if ch == "\ufffd" or (ord(ch) < 32 and ch not in "\t\r\x1b")
        )

    def looks_garbled(self) -> bool:
        return self.chars >= GARBLED_AFTER_CHARS and self.garbled * 4 > self.chars


def open_port(url: str, baud: int) -> serial.SerialBase:
    """Open `url` (/dev/ttyACM0, COM3, socket://host:port, rfc2217://host:port, loop://).

    Local ports open with DTR and RTS released, as idf.py monitor does, so that the boards'
    auto-reset circuit does not hold the chip in reset or in its download mode."""
    local = "://" not in url
    exclusive: dict[str, Any] = {"exclusive": True} if local else {}
    try:
        port = serial.serial_for_url(
            url, baudrate=baud, timeout=None, do_not_open=True, **exclusive
        )
        if local:
            port.dtr = False
            port.rts = False
        port.open()
    except (serial.SerialException, ValueError, OSError) as exc:
        raise UsageError(_port_advice(url, exc)) from None
    return port


def _port_advice(url: str, exc: Exception) -> str:
    code = getattr(exc, "errno", None)
    text = str(exc)
    if code == errno.ENOENT or "No such file" in text:
        return (
            f"serial port {url} does not exist: plug the board in (USB data cable) and check "
            "`ls /dev/ttyACM* /dev/ttyUSB*` (macOS: /dev/cu.usbmodem*, Windows: COMn)"
        )
    if code == errno.EACCES or "Permission denied" in text:
        return (
            f"no permission to open {url}: add yourself to the port's group "
            "(`sudo usermod -aG dialout $USER`, then log out and in) or run with access to it"
        )
    if code in (errno.EBUSY, errno.EAGAIN) or "exclusively lock" in text or "busy" in text.lower():
        return (
            f"serial port {url} is busy: another program has it open (idf.py monitor, screen, minicom, "
            "a second cryptobench); close it and try again"
        )
    return f"cannot open serial port {url}: {text}"


class _Lines(serial.threaded.Packetizer):
    """Split on LF (CRLF and bare LF both end a line); very long runs without LF are cut."""

    TERMINATOR = b"\n"

    def __init__(self, sink: "queue.Queue[str | Hangup]") -> None:
        super().__init__()
        self.sink = sink

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        while len(self.buffer) > MAX_LINE_BYTES:
            self.handle_packet(bytes(self.buffer[:MAX_LINE_BYTES]))
            del self.buffer[:MAX_LINE_BYTES]

    def handle_packet(self, packet: bytes) -> None:
        self.sink.put(packet.decode("utf-8", errors="replace").rstrip("\r"))

    def connection_lost(self, exc: BaseException | None) -> None:
        if self.buffer:
            self.handle_packet(bytes(self.buffer))
        self.sink.put(Hangup(str(exc) if exc else "the port was closed"))


class _ReaderThread(threading.Thread):
    """pyserial's ReaderThread, except that every way a port dies (SerialException, or OSError
    from in_waiting when a tty hangs up) ends the loop and is reported to the protocol."""

    def __init__(self, port: serial.SerialBase, protocol: _Lines) -> None:
        super().__init__(name=f"serial-reader {port.name}", daemon=True)
        self.port = port
        self.protocol = protocol
        self.alive = True
        if not hasattr(port, "cancel_read"):
            port.timeout = 0.5

    def run(self) -> None:
        error: BaseException | None = None
        try:
            while self.alive and self.port.is_open:
                # every port class serial_for_url makes has in_waiting; SerialBase's stub lacks it
                waiting = self.port.in_waiting  # type: ignore[attr-defined]
                data = self.port.read(waiting or 1)
                if data:
                    self.protocol.data_received(data)
        except (serial.SerialException, OSError) as exc:
            error = exc
        if self.alive:
            self.protocol.connection_lost(error)

    def stop(self) -> None:
        self.alive = False
        if hasattr(self.port, "cancel_read"):
            self.port.cancel_read()
        self.join(2)
        self.port.close()


class SerialLines:
    """Context manager over an open port: iterate `lines(timeout)` for str lines, then a Hangup."""

    def __init__(self, port: serial.SerialBase) -> None:
        self.queue: queue.Queue[str | Hangup] = queue.Queue()
        self.stats = LineStats()
        self._thread = _ReaderThread(port, _Lines(self.queue))

    def __enter__(self) -> "SerialLines":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._thread.stop()

    def lines(self, idle_timeout: float | None) -> Iterator[str | Hangup | None]:
        """Lines as they arrive; None when `idle_timeout` seconds pass without one; ends after Hangup."""
        while True:
            try:
                item = self.queue.get(timeout=idle_timeout)
            except queue.Empty:
                yield None
                continue
            if isinstance(item, Hangup):
                yield item
                return
            self.stats.count(item)
            yield item
