"""The server process's resident memory during one probe, and its CPU time (Linux /proc).

The peak is the kernel's high-water mark (VmHWM, reset through clear_refs when the probe starts)
and, where that cannot be reset, the highest of samples taken every 20 ms. A server whose growth
passes the bound by far is killed (SIGKILL) so that a probe cannot exhaust the machine.
"""

import os
import threading
import time
from contextlib import suppress
from pathlib import Path
from types import TracebackType

from cryptobench_testsupport.reliability_harness import Service

MB = 1024 * 1024
#: Margin over the bound at which the server is killed rather than watched further.
KILL_MARGIN_MB = 400.0


def status_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise LookupError(f"{field} not in /proc/{pid}/status")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def reset_peak(pid: int) -> bool:
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
    except OSError:
        return False
    return True


class MemoryWatch:
    """`with MemoryWatch(service, bound_mb):` samples the server's RSS until the block ends."""

    def __init__(self, service: Service, bound_mb: float | None) -> None:
        self.service = service
        self.kill_at_mb = None if bound_mb is None else bound_mb + KILL_MARGIN_MB
        self.baseline_kib = 0
        self.peak_kib = 0
        self.exact_peak = False
        self.killed = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    @property
    def pid(self) -> int:
        assert self.service.process is not None
        return self.service.process.pid

    @property
    def growth_mb(self) -> float:
        return max(0, self.peak_kib - self.baseline_kib) / 1024

    @property
    def peak_mb(self) -> float:
        return self.peak_kib / 1024

    def __enter__(self) -> "MemoryWatch":
        self.baseline_kib = status_kib(self.pid, "VmRSS")
        self.peak_kib = self.baseline_kib
        self.exact_peak = reset_peak(self.pid)
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._thread.join()
        if self.exact_peak and not self.killed:
            with suppress(OSError):
                self.peak_kib = max(self.peak_kib, status_kib(self.pid, "VmHWM"))

    def _sample(self) -> None:
        while not self._stop.is_set():
            try:
                self.peak_kib = max(self.peak_kib, status_kib(self.pid, "VmRSS"))
            except (OSError, LookupError):
                return
            if self.kill_at_mb is not None and self.growth_mb > self.kill_at_mb:
                self.killed = True
                self.service.kill9()
                return
            time.sleep(0.02)

    def figures(self) -> dict[str, float | bool]:
        figures: dict[str, float | bool] = {
            "rss_before_mb": round(self.baseline_kib / 1024, 1),
            "rss_peak_mb": round(self.peak_mb, 1),
            "rss_growth_mb": round(self.growth_mb, 1),
        }
        if self.killed:
            figures["server_killed"] = True
        return figures
