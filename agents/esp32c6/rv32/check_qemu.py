"""The quick QEMU suite of `make test` (stdlib only): runs the RV32 firmware's quick builds under
qemu-system-riscv32 -icount and checks what the issue promises of them.

usage: python3 check_qemu.py QEMU QUICK_O2.elf QUICK_Os.elf

- each run is complete and every case passed its checks (host/check_output.py's rules);
- two runs of the -O2 build give identical instruction counts (and different run ids);
- the -O2 and -Os builds differ in every case;
- each RSA-2048 verify case (its checks and timed samples) takes under 10 s of wall time.
"""

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))
from check_output import check

VERIFY_WALL_S = 10.0
RUN_LIMIT_S = 600


def qemu_command(qemu: str, elf: str) -> list[str]:
    return [qemu, "-M", "virt", "-bios", "none", "-display", "none", "-monitor", "none",
            "-serial", "stdio", "-icount", "shift=0", "-kernel", elf]  # fmt: skip


class Run:
    """One QEMU run: its console lines, each with the wall time it took to arrive."""

    def __init__(self, qemu: str, elf: str) -> None:
        self.elf = elf
        self.lines: list[str] = []
        self.waits: list[float] = []
        self.status: int | None = None
        self.thread = threading.Thread(target=self._run, args=(qemu_command(qemu, elf),))
        self.thread.start()

    def _run(self, command: list[str]) -> None:
        with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, errors="replace") as proc:
            assert proc.stdout is not None
            last = time.monotonic()
            for line in proc.stdout:
                now = time.monotonic()
                self.lines.append(line.rstrip("\r\n"))
                self.waits.append(now - last)
                last = now
            self.status = proc.wait(RUN_LIMIT_S)

    def results(self) -> dict[str, tuple[int, int, int]]:
        self.thread.join(RUN_LIMIT_S)
        found = {}
        for line in self.lines:
            if line.startswith("BENCH "):
                item = json.loads(line.split(" ", 1)[1])
                found[item["name"]] = (item["min"], item["median"], item["max"])
        return found

    def run_id(self) -> str:
        return json.loads(self.lines[0].split(" ", 1)[1])["run"]

    def problems(self) -> list[str]:
        self.thread.join(RUN_LIMIT_S)
        found = [f"{self.elf}: {p}" for p in check(self.lines, [])]
        if self.status != 0:
            found.append(f"{self.elf}: QEMU exited {self.status} (1: a case failed its checks)")
        for line, wait in zip(self.lines, self.waits, strict=True):
            if '"name":"rsa-2048-' in line and '-verify"' in line and wait > VERIFY_WALL_S:
                found.append(f"{self.elf}: an RSA-2048 verify case took {wait:.1f} s of wall time")
        return found


def main(qemu: str, quick_o2: str, quick_os: str) -> list[str]:
    first, size = Run(qemu, quick_o2), Run(qemu, quick_os)
    first.thread.join(RUN_LIMIT_S)
    second = Run(qemu, quick_o2)
    problems = first.problems() + size.problems() + second.problems()
    if problems:
        return problems
    o2, again, os_ = first.results(), second.results(), size.results()
    if o2 != again:
        changed = sorted(name for name in o2 if o2[name] != again.get(name))
        problems.append(f"two runs of {quick_o2} counted differently: {', '.join(changed)}")
    if first.run_id() == second.run_id():
        problems.append(f"two runs of {quick_o2} share the run id {first.run_id()}")
    same = sorted(name for name in o2 if o2[name] == os_.get(name))
    if same or o2.keys() != os_.keys():
        problems.append(f"-O2 and -Os counted the same: {', '.join(same) or 'different cases'}")
    verify = "rsa-2048-pkcs1v15-verify"
    print(
        f"{len(o2)} cases, counts identical in two -O2 runs; {verify}: {o2[verify][1]} instructions "
        f"at -O2, {os_[verify][1]} at -Os"
    )
    return problems


if __name__ == "__main__":
    found = main(*sys.argv[1:4])
    print("\n".join(found) or "quick QEMU suite: ok")
    sys.exit(1 if found else 0)
