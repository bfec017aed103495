"""`cryptsetup benchmark` output -> run documents. Pure: no I/O.

Three kinds of lines are figures:
- `PBKDF2-sha256  4088015 iterations per second for 256-bit key`: PBKDF2 with that hash, one
  result in iterations/s (metric other), params hash and key_bits;
- `argon2id  5 iterations, 1048576 memory, 4 parallel threads (CPUs) for 256-bit key
  (requested 2000 ms time)`: the Argon2 cost cryptsetup found for the requested time, one result
  of the iterations (metric other) with memory_kib, threads, key_bits and requested_ms as params;
- a row of the cipher table (`aes-xts  512b  2334.9 MiB/s  2329.1 MiB/s`): an encrypt and a
  decrypt result in MiB/s, the cipher and mode as the algorithm (AES with its key size as
  openssl names it: aes-xts 512b is AES-256-XTS, XTS keys being two keys), key_bits the key
  size printed; `N/A` cells (no kernel support) are no result.

The ciphers run in the kernel (cryptsetup measures them through the kernel's userspace crypto
API): their library is the Linux kernel crypto API. PBKDF2 and Argon2 run in cryptsetup's
crypto backend: its library when `--debug` prints it (`Crypto backend (OpenSSL 3.0.2 ...)
initialized`), else none. `cryptsetup 2.3.5` (its `--version`) is the tool's version; a shell
prompt `user@host` before the command names the machine, else it is the unknown machine. Each
`cryptsetup benchmark` command line, or the `# Tests are approximate ...` line after results,
starts another run.
"""

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cryptobench_contract import Machine, ParseWarning, Result, RunDocument, Tool, new_run_id
from cryptobench_contract.libraries import split_library
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_contract.vocabulary import Operation, Source
from cryptobench_parsers.figures import kept_warnings, short
from cryptobench_parsers.harness_runs import measured, prompt_host, run_documents
from cryptobench_parsers.import_format import Format, harness, lines
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "cryptsetup-benchmark"
TOOL = "cryptsetup benchmark"
KERNEL = "Linux kernel crypto API"
_NUMBER = r"\d+(?:\.\d+)?"
_PBKDF2 = re.compile(
    r"^\s*PBKDF2-(?P<hash>\w+)\s+(?P<value>\d+) iterations per second(?: for (?P<bits>\d+)-bit key)?"
)
_ARGON2 = re.compile(
    r"^\s*(?P<name>argon2i|argon2id)\s+(?P<iterations>\d+) iterations, (?P<memory>\d+) memory, "
    r"(?P<threads>\d+) parallel threads? \(CPUs\)(?: for (?P<bits>\d+)-bit key)?"
    r"(?: \(requested (?P<ms>\d+) ms time\))?"
)
_ROW = re.compile(
    rf"^\s*(?P<cipher>[a-z0-9]+)-(?P<mode>[a-z0-9\-]+)\s+(?P<bits>\d+)b\s+"
    rf"(?:(?P<enc>{_NUMBER}) MiB/s|N/A)\s+(?:(?P<dec>{_NUMBER}) MiB/s|N/A)"
)
#: Blank runs taken whole (possessive): `\s*#?\s*` split a line of blanks every way (quadratic).
_HEADER = re.compile(
    r"^\s*+(?:#\s*+)?Algorithm\s*+\|\s*+Key\s*+\|\s*+Encryption\s*+\|\s*+Decryption\s*+$"
)
_APPROXIMATE = re.compile(r"^\s*# Tests are approximate using memory only")
_COMMAND = re.compile(r"(?:^|[\s$#>])cryptsetup(?:\s+-\S+)*\s+benchmark\b")
_VERSION = re.compile(r"^\s*cryptsetup (?P<version>\d+\.\d+\.\d+\S*)\s*$")
_BACKEND = re.compile(r"Crypto backend \((?P<backend>[^)]+)\) initialized")
_CIPHERS = {"aes": "AES", "serpent": "Serpent", "twofish": "Twofish", "cast5": "CAST5"}


@dataclass
class _Run:
    first_line: int
    host: str | None
    version: str | None
    backend: str | None = None
    results: list[Result] = field(default_factory=list)


def recognizes(line: str) -> bool:
    """A PBKDF2 or Argon2 line, the cipher table's header or one of its rows."""
    return short(line) and bool(
        _PBKDF2.match(line) or _ARGON2.match(line) or _HEADER.match(line) or _ROW.match(line)
    )


