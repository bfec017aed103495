"""coincurve: CFFI bindings to libsecp256k1 (secp256k1 only; Jacobian group elements inside)."""

from importlib.metadata import version
from typing import Any, ClassVar

from coincurve import PrivateKey, PublicKey

from cryptobench_collect.runners.ecc.adapters.base import (
    ALL_OPERATIONS,
    CurveOps,
    Library,
    LibraryInfo,
    compressed_even,
    params,
)
from cryptobench_collect.runners.ecc.signatures import der_decode, der_encode


class _Ops(CurveOps):
    operations = ALL_OPERATIONS
    low_s_only = True

    def __init__(self) -> None:
        super().__init__(params("secp256k1"))

    def keypair(self, d: int) -> tuple[Any, Any]:
        private = PrivateKey.from_int(d)
        return private, private.public_key

    def public_from_xy(self, Q: tuple[int, int]) -> Any:
        return PublicKey.from_point(Q[0], Q[1])

    def sign(self, private: Any, message: bytes) -> Any:
        return private.sign(message)

    def verify(self, public: Any, message: bytes, signature: Any) -> bool:
        return bool(public.verify(signature, message))

    def signature_rs(self, signature: Any) -> tuple[int, int]:
        return der_decode(signature)

    def from_rs(self, r: int, s: int) -> Any:
        return der_encode(r, s)

    def point(self, P: tuple[int, int]) -> Any:
        return PublicKey.from_point(P[0], P[1])

    def xy(self, point: Any) -> tuple[int, int] | None:
        return point.point()

    def add(self, P: Any, Q: Any) -> Any:
        return P.combine([Q])

    def double(self, P: Any) -> Any:
        return PublicKey.combine_keys([P, P])

    def multiply(self, k: int, P: Any) -> Any:
        return P.multiply(k.to_bytes(32, "big"))

    def recover_y(self, x: int) -> Any:
        try:
            return PublicKey(compressed_even(x, self.curve))
        except ValueError:
            return None

    def y_of(self, recovered: Any) -> int | None:
        return None if recovered is None else recovered.point()[1]


class Coincurve(Library):
    name = "coincurve"
    install = "pip install coincurve"
    curve_names: ClassVar[dict[str, Any]] = {"secp256k1": "secp256k1"}

    def info(self) -> LibraryInfo:
        return LibraryInfo(self.name, version("coincurve"), "jacobian", provider="libsecp256k1")

    def bind(self, curve: str) -> CurveOps:
        return _Ops()
