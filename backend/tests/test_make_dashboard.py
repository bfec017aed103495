"""`make dashboard` serves on the port the README says how to change: PORT=, or CRYPTOBENCH_PORT
(which `cryptobench-server serve` reads too)."""

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def serve_line(*argv: str, **env: str) -> str:
    """The `serve` command `make dashboard` would run (make -n: nothing runs)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("CRYPTOBENCH_")}
    done = subprocess.run(
        ["make", "-n", "dashboard", *argv],
        cwd=ROOT,
        env={**environment, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return next(line for line in done.stdout.splitlines() if " serve " in line)


def test_the_readme_names_both_ways_and_make_dashboard_takes_them():
    readme = (ROOT / "README.md").read_text()
    assert "make dashboard PORT=8080" in readme and "CRYPTOBENCH_PORT=8080" in readme
    assert serve_line().endswith("--host 127.0.0.1 --port 8000")
    assert serve_line("PORT=8081").endswith("--port 8081")
    assert serve_line(CRYPTOBENCH_PORT="8082").endswith("--port 8082")
