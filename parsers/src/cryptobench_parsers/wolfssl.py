"""One result line of wolfSSL `wolfcrypt/benchmark` -> Results.

    "AES-128-CBC-enc   50 KiB took 1.082 seconds,   46.211 KiB/s Cycles per byte = 845.33"
    "SHA-256            4 MB took 1.006 seconds,    3.519 MB/s"
    "AES-128-GCM-dec-no_AAD     150 KiB took 1.028 seconds,  145.886 KiB/s"
    "PBKDF2                      96 bytes took 1.232 seconds,   77.890 bytes/s"
    "RSA     2048   public        52 ops took 1.027 sec, avg 19.750 ms, 50.633 ops/sec"
    "ECDSA [      SECP256R1]   256     sign         6 ops took 1.364 sec, avg 227.333 ms, 4.399 ops/sec"
wolfSSL has always counted in powers of 1024; releases before 5.6 printed them as "KB"/"MB", so
those are stored as KiB/s and MiB/s. `-enc`/`-dec` is the direction; `-no_AAD` (GCM without
additional data) is variant `no-aad` of that direction.
"""

import re
from typing import Any

from cryptobench_contract import Result
from cryptobench_contract.vocabulary import canonical_algorithm, canonical_curve

LIBRARY = "wolfSSL"
_THROUGHPUT = re.compile(
    r"^(?P<name>[A-Za-z0-9][\w\-/ ]*?)\s+\d+(?:\.\d+)? (?:[KMG]i?B|bytes) took \d+(?:\.\d+)? seconds?,\s+"
    r"(?P<rate>\d+(?:\.\d+)?) (?P<unit>[KMG]i?B|bytes)/s(?:\s+Cycles per byte =\s+(?P<cpb>\d+(?:\.\d+)?))?\s*$"
)
_PUBLIC = re.compile(
    r"^(?P<alg>[A-Z0-9]+)\s+(?:\[\s*(?P<curve>[\w-]+)\]\s+)?(?P<bits>\d+)\s+(?P<op>key gen|public|private|agree|"
    r"sign|verify|encap|decap|key gen DH|[a-z ]+?)\s+(?P<count>\d+) ops took (?P<secs>\d+(?:\.\d+)?) sec, "
    r"avg (?P<avg>\d+(?:\.\d+)?)(?: ms)?(?:, (?P<rate>\d+(?:\.\d+)?) ops/sec)?\s*$"
)
_UNITS = {
    "bytes": "B/s",
    "KB": "KiB/s",
    "MB": "MiB/s",
    "GB": "GiB/s",
    "KiB": "KiB/s",
    "MiB": "MiB/s",
    "GiB": "GiB/s",
}
_NAMES = {
    "SHA": "SHA-1",
    "CHACHA": "ChaCha20",
    "CHA-POLY": "ChaCha20-Poly1305",
    "3DES": "DES-EDE3-CBC",
    "RIPEMD": "RIPEMD-160",
    "POLY1305": "Poly1305",
    "HMAC-SHA": "HMAC-SHA1",
}
_OPERATIONS = {
    "key gen": "keygen",
    "public": "encrypt",
    "private": "decrypt",
    "agree": "derive",
    "sign": "sign",
    "verify": "verify",
    "encap": "encaps",
    "decap": "decaps",
}
_DIRECTION = re.compile(r"^(?P<base>.+)-(?P<dir>enc|dec)(?P<no_aad>-no_AAD)?$")


def parse_wolfssl_line(line: str) -> list[Result]:
    """The results on one benchmark line; [] when the line is not one."""
    found = _THROUGHPUT.match(line)
    if found:
        return _throughput(found)
    found = _PUBLIC.match(line)
    if found and found["op"].strip() in _OPERATIONS:
        return [_public_key(found)]
    return []


def _throughput(found: re.Match[str]) -> list[Result]:
    name = found["name"].strip()
    base = _symmetric(name)
    results = [
        Result(**base, metric="bytes_per_s", value=float(found["rate"]), unit=_UNITS[found["unit"]])
    ]
    if found["cpb"] is not None:
        results.append(
            Result(**base, metric="cycles_per_byte", value=float(found["cpb"]), unit="cycles/B")
        )
    return results


def _symmetric(name: str) -> dict[str, Any]:
    direction = _DIRECTION.match(name)
    base = direction["base"] if direction else name
    algorithm = _NAMES.get(base) or canonical_algorithm(base)
    if direction:
        family = "aead" if "GCM" in base or "CCM" in base else "cipher"
        operation = "encrypt" if direction["dir"] == "enc" else "decrypt"
        variant = {"variant": "no-aad"} if direction["no_aad"] else {}
        return _fields(name, family, algorithm, operation, variant)
    if base.startswith("HMAC"):
        return _fields(name, "mac", algorithm, "mac", {})
    if base.startswith(("SHA", "MD5", "RIPEMD", "SHAKE", "BLAKE")):
        return _fields(name, "hash", algorithm, "hash", {})
    if base in ("RNG", "PBKDF2") or base.startswith("GMAC"):
        return _fields(name, "mac" if base.startswith("GMAC") else None, algorithm, None, {})
    return _fields(name, "cipher", algorithm, "encrypt", {})


def _public_key(found: re.Match[str]) -> Result:
    alg, bits, op = found["alg"], int(found["bits"]), found["op"].strip()
    operation = _OPERATIONS[op]
    name = " ".join(found.group(0).split(" ops took")[0].split()[:-1])
    base = _fields(name, *_asymmetric(alg, found["curve"], bits, operation))
    if found["rate"] is not None:
        return Result(
            **base,
            metric="ops_per_s",
            value=float(found["rate"]),
            unit="ops/s",
            samples=int(found["count"]),
        )
    return Result(
        **base,
        metric="ns_per_op",
        value=float(found["avg"]),
        unit="ms/op",
        samples=int(found["count"]),
    )


def _asymmetric(alg: str, curve: str | None, bits: int, operation: str) -> tuple[Any, ...]:
    family = "keygen" if operation == "keygen" else None
    if alg == "RSA":
        return family or "signature", "RSA", operation, {"key_bits": bits}
    if alg == "DH":
        return family or "key-exchange", "FFDH", operation, {"key_bits": bits}
    if alg in ("CURVE", "ED"):
        algorithm, curve_name = ("X25519", "x25519") if alg == "CURVE" else ("EdDSA", "ed25519")
        if bits == 448:
            algorithm, curve_name = ("X448", "x448") if alg == "CURVE" else ("EdDSA", "ed448")
        return (
            family or ("key-exchange" if alg == "CURVE" else "signature"),
            algorithm,
            operation,
            {"curve": curve_name},
        )
    params = {"curve": canonical_curve(curve.lower())} if curve else {"key_bits": bits}
    algorithm = {"ECDHE": "ECDH", "ECC": "ECDH"}.get(alg, canonical_algorithm(alg))
    return (
        family or ("key-exchange" if algorithm == "ECDH" else "signature"),
        algorithm,
        operation,
        params,
    )


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
