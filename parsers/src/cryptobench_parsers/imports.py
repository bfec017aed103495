"""Raw text a tool printed -> run documents and warnings, as `POST /api/v1/imports` and
`cryptobench-server import` store them (shared/DESIGN.md "Other writes").

Pure: the caller gives the text, the options and the time it was received. Run ids are uuid5
of the text, the options and the run's position, so the same text imported again gives the same
ids (and another machine name or other tags give other ones). The original text is each run's
artifact, so the warnings' line numbers count in it.
"""

import hashlib
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from cryptobench_contract import Artifact, Machine, ParseWarning, RunDocument
from cryptobench_parsers.detect import FORMATS, Detection, detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.jmh import parse_jmh
from cryptobench_parsers.openssl_documents import capped, session_documents
from cryptobench_parsers.openssl_session import parse_openssl_session
from cryptobench_parsers.serial_documents import build_document
from cryptobench_parsers.serial_runs import assemble_text

IMPORT_NAMESPACE = uuid.UUID("3c0e7f7a-1d52-4a8e-9f0b-6d2a51c4e8b3")
DEFAULT_MACHINE = "imported"
_MEDIA_TYPES = {"jmh": "application/json"}
_BINARY_SHARE = 0.01


@dataclass(frozen=True)
class ImportOptions:
    format: str = "auto"
    machine_name: str | None = None
    tags: dict[str, str] = field(default_factory=dict)
    source_name: str = "import"

    def salt(self) -> str:
        return json.dumps(
            [self.format, self.machine_name, sorted(self.tags.items())], ensure_ascii=False
        )


@dataclass(frozen=True)
class Imported:
    detection: Detection
    runs: list[RunDocument]

    @property
    def warnings(self) -> list[ParseWarning]:
        return [item for run in self.runs for item in run.warnings]


def decode(data: bytes, *, source_name: str) -> str:
    """UTF-8 text (a BOM dropped); binary data is a ParseError naming the first bad line."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ParseError(source_name, line, "not UTF-8 text (a binary file?)") from None
    head = text[:65536]
    if head and head.count("\x00") > _BINARY_SHARE * len(head):
        raise ParseError(source_name, None, "binary data (NUL bytes), not a tool's text output")
    return text


def import_text(text: str, options: ImportOptions, *, received_at: datetime) -> Imported:
    """The run documents of `text`; raises ParseError (the format tried, the line) when none."""
    if options.format == "auto":
        detection = detect(text, source_name=options.source_name)
    elif options.format in FORMATS:
        detection = Detection(options.format, "given")
    else:
        raise ParseError(
            options.source_name, None, f"format {options.format!r}: use auto, {', '.join(FORMATS)}"
        )
    documents = _PARSERS[detection.format](text, options, received_at)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    media_type = _MEDIA_TYPES.get(detection.format, "text/plain")
    runs = [
        _finished(document, options, number, digest, text, media_type)
        for number, document in enumerate(documents, start=1)
    ]
    return Imported(detection, runs)


def _openssl(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    session = parse_openssl_session(text, source_name=options.source_name)
    return session_documents(text, session, machine=_machine(options), started_at=at)


def _jmh(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    return [
        parse_jmh(text, source_name=options.source_name, machine=_machine(options), started_at=at)
    ]


def _serial(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    assembler = assemble_text(text, source_name=options.source_name, at=at)
    if not assembler.runs:
        raise ParseError(
            options.source_name,
            assembler.warnings[0].line if assembler.warnings else None,
            "no benchmark results found (expected BENCH lines from the firmware, seed 002's "
            "RSA lines, or Mbed TLS / wolfSSL benchmark output)",
        )
    return [build_document(run, machine_name=options.machine_name) for run in assembler.runs]


_PARSERS: dict[str, Callable[[str, ImportOptions, datetime], list[RunDocument]]] = {
    "openssl": _openssl,
    "jmh": _jmh,
    "serial": _serial,
}


def _machine(options: ImportOptions) -> Machine:
    return Machine(name=options.machine_name or DEFAULT_MACHINE)


def _finished(
    document: RunDocument,
    options: ImportOptions,
    number: int,
    digest: str,
    text: str,
    media_type: str,
) -> RunDocument:
    data: dict[str, Any] = document.model_dump(by_alias=True)
    data["run_id"] = uuid.uuid5(IMPORT_NAMESPACE, f"{digest}:{number}:{options.salt()}")
    data["tags"] = {**data["tags"], **options.tags}
    if options.machine_name:
        data["machine"]["name"] = options.machine_name
    data["artifact"] = Artifact(media_type=media_type, content=capped(text)).model_dump()
    try:
        return RunDocument.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ParseError(options.source_name, None, f"{where}: {first['msg']}") from None
