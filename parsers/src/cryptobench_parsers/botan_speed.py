"""`botan speed` output -> run documents. Pure: no I/O.

Two kinds of lines are figures:
- a bulk line, `AES-128 [base] encrypt buffer size 1024 bytes: 1234.567 MiB/sec 4.12 cycles/byte
  (617.28 MiB in 500.00 ms)` (Botan 2.0 and 2.1 print no `buffer size`, older 2.x no cycles):
  one result in MiB/s with the MiB and milliseconds as stats `mib` and `elapsed_ms`, the buffer
  size as `block_bytes`, and the cycles/byte a second result (metric cycles_per_byte);
- a public-key line, `RSA-2048 EME-PKCS1-v1_5 1234 decrypt/sec; 0.81 ms/op 3245678 cycles/op
  (617 ops in 500.12 ms)`: one result in ops/s with the time per op (`ms_per_op`, `us_per_op` or
  `ns_per_op` as printed), the ops and milliseconds as stats, and the cycles/op a second result.
The word before `buffer size` (or the rate) is the operation: encrypt, decrypt, hash, mac,
generate (an RNG), encode, sign, verify, keygen, `KEM encrypt` / `KEM decrypt` (encaps /
decaps), `key agreements` (derive); another one is kept as the result's `variant`. A padding or
encoding named with the algorithm or the operation (`EME-PKCS1-v1_5`, `EMSA1(SHA-256)`) is
`padding`, other words there (`scrypt-32768-8-1 (32 MiB)`) are `variant` too. The provider in
brackets is the implementation Botan called: `[base]` is Botan's own, another one
(`[openssl]`, `[commoncrypto]`) is `params.provider`. `N/A` (no events) is no result.

The library is Botan, with the version of a `Botan 3.5.0 (release, ...)` line (`--verbose` and
`--format=table` print it). A `botan speed` command line starts a run (a prompt `user@host:...$`
or `host:...$` before it names the machine, else it is the unknown machine); so does a name
measured again after others (outputs pasted one after the other).
"""

import re
from datetime import datetime
from typing import Any, NamedTuple

from pydantic import ValidationError

from cryptobench_contract import Machine, ParseWarning, Result, RunDocument, Tool, new_run_id
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_contract.units import UNITS
from cryptobench_contract.vocabulary import Family, Operation, Source
from cryptobench_parsers.figures import kept_warnings, short
from cryptobench_parsers.harness_runs import (
    NamedRun,
    add_results,
    measured,
    prompt_host,
    run_documents,
)
from cryptobench_parsers.import_format import Format, harness, lines
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "botan-speed"
TOOL = "botan speed"
LIBRARY = "Botan"
_NUMBER = r"\d+(?:\.\d+)?"
_BULK = re.compile(
    rf"^\s*(?P<head>\S.*?) (?:buffer size (?P<bytes>\d+) bytes: )?"
    rf"(?:(?P<rate>{_NUMBER}) MiB/sec|N/A)(?: (?P<cycles>{_NUMBER}) cycles/byte)?"
    rf" \((?P<mib>{_NUMBER}) MiB in (?P<ms>{_NUMBER}) ms\)\s*$"
)
#: Linear in a line's length: the rate is in the last `;`-free stretch before `/sec;` (what
#: follows has no `;`), so the head takes every `;` but that one whole and stops at the first
#: ` N ` after them (atomic: had it failed, every later ` N ` fails the same way); trying each
#: ` N ` of a line of `1 1 1 ...` up to its `;` took 57 ms for 1,000 characters.
_OPS = re.compile(
    rf"^\s*+(?>(?P<head>\S(?:.*;(?=.*;))?+[^;]*?) (?P<rate>\d++) )(?P<doing>[^;]*?)/sec; "
    rf"(?P<per>{_NUMBER}) (?P<unit>ms|us|ns)/op(?: (?P<cycles>{_NUMBER}) cycles/op)?"
    rf" \((?P<n>\d+) ops? in (?P<ms>{_NUMBER}) ms\)\s*$"
)
#: Searched from the start of the blanks before `[` only (each blank of a run read the rest again).
_PROVIDER = re.compile(r"(?<!\s)\s*+\[(?P<provider>[^\]]+)\]")
_COMMAND = re.compile(r"(?:^|[\s/\\>$#%&;])botan(?:-cli)?(?:\.exe)?\s+speed\b")
_VERSION = re.compile(r"^\s*Botan (?P<version>\d+\.\d+\.\d+\S*) \(")
_OPERATIONS: dict[str, Operation] = {
    "encrypt": "encrypt",
    "decrypt": "decrypt",
    "hash": "hash",
    "mac": "mac",
    "generate": "generate",
    "encode": "encode",
    "sign": "sign",
    "verify": "verify",
    "keygen": "keygen",
    "kem encrypt": "encaps",
    "kem decrypt": "decaps",
    "key agreements": "derive",
}
_FAMILIES: dict[Operation, Family] = {
    "hash": "hash",
    "mac": "mac",
    "generate": "rng",
    "sign": "signature",
    "verify": "signature",
    "encaps": "kem",
    "decaps": "kem",
    "derive": "key-exchange",
}
#: Botan's public-key names: the key size or the group after the scheme.
_KEY_BITS = re.compile(r"^(?P<scheme>RSA|DSA|DH|ElGamal)-(?P<bits>\d+)$")
_GROUP = re.compile(r"^(?P<scheme>ECDSA|ECKCDSA|ECGDSA|ECDH|SM2)-(?P<curve>[\w.\-]+)$")
#: Paddings and encodings Botan names beside a public-key scheme.
_PADDING = re.compile(r"(?:EME|EMSA|OAEP|PSS|PKCS1|Raw|SHA)", re.IGNORECASE)
_AEAD = re.compile(r"GCM|OCB|EAX|SIV|CCM|ChaCha20Poly1305", re.IGNORECASE)


