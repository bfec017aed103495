"""One result line of Mbed TLS `programs/test/benchmark` (and its vendor ports) -> Results.

    "  AES-CBC-128              :  2842.23 KB/s,   41.02 cycles/byte"   two figures
    "  SHA-256                  :       7920 KiB/s,         12 cycles/byte"
    "  RSA-2048                 :   45.00  public/s"                   ops per second
    "  RSA-2048                 :     173 ms/ public"                  milliseconds per operation
    "  ECDHE-secp256r1          :      30 ephemeral handshake/s"       3.x names its handshakes
    "  HMAC_DRBG SHA-256 (NOPR) :       3263 KiB/s,   8 cycles/byte"   random generation
An ECDHE "handshake" (2.x) or "ephemeral handshake" (3.x) is one side's key generation plus
the shared secret (ECDH derive, variant ephemeral); an ECDH "handshake" or "static handshake"
is the shared secret alone (ECDH derive); a "full handshake" is both sides' keys and secrets
(variant full-handshake). DRBG lines are random generation (family rng, operation generate)
with or without prediction resistance (PR / NOPR).
benchmark.c computes its "KB/s" (later "KiB/s") as bytes / 1024, so both are stored as KiB/s.
"ns/byte" columns (ports without a cycle counter) restate the throughput and are not kept.
"""

import re
from typing import Any

from cryptobench_contract import Result
from cryptobench_contract.vocabulary import canonical_algorithm, canonical_curve, canonical_hash

LIBRARY = "Mbed TLS"
#: A name's words are apart by one space, so the blanks before `:` are not the name's too (a run
#: of spaces was tried every way: quadratic in its length).
_NAME = r"^\s*(?P<name>[A-Za-z0-9](?:[\w\-#()]| (?=[\w\-#()]))*?)\s+:\s+"
_THROUGHPUT = re.compile(
    _NAME + r"(?P<rate>\d+(?:\.\d+)?) (?P<unit>KiB/s|KB/s|Kb/s)"
    r"(?:,\s+(?P<per_byte>\d+(?:\.\d+)?) (?P<per_byte_unit>cycles/byte|ns/byte))?\s*$"
)
_RATE = re.compile(
    _NAME + r"(?P<rate>\d+(?:\.\d+)?)\s+(?:(?P<kind>ephemeral|static|full) )?"
    r"(?P<op>public|private|sign|verify|handshake)/s\s*$"
)
_LATENCY = re.compile(
    _NAME + r"(?P<ms>\d+(?:\.\d+)?) ms/\s*(?P<op>public|private|sign|verify|handshake)\s*$"
)
_AES = re.compile(r"^AES-(?P<mode>[A-Z]+\d*)-(?P<bits>\d+)$")
_RSA = re.compile(r"^RSA-(?P<bits>\d+)$")
_DH = re.compile(r"^DHE?-(?P<bits>\d+)$")
_EC = re.compile(r"^(?P<alg>ECDSA|ECDHE|ECDH)-(?P<curve>\w+)$")
_DRBG = re.compile(r"^(?P<alg>CTR|HMAC)_DRBG(?: (?P<hash>SHA-?\d+))? \((?P<no>NO)?PR\)$")
_HASHES = {
    "MD4",
    "MD5",
    "RIPEMD160",
    "SHA-1",
    "SHA-224",
    "SHA-256",
    "SHA-384",
    "SHA-512",
    "SHA3-256",
}
_OPERATIONS = {
    "public": "verify",
    "private": "sign",
    "sign": "sign",
    "verify": "verify",
    "handshake": "derive",
}


def parse_mbedtls_line(line: str) -> list[Result]:
    """The results on one benchmark line; [] when the line is not one. A line without the `:`
    after the name is refused before the patterns read its name three times over."""
    if ":" not in line:
        return []
    found = _THROUGHPUT.match(line)
    if found:
        return _throughput(found)
    for pattern in (_RATE, _LATENCY):
        found = pattern.match(line)
        if found:
            return [_public_key(found)]
    return []


def _throughput(found: re.Match[str]) -> list[Result]:
    name = found["name"]
    base = _symmetric(name)
    results = [Result(**base, metric="bytes_per_s", value=float(found["rate"]), unit="KiB/s")]
    if found["per_byte_unit"] == "cycles/byte":
        results.append(
            Result(
                **base, metric="cycles_per_byte", value=float(found["per_byte"]), unit="cycles/B"
            )
        )
    return results


def _symmetric(name: str) -> dict[str, Any]:
    aes = _AES.match(name)
    if aes and aes["mode"].startswith("CMAC"):
        return _fields(name, "mac", f"AES-{aes['bits']}-CMAC", "mac", {})
    if aes:
        algorithm = canonical_algorithm(f"AES-{aes['bits']}-{aes['mode']}")
        family = "aead" if aes["mode"] in ("GCM", "CCM") else "cipher"
        return _fields(name, family, algorithm, "encrypt", {})
    if name in _HASHES:
        return _fields(name, "hash", canonical_algorithm(name), "hash", {})
    drbg = _DRBG.match(name)
    if drbg:
        params: dict[str, Any] = {"prediction_resistance": drbg["no"] is None}
        if drbg["hash"]:
            params["hash"] = canonical_hash(drbg["hash"])
        return _fields(name, "rng", f"{drbg['alg']}-DRBG", "generate", params)
    return _fields(name, "cipher", canonical_algorithm(name), "encrypt", {})


def _public_key(found: re.Match[str]) -> Result:
    name, op = found["name"], found["op"]
    kind = found.groupdict().get("kind")
    base = _asymmetric(name, _OPERATIONS[op], kind)
    if found.groupdict().get("ms") is not None:
        return Result(**base, metric="ns_per_op", value=float(found["ms"]), unit="ms/op")
    return Result(**base, metric="ops_per_s", value=float(found["rate"]), unit="ops/s")


def _asymmetric(name: str, operation: str, kind: str | None = None) -> dict[str, Any]:
    rsa = _RSA.match(name)
    if rsa:
        return _fields(
            f"{name} {'public' if operation == 'verify' else 'private'}",
            "signature",
            "RSA",
            operation,
            {"key_bits": int(rsa["bits"]), "padding": "none"},
        )
    shown = f"{name} {kind} handshake" if kind else name
    dh = _DH.match(name)
    if dh:
        variant = _handshake_variant(name.startswith("DHE"), kind)
        return _fields(
            shown, "key-exchange", "FFDH", "derive", {"key_bits": int(dh["bits"]), **variant}
        )
    ec = _EC.match(name)
    if ec:
        curve = canonical_curve(ec["curve"])
        if ec["alg"] == "ECDSA":
            return _fields(f"{name} {operation}", "signature", "ECDSA", operation, {"curve": curve})
        variant = _handshake_variant(ec["alg"] == "ECDHE", kind)
        return _fields(shown, "key-exchange", "ECDH", "derive", {"curve": curve, **variant})
    return _fields(f"{name} {operation}", None, canonical_algorithm(name), operation, {})


def _handshake_variant(ephemeral: bool, kind: str | None) -> dict[str, str]:
    if kind == "full":
        return {"variant": "full-handshake"}
    return {"variant": "ephemeral"} if ephemeral and kind != "static" else {}


def _fields(
    name: str, family: str | None, algorithm: str, operation: str | None, params: dict[str, Any]
) -> dict[str, Any]:
    return {
        "name": name,
        "family": family,
        "algorithm": algorithm,
        "operation": operation,
        "library": LIBRARY,
        "params": params,
    }
