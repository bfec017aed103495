"""One result line of wolfSSL `wolfcrypt/benchmark` -> Results.

    "AES-128-CBC-enc   50 KiB took 1.082 seconds,   46.211 KiB/s Cycles per byte = 845.33"
    "SHA-256            4 MB took 1.006 seconds,    3.519 MB/s"
    "AES-128-GCM-dec-no_AAD     150 KiB took 1.028 seconds,  145.886 KiB/s"
    "PBKDF2                      96 bytes took 1.232 seconds,   77.890 bytes/s"
    "RSA     2048   public        52 ops took 1.027 sec, avg 19.750 ms, 50.633 ops/sec"
    "ECDSA [      SECP256R1]   256     sign         6 ops took 1.364 sec, avg 227.333 ms, 4.399 ops/sec"
    "ML-KEM 768    192    encap     38700 ops took 1.002 sec, avg 0.026 ms, 38616.843 ops/sec"
    "| AES-128-CBC-enc |   2210 MiB took 1.002 seconds |" (a Markdown table a person made of it:
    read as its cells, tolerant.readable; the rate is the amount over the time)
    "AES-128-CBC-enc,1306.732160,2.043421," and "RSA,2048,public,0.014,71522.685," (`-csv`)
wolfSSL has always counted in powers of 1024; releases before 5.6 printed them as "KB"/"MB", so
those are stored as KiB/s and MiB/s. `-enc`/`-dec` is the direction; `-no_AAD` (GCM without
additional data) is variant `no-aad` of that direction. Post-quantum rows (ML-KEM, ML-DSA and
the Kyber, Falcon, Dilithium and SPHINCS+ of liboqs builds) are named by wolfssl_pq.
"""

import re
from typing import Any

from cryptobench_contract import Result
from cryptobench_contract.vocabulary import canonical_algorithm, canonical_curve
from cryptobench_parsers.serial.wolfssl_pq import pq_algorithm

LIBRARY = "wolfSSL"
_THROUGHPUT = re.compile(
    r"^(?P<name>[A-Za-z0-9](?:[\w\-/]| (?=[\w\-/]))*?)\s+(?P<amount>\d+(?:\.\d+)?) (?P<amount_unit>[KMG]i?B|bytes)"
    r" took (?P<secs>\d+(?:\.\d+)?) seconds?(?:,\s+(?P<rate>\d+(?:\.\d+)?) (?P<unit>[KMG]i?B|bytes)/s"
    r"(?:\s+Cycles per byte =\s+(?P<cpb>\d+(?:\.\d+)?))?)?\s*$"
)
_PUBLIC = re.compile(
    r"^(?P<alg>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)\s+(?:\[\s*(?P<curve>[\w-]+)\]\s+)?(?P<bits>\d+)"
    r"(?:\s+(?P<strength>\d+))?\s+(?P<op>key gen|public|private|agree|"
    r"sign|verify|encap|decap|key gen DH|[a-z ]+?)\s+(?P<count>\d+) ops took (?P<secs>\d+(?:\.\d+)?)\s+sec(?:onds)?"
    r"(?:, avg (?P<avg>\d+(?:\.\d+)?)(?: ms)?(?:, (?P<rate>\d+(?:\.\d+)?) ops/sec)?)?\s*$"
)
_CSV_SYMMETRIC = re.compile(
    r"^(?P<name>[A-Za-z][\w\-/ ]*),(?P<rate>\d+(?:\.\d+)?),(?:(?P<cpb>\d+(?:\.\d+)?),)?$"
)
_CSV_PUBLIC = re.compile(
    r"^(?P<alg>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)\s*(?:\[\s*(?P<curve>[\w-]+)\])?,(?P<bits>\d+),"
    r"(?P<op>[a-z ]+),\d+(?:\.\d+)?,(?P<rate>\d+(?:\.\d+)?),$"
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
    """The results on one benchmark line; [] when the line is not one (a throughput line holds
    ` took `: others are not read against its pattern)."""
    found = _THROUGHPUT.match(line) if " took " in line else None
    if found:
        return _throughput(found)
    found = _PUBLIC.match(line)
    if found and found["op"].strip() in _OPERATIONS:
        return [_public_key(found)]
    if line.endswith(","):
        return _csv_row(line)
    return []


def _csv_row(line: str) -> list[Result]:
    """A row of `benchmark -csv` (its `Algorithm,MB/s,Cycles per byte,` or `Algorithm,key
    size,operation,avg ms,ops/sec,` block): MB/s is MiB/s, as wolfSSL counts in powers of 1024."""
    found = _CSV_SYMMETRIC.match(line)
    if found:
        base = _symmetric(found["name"].strip())
        results = [Result(**base, metric="bytes_per_s", value=float(found["rate"]), unit="MiB/s")]
        if found["cpb"] is not None:
            cycles = float(found["cpb"])
            results.append(Result(**base, metric="cycles_per_byte", value=cycles, unit="cycles/B"))
        return [r for r in results if r.value > 0]
    found = _CSV_PUBLIC.match(line)
    if found is None or found["op"] not in _OPERATIONS or float(found["rate"]) <= 0:
        return []
    alg, curve, bits = found["alg"], found["curve"], int(found["bits"])
    name = " ".join(line.rsplit(",", 3)[0].replace(",", " ").split())
    base = _fields(name, *_asymmetric(alg, curve, bits, _OPERATIONS[found["op"]]))
    return [Result(**base, metric="ops_per_s", value=float(found["rate"]), unit="ops/s")]


def _throughput(found: re.Match[str]) -> list[Result]:
    name = found["name"].strip()
    base = _symmetric(name)
    if found["rate"] is None:
        # A row a person cut to "N MiB took T seconds" (a Markdown table): the rate is N / T.
        rate, unit = float(found["amount"]) / float(found["secs"]), found["amount_unit"]
    else:
        rate, unit = float(found["rate"]), found["unit"]
    if rate <= 0:
        return []
    results = [Result(**base, metric="bytes_per_s", value=rate, unit=_UNITS[unit])]
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
    if found["rate"] is not None or found["avg"] is None:
        # Without avg and rate, a row cut to "N ops took T seconds": N / T operations a second.
        rate = found["rate"] or int(found["count"]) / float(found["secs"])
        return Result(
            **base,
            metric="ops_per_s",
            value=float(rate),
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
    post_quantum = pq_algorithm(alg, bits)
    if post_quantum:
        algorithm, pq_family = post_quantum
        return family or pq_family, algorithm, operation, {}
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