class _Read(NamedTuple):
    """A result line: its name and its results (none for `N/A`)."""

    name: str
    results: list[Result]


def recognizes(line: str) -> bool:
    """A bulk (`... MiB/sec ... (N MiB in T ms)`) or public-key (`... N op/sec; T ms/op ...`)
    result line."""
    return _results(line) is not None


def parse_botan_speed(text: str, *, source_name: str, started_at: datetime) -> list[RunDocument]:
    """One run document per run of `botan speed` in `text`; ParseError when none."""
    runs: list[NamedRun] = []
    context: dict[str, str] = {}
    understood: set[int] = set()
    numbered = list(filled_lines(text))
    for number, line in numbered:
        if not short(line):
            continue
        if _COMMAND.search(line):
            context |= {"host": host} if (host := prompt_host(line)) else {}
            if runs and not runs[-1].results:
                runs.pop()
            runs.append(NamedRun(number, context=dict(context)))
        elif (found := _VERSION.match(line)) is not None:
            context["version"] = found["version"]
            if runs and not runs[-1].results:
                runs[-1].context["version"] = found["version"]
        elif (read := _results(line)) is not None:
            add_results(runs, number, read.name, read.results, read.name, context)
        else:
            continue
        understood.add(number)
    missing = (
        f"no {TOOL} result lines (`AES-128 encrypt buffer size 1024 bytes: 1234.5 MiB/sec "
        "(617.3 MiB in 500.00 ms)` or `RSA-2048 1234 sign/sec; 0.81 ms/op (617 ops in 500 ms)`)"
    )
    return run_documents(
        measured(runs, source_name, missing),
        numbered,
        understood,
        source_name,
        lambda run, w: _document(run, started_at, w),
    )


def _results(line: str) -> _Read | None:
    """The line's results, or None when it is no result line (the patterns are tried only on
    lines holding their totals' words: detection asks this of every line of every paste) or
    one whose figures the contract refuses (a 30-digit buffer size): such a line is warned
    about as a figure not read."""
    if not short(line):
        return None
    try:
        if " MiB in " in line and (bulk := _BULK.match(line)) is not None:
            return _bulk(bulk)
        if "/sec; " in line and (ops := _OPS.match(line)) is not None:
            return _public_key(ops)
    except ValidationError:
        return None
    return None


def _bulk(match: re.Match[str]) -> _Read:
    head = match["head"]
    size = f" buffer size {match['bytes']} bytes" if match["bytes"] else ""
    name = f"{head}{size}"
    algorithm, provider, words = _split(head)
    doing = words[-1] if len(words) > 1 else ""
    operation = _OPERATIONS.get(doing.lower())
    variant = words[1:] if operation is None else words[1:-1]
    params = _params(provider, " ".join(variant), "")
    if match["bytes"]:
        params["block_bytes"] = int(match["bytes"])
    if match["rate"] is None:
        return _Read(name, [])
    return _read(
        name,
        match,
        "cycles/B",
        family=_bulk_family(algorithm, operation),
        algorithm=algorithm,
        operation=operation,
        params=params,
        metric="bytes_per_s",
        unit="MiB/s",
        stats={"mib": float(match["mib"]), "elapsed_ms": float(match["ms"])},
    )


