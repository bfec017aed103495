"""What every library adapter offers: one `CurveOps` per (library, curve).

Methods called inside the timed region (`sign`, `verify`, `add`, `double`, `multiply`,
`recover_y`) do only the library call; conversions from and to plain integers (`keypair`,
`point`, `xy`, `signature_rs`, `from_rs`, `y_of`) are setup and checking, never timed.
An operation a library lacks is simply not in `operations`; the runner reports it as
unsupported.
"""

from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import Any, ClassVar

from cryptobench_collect.runners.ecc.curves import CURVES, CurveParams

SIGN, VERIFY = "sign", "verify"
ADD, DOUBLE, MUL, Y_RECOVERY = "point-add", "point-double", "point-mul", "y-recovery"
ALL_OPERATIONS = frozenset({SIGN, VERIFY, ADD, DOUBLE, MUL, Y_RECOVERY})


@dataclass(frozen=True)
class LibraryInfo:
    """A library as reported: the name in tables, its version, and how to install it."""

    name: str
    version: str
    coordinates: str | None
    provider: str | None = None


class CurveOps:
    """One library bound to one curve. Subclasses override what the library supports."""

    operations: ClassVar[frozenset[str]] = frozenset()
    #: verification accepts only s <= n/2 (libsecp256k1's malleability rule)
    low_s_only: ClassVar[bool] = False

    def __init__(self, curve: CurveParams) -> None:
        self.curve = curve

    def keypair(self, d: int) -> tuple[Any, Any]:
        raise NotImplementedError

    def public_from_xy(self, Q: tuple[int, int]) -> Any:
        raise NotImplementedError

    def sign(self, private: Any, message: bytes) -> Any:
        raise NotImplementedError

    def verify(self, public: Any, message: bytes, signature: Any) -> bool:
        raise NotImplementedError

    def signature_rs(self, signature: Any) -> tuple[int, int]:
        raise NotImplementedError

    def from_rs(self, r: int, s: int) -> Any:
        raise NotImplementedError

    def point(self, P: tuple[int, int]) -> Any:
        raise NotImplementedError

    def xy(self, point: Any) -> tuple[int, int] | None:
        raise NotImplementedError

    def add(self, P: Any, Q: Any) -> Any:
        raise NotImplementedError

    def double(self, P: Any) -> Any:
        raise NotImplementedError

    def multiply(self, k: int, P: Any) -> Any:
        raise NotImplementedError

    def recover_y(self, x: int) -> Any:
        raise NotImplementedError

    def y_of(self, recovered: Any) -> int | None:
        return recovered


class Library:
    """A Python ECC library: its info and which curves it can bind."""

    name: ClassVar[str]
    install: ClassVar[str]
    curve_names: ClassVar[dict[str, Any]] = {}

    def info(self) -> LibraryInfo:
        raise NotImplementedError

    def supports_curve(self, curve: str) -> bool:
        return curve in self.curve_names

    def bind(self, curve: str) -> CurveOps:
        raise NotImplementedError


def params(curve: str) -> CurveParams:
    return CURVES[curve]


def compressed_even(x: int, curve: CurveParams) -> bytes:
    """The SEC 1 compressed encoding of the point with this x and an even y: what each
    adapter's `recover_y` hands its library to decode."""
    return b"\x02" + x.to_bytes(curve.byte_length, "big")


def own_version() -> str:
    """This package's version: what the reference implementations report as theirs."""
    try:
        return version("cryptobench-collect")
    except PackageNotFoundError:
        return "unknown"
