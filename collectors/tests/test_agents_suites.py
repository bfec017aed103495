"""The agents' own suites (`make test-agents`): the JMH suite's quick benchmark and its JSON, the
firmware's host, i386 and RV32-under-QEMU builds and their checks. They run as tests here so that
they share one pytest-xdist group with the other tests that build the agents (one build directory
each: two builds at once would race), while the other worker runs the rest of the suite."""

import subprocess
from pathlib import Path

import pytest

AGENTS = Path(__file__).resolve().parents[2] / "agents"


@pytest.mark.parametrize("agent", ["jvm", "esp32c6"])
def test_the_agents_own_suite_passes(agent):
    done = subprocess.run(
        ["make", "--no-print-directory", "-C", str(AGENTS / agent), "test"],
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert done.returncode == 0, f"{done.stdout[-6000:]}\n{done.stderr[-6000:]}"
