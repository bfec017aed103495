"""Raw text a tool printed -> run documents and warnings, as `POST /api/v1/imports` and
`cryptobench-server import` store them (shared/DESIGN.md "Other writes").

Pure: the caller gives the text, the options and the time it was received. Run ids are uuid5
of the text, the options and the run's position, so the same text imported again gives the same
ids (and another machine name or other tags give other ones; another `started_at` does not: it
is the same paste). Each run's machine is `text_machine.import_machine`'s; its `started_at` is
the date the output states, else the person's `started_at`, else the time the text was
received, and `machine.extra.date_source` says which (`output`, `given`, `import-time`), stored
with the run as the clock's source is. The original text is each run's
artifact, one object shared by all (so the warnings' line numbers count in it). The format (given,
or detected) is read by its registry entry (`formats.BY_NAME`): its parse, the artifact's media
type and where run ids come from. The runs are made one at a time as the caller takes them (an
`openssl speed` session command by command), so a paste of thousands of sessions never holds
more than one run's results.
"""

import itertools
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from cryptobench_contract import Artifact, RunDocument
from cryptobench_parsers.detect import Detection, detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.formats import BY_NAME, NAMES
from cryptobench_parsers.import_format import Format, ImportOptions
from cryptobench_parsers.limits import check_numbers
from cryptobench_parsers.openssl.documents import capped, text_digest
from cryptobench_parsers.pastes import unwrapped
from cryptobench_parsers.text_machine import import_machine, text_facts

__all__ = ["IMPORT_NAMESPACE", "ImportOptions", "Imported", "decode", "import_text"]

IMPORT_NAMESPACE = uuid.UUID("3c0e7f7a-1d52-4a8e-9f0b-6d2a51c4e8b3")
_BINARY_SHARE = 0.01


@dataclass(frozen=True)
class Imported:
    """The format of a text and its run documents, made one at a time as `runs` is iterated:
    a later run can still raise ParseError (one the contract refuses)."""

    detection: Detection
    runs: Iterator[RunDocument]


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
    """The run documents of `text`; raises ParseError (the format tried, the line) when none,
    or when the first run cannot be made (an option the contract refuses). Mail quotes and
    wrapped lines are undone first (pastes.unwrapped); the artifact is the text as given. A
    number longer than any tool prints is a ParseError naming its line (limits.check_numbers)."""
    check_numbers(text, options.source_name)
    parsed = unwrapped(text).text
    if options.format == "auto":
        detection = detect(parsed, source_name=options.source_name)
    elif options.format in BY_NAME:
        detection = Detection(options.format, "given")
    else:
        raise ParseError(
            options.source_name, None, f"format {options.format!r}: use auto, {', '.join(NAMES)}"
        )
    read = BY_NAME[detection.format]
    fallback = options.started_at or received_at
    documents = _contract_checked(read, parsed, options, fallback)
    json_text = read.json_artifact and text.lstrip().startswith(("[", "{"))
    artifact = Artifact(
        media_type="application/json" if json_text else "text/plain", content=capped(text)
    )
    paste = _Paste(text_digest(text), artifact, text_facts(parsed), fallback)
    runs = _finished(documents, options, paste, keyed=read.entry_ids)
    first = next(runs)
    return Imported(detection, itertools.chain([first], runs))


@dataclass(frozen=True)
class _Paste:
    """What every run of one paste shares: the text's digest, its artifact, the machine facts
    it states and the start a run gets when its output states none."""

    digest: str
    artifact: Artifact
    facts: dict[str, str]
    fallback: datetime


def _finished(
    documents: Iterable[RunDocument],
    options: ImportOptions,
    paste: _Paste,
    *,
    keyed: bool,
) -> Iterator[RunDocument]:
    """The parsers' documents with the import's run ids (of the entry when `keyed`, else of the
    text and the position), machine, date source, tags and artifact. The results, validated by
    the parser, are passed on as they are (pydantic does not validate a model instance again)."""
    for number, document in enumerate(documents, start=1):
        data: dict[str, Any] = document.model_dump(by_alias=True, exclude={"artifact", "results"})
        data["results"] = document.results
        key = f"entry:{document.run_id}" if keyed else f"{paste.digest}:{number}"
        data["run_id"] = uuid.uuid5(IMPORT_NAMESPACE, f"{key}:{options.salt()}")
        data["tags"] = {**data["tags"], **options.tags}
        machine = import_machine(
            document.machine, paste.digest, person=options.machine_name, facts=paste.facts
        )
        data["machine"] = machine.model_dump()
        data["machine"]["extra"]["date_source"] = _date_source(document, options, paste)
        try:
            finished = RunDocument.model_validate(data)
        except ValidationError as exc:
            raise ParseError(options.source_name, None, _refusal(exc)) from None
        yield finished.model_copy(update={"artifact": paste.artifact})


def _date_source(document: RunDocument, options: ImportOptions, paste: _Paste) -> str:
    """Where the run's start comes from: the output (a date the parser read), the person's
    `started_at`, or the time of the import."""
    if document.started_at != paste.fallback:
        return "output"
    return "given" if options.started_at else "import-time"


def _contract_checked(
    read: Format, text: str, options: ImportOptions, at: datetime
) -> Iterator[RunDocument]:
    """The parser's documents; a value the contract refuses (a mangled paste's negative
    spread, a 300-character name, a number beyond any measurement) is a ParseError naming the
    format and the field."""
    try:
        yield from read.parse(text, options, at)
    except ValidationError as exc:
        raise ParseError(
            options.source_name,
            None,
            f"the {read.tool} output holds a value the contract refuses: {_refusal(exc)}",
        ) from None


def _refusal(exc: ValidationError) -> str:
    first = exc.errors()[0]
    return f"{'.'.join(str(part) for part in first['loc'])}: {first['msg']}"
