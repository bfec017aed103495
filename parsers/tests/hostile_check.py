"""The reproductions of issue 35 against the parsers alone: seconds and extra memory (MB of
peak RSS over the interpreter's) of `import_text` for each, every one in a fresh process.

    .venv/bin/python parsers/tests/hostile_check.py

prints one line per reproduction and format; set PYTHONPATH to another checkout's
`parsers/src` to measure that one (its figures before a change).
"""

import resource
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

OPENSSL = (
    Path(__file__).parents[2]
    / "collectors/tests/fixtures/openssl/openssl-3.0.19_human_bytes1000.txt"
)
REPRODUCTIONS = {
    "'1 ' + 64,000 letters": lambda: "1 " + "a" * 64_000,
    "40,000 newlines": lambda: "\n" * 40_000,
    "40,000 spaces": lambda: " " * 40_000,
    "openssl + 8 MiB of newlines": lambda: OPENSSL.read_text() + "\n" * (8 << 20),
    "openssl + 8 MiB of CRs": lambda: OPENSSL.read_text() + "\r" * (8 << 20),
    "4 MiB of CRs": lambda: "\r" * (4 << 20),
    "7 MB of 1,000-character lines": lambda: ("1 " + "a" * 997 + "\n") * 7000,
}
FORMATS = ("auto", "openssl", "serial")


def _measure(name: str, format: str) -> None:
    from cryptobench_parsers.errors import ParseError
    from cryptobench_parsers.imports import ImportOptions, import_text

    text = REPRODUCTIONS[name]()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    try:
        runs = import_text(text, ImportOptions(format=format), received_at=datetime.now(UTC)).runs
        answer = f"{sum(len(run.results) for run in runs)} results"
    except ParseError as exc:
        answer = f"ParseError: {exc.message[:50]}"
    except Exception as exc:  # what the server answered as a 500
        answer = f"{type(exc).__name__} (a 500)"
    seconds = time.perf_counter() - start
    extra = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    print(f"{name:32} {format:8} {seconds:7.2f} s {extra:7.0f} MB  {answer}", flush=True)


def main() -> None:
    if len(sys.argv) == 3:
        _measure(sys.argv[1], sys.argv[2])
        return
    for name in REPRODUCTIONS:
        for format in FORMATS:
            subprocess.run([sys.executable, __file__, name, format], check=False, timeout=600)


if __name__ == "__main__":
    main()
