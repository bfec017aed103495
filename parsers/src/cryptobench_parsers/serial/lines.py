"""Pure parser of one console line from a board: protocol lines, legacy lines, or noise.

Understood, in this order:
- the firmware's line protocol (agents/esp32c6/README.md): `BENCH_BEGIN {json}`, `BENCH {json}`,
  `BENCH_END {json}`, found anywhere in the line (a reset can leave junk before it); version 2
  (the leak-test mode) adds `BENCH_RAW {json}`, the samples of the BENCH line before it;
- seed 002's human lines (`RSA-2048 PSS Verify (mbedtls_rsa_rsassa_pss_verify): 54570 cycles`,
  whose "cycles" are the cycle delta divided by 160, i.e. microseconds at 160 MHz);
- Mbed TLS `programs/test/benchmark` and wolfSSL `wolfcrypt/benchmark` result lines;
- facts the boot log states (CPU frequency, chip revision, IDF and library versions) and the
  board, CPU or measured clock a pasted log names (serial/boards.py).
Everything else is noise: `parse_line` returns None. A line that claims to be a protocol line but
is not valid raises LineError, the parser's only exception.
"""

import json
import re
import uuid
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from cryptobench_contract import Result
from cryptobench_contract.units import UNITS
from cryptobench_contract.vocabulary import canonical_algorithm, canonical_padding
from cryptobench_parsers.serial.boards import named_fact
from cryptobench_parsers.serial.mbedtls import parse_mbedtls_line
from cryptobench_parsers.serial.wolfssl import parse_wolfssl_line

#: 1: benchmark runs; 2: the leak-test mode (BENCH_RAW lines, `raw` and `lib` on BENCH lines).
PROTOCOL_VERSIONS = (1, 2)
#: A BENCH line's unit: device cycles, host nanoseconds, or instructions retired under an
#: emulator (the RV32 build under QEMU -icount), which is a metric of its own, never cycles.
_BENCH_UNITS = {"cycles": "cycles/op", "ns": "ns/op", "instructions": "instructions/op"}
MBEDTLS = "Mbed TLS"
_PROTOCOL = re.compile(r"(BENCH_BEGIN|BENCH_END|BENCH_RAW|BENCH) (\{.*)$")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_SEED002_RESULT = re.compile(
    r"^RSA-(?P<bits>\d+) (?P<padding>.+?) (?P<op>Verify|Sign) \((?P<function>\w+)\): (?P<value>\d+) cycles$"
)
_SEED002_BEGIN = "Starting RSA Time Comparison"
_SEED002_END = "Time Comparison Completed Successfully!"
_SEED002_FAILURE = re.compile(r"^(?:Signature verification failed|Failed to|Error: ).*$")
_FACTS = (
    ("cpu_hz", re.compile(r"cpu_start: cpu freq: (\d+) Hz")),
    ("cpu_hz", re.compile(r"^fsys=(\d+)$")),
    ("chip_rev", re.compile(r"cpu_start: Chip rev:\s+(v[\d.]+)")),
    ("idf", re.compile(r"cpu_start: ESP-IDF:\s+(\S+)")),
    ("target", re.compile(r"CONFIG_IDF_TARGET = (\w+)")),
    ("library_version", re.compile(r"^\s*wolfSSL version (\S+)")),
    ("library_version", re.compile(r"^mbedTLS version (\S+)")),
    ("block_bytes", re.compile(r"^wolfCrypt Benchmark \(block bytes (\d+)")),
)


class LineError(ValueError):
    """A line that looks like a protocol line but is not one (the message says why)."""


@dataclass(frozen=True)
class Begin:
    style: str  # "bench" | "seed002"
    run_id: str | None = None
    info: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class End:
    style: str
    run_id: str | None = None
    count: int | None = None
    errors: int | None = None


@dataclass(frozen=True)
class Measurement:
    """One line's results (wolfSSL/Mbed TLS lines may carry two figures) or a case's error.
    `raw` samples of it follow in BENCH_RAW lines (a leak test's), each divided by `batch`."""

    style: str  # "bench" | "seed002" | "mbedtls" | "wolfssl"
    results: tuple[Result, ...] = ()
    run_id: str | None = None
    seq: int | None = None
    name: str | None = None
    error: str | None = None
    raw: int = 0
    batch: int = 1


@dataclass(frozen=True)
class RawSamples:
    """A BENCH_RAW line: samples `at` onwards of the BENCH line numbered `seq`."""

    run_id: str
    seq: int
    at: int
    samples: tuple[int, ...]


@dataclass(frozen=True)
class Fact:
    key: str
    value: str


Item = Begin | End | Measurement | RawSamples | Fact


def parse_line(line: str) -> Item | None:
    """Classify one line (without its line ending). Pure; raises only LineError."""
    text = _ANSI.sub("", line).strip("\r\n\x00 \t")
    found = _PROTOCOL.search(text)
    if found:
        return _protocol_item(found.group(1), found.group(2))
    return _legacy_item(text) or _benchmark_item(text) or _fact(text)


