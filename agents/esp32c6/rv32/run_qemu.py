"""Run one RV32 firmware build under QEMU and collect it through the emulator's serial pty, the
way a board is collected (stdlib only; used by `make qemu`).

usage: python3 run_qemu.py QEMU FIRMWARE.elf CRYPTOBENCH [collect serial options...]

QEMU starts paused (-S) with its UART on a new pty; `CRYPTOBENCH collect serial --port
/dev/pts/N ...` opens it, and once the collector says it is listening, `cont` on the monitor
starts the firmware (a pty drops what is written while nobody has it open). Exit status: the
collector's, or QEMU's when the collector succeeded and a case failed its checks.
"""

import re
import subprocess
import sys
import threading

PTY = re.compile(r"char device redirected to (/dev/pts/\d+)")


def main(qemu: str, elf: str, cryptobench: str, options: list[str]) -> int:
    emulator = subprocess.Popen(
        [qemu, "-M", "virt", "-bios", "none", "-display", "none", "-S", "-monitor", "stdio",
         "-serial", "pty", "-icount", "shift=0", "-kernel", elf],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    assert emulator.stdin is not None and emulator.stdout is not None
    pty = next((m.group(1) for m in map(PTY.search, emulator.stdout) if m), None)
    if pty is None:
        print(f"{qemu} named no pty (exit {emulator.wait()})", file=sys.stderr)
        return 2
    threading.Thread(target=emulator.stdout.read, daemon=True).start()
    collector = subprocess.Popen(
        [cryptobench, "collect", "serial", "--port", pty, *options],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert collector.stderr is not None
    for line in collector.stderr:
        sys.stderr.write(line)
        if line.startswith("listening on"):
            emulator.stdin.write("cont\n")
            emulator.stdin.flush()
    status = collector.wait()
    if emulator.poll() is None:
        emulator.kill()
    return status or emulator.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]))
