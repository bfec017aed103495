"""Raw text a tool printed -> run documents and warnings, as `POST /api/v1/imports` and
`cryptobench-server import` store them (shared/DESIGN.md "Other writes").

Pure: the caller gives the text, the options and the time it was received. Run ids are uuid5
of the text, the options and the run's position, so the same text imported again gives the same
ids (and another machine name or other tags give other ones; another `started_at` does not: it
is the same paste). Each run's machine is `text_machine.import_machine`'s; its `started_at` is
the date the output states, else the person's `started_at`, else the time the text was
received, and `machine.extra.date_source` says which (`output`, `given`, `import-time`), stored
with the run as the clock's source is. The original text is each run's
artifact, one object shared by all (so the warnings' line numbers count in it). The runs of a
pasted `openssl speed` session are parsed and made one at a time as the caller takes them, so
a paste of thousands of sessions never holds more than one run's results.
"""

import itertools
import json
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from cryptobench_contract import Artifact, Machine, RunDocument
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_parsers.action_benchmark import entry_count, parse_action_benchmark
from cryptobench_parsers.benchstat import parse_benchstat
from cryptobench_parsers.botan_speed import parse_botan_speed
from cryptobench_parsers.bssl_speed import parse_bssl_speed
from cryptobench_parsers.criterion import parse_criterion
from cryptobench_parsers.cryptsetup_benchmark import parse_cryptsetup_benchmark
from cryptobench_parsers.detect import FORMATS, TOOLS, Detection, detect
from cryptobench_parsers.dudect import parse_dudect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.go_bench import parse_go_bench
from cryptobench_parsers.google_benchmark import parse_google_benchmark
from cryptobench_parsers.hyperfine import parse_hyperfine
from cryptobench_parsers.jmh.text_tables import jmh_documents
from cryptobench_parsers.liboqs_speed import parse_liboqs_speed
from cryptobench_parsers.limits import check_numbers
from cryptobench_parsers.openssl.documents import capped, run_documents, text_digest
from cryptobench_parsers.openssl.session import session_runs, too_many_runs
from cryptobench_parsers.pastes import unwrapped
from cryptobench_parsers.pqm4 import parse_pqm4
from cryptobench_parsers.pytest_benchmark import parse_pytest_benchmark
from cryptobench_parsers.serial.documents import build_document
from cryptobench_parsers.serial.runs import assemble_text
from cryptobench_parsers.text_machine import import_machine, text_facts

IMPORT_NAMESPACE = uuid.UUID("3c0e7f7a-1d52-4a8e-9f0b-6d2a51c4e8b3")
_MEDIA_TYPES = {
    "jmh": "application/json",
    "gbench": "application/json",
    "pytest-benchmark": "application/json",
    "action-benchmark": "application/json",
    "hyperfine": "application/json",
}
#: Formats whose runs are the entries of a store that grows (github-action-benchmark's data.js):
#: a run's id comes from its entry (the parser's run id), not from its position in the text, so
#: the store imported again after more commits answers the entries it held before as stored.
_ENTRY_IDS = {"action-benchmark"}
_BINARY_SHARE = 0.01
_Parser = Callable[[str, "ImportOptions", datetime], Iterable[RunDocument]]


@dataclass(frozen=True)
class ImportOptions:
    format: str = "auto"
    machine_name: str | None = None
    tags: dict[str, str] = field(default_factory=dict)
    source_name: str = "import"
    #: When the person says the output was measured: the run's start unless the output states
    #: one (module doc).
    started_at: datetime | None = None
    #: At most this many runs from one text (None: no limit); more is a ParseError before any
    #: run is made.
    max_runs: int | None = None

    def salt(self) -> str:
        return json.dumps(
            [self.format, self.machine_name, sorted(self.tags.items())], ensure_ascii=False
        )


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
    elif options.format in FORMATS:
        detection = Detection(options.format, "given")
    else:
        raise ParseError(
            options.source_name, None, f"format {options.format!r}: use auto, {', '.join(FORMATS)}"
        )
    fallback = options.started_at or received_at
    documents = _contract_checked(detection.format, parsed, options, fallback)
    json_text = text.lstrip().startswith(("[", "{"))
    media_type = _MEDIA_TYPES.get(detection.format, "text/plain") if json_text else "text/plain"
    artifact = Artifact(media_type=media_type, content=capped(text))
    keyed = detection.format in _ENTRY_IDS
    paste = _Paste(text_digest(text), artifact, text_facts(parsed), fallback)
    runs = _finished(documents, options, paste, keyed=keyed)
    first = next(runs)
    return Imported(detection, itertools.chain([first], runs))


