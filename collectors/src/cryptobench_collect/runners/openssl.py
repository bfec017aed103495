"""Run the system's `openssl speed -mr` and turn its output into a run document.

The command is built from a list (no shell); output is streamed line by line to a callback
(the CLI shows progress from the +DT/+DTP records) and kept whole as the run's artifact.
"""

import hashlib
import subprocess
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from cryptobench_contract import (
    Artifact,
    Machine,
    ParseWarning,
    RunDocument,
    Tool,
    new_run_id,
    utc_now,
)
from cryptobench_contract.run import MAX_ARTIFACT_CHARS

from cryptobench_collect.errors import InputError, RuntimeFailure, UsageError
from cryptobench_collect.parsers.openssl_session import Command
from cryptobench_collect.parsers.openssl_speed import (
    SpeedOutput,
    parse_openssl_speed,
    parse_version_header,
)

PARSE_NAMESPACE = uuid.UUID("6f1c7a52-8a51-4d0e-9f5c-0f3f2b1f0c01")


@dataclass(frozen=True)
class SpeedConfig:
    algorithms: tuple[str, ...] = ()
    seconds: int | None = None
    evp: bool = False
    elapsed: bool = False
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
        return [base + ["-evp", algorithm] for algorithm in self.algorithms]

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
        if self.elapsed:
            tags["elapsed"] = "true"
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


def openssl_version(binary: str = "openssl") -> tuple[str | None, dict[str, str]]:
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
    version, build = openssl_version(config.binary)
    speed = run_speed(config, on_line)
    try:
        parsed = parse_openssl_speed(
            speed.output, source_name="openssl speed output", version=version, build=build
        )
    except InputError:
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
        raw=speed.output,
    )
    return run, parsed.warnings


def document(
    parsed: SpeedOutput,
    *,
    machine: Machine,
    started_at: datetime,
    finished_at: datetime | None,
    tags: dict[str, str],
    options: str | None,
    raw: str,
    run_id: uuid.UUID | None = None,
    command: Command | None = None,
) -> RunDocument:
    return RunDocument(
        run_id=run_id or new_run_id(),
        source="openssl-speed",
        started_at=started_at,
        finished_at=finished_at,
        machine=machine,
        tool=Tool(name="openssl", version=parsed.version, build=parsed.build_text, options=options),
        tags={**output_tags(parsed, command), **tags},
        results=parsed.results,
        artifact=Artifact(media_type="text/plain", content=_capped(raw)),
        warnings=parsed.warnings,
    )


def output_tags(parsed: SpeedOutput, command: Command | None = None) -> dict[str, str]:
    """What the output itself (and the command typed before it) says about the configuration."""
    tags = dict(command.env) if command is not None else {}
    if parsed.engine:
        tags["engine"] = parsed.engine
    if parsed.elapsed:
        tags["elapsed"] = "true"
    if parsed.multi:
        tags["multi"] = str(parsed.multi)
    return tags


def parse_run_id(text: str, part: int | None = None) -> uuid.UUID:
    """The same output parsed twice gets the same run_id, so uploading it twice stores it once;
    the `part`-th command of a session gets its own."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return uuid.uuid5(PARSE_NAMESPACE, digest if part is None else f"{digest}:{part}")


def inferred_options(parsed: SpeedOutput, command: Command | None = None) -> str | None:
    if command is not None:
        return command.args or None
    flags = ["-mr"] if parsed.machine_readable else []
    flags += ["-elapsed"] if parsed.elapsed else []
    flags += [f"-engine {parsed.engine}"] if parsed.engine else []
    flags += [f"-multi {parsed.multi}"] if parsed.multi else []
    return " ".join(flags) or None


def _capped(raw: str) -> str:
    if len(raw) <= MAX_ARTIFACT_CHARS:
        return raw
    marker = "\n[cryptobench: output truncated]\n"
    return raw[: MAX_ARTIFACT_CHARS - len(marker)] + marker
