"""One parsed `openssl speed` figure -> one contract Result, names through the vocabulary."""

from cryptobench_contract import Result

from cryptobench_parsers.openssl_lines import Figure
from cryptobench_parsers.openssl_names import (
    curve,
    generic_algorithm,
    symmetric_algorithm,
    symmetric_kind,
)

_PKEY = {
    "rsa": ("RSA", "signature"),
    "dsa": ("DSA", "signature"),
    "ecdsa": ("ECDSA", "signature"),
    "eddsa": ("EdDSA", "signature"),
    "sm2": ("SM2", "signature"),
    "ecdh": ("ECDH", "key-exchange"),
    "ffdh": ("FFDH", "key-exchange"),
}
_GENERIC_VARIANT = {"kem": "evp-kem", "sig": "evp-signature"}


def to_result(figure: Figure, version: str | None) -> Result:
    family, algorithm, operation, params = _describe(figure)
    unit = "B/s" if figure.metric == "bytes_per_s" else "ops/s"
    return Result(
        name=figure.name,
        family=family,
        algorithm=algorithm,
        operation=operation,
        library="OpenSSL",
        library_version=version,
        params=params,
        metric=figure.metric,
        value=figure.value,
        unit=unit,
    )


def _describe(figure: Figure) -> tuple[str | None, str, str | None, dict[str, object]]:
    if figure.kind == "symmetric":
        family, operation = symmetric_kind(figure.name)
        return family, symmetric_algorithm(figure.name), operation, {"block_bytes": figure.block}
    if figure.kind in ("kem", "sig"):
        algorithm, params = generic_algorithm(figure.name)
        if params:
            params["variant"] = _GENERIC_VARIANT[figure.kind]
        return ("kem" if figure.kind == "kem" else "signature"), algorithm, figure.operation, params
    algorithm, family = _PKEY[figure.kind]
    if figure.operation in ("encrypt", "decrypt"):
        family = "cipher"
    params: dict[str, object] = {"key_bits": figure.bits}
    if figure.curve is not None:
        params["curve"] = curve(figure.curve)
    return family, algorithm, figure.operation, params
