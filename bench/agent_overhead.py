"""Wall time of `cryptobench run openssl --no-upload` against the bare `openssl speed` it wraps.

Both run the same algorithms with openssl's default durations (md5: 6 block sizes x 3 s,
rsa2048: sign and verify x 10 s), alternately, ROUNDS times each in this process; the fastest
of each counts (other load on the machine only ever adds time). Target: <= 3% overhead.
Last line: {"bench", "ours", "baseline", "ratio", "unit"}.
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness.result import print_result

ALGORITHMS = ["md5", "rsa2048"]
ROUNDS = 2
TARGET = 1.03


def timed(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(
        command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    return time.perf_counter() - started


def main() -> None:
    cryptobench = Path(sys.executable).parent / "cryptobench"
    with tempfile.TemporaryDirectory() as spool:
        env = {**os.environ, "CRYPTOBENCH_SPOOL_DIR": spool}
        baselines, ours_all = [], []
        for _ in range(ROUNDS):
            baselines.append(timed(["openssl", "speed", "-mr", *ALGORITHMS], env))
            ours_all.append(
                timed([str(cryptobench), "run", "openssl", *ALGORITHMS, "--no-upload"], env)
            )
    baseline, ours = min(baselines), min(ours_all)
    ratio = ours / baseline
    print(
        f"rounds: openssl {[round(t, 2) for t in baselines]} s, cryptobench {[round(t, 2) for t in ours_all]} s"
    )
    print(
        f"openssl speed -mr {' '.join(ALGORITHMS)}: {baseline:.2f} s; cryptobench run openssl: {ours:.2f} s"
    )
    print(
        f"overhead {100 * (ratio - 1):.2f}% (target <= {100 * (TARGET - 1):.0f}%): {'met' if ratio <= TARGET else 'MISSED'}"
    )
    print_result("agent_overhead", ours, baseline, "s", digits=3, ratio_digits=4)


if __name__ == "__main__":
    main()