def _public_key(match: re.Match[str]) -> _Read:
    head, doing = match["head"], match["doing"]
    name = f"{head} {doing}".strip()
    name_of_key, provider, words = _split(head)
    operation_words = _operation_words(doing)
    named = " ".join([*words[1:], doing[: len(doing) - len(operation_words)].strip()]).strip()
    operation = _OPERATIONS.get(operation_words.lower())
    padding = named if _PADDING.match(named) else ""
    variant = " ".join(
        part
        for part in (named if not padding else "", "" if operation else operation_words)
        if part
    )
    params = _params(provider, variant, padding)
    algorithm, key = _scheme(name_of_key)
    params |= key
    return _read(
        name,
        match,
        "cycles/op",
        family=_FAMILIES.get(operation) if operation else None,
        algorithm=algorithm,
        operation=operation,
        params=params,
        metric="ops_per_s",
        unit="ops/s",
        stats={
            f"{match['unit']}_per_op": float(match["per"]),
            "operations": float(match["n"]),
            "elapsed_ms": float(match["ms"]),
        },
    )


def _read(name: str, match: re.Match[str], cycles_unit: str, **identity: Any) -> _Read:
    """The line's rate and, when it prints them, its cycles per byte or op (a second result)."""
    rate = Result(name=name, library=LIBRARY, value=float(match["rate"]), **identity)
    if match["cycles"] is None:
        return _Read(name, [rate])
    cycles = {"name": f"{name} cycles", "value": float(match["cycles"]), "stats": None}
    cycles |= {"metric": UNITS[cycles_unit].metric, "unit": cycles_unit}
    return _Read(name, [rate, rate.model_copy(update=cycles)])


def _split(head: str) -> tuple[str, str | None, list[str]]:
    """The algorithm, the provider in brackets (None for Botan's own `base`) and the words."""
    bracket = _PROVIDER.search(head)
    provider = bracket["provider"] if bracket else None
    words = _PROVIDER.sub("", head).split()
    return words[0], None if provider == "base" else provider, words


def _scheme(name: str) -> tuple[str, dict[str, Any]]:
    """`RSA-2048` -> RSA with key_bits 2048, `ECDSA-secp256r1` -> ECDSA on curve secp256r1."""
    if (bits := _KEY_BITS.match(name)) is not None:
        return bits["scheme"], {"key_bits": int(bits["bits"])}
    if (group := _GROUP.match(name)) is not None:
        return group["scheme"], {"curve": group["curve"]}
    return name, {}


def _operation_words(doing: str) -> str:
    """The operation at the end of `doing` (`EMSA1(SHA-256) sign` -> `sign`)."""
    for words in sorted(_OPERATIONS, key=len, reverse=True):
        if doing.lower().endswith(words) and (
            len(doing) == len(words) or doing[-len(words) - 1] == " "
        ):
            return doing[-len(words) :]
    return doing


def _params(provider: str | None, variant: str, padding: str) -> dict[str, Any]:
    params: dict[str, Any] = {}
    if provider:
        params["provider"] = provider
    if variant:
        params["variant"] = variant
    if padding:
        params["padding"] = padding
    return params


def _bulk_family(algorithm: str, operation: Operation | None) -> Family | None:
    if operation in ("encrypt", "decrypt"):
        return "aead" if _AEAD.search(algorithm) else "cipher"
    return _FAMILIES.get(operation) if operation else None


def _with_families(results: list[Result]) -> list[Result]:
    """A key generation is of the family of its scheme's other operations (ECDSA's: signature)."""
    family = {r.algorithm: r.family for r in results if r.operation != "keygen" and r.family}
    return [
        r.model_copy(update={"family": family[r.algorithm]})
        if r.operation == "keygen" and r.algorithm in family
        else r
        for r in results
    ]


def _document(run: NamedRun, at: datetime, warnings: list[ParseWarning]) -> RunDocument:
    results = _with_families(run.results)
    version = run.context.get("version")
    if version:
        results = [r.model_copy(update={"library_version": version}) for r in results]
    return RunDocument(
        run_id=new_run_id(),
        source=SOURCE,
        started_at=at,
        machine=Machine(name=run.context.get("host") or UNKNOWN_MACHINE),
        tool=Tool(name=TOOL, version=version),
        results=results,
        warnings=kept_warnings(warnings),
    )


FORMAT = Format(
    name="botan",
    tool="botan speed",
    looks_like="its ... MiB/sec ... (N MiB in T ms) and N op/sec; T ms/op (N ops in T ms) lines",
    parse=harness(parse_botan_speed),
    sources=(SOURCE,),
    count=lines(recognizes),
)
