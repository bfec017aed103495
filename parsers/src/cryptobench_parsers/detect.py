"""Which tool printed a text (`format=auto`): decided from the text itself, or refused.

The first lines (at most `SCAN_CHARS` characters) are read; each format counts the lines it
recognizes, and the format holding most of them (DOMINANT) is chosen: a table with a few lines
of another tool around it is read as that table, its reason naming the other lines (each
figure-like one not read is a warning of the parser). No line recognized is a ParseError that
names what was tried; lines of two formats close in number (two outputs pasted together) is a
ParseError naming the candidates, their counts and first lines: a guess would store wrong
figures or lose a run. Messages name
the formats by the tools that print them (IMPORT_FORMATS, served by GET /api/v1/vocabulary).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass

from cryptobench_parsers import (
    action_benchmark,
    benchstat,
    botan_speed,
    bssl_speed,
    criterion,
    cryptsetup_benchmark,
    dudect,
    go_bench,
    google_benchmark,
    hyperfine,
    liboqs_speed,
    pqm4,
    pytest_benchmark,
)
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import figure_like, short
from cryptobench_parsers.jmh.text_tables import has_table, table_line
from cryptobench_parsers.serial.lines import Fact, LineError, parse_line
from cryptobench_parsers.text_lines import filled_lines


@dataclass(frozen=True)
class ImportFormat:
    name: str
    """The value of `format=` (the CLI's --format)."""
    tool: str
    """The tool that prints it, as a person names it."""
    looks_like: str
    """What of its output is read."""


IMPORT_FORMATS = (
    ImportFormat("openssl", "openssl speed", "progress lines, result tables or -mr records"),
    ImportFormat("jmh", "JMH", "the JSON file of -rf json or the result tables it prints"),
    ImportFormat(
        "serial",
        "a board's serial console",
        "the CryptoBench firmware's BENCH lines, seed 002's RSA lines, "
        "Mbed TLS or wolfSSL benchmark output",
    ),
    ImportFormat(
        "go", "go test -bench", "BenchmarkX lines (-benchmem, -cpu) and the goos/cpu lines"
    ),
    ImportFormat(
        "criterion", "Rust criterion", "its console output: time: [..] and thrpt: [..] lines"
    ),
    ImportFormat(
        "gbench",
        "Google Benchmark",
        "its console table or the JSON file of --benchmark_format=json",
    ),
    ImportFormat(
        "liboqs",
        "liboqs speed_kem / speed_sig",
        "its Operation | Iterations | ... table and the Configuration info block",
    ),
    ImportFormat(
        "cryptsetup",
        "cryptsetup benchmark",
        "its PBKDF2 and Argon2 lines and the Algorithm | Key | Encryption | Decryption table",
    ),
    ImportFormat(
        "bssl",
        "bssl speed (BoringSSL, AWS-LC)",
        "its Did N ... operations in Tus (R ops/sec) lines",
    ),
    ImportFormat(
        "botan",
        "botan speed",
        "its ... MiB/sec ... (N MiB in T ms) and N op/sec; T ms/op (N ops in T ms) lines",
    ),
    ImportFormat(
        "benchstat",
        "Go benchstat",
        "its tables (name  old time/op  new time/op  delta, or the header of sec/op columns "
        "and vs base): one run per compared column",
    ),
    ImportFormat(
        "hyperfine",
        "hyperfine",
        "its Benchmark N: / Time (mean ± \u03c3): / Range (min … max): lines, the JSON file of "
        "--export-json or the table of --export-markdown",
    ),
    ImportFormat(
        "dudect",
        "dudect (constant-time leakage test)",
        "its meas: ... M, max t: ..., max tau: ... lines or dudect-bencher's bench X ... : "
        "n == ..., max t = ... lines: max t as a figure of its own, not a time",
    ),
    ImportFormat(
        "pqm4",
        "pqm4 / mupq benchmarks",
        "its benchmarks.md or benchmarks.csv (scheme | implementation | key generation [cycles] "
        "...): cycles per operation, stack, hashing and size as their stats",
    ),
    ImportFormat("pytest-benchmark", "pytest-benchmark", "the JSON file of --benchmark-json"),
    ImportFormat(
        "action-benchmark",
        "github-action-benchmark",
        "its data.js store (window.BENCHMARK_DATA = ...): one run per commit entry",
    ),
)
FORMATS = tuple(f.name for f in IMPORT_FORMATS)
TOOLS = {f.name: f.tool for f in IMPORT_FORMATS}
SCAN_CHARS = 1_000_000
#: The share of the recognized lines one format must hold to be read when other formats'
#: lines are there too (a table pasted with a few lines of another tool's output around it);
#: below it the text is refused, naming each format and its count.
DOMINANT = 0.8
_OPENSSL_ROW = re.compile(
    r"^(?:Doing .+ for \d+s"
    r"|\+(?:DTP?|H|R\d*|F\d*):"
    r"|type\s+16 bytes"
    r"|The 'numbers' are in 1000s of bytes"
    r"|\s*(?:sign|keygen|op)\s+\S+.*/s\s*$"
    r"|(?:rsa|dsa)\s+\d+\s+bits?\s+\d"
    r"|\s*\d+\s+bits?\s+(?:ecdsa|ecdh|EdDSA|SM2|ffdh)\b"
    r"|\S(?:[\w\-]| (?=[\w\-]))*?(?:\s+\d+\.\d+k){3,})"
)
_OPENSSL_COMMAND = re.compile(r"(?:^|[\s/\\>$#%])openssl(?:\.exe)?\s+speed\b")
_JMH_KEYS = ('"benchmark"', '"primaryMetric"')
TRIED = "; ".join(f"{f.tool} ({f.looks_like})" for f in IMPORT_FORMATS)


@dataclass(frozen=True)
class Detection:
    format: str
    reason: str


def detect(text: str, *, source_name: str) -> Detection:
    """The format of `text` and why; raises ParseError naming what was tried."""
    head = text[:SCAN_CHARS]
    if not head.strip():
        raise ParseError(source_name, None, f"empty: nothing to import (tried {TRIED})")
    if head.lstrip().startswith("[") and all(key in head for key in _JMH_KEYS):
        return Detection("jmh", 'a JSON array of JMH records ("benchmark", "primaryMetric")')
    if action_benchmark.is_store(head):
        return Detection(
            "action-benchmark", "github-action-benchmark's data.js (window.BENCHMARK_DATA = ...)"
        )
    if pytest_benchmark.is_json(head):
        return Detection(
            "pytest-benchmark",
            'a pytest-benchmark JSON file ("machine_info", "commit_info", "benchmarks")',
        )
    if google_benchmark.is_json(head):
        return Detection("gbench", 'a Google Benchmark JSON file ("context", "benchmarks")')
    if hyperfine.is_json(head):
        return Detection(
            "hyperfine", 'a hyperfine --export-json file ("results", "command", "mean")'
        )
    counts = {
        "openssl": _count(head, _openssl_line),
        "serial": _count(head, _serial_line),
        "go": _count(head, go_bench.recognizes),
        "criterion": _count(head, criterion.recognizes),
        "gbench": _count(head, google_benchmark.recognizes),
        "liboqs": _count(head, liboqs_speed.recognizes),
        "cryptsetup": _count(head, cryptsetup_benchmark.recognizes),
        "bssl": _count(head, bssl_speed.recognizes),
        "botan": _count(head, botan_speed.recognizes),
        "benchstat": _benchstat_count(head),
        "hyperfine": _count(head, hyperfine.recognizes),
        "dudect": _count(head, dudect.recognizes),
        "pqm4": _count(head, pqm4.recognizes),
        "jmh": _jmh_count(head),
    }
    ranked = sorted(counts.items(), key=lambda item: item[1][0], reverse=True)
    (best, (hits, first)), (_, (runner_up, _)) = ranked[:2]
    scanned = f"the first {head.count(chr(10)) + 1} lines"
    if hits == 0:
        lost = _first_figure(head)
        where = f" Line {lost} holds a figure that none of them reads." if lost is not None else ""
        raise ParseError(
            source_name,
            lost,
            f"not a supported output: none of {scanned} looks like the output of {TRIED}."
            f"{where} If the output starts further down, choose its format instead of "
            "detecting it",
        )
    found = [(name, seen) for name, seen in ranked if seen[0]]
    if runner_up and hits < DOMINANT * sum(seen for _, (seen, _) in found):
        raise ParseError(
            source_name,
            found[1][1][1],
            f"ambiguous: lines of {len(found)} formats, {_counted(found)}; choose the format "
            "instead of detecting it (or import each output on its own)",
        )
    reason = f"{hits} lines look like {TOOLS[best]} output (the first at line {first})"
    if runner_up:
        reason += f"; read as that, not as the other {_counted(found[1:])}"
    return Detection(best, reason)


def _counted(found: list[tuple[str, tuple[int, int | None]]]) -> str:
    return " and ".join(
        f"{seen} like {TOOLS[name]} (format {name}, the first at line {line})"
        for name, (seen, line) in found
    )


def _first_figure(head: str) -> int | None:
    """The first line that looks like a measured figure: where the parsers lost the thread."""
    for number, line in filled_lines(head):
        if short(line) and figure_like(line):
            return number
    return None


def _count(head: str, recognize: Callable[[str], bool]) -> tuple[int, int | None]:
    hits, first = 0, None
    for number, line in filled_lines(head):
        if recognize(line):
            hits += 1
            first = first or number
    return hits, first


def _jmh_count(head: str) -> tuple[int, int | None]:
    """JMH's table lines; rows without their header (a paste cut below it) when two or more."""
    hits, first = _count(head, table_line)
    return (hits, first) if hits >= 2 or has_table(head) else (0, None)


def _benchstat_count(head: str) -> tuple[int, int | None]:
    """benchstat's table lines and, when there is a table, the go header lines it copies
    (`goos:`, `cpu:`, ...; go test -bench counts its `goos:` and `goarch:` lines too)."""
    hits, first = _count(head, benchstat.recognizes)
    if not hits:
        return 0, None
    headers, start = _count(head, benchstat.copied_header)
    return hits + headers, min(line for line in (first, start) if line is not None)


def _openssl_line(line: str) -> bool:
    """A line of openssl speed's output (no longer than a row: the table row's name is read a
    character at a time, each kept on the regex engine's stack, 50 MB for a line of 400,000),
    or one holding the `openssl speed` command."""
    if short(line) and _OPENSSL_ROW.match(line) is not None:
        return True
    return "openssl" in line and _OPENSSL_COMMAND.search(line) is not None


def _serial_line(line: str) -> bool:
    try:
        item = parse_line(line)
    except LineError:
        return True
    return item is not None and not isinstance(item, Fact)
