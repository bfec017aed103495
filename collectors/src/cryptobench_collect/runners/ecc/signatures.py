"""ECDSA over the reference arithmetic, and the DER form of an (r, s) signature.

Every library in this runner signs SHA-256(message); `digest_int` is how a digest becomes the
integer z (leftmost bits of n's length, FIPS 186-4 6.4).
"""

import hashlib
import secrets
from collections.abc import Callable

from cryptobench_collect.runners.ecc.affine import Point
from cryptobench_collect.runners.ecc.curves import CurveParams

Multiply = Callable[[CurveParams, int, Point], Point]
MultiplyAdd = Callable[[CurveParams, int, Point, int, Point], Point]


def digest_int(curve: CurveParams, message: bytes) -> int:
    digest = hashlib.sha256(message).digest()
    z = int.from_bytes(digest, "big")
    excess = len(digest) * 8 - curve.n.bit_length()
    return z >> excess if excess > 0 else z


def sign(curve: CurveParams, multiply: Multiply, d: int, message: bytes) -> tuple[int, int]:
    """(r, s) with a fresh random nonce, retried in the (negligible) r == 0 or s == 0 cases."""
    n = curve.n
    z = digest_int(curve, message)
    while True:
        k = 1 + secrets.randbelow(n - 1)
        R = multiply(curve, k, curve.generator)
        if R is None:
            continue
        r = R[0] % n
        s = pow(k, -1, n) * (z + r * d) % n
        if r and s:
            return r, s


def verify(
    curve: CurveParams,
    multiply_add: MultiplyAdd,
    Q: Point,
    message: bytes,
    signature: tuple[int, int],
) -> bool:
    r, s = signature
    n = curve.n
    if not (0 < r < n and 0 < s < n):
        return False
    w = pow(s, -1, n)
    z = digest_int(curve, message)
    X = multiply_add(curve, z * w % n, curve.generator, r * w % n, Q)
    return X is not None and X[0] % n == r


def der_encode(r: int, s: int) -> bytes:
    body = _der_int(r) + _der_int(s)
    return b"\x30" + _der_len(len(body)) + body


def der_decode(data: bytes) -> tuple[int, int]:
    """(r, s) from an ASN.1 DER ECDSA-Sig-Value; ValueError when it is not one."""
    if len(data) < 8 or data[0] != 0x30:
        raise ValueError("not a DER ECDSA signature")
    pos = 2 if data[1] < 0x80 else 2 + (data[1] & 0x7F)
    values = []
    for _ in range(2):
        if data[pos] != 0x02:
            raise ValueError("not a DER ECDSA signature")
        length = data[pos + 1]
        values.append(int.from_bytes(data[pos + 2 : pos + 2 + length], "big"))
        pos += 2 + length
    return values[0], values[1]


def _der_int(value: int) -> bytes:
    raw = value.to_bytes(value.bit_length() // 8 + 1, "big")
    return b"\x02" + _der_len(len(raw)) + raw


def _der_len(length: int) -> bytes:
    return bytes([length]) if length < 0x80 else bytes([0x81, length])