def parse_cryptsetup_benchmark(
    text: str, *, source_name: str, started_at: datetime
) -> list[RunDocument]:
    """One run document per `cryptsetup benchmark` in `text`; ParseError when none."""
    runs: list[_Run] = []
    host: str | None = None
    version: str | None = None
    understood: set[int] = set()
    numbered = list(filled_lines(text))
    for number, line in numbered:
        if not short(line):
            continue
        if _COMMAND.search(line) or (_APPROXIMATE.match(line) and (not runs or runs[-1].results)):
            host = prompt_host(line) or host
            runs.append(_Run(number, host, version))
        elif (found := _VERSION.match(line)) is not None:
            version = found["version"]
        elif (backend := _BACKEND.search(line)) is not None:
            _current(runs, number, host, version).backend = backend["backend"]
        elif (figures := _results(line)) is not None:
            _current(runs, number, host, version).results.extend(figures)
        elif not _HEADER.match(line):
            continue
        understood.add(number)
    missing = f"no {TOOL} figures (`aes-xts  512b  2334.9 MiB/s  2329.1 MiB/s`)"
    return run_documents(
        measured(runs, source_name, missing),
        numbered,
        understood,
        source_name,
        lambda run, w: _document(run, started_at, w),
    )


def _current(runs: list[_Run], number: int, host: str | None, version: str | None) -> _Run:
    if not runs:
        runs.append(_Run(number, host, version))
    return runs[-1]


def _results(line: str) -> list[Result] | None:
    if (pbkdf2 := _PBKDF2.match(line)) is not None:
        params: dict[str, Any] = {"hash": pbkdf2["hash"].upper()}
        params |= {"key_bits": int(pbkdf2["bits"])} if pbkdf2["bits"] else {}
        return [
            _kdf(
                f"PBKDF2-{pbkdf2['hash']}", "PBKDF2", float(pbkdf2["value"]), "iterations/s", params
            )
        ]
    if (argon2 := _ARGON2.match(line)) is not None:
        params = {"memory_kib": int(argon2["memory"]), "threads": int(argon2["threads"])}
        params |= {"key_bits": int(argon2["bits"])} if argon2["bits"] else {}
        params |= {"requested_ms": int(argon2["ms"])} if argon2["ms"] else {}
        name = argon2["name"]
        return [_kdf(name, name.capitalize(), float(argon2["iterations"]), "iterations", params)]
    if (row := _ROW.match(line)) is not None:
        return _cipher(row)
    return None


def _kdf(name: str, algorithm: str, value: float, unit: str, params: dict[str, Any]) -> Result:
    return Result(
        name=name,
        algorithm=algorithm,
        operation="derive",
        params=params,
        metric="other",
        value=value,
        unit=unit,
    )


def _cipher(row: re.Match[str]) -> list[Result]:
    cipher, mode, bits = row["cipher"], row["mode"], int(row["bits"])
    name = f"{cipher}-{mode} {bits}b"
    base = _CIPHERS.get(cipher, cipher)
    key = bits // 2 if mode.startswith("xts") else bits
    algorithm = f"AES-{key}-{mode.upper()}" if cipher == "aes" else f"{base}-{mode.upper()}"
    return [
        Result(
            name=name,
            family="cipher",
            algorithm=algorithm,
            operation=operation,
            library=KERNEL,
            params={"key_bits": bits},
            metric="bytes_per_s",
            value=float(value),
            unit="MiB/s",
        )
        for operation, value in _directions(row)
        if value is not None
    ]


def _directions(row: re.Match[str]) -> tuple[tuple[Operation, str | None], ...]:
    return (("encrypt", row["enc"]), ("decrypt", row["dec"]))


def _document(run: _Run, at: datetime, warnings: list[ParseWarning]) -> RunDocument:
    results = run.results
    if run.backend:
        library = split_library(run.backend)
        results = [
            r
            if r.library
            else r.model_copy(update={"library": library.name, "library_version": library.version})
            for r in results
        ]
    return RunDocument(
        run_id=new_run_id(),
        source=SOURCE,
        started_at=at,
        machine=Machine(name=run.host or UNKNOWN_MACHINE),
        tool=Tool(name=TOOL, version=run.version),
        results=results,
        warnings=kept_warnings(warnings),
    )


FORMAT = Format(
    name="cryptsetup",
    tool="cryptsetup benchmark",
    looks_like="its PBKDF2 and Argon2 lines and the Algorithm | Key | Encryption | Decryption "
    "table",
    parse=harness(parse_cryptsetup_benchmark),
    sources=(SOURCE,),
    count=lines(recognizes),
)
