"""Build and run the CryptoBench JMH suite (agents/jvm) with `-rf json`, reporting progress.

Command building and progress parsing are pure; `build_suite` and `run_suite` run processes.
"""

import os
import re
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from cryptobench_collect.errors import RuntimeFailure, UsageError

#: One fork, one 1 s warmup and one 1 s measurement per benchmark: about 5 minutes for the whole suite.
QUICK_ARGS = ("-f", "1", "-wi", "1", "-w", "1s", "-i", "1", "-r", "1s")
JAR = Path("target/benchmarks.jar")
PROJECT_ENV = "CRYPTOBENCH_JMH_PROJECT"
_PROGRESS = re.compile(r"^# Run progress: ([0-9.]+)% complete")
_BENCHMARK = re.compile(r"^# Benchmark: (\S+)")
_PARAMETERS = re.compile(r"^# Parameters: \((.*)\)")
_FAILURE = "<failure>"


@dataclass
class Progress:
    """What JMH's console output says so far."""

    percent: float = 0.0
    benchmark: str = ""
    parameters: str = ""
    failures: int = 0

    def update(self, line: str) -> bool:
        """Take one output line; True when the line changed what a progress display shows."""
        line = line.rstrip("\n")
        if match := _PROGRESS.match(line):
            self.percent = float(match.group(1))
        elif match := _BENCHMARK.match(line):
            self.benchmark, self.parameters = match.group(1), ""
        elif match := _PARAMETERS.match(line):
            self.parameters = match.group(1)
        elif _FAILURE in line:
            self.failures += 1
        else:
            return False
        return True

    @property
    def label(self) -> str:
        short = self.benchmark.rsplit(".", 2)
        name = ".".join(short[-2:]) if len(short) >= 2 else self.benchmark
        return f"{name} ({self.parameters})" if self.parameters else name


def find_project(start: Path | None = None) -> Path | None:
    """agents/jvm of this checkout: $CRYPTOBENCH_JMH_PROJECT, else searched upwards from `start`."""
    if os.environ.get(PROJECT_ENV):
        return Path(os.environ[PROJECT_ENV])
    for folder in [(start or Path.cwd()).resolve(), *(start or Path.cwd()).resolve().parents]:
        candidate = folder / "agents" / "jvm"
        if (candidate / "pom.xml").is_file():
            return candidate
    return None


def build_suite(project: Path) -> Path:
    """`make -C project build` (a no-op when the jar is newer than every source); the jar's path."""
    if not (project / "pom.xml").is_file():
        raise UsageError(
            f"--project {project}: no pom.xml there (expected the repository's agents/jvm)"
        )
    make = shutil.which("make")
    if make is None:
        raise RuntimeFailure(
            "`make` is not installed; build the jar with `mvn package` in agents/jvm and use --jar"
        )
    done = subprocess.run(
        [make, "-s", "-C", str(project), "build"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise RuntimeFailure(
            f"building the JMH suite in {project} failed (exit {done.returncode}):\n{tail}"
        )
    return project / JAR


def jmh_command(
    jar: Path,
    *,
    result_file: Path,
    quick: bool = False,
    include: str | None = None,
    extra: Sequence[str] = (),
    java: str = "java",
) -> list[str]:
    """The java command line that runs the suite and writes JMH's JSON result file."""
    command = [java, "-jar", str(jar)]
    if include:
        command.append(include)
    if quick:
        command.extend(QUICK_ARGS)
    command.extend(extra)
    command.extend(["-rf", "json", "-rff", str(result_file)])
    return command


def run_suite(command: list[str], *, log_file: Path, on_line: Callable[[str], None]) -> int:
    """Run JMH, copy its output to `log_file` and hand each line to `on_line`; its exit code."""
    if shutil.which(command[0]) is None:
        raise RuntimeFailure(
            f"`{command[0]}` is not installed (the JMH suite needs a Java 17+ runtime)"
        )
    with (
        log_file.open("w", encoding="utf-8") as log,
        subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
        ) as process,
    ):
        for line in process.stdout or ():
            log.write(line)
            on_line(line)
    return process.returncode
