"""`openssl speed` outputs -> run documents: tags and options the output states, stable run ids.

Pure: the caller supplies the machine, the times and the original text (kept as the artifact:
one `Artifact` that every run of a session shares, never a copy per run).
"""

import hashlib
import uuid
from collections.abc import Iterable, Iterator
from datetime import datetime

from cryptobench_contract import Artifact, Machine, RunDocument, Tool, new_run_id
from cryptobench_contract.run import MAX_ARTIFACT_CHARS
from cryptobench_parsers.figures import kept_warnings
from cryptobench_parsers.openssl.session import Command, SessionOutput
from cryptobench_parsers.openssl.speed import SpeedOutput

PARSE_NAMESPACE = uuid.UUID("6f1c7a52-8a51-4d0e-9f5c-0f3f2b1f0c01")


def document(
    parsed: SpeedOutput,
    *,
    machine: Machine,
    started_at: datetime,
    finished_at: datetime | None,
    tags: dict[str, str],
    options: str | None,
    artifact: Artifact,
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
        artifact=artifact,
        warnings=kept_warnings(parsed.warnings),
    )


def output_tags(parsed: SpeedOutput, command: Command | None = None) -> dict[str, str]:
    """What the output itself (and the command typed before it) says about the configuration."""
    tags = dict(command.env) if command is not None else {}
    if parsed.engine:
        tags["engine"] = parsed.engine
    if parsed.elapsed:
        tags["timing"] = "elapsed"
    if parsed.multi:
        tags["multi"] = str(parsed.multi)
    return tags


def parse_run_id(digest: str, part: int | None = None) -> uuid.UUID:
    """The same output (`digest`: its `text_digest`) parsed twice gets the same run_id, so
    uploading it twice stores it once; the `part`-th command of a session gets its own."""
    return uuid.uuid5(PARSE_NAMESPACE, digest if part is None else f"{digest}:{part}:")


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def session_documents(
    text: str,
    session: SessionOutput,
    *,
    machine: Machine,
    started_at: datetime,
) -> list[RunDocument]:
    """One run document per command of a parsed session (`run_documents`)."""
    return list(run_documents(text, session.runs, machine=machine, started_at=started_at))


def run_documents(
    text: str,
    runs: Iterable[tuple[Command | None, SpeedOutput]],
    *,
    machine: Machine,
    started_at: datetime,
) -> Iterator[RunDocument]:
    """One run document per command of a session, made as `runs` yields them; the whole text is
    each one's artifact, one object shared by all (the warnings' line numbers count in it)."""
    artifact, digest = text_artifact(text), text_digest(text)
    pending = iter(runs)
    current = next(pending, None)
    several = False
    number = 1
    while current is not None:
        following = next(pending, None)
        several = several or following is not None
        command, parsed = current
        yield document(
            parsed,
            machine=machine,
            started_at=started_at,
            finished_at=None,
            tags={},
            options=inferred_options(parsed, command),
            artifact=artifact,
            run_id=parse_run_id(digest, number if several else None),
            command=command,
        )
        current, number = following, number + 1


def inferred_options(parsed: SpeedOutput, command: Command | None = None) -> str | None:
    if command is not None:
        return command.args or None
    flags = ["-mr"] if parsed.machine_readable else []
    flags += ["-elapsed"] if parsed.elapsed else []
    flags += [f"-engine {parsed.engine}"] if parsed.engine else []
    flags += [f"-multi {parsed.multi}"] if parsed.multi else []
    return " ".join(flags) or None


def text_artifact(raw: str) -> Artifact:
    return Artifact(media_type="text/plain", content=capped(raw))


def capped(raw: str) -> str:
    if len(raw) <= MAX_ARTIFACT_CHARS:
        return raw
    marker = "\n[cryptobench: output truncated]\n"
    return raw[: MAX_ARTIFACT_CHARS - len(marker)] + marker
