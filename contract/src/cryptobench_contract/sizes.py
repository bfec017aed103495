"""Sizes in bytes of standard parameter sets, from the standards: what a result costs on the wire.

`standard_sizes(algorithm, params)` gives the sizes of a canonical result identity, as params:
`public_key_bytes`, `signature_bytes`, `ciphertext_bytes` (a KEM's ciphertext, a hybrid's
server key share, RSA encryption's output) and `shared_secret_bytes`. Conventions:
- keys are raw encodings, not DER/X.509 wrappers: an RSA public key is its modulus (k = bits/8
  bytes; the exponent is left out), an EC public key is its SEC 1 point (uncompressed 04||X||Y
  unless `params.encoding` is "compressed"), EdDSA/X25519/X448 keys as RFC 8032/7748 encode them;
- ECDSA and SM2 signatures are DER (SEQUENCE of two INTEGERs), at their maximum length (an
  INTEGER gets a leading zero byte when its top bit is set), as TLS and X.509 carry them;
- ML-KEM (FIPS 203), ML-DSA (FIPS 204) and SLH-DSA (FIPS 205) as their tables state them;
- hybrids as draft-ietf-tls-ecdhe-mlkem concatenates them (ML-KEM first in X25519MLKEM768).
"""

from collections.abc import Mapping
from typing import Any

#: Every parameter that is a size, with its unit: the one list of them. Charts draw these on a
#: log2 axis (GET /vocabulary serves them as `dimensions.numeric`); the standard sizes that
#: `standard_sizes` gives are among them.
SIZE_PARAMS: dict[str, str] = {
    "block_bytes": "B",
    "message_bytes": "B",
    "key_bits": "bit",
    "public_key_bytes": "B",
    "signature_bytes": "B",
    "ciphertext_bytes": "B",
    "shared_secret_bytes": "B",
}

#: The params that give the bytes one operation processes, the first present wins: what turns
#: per-operation figures into per-byte ones and the sizes the cost model a + b * bytes is fitted
#: over (GET /fit; GET /vocabulary serves them as `dimensions.operation_bytes`).
OPERATION_BYTES: tuple[str, ...] = ("block_bytes", "message_bytes")

#: Curves: (field/coordinate bytes, group order bits), SEC 2, RFC 5639, GB/T 32918.
CURVES: dict[str, tuple[int, int]] = {
    "secp256r1": (32, 256),
    "secp384r1": (48, 384),
    "secp521r1": (66, 521),
    "secp256k1": (32, 256),
    "sm2p256v1": (32, 256),
    "brainpoolP256r1": (32, 256),
    "brainpoolP384r1": (48, 384),
    "brainpoolP512r1": (64, 512),
}
#: RFC 8032 (EdDSA) and RFC 7748 (X25519/X448): public key and signature / shared secret bytes.
EDDSA = {"ed25519": (32, 64), "ed448": (57, 114)}
MONTGOMERY = {"x25519": 32, "x448": 56}
#: FIPS 203 table 3: encapsulation key, ciphertext; the shared secret is 32 bytes.
ML_KEM = {"ML-KEM-512": (800, 768), "ML-KEM-768": (1184, 1088), "ML-KEM-1024": (1568, 1568)}
#: FIPS 204 table 2: public key, signature.
ML_DSA = {"ML-DSA-44": (1312, 2420), "ML-DSA-65": (1952, 3309), "ML-DSA-87": (2592, 4627)}
#: FIPS 205 table 2: public key, signature (the SHA2 and SHAKE sets of one level agree).
SLH_DSA = {
    "128s": (32, 7856),
    "128f": (32, 17088),
    "192s": (48, 16224),
    "192f": (48, 35664),
    "256s": (64, 29792),
    "256f": (64, 49856),
}
#: draft-ietf-tls-ecdhe-mlkem: (ML-KEM set, classical curve); key shares concatenate both.
HYBRIDS = {
    "X25519MLKEM768": ("ML-KEM-768", "x25519"),
    "SecP256r1MLKEM768": ("ML-KEM-768", "secp256r1"),
    "SecP384r1MLKEM1024": ("ML-KEM-1024", "secp384r1"),
}
ML_KEM_SECRET = 32


def ec_point_bytes(curve: str, compressed: bool = False) -> int:
    field = CURVES[curve][0]
    return 1 + field if compressed else 1 + 2 * field


def der_signature_max(order_bits: int) -> int:
    """The longest DER ECDSA-Sig-Value: two INTEGERs of the order's size (+1 leading zero byte when
    the top bit of the top byte can be set), in a SEQUENCE with a short or 0x81 long length."""
    top_bit_used = order_bits % 8 == 0
    integer = (order_bits + 7) // 8 + (1 if top_bit_used else 0)
    body = 2 * (2 + integer)
    return body + (2 if body < 128 else 3)


def standard_sizes(algorithm: str, params: Mapping[str, Any]) -> dict[str, int]:
    """The sizes of a canonical identity; {} where the standard does not fix them (or the curve
    or key size is not known)."""
    curve = params.get("curve")
    if algorithm == "RSA" and isinstance(params.get("key_bits"), int):
        k = (params["key_bits"] + 7) // 8
        return {"public_key_bytes": k, "signature_bytes": k, "ciphertext_bytes": k}
    if algorithm in ("ECDSA", "SM2") and curve in CURVES:
        compressed = params.get("encoding") == "compressed"
        return {
            "public_key_bytes": ec_point_bytes(curve, compressed),
            "signature_bytes": der_signature_max(CURVES[curve][1]),
        }
    if algorithm == "EdDSA" and curve in EDDSA:
        public, signature = EDDSA[curve]
        return {"public_key_bytes": public, "signature_bytes": signature}
    if algorithm == "ECDH" and curve in CURVES:
        point = ec_point_bytes(curve, params.get("encoding") == "compressed")
        return {"public_key_bytes": point, "shared_secret_bytes": CURVES[curve][0]}
    if algorithm in ("X25519", "X448") or (algorithm == "ECDH" and curve in MONTGOMERY):
        size = MONTGOMERY[curve if curve in MONTGOMERY else algorithm.lower()]
        return {"public_key_bytes": size, "shared_secret_bytes": size}
    if algorithm in ML_KEM:
        public, ciphertext = ML_KEM[algorithm]
        return {
            "public_key_bytes": public,
            "ciphertext_bytes": ciphertext,
            "shared_secret_bytes": ML_KEM_SECRET,
        }
    if algorithm in ML_DSA:
        public, signature = ML_DSA[algorithm]
        return {"public_key_bytes": public, "signature_bytes": signature}
    if algorithm.startswith(("SLH-DSA-SHA2-", "SLH-DSA-SHAKE-")):
        level = algorithm.rsplit("-", 1)[1]
        if level in SLH_DSA:
            public, signature = SLH_DSA[level]
            return {"public_key_bytes": public, "signature_bytes": signature}
    if algorithm in HYBRIDS:
        kem, classical = HYBRIDS[algorithm]
        public, ciphertext = ML_KEM[kem]
        if classical in MONTGOMERY:
            share, secret = MONTGOMERY[classical], MONTGOMERY[classical]
        else:
            share, secret = ec_point_bytes(classical), CURVES[classical][0]
        return {
            "public_key_bytes": public + share,
            "ciphertext_bytes": ciphertext + share,
            "shared_secret_bytes": ML_KEM_SECRET + secret,
        }
    return {}
