"""The `serial` import format: a board's console (the CryptoBench firmware's BENCH lines, seed
002's RSA lines, Mbed TLS or wolfSSL benchmark output), one run per pass of the benchmark."""

from datetime import datetime

from cryptobench_contract import RunDocument
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.import_format import Format, ImportOptions, lines, too_many_runs
from cryptobench_parsers.serial.documents import SOURCES, build_document
from cryptobench_parsers.serial.lines import Fact, LineError, parse_line
from cryptobench_parsers.serial.runs import assemble_text


def recognizes(line: str) -> bool:
    """A result line of one of the console formats, or a protocol line that is broken."""
    try:
        item = parse_line(line)
    except LineError:
        return True
    return item is not None and not isinstance(item, Fact)


def _runs(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
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


FORMAT = Format(
    name="serial",
    tool="a board's serial console",
    looks_like="the CryptoBench firmware's BENCH lines, seed 002's RSA lines, "
    "Mbed TLS or wolfSSL benchmark output",
    parse=_runs,
    sources=tuple(dict.fromkeys(SOURCES.values())),
    count=lines(recognizes),
)