def _openssl(text: str, options: ImportOptions, at: datetime) -> Iterable[RunDocument]:
    runs = session_runs(text, source_name=options.source_name, max_runs=options.max_runs)
    return run_documents(text, runs, machine=_machine(options), started_at=at)


def _jmh(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    documents = jmh_documents(
        text, source_name=options.source_name, machine=_machine(options), started_at=at
    )
    return _at_most(documents, options)


def _serial(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    assembler = assemble_text(text, source_name=options.source_name, at=at)
    if not assembler.runs:
        raise ParseError(
            options.source_name,
            assembler.warnings[0].line if assembler.warnings else None,
            "no benchmark results found (expected BENCH lines from the firmware, seed 002's "
            "RSA lines, or Mbed TLS / wolfSSL benchmark output)",
        )
    if options.max_runs is not None and len(assembler.runs) > options.max_runs:
        raise ParseError(options.source_name, None, too_many_runs(options.max_runs))
    return [build_document(run, machine_name=options.machine_name) for run in assembler.runs]


def _go(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    return _at_most(parse_go_bench(text, source_name=options.source_name, started_at=at), options)


def _criterion(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    documents = parse_criterion(text, source_name=options.source_name, started_at=at)
    return _at_most(documents, options)


def _gbench(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    documents = parse_google_benchmark(text, source_name=options.source_name, started_at=at)
    return _at_most(documents, options)


def _harness(parse: Callable[..., list[RunDocument]]) -> _Parser:
    """The import of a harness whose parser takes the text, its source name and start."""

    def parsed(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
        return _at_most(parse(text, source_name=options.source_name, started_at=at), options)

    return parsed


def _action_benchmark(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    """One run per commit entry; more entries than `max_runs` is refused before any is made."""
    entries = entry_count(text, source_name=options.source_name)
    if options.max_runs is not None and entries > options.max_runs:
        raise ParseError(
            options.source_name,
            None,
            f"this data.js holds {entries} commit entries (one run each); an import makes at "
            f"most {options.max_runs} runs (the server's max_import_runs). Raise it, or import "
            "the store in parts of whole entries: an entry imported again is answered as stored",
        )
    return parse_action_benchmark(text, source_name=options.source_name, started_at=at)


def _at_most(documents: list[RunDocument], options: ImportOptions) -> list[RunDocument]:
    if options.max_runs is not None and len(documents) > options.max_runs:
        raise ParseError(options.source_name, None, too_many_runs(options.max_runs))
    return documents


_PARSERS: dict[str, _Parser] = {
    "openssl": _openssl,
    "jmh": _jmh,
    "serial": _serial,
    "go": _go,
    "criterion": _criterion,
    "gbench": _gbench,
    "liboqs": _harness(parse_liboqs_speed),
    "cryptsetup": _harness(parse_cryptsetup_benchmark),
    "bssl": _harness(parse_bssl_speed),
    "botan": _harness(parse_botan_speed),
    "benchstat": _harness(parse_benchstat),
    "hyperfine": _harness(parse_hyperfine),
    "dudect": _harness(parse_dudect),
    "pqm4": _harness(parse_pqm4),
    "pytest-benchmark": _harness(parse_pytest_benchmark),
    "action-benchmark": _action_benchmark,
}


def _machine(options: ImportOptions) -> Machine:
    return Machine(name=options.machine_name or UNKNOWN_MACHINE)


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
    format: str, text: str, options: ImportOptions, at: datetime
) -> Iterator[RunDocument]:
    """The parser's documents; a value the contract refuses (a mangled paste's negative
    spread, a 300-character name, a number beyond any measurement) is a ParseError naming the
    format and the field."""
    try:
        yield from _PARSERS[format](text, options, at)
    except ValidationError as exc:
        raise ParseError(
            options.source_name,
            None,
            f"the {TOOLS[format]} output holds a value the contract refuses: {_refusal(exc)}",
        ) from None


def _refusal(exc: ValidationError) -> str:
    first = exc.errors()[0]
    return f"{'.'.join(str(part) for part in first['loc'])}: {first['msg']}"
