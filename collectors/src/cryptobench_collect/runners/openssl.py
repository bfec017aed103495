"""Run the system's `openssl speed -mr` and turn its output into a run document.

The command is built from a list (no shell); output is streamed line by line to a callback
(the CLI shows progress from the +DT/+DTP records) and kept whole as the run's artifact.
"""

import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from cryptobench_collect.errors import RuntimeFailure, UsageError
from cryptobench_contract import Machine, ParseWarning, RunDocument, utc_now
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.openssl.documents import document, text_artifact
from cryptobench_parsers.openssl.speed import (
    VersionHeader,
    parse_openssl_speed,
    parse_version_header,
)

#: `--quick`: one short measurement per figure, as the other runners' --quick (JMH: one 1 s
#: iteration; ECC: 5 repetitions): 1 second each instead of openssl's 3 (10 for public key).
QUICK_SECONDS = 1


@dataclass(frozen=True)
class SpeedConfig:
    algorithms: tuple[str, ...] = ()
    seconds: int | None = None
    evp: bool = False
    elapsed: bool = False
    #: `--quick` (seconds is then QUICK_SECONDS): the run says so in its tags.
    quick: bool = False
    engine: str | None = None
    providers: tuple[str, ...] = ()
    multi: int | None = None
    block_bytes: int | None = None
    binary: str = "openssl"

    def commands(self) -> list[list[str]]:
        """One `openssl speed` command, or one per algorithm with -evp (it takes a single name)."""
        base = [self.binary, "speed", "-mr"]
        base += ["-seconds", str(self.seconds)] if self.seconds else []
        base += ["-elapsed"] if self.elapsed else []
        base += ["-engine", self.engine] if self.engine else []
        for provider in self.providers:
            base += ["-provider", provider]
        base += ["-multi", str(self.multi)] if self.multi else []
        base += ["-bytes", str(self.block_bytes)] if self.block_bytes else []
        if not self.evp:
            return [base + list(self.algorithms)]
        if not self.algorithms:
            raise UsageError("--evp needs at least one algorithm, e.g. aes-128-cbc")
        return [[*base, "-evp", algorithm] for algorithm in self.algorithms]

    def tags(self) -> dict[str, str]:
        tags = {
            "engine": self.engine or "none",
            "evp": str(self.evp).lower(),
            "multi": str(self.multi or 1),
        }
        if self.providers:
            tags["provider"] = ",".join(self.providers)
        if self.seconds:
            tags["seconds"] = str(self.seconds)
        tags["timing"] = "elapsed" if self.elapsed else "cpu"
        if self.quick:
            tags["quick"] = "true"
        if self.block_bytes:
            tags["bytes"] = str(self.block_bytes)
        return tags


@dataclass
class SpeedRun:
    output: str
    started_at: datetime
    finished_at: datetime
    returncodes: list[int] = field(default_factory=list)


def run_speed(config: SpeedConfig, on_line: Callable[[str], None] = lambda line: None) -> SpeedRun:
    started, chunks, codes = utc_now(), [], []
    for command in config.commands():
        text, code = _stream(command, on_line)
        chunks.append(text)
        codes.append(code)
    return SpeedRun("".join(chunks), started, utc_now(), codes)


def _stream(command: list[str], on_line: Callable[[str], None]) -> tuple[str, int]:
    try:
        process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
            bufsize=1,
        )
    except OSError as exc:
        raise RuntimeFailure(f"cannot start {command[0]!r}: {exc.strerror or exc}") from None
    lines = []
    try:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line)
            on_line(line)
        return "".join(lines), process.wait()
    except KeyboardInterrupt:
        process.terminate()
        process.wait()
        raise RuntimeFailure("interrupted: openssl speed stopped, nothing recorded") from None


def openssl_version(binary: str = "openssl") -> VersionHeader:
    try:
        done = subprocess.run(
            [binary, "version", "-a"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RuntimeFailure(f"cannot run {binary!r} version -a: {exc}") from None
    return parse_version_header(done.stdout)


def run_document(
    config: SpeedConfig,
    machine: Machine,
    on_line: Callable[[str], None] = lambda line: None,
) -> tuple[RunDocument, list[ParseWarning]]:
    """Run openssl speed as configured; the run document and the parser's warnings."""
    header = openssl_version(config.binary)
    speed = run_speed(config, on_line)
    try:
        parsed = parse_openssl_speed(
            speed.output,
            source_name="openssl speed output",
            version=header.version,
            build=header.build,
            library=header.library,
        )
    except ParseError:
        tail = " | ".join(speed.output.strip().splitlines()[-3:])[:400]
        if "Unknown algorithm" in speed.output:
            raise UsageError(f"openssl speed: {tail}") from None
        raise RuntimeFailure(
            f"openssl speed gave no results (exit {speed.returncodes}): {tail}"
        ) from None
    if config.engine and parsed.invalid_engine:
        raise RuntimeFailure(f"openssl could not load engine {config.engine!r}; nothing recorded")
    options = " | ".join(" ".join(command[1:]) for command in config.commands())
    run = document(
        parsed,
        machine=machine,
        started_at=speed.started_at,
        finished_at=speed.finished_at,
        tags=config.tags(),
        options=options,
        artifact=text_artifact(speed.output),
    )
    return run, parsed.warnings
