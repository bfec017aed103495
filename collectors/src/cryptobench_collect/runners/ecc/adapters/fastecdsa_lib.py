"""fastecdsa: native (Rust since 3.x) curve arithmetic; deterministic RFC 6979 nonces."""

from importlib.metadata import version
from typing import Any, ClassVar

from fastecdsa import curve as fcurve
from fastecdsa import ecdsa as fecdsa
from fastecdsa import keys as fkeys
from fastecdsa.encoding.sec1 import SEC1Encoder
from fastecdsa.point import Point

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
        self.encoder = SEC1Encoder()

    def keypair(self, d: int) -> tuple[Any, Any]:
        return d, fkeys.get_public_key(d, self.native)

    def public_from_xy(self, Q: tuple[int, int]) -> Any:
        return Point(Q[0], Q[1], self.native)

    def sign(self, private: Any, message: bytes) -> Any:
        return fecdsa.sign(message, private, curve=self.native)

    def verify(self, public: Any, message: bytes, signature: Any) -> bool:
        return bool(fecdsa.verify(signature, message, public, curve=self.native))

    def signature_rs(self, signature: Any) -> tuple[int, int]:
        return signature[0], signature[1]

    def from_rs(self, r: int, s: int) -> Any:
        return (r, s)

    def point(self, P: tuple[int, int]) -> Any:
        return Point(P[0], P[1], self.native)

    def xy(self, point: Any) -> tuple[int, int] | None:
        normal = point.normalize()
        return None if normal.z == 0 else (normal.x, normal.y)

    def add(self, P: Any, Q: Any) -> Any:
        return P + Q

    def double(self, P: Any) -> Any:
        return P + P

    def multiply(self, k: int, P: Any) -> Any:
        return k * P

    def recover_y(self, x: int) -> Any:
        try:
            return self.encoder.decode_public_key(compressed_even(x, self.curve), self.native)
        except ValueError:
            return None

    def y_of(self, recovered: Any) -> int | None:
        return None if recovered is None else recovered.y


class Fastecdsa(Library):
    name = "fastecdsa"
    install = "pip install fastecdsa"
    curve_names: ClassVar[dict[str, Any]] = {
        "secp256k1": fcurve.secp256k1,
        "secp256r1": fcurve.P256,
        "secp384r1": fcurve.P384,
    }

    def info(self) -> LibraryInfo:
        return LibraryInfo(self.name, version("fastecdsa"), None)

    def bind(self, curve: str) -> CurveOps:
        return _Ops(curve, self.curve_names[curve])
