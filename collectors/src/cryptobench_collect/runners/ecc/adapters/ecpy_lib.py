"""ECpy: pure Python, Jacobian coordinates inside every operation (seed 004's "ecpy")."""

import hashlib
from importlib.metadata import version
from typing import Any, ClassVar

from ecpy.curves import Curve, Point
from ecpy.ecdsa import ECDSA
from ecpy.keys import ECPrivateKey, ECPublicKey

from cryptobench_collect.runners.ecc.adapters.base import (
    ALL_OPERATIONS,
    CurveOps,
    Library,
    LibraryInfo,
    params,
)


class _Ops(CurveOps):
    operations = ALL_OPERATIONS

    def __init__(self, curve_name: str) -> None:
        super().__init__(params(curve_name))
        self.native = Curve.get_curve(curve_name)
        self.signer = ECDSA("ITUPLE")

    def keypair(self, d: int) -> tuple[Any, Any]:
        private = ECPrivateKey(d, self.native)
        return private, private.get_public_key()

    def public_from_xy(self, Q: tuple[int, int]) -> Any:
        return ECPublicKey(Point(Q[0], Q[1], self.native))

    def sign(self, private: Any, message: bytes) -> Any:
        return self.signer.sign(hashlib.sha256(message).digest(), private)

    def verify(self, public: Any, message: bytes, signature: Any) -> bool:
        return bool(self.signer.verify(hashlib.sha256(message).digest(), signature, public))

    def signature_rs(self, signature: Any) -> tuple[int, int]:
        return signature[0], signature[1]

    def from_rs(self, r: int, s: int) -> Any:
        return (r, s)

    def point(self, P: tuple[int, int]) -> Any:
        return Point(P[0], P[1], self.native)

    def xy(self, point: Any) -> tuple[int, int] | None:
        return None if point.is_infinity else (point.x, point.y)

    def add(self, P: Any, Q: Any) -> Any:
        return self.native.add_point(P, Q)

    def double(self, P: Any) -> Any:
        return self.native.add_point(P, P)

    def multiply(self, k: int, P: Any) -> Any:
        return self.native.mul_point(k, P)

    def recover_y(self, x: int) -> Any:
        return self.native.y_recover(x)


class Ecpy(Library):
    name = "ecpy"
    install = "pip install ECPy"
    curve_names: ClassVar[dict[str, Any]] = {
        name: name for name in ("secp256k1", "secp256r1", "secp384r1")
    }

    def info(self) -> LibraryInfo:
        return LibraryInfo(self.name, version("ECPy"), "jacobian")

    def bind(self, curve: str) -> CurveOps:
        return _Ops(curve)