def _protocol_item(kind: str, payload: str) -> Item:
    try:
        data = json.loads(payload)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise LineError(f"{kind} line is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise LineError(f"{kind} line: expected a JSON object")
    version = data.get("v")
    if version not in PROTOCOL_VERSIONS or isinstance(version, bool):
        raise LineError(
            f"{kind} line: protocol version {version!r}, this reader knows "
            + " and ".join(map(str, PROTOCOL_VERSIONS))
        )
    if kind == "BENCH_RAW" and version == 1:
        raise LineError("BENCH_RAW line: protocol version 1 has no BENCH_RAW lines (2 has)")
    run_id = _text(data, "run", kind)
    try:
        run_id = str(uuid.UUID(run_id))
    except ValueError:
        raise LineError(f"{kind} line: run {run_id!r} is not a UUID") from None
    if kind == "BENCH_BEGIN":
        return Begin("bench", run_id, data)
    if kind == "BENCH_END":
        return End("bench", run_id, _int(data, "count", kind), _int(data, "errors", kind))
    if kind == "BENCH_RAW":
        return _raw_samples(data, run_id)
    return _bench_measurement(data, run_id)


def _raw_samples(data: dict[str, Any], run_id: str) -> RawSamples:
    seq = _int(data, "seq", "BENCH_RAW")
    samples = data.get("samples")
    if not isinstance(samples, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**53 for x in samples
    ):
        raise LineError(f"BENCH_RAW {seq}: 'samples' is not a list of non-negative integers")
    return RawSamples(run_id, seq, _int(data, "at", f"BENCH_RAW {seq}"), tuple(samples))


def _bench_measurement(data: dict[str, Any], run_id: str) -> Measurement:
    name = _text(data, "name", "BENCH")
    seq = _int(data, "seq", "BENCH")
    if "error" in data:
        return Measurement("bench", (), run_id, seq, name, str(data["error"]))
    unit = _BENCH_UNITS.get(str(data.get("unit")))
    if unit is None:
        raise LineError(
            f"BENCH {name}: unit {data.get('unit')!r} is none of cycles, ns, instructions"
        )
    numbers = {key: _int(data, key, f"BENCH {name}") for key in ("min", "median", "max", "n")}
    params = data.get("params")
    if not isinstance(params, dict):
        raise LineError(f"BENCH {name}: params is not an object")
    raw = _int(data, "raw", f"BENCH {name}") if "raw" in data else 0
    batch = _int(data, "batch", f"BENCH {name}") if raw else 1
    if raw and (data["v"] == 1 or raw != numbers["n"] or batch == 0):
        raise LineError(f"BENCH {name}: raw {raw} needs protocol 2, a batch and n = raw")
    result = _result(
        name=name,
        family=data.get("family"),
        algorithm=canonical_algorithm(_text(data, "alg", name)),
        operation=data.get("op"),
        library=_text(data, "lib", name) if "lib" in data else MBEDTLS,
        params=params,
        metric=UNITS[unit].metric,
        value=numbers["median"],
        unit=unit,
        samples=numbers["n"],
        stats={k: numbers[k] for k in ("min", "median", "max")},
    )
    return Measurement("bench", (result,), run_id, seq, name, raw=raw, batch=batch)


def _legacy_item(text: str) -> Item | None:
    if text == _SEED002_BEGIN:
        return Begin("seed002")
    if text == _SEED002_END:
        return End("seed002")
    if _SEED002_FAILURE.match(text):
        return Measurement("seed002", (), name=text, error=text)
    found = _SEED002_RESULT.match(text)
    if found is None:
        return None
    padding = canonical_padding(found["padding"])
    params: dict[str, Any] = {"key_bits": int(found["bits"]), "padding": padding}
    if padding != "none":
        params["hash"] = "SHA-256"
    result = _result(
        name=text.rsplit(":", 1)[0],
        family="signature",
        algorithm="RSA",
        operation=found["op"].lower(),
        library=MBEDTLS,
        params=params,
        metric="ns_per_op",
        value=int(found["value"]),
        unit="us/op",
        samples=1,
    )
    return Measurement("seed002", (result,), name=result.name)


def _benchmark_item(text: str) -> Item | None:
    for style, parse in (("mbedtls", parse_mbedtls_line), ("wolfssl", parse_wolfssl_line)):
        try:
            results = parse(text)
        except ValidationError as exc:
            raise _refused(exc, f"{style} line") from None
        if results:
            return Measurement(style, tuple(results), name=results[0].name)
    return None


def _fact(text: str) -> Fact | None:
    for key, pattern in _FACTS:
        found = pattern.search(text)
        if found:
            return Fact(key, found.group(1))
    if text.strip() == "Benchmark complete":
        return Fact("benchmark_complete", "wolfssl")
    named = named_fact(text)
    return Fact(*named) if named else None


def _result(**fields: Any) -> Result:
    try:
        return Result(**fields)
    except ValidationError as exc:
        raise _refused(exc, fields.get("name")) from None


def _refused(exc: ValidationError, name: object) -> LineError:
    """A line whose figures the contract refuses (a 30-digit key size), naming the field."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "result"
    return LineError(f"{name}: {where}: {first['msg']}")


def _text(data: dict[str, Any], key: str, what: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise LineError(f"{what} line: {key!r} missing or not a string")
    return value


def _int(data: dict[str, Any], key: str, what: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise LineError(f"{what}: {key!r} missing or not a non-negative integer")
    return value
