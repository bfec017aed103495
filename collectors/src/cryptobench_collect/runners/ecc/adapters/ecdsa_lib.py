"""python-ecdsa (`ecdsa` on PyPI): pure Python, PointJacobi arithmetic."""

import hashlib
from importlib.metadata import version
from typing import Any, ClassVar

import ecdsa
from ecdsa.ellipticcurve import Point, PointJacobi
from ecdsa.errors import MalformedPointError

from cryptobench_collect.runners.ecc.adapters.base import (
    ALL_OPERATIONS,
    CurveOps,
    Library,
    LibraryInfo,
    compressed_even,
    params,
)


class _Ops(CurveOps):
    operations = ALL_OPERATIONS

    def __init__(self, curve_name: str, native: Any) -> None:
        super().__init__(params(curve_name))
        self.native = native
        self.size = native.baselen

    def keypair(self, d: int) -> tuple[Any, Any]:
        private = ecdsa.SigningKey.from_secret_exponent(
            d, curve=self.native, hashfunc=hashlib.sha256
        )
        return private, private.get_verifying_key()

    def public_from_xy(self, Q: tuple[int, int]) -> Any:
        point = Point(self.native.curve, Q[0], Q[1])
        return ecdsa.VerifyingKey.from_public_point(
            point, curve=self.native, hashfunc=hashlib.sha256
        )

    def sign(self, private: Any, message: bytes) -> Any:
        return private.sign(message)

    def verify(self, public: Any, message: bytes, signature: Any) -> bool:
        try:
            return bool(public.verify(signature, message))
        except ecdsa.BadSignatureError:
            return False

    def signature_rs(self, signature: Any) -> tuple[int, int]:
        half = len(signature) // 2
        return int.from_bytes(signature[:half], "big"), int.from_bytes(signature[half:], "big")

    def from_rs(self, r: int, s: int) -> Any:
        order_len = (self.native.order.bit_length() + 7) // 8
        return r.to_bytes(order_len, "big") + s.to_bytes(order_len, "big")

    def point(self, P: tuple[int, int]) -> Any:
        return PointJacobi(self.native.curve, P[0], P[1], 1, self.native.order)

    def xy(self, point: Any) -> tuple[int, int] | None:
        affine = point.to_affine()
        return None if affine.x() is None else (affine.x(), affine.y())

    def add(self, P: Any, Q: Any) -> Any:
        return P + Q

    def double(self, P: Any) -> Any:
        return P.double()

    def multiply(self, k: int, P: Any) -> Any:
        return P * k

    def recover_y(self, x: int) -> Any:
        try:
            return PointJacobi.from_bytes(self.native.curve, compressed_even(x, self.curve))
        except MalformedPointError:
            return None

    def y_of(self, recovered: Any) -> int | None:
        return None if recovered is None else recovered.y()


class Ecdsa(Library):
    name = "ecdsa"
    install = "pip install ecdsa"
    curve_names: ClassVar[dict[str, Any]] = {
        "secp256k1": ecdsa.SECP256k1,
        "secp256r1": ecdsa.NIST256p,
        "secp384r1": ecdsa.NIST384p,
    }

    def info(self) -> LibraryInfo:
        return LibraryInfo(self.name, version("ecdsa"), "jacobian")

    def bind(self, curve: str) -> CurveOps:
        return _Ops(curve, self.curve_names[curve])
