"""`openssl speed` outputs -> run documents: tags and options the output states, stable run ids.

Pure: the caller supplies the machine, the times and the original text (kept as the artifact).
"""

import hashlib
import uuid
from datetime import datetime

from cryptobench_contract import Artifact, Machine, RunDocument, Tool, new_run_id
from cryptobench_contract.run import MAX_ARTIFACT_CHARS
from cryptobench_parsers.openssl_session import Command, SessionOutput
from cryptobench_parsers.openssl_speed import SpeedOutput

PARSE_NAMESPACE = uuid.UUID("6f1c7a52-8a51-4d0e-9f5c-0f3f2b1f0c01")


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
        artifact=Artifact(media_type="text/plain", content=capped(raw)),
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


def parse_run_id(text: str, part: int | None = None, salt: str = "") -> uuid.UUID:
    """The same output parsed twice gets the same run_id, so uploading it twice stores it once;
    the `part`-th command of a session gets its own; `salt` (import options) keeps apart the
    same text imported under another machine name or tags."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    key = digest if part is None and not salt else f"{digest}:{part}:{salt}"
    return uuid.uuid5(PARSE_NAMESPACE, key)


def session_documents(
    text: str,
    session: SessionOutput,
    *,
    machine: Machine,
    started_at: datetime,
    salt: str = "",
) -> list[RunDocument]:
    """One run document per command of a parsed session; the whole text is each one's artifact
    (the warnings' line numbers count in it)."""
    several = len(session.runs) > 1
    return [
        document(
            parsed,
            machine=machine,
            started_at=started_at,
            finished_at=None,
            tags={},
            options=inferred_options(parsed, command),
            raw=text,
            run_id=parse_run_id(text, number if several else None, salt),
            command=command,
        )
        for number, (command, parsed) in enumerate(session.runs, start=1)
    ]


def inferred_options(parsed: SpeedOutput, command: Command | None = None) -> str | None:
    if command is not None:
        return command.args or None
    flags = ["-mr"] if parsed.machine_readable else []
    flags += ["-elapsed"] if parsed.elapsed else []
    flags += [f"-engine {parsed.engine}"] if parsed.engine else []
    flags += [f"-multi {parsed.multi}"] if parsed.multi else []
    return " ".join(flags) or None


def capped(raw: str) -> str:
    if len(raw) <= MAX_ARTIFACT_CHARS:
        return raw
    marker = "\n[cryptobench: output truncated]\n"
    return raw[: MAX_ARTIFACT_CHARS - len(marker)] + marker
