"""pyca/cryptography: OpenSSL's ECDSA and point decoding; no public point arithmetic."""

from importlib.metadata import version
from typing import Any, ClassVar

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.backends.openssl import backend
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import (
    decode_dss_signature,
    encode_dss_signature,
)

from cryptobench_collect.runners.ecc.adapters.base import (
    SIGN,
    VERIFY,
    Y_RECOVERY,
    CurveOps,
    Library,
    LibraryInfo,
    compressed_even,
    params,
)

_ECDSA = ec.ECDSA(hashes.SHA256())


class _Ops(CurveOps):
    operations = frozenset({SIGN, VERIFY, Y_RECOVERY})

    def __init__(self, curve_name: str, native: ec.EllipticCurve) -> None:
        super().__init__(params(curve_name))
        self.native = native

    def keypair(self, d: int) -> tuple[Any, Any]:
        private = ec.derive_private_key(d, self.native)
        return private, private.public_key()

    def public_from_xy(self, Q: tuple[int, int]) -> Any:
        return ec.EllipticCurvePublicNumbers(Q[0], Q[1], self.native).public_key()

    def sign(self, private: Any, message: bytes) -> Any:
        return private.sign(message, _ECDSA)

    def verify(self, public: Any, message: bytes, signature: Any) -> bool:
        try:
            public.verify(signature, message, _ECDSA)
        except InvalidSignature:
            return False
        return True

    def signature_rs(self, signature: Any) -> tuple[int, int]:
        r, s = decode_dss_signature(signature)
        return r, s

    def from_rs(self, r: int, s: int) -> Any:
        return encode_dss_signature(r, s)

    def recover_y(self, x: int) -> Any:
        try:
            return ec.EllipticCurvePublicKey.from_encoded_point(
                self.native, compressed_even(x, self.curve)
            )
        except ValueError:
            return None

    def y_of(self, recovered: Any) -> int | None:
        return None if recovered is None else recovered.public_numbers().y


class Cryptography(Library):
    name = "cryptography"
    install = "pip install cryptography"
    curve_names: ClassVar[dict[str, Any]] = {
        "secp256k1": ec.SECP256K1(),
        "secp256r1": ec.SECP256R1(),
        "secp384r1": ec.SECP384R1(),
    }

    def info(self) -> LibraryInfo:
        return LibraryInfo(
            self.name, version("cryptography"), None, provider=backend.openssl_version_text()
        )

    def bind(self, curve: str) -> CurveOps:
        return _Ops(curve, self.curve_names[curve])
