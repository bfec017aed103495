"""The `openssl` import format: `openssl speed` output, one run per command of a pasted
session, parsed and made one at a time as the caller takes them (a paste of thousands of
sessions never holds more than one run's results)."""

import re
from collections.abc import Iterable
from datetime import datetime

from cryptobench_contract import RunDocument
from cryptobench_parsers.figures import short
from cryptobench_parsers.import_format import Format, ImportOptions, lines, named_machine
from cryptobench_parsers.openssl.documents import run_documents
from cryptobench_parsers.openssl.session import session_runs

_ROW = re.compile(
    r"^(?:Doing .+ for \d+s"
    r"|\+(?:DTP?|H|R\d*|F\d*):"
    r"|type\s+16 bytes"
    r"|The 'numbers' are in 1000s of bytes"
    r"|\s*(?:sign|keygen|op)\s+\S+.*/s\s*$"
    r"|(?:rsa|dsa)\s+\d+\s+bits?\s+\d"
    r"|\s*\d+\s+bits?\s+(?:ecdsa|ecdh|EdDSA|SM2|ffdh)\b"
    r"|\S(?:[\w\-]| (?=[\w\-]))*?(?:\s+\d+\.\d+k){3,})"
)
_COMMAND = re.compile(r"(?:^|[\s/\\>$#%])openssl(?:\.exe)?\s+speed\b")


def recognizes(line: str) -> bool:
    """A line of openssl speed's output (no longer than a row: the table row's name is read a
    character at a time, each kept on the regex engine's stack, 50 MB for a line of 400,000),
    or one holding the `openssl speed` command."""
    if short(line) and _ROW.match(line) is not None:
        return True
    return "openssl" in line and _COMMAND.search(line) is not None


def _runs(text: str, options: ImportOptions, at: datetime) -> Iterable[RunDocument]:
    runs = session_runs(text, source_name=options.source_name, max_runs=options.max_runs)
    return run_documents(text, runs, machine=named_machine(options), started_at=at)


FORMAT = Format(
    name="openssl",
    tool="openssl speed",
    looks_like="progress lines, result tables or -mr records",
    parse=_runs,
    sources=("openssl-speed",),
    count=lines(recognizes),
)
