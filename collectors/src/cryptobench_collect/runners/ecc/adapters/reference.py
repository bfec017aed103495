"""Our own reference arithmetic as two "libraries": affine (stands in for ECC.py) and Jacobian."""

from typing import Any, ClassVar

from cryptobench_collect.runners.ecc import affine, jacobian, signatures, sqrt
from cryptobench_collect.runners.ecc.adapters.base import (
    ALL_OPERATIONS,
    CurveOps,
    Library,
    LibraryInfo,
    own_version,
    params,
)
from cryptobench_collect.runners.ecc.curves import CURVES, CurveParams


def _affine_multiply_add(
    curve: CurveParams, u1: int, P: affine.Point, u2: int, Q: affine.Point
) -> affine.Point:
    return affine.add(curve, affine.multiply(curve, u1, P), affine.multiply(curve, u2, Q))


class _ReferenceOps(CurveOps):
    operations = ALL_OPERATIONS
    arithmetic: Any = affine
    multiply_add: Any = staticmethod(_affine_multiply_add)

    def keypair(self, d: int) -> tuple[Any, Any]:
        return d, self.arithmetic.multiply(self.curve, d, self.curve.generator)

    def public_from_xy(self, Q: tuple[int, int]) -> Any:
        return Q

    def sign(self, private: Any, message: bytes) -> Any:
        return signatures.sign(self.curve, self.arithmetic.multiply, private, message)

    def verify(self, public: Any, message: bytes, signature: Any) -> bool:
        return signatures.verify(self.curve, self.multiply_add, public, message, signature)

    def signature_rs(self, signature: Any) -> tuple[int, int]:
        return signature

    def from_rs(self, r: int, s: int) -> Any:
        return (r, s)

    def point(self, P: tuple[int, int]) -> Any:
        return P

    def xy(self, point: Any) -> tuple[int, int] | None:
        return point

    def add(self, P: Any, Q: Any) -> Any:
        return self.arithmetic.add(self.curve, P, Q)

    def double(self, P: Any) -> Any:
        return self.arithmetic.double(self.curve, P)

    def multiply(self, k: int, P: Any) -> Any:
        return self.arithmetic.multiply(self.curve, k, P)

    def recover_y(self, x: int) -> Any:
        return sqrt.recover_y(self.curve, x)


class _JacobianOps(_ReferenceOps):
    arithmetic = jacobian
    multiply_add = staticmethod(jacobian.multiply_add)


class ReferenceAffine(Library):
    name = "reference-affine"
    install = "(built in)"
    curve_names: ClassVar[dict[str, Any]] = dict(CURVES)
    ops_class: ClassVar[type[_ReferenceOps]] = _ReferenceOps
    coordinates = "affine"

    def info(self) -> LibraryInfo:
        return LibraryInfo(self.name, own_version(), self.coordinates)

    def bind(self, curve: str) -> CurveOps:
        return self.ops_class(params(curve))


class ReferenceJacobian(ReferenceAffine):
    name = "reference-jacobian"
    ops_class = _JacobianOps
    coordinates = "jacobian"
