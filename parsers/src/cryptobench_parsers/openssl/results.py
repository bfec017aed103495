"""One parsed `openssl speed` figure -> one contract Result, names through the vocabulary."""

from typing import cast

from cryptobench_contract import Result
from cryptobench_contract.vocabulary import Family, Operation
from cryptobench_parsers.openssl.lines import Figure
from cryptobench_parsers.openssl.names import (
    curve,
    generic_algorithm,
    symmetric_algorithm,
    symmetric_kind,
)

Params = dict[str, str | int | float | bool]

_PKEY: dict[str, tuple[str, Family]] = {
    "rsa": ("RSA", "signature"),
    "dsa": ("DSA", "signature"),
    "ecdsa": ("ECDSA", "signature"),
    "eddsa": ("EdDSA", "signature"),
    "sm2": ("SM2", "signature"),
    "ecdh": ("ECDH", "key-exchange"),
    "ffdh": ("FFDH", "key-exchange"),
}
#: The padding of `openssl speed`'s RSA sign, verify, encrypt and decrypt (RSA_sign and
#: RSA_public_encrypt with RSA_PKCS1_PADDING; EVP_PKEY's default in 3.x): PKCS#1 v1.5.
RSA_PADDING = "pkcs1v15"
_GENERIC_VARIANT = {"kem": "evp-kem", "sig": "evp-signature"}


def to_result(figure: Figure, library: str, version: str | None) -> Result:
    family, algorithm, operation, params = _describe(figure)
    unit = "B/s" if figure.metric == "bytes_per_s" else "ops/s"
    return Result(
        name=figure.name,
        family=family,
        algorithm=algorithm,
        # the table's operation word; Result checks it against the vocabulary
        operation=cast("Operation | None", operation),
        library=library,
        library_version=version,
        params=params,
        metric=figure.metric,
        value=figure.value,
        unit=unit,
        stats=_timing(figure),
    )


def _timing(figure: Figure) -> dict[str, float] | None:
    """The seconds openssl measured and the seconds it was asked to run, as stats (plausibility
    compares them: CPU time far below the requested time is work done outside the process)."""
    if figure.timing is None:
        return None
    measured, requested = figure.timing
    return {"seconds": measured, "requested_seconds": requested}


def _describe(figure: Figure) -> tuple[Family | None, str, str | None, Params]:
    if figure.kind == "symmetric":
        family, operation = symmetric_kind(figure.name)
        block: Params = {} if figure.block is None else {"block_bytes": figure.block}
        return family, symmetric_algorithm(figure.name), operation, block
    if figure.kind in ("kem", "sig"):
        algorithm, numbers = generic_algorithm(figure.name)
        params: Params = {**numbers, "variant": _GENERIC_VARIANT[figure.kind]} if numbers else {}
        generic: Family = "kem" if figure.kind == "kem" else "signature"
        return generic, algorithm, figure.operation, params
    algorithm, family = _PKEY[figure.kind]
    if figure.operation in ("encrypt", "decrypt"):
        family = "cipher"
    params = {} if figure.bits is None else {"key_bits": figure.bits}
    if figure.kind == "rsa":
        params["padding"] = RSA_PADDING
    if figure.curve is not None:
        params["curve"] = curve(figure.curve)
    return family, algorithm, figure.operation, params
