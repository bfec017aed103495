"""Library identity (shared/DESIGN.md "Vocabulary", libraries): one canonical name per library.

`library` is the implementation the benchmark called. Aliases are matched without regard to case,
spaces, punctuation and Unicode compatibility forms (mbedtls, mbed TLS, MbedTLS -> Mbed TLS;
OpenSSL in fullwidth letters -> OpenSSL: names are NFKC-normalized before they are compared). A
JCA provider is the library (SunEC, not "JDK"); an engine of another project underneath is
`params.provider` with `params.provider_version`. Versions never stay inside names: "OpenSSL
4.0.3 29 Sep 2026" is OpenSSL, version 4.0.3. A name that is not known is kept as given.
"""

import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

LIBRARIES: dict[str, tuple[str, ...]] = {
    "OpenSSL": ("openssl", "libcrypto", "OpenSSL Project"),
    "BoringSSL": ("boringssl",),
    "LibreSSL": ("libressl",),
    "AWS-LC": ("aws-lc", "awslc"),
    "Mbed TLS": ("mbedtls", "mbed TLS", "MbedTLS", "mbedcrypto", "PolarSSL", "TF-PSA-Crypto"),
    "wolfSSL": ("wolfssl", "wolfCrypt", "wolfcrypt"),
    "BearSSL": ("bearssl",),
    "libsodium": ("sodium", "NaCl"),
    "Botan": ("botan",),
    "Crypto++": ("cryptopp", "libcrypto++", "cryptlib"),
    "NSS": ("Network Security Services", "libnss"),
    "Nettle": ("nettle",),
    "GnuTLS": ("gnutls",),
    "libgcrypt": ("gcrypt",),
    "liboqs": ("oqs", "Open Quantum Safe"),
    "Linux kernel crypto API": ("kernel", "AF_ALG", "Linux kernel"),
    "SunEC": ("sunec",),
    "SunRsaSign": ("sunrsasign",),
    "SunJCE": ("sunjce",),
    "SUN": ("sun",),
    "SunPKCS11": ("sunpkcs11",),
    "Bouncy Castle": ("BC", "BouncyCastle", "bcprov", "Legion of the Bouncy Castle"),
    "Bouncy Castle FIPS": ("BCFIPS", "bc-fips"),
    "ECpy": ("ecpy",),
    "ECC.py": ("eccpy", "ECC py"),
    "python-ecdsa": ("ecdsa", "python ecdsa", "pyecdsa"),
    "coincurve": (),
    "cryptography": ("pyca/cryptography", "pyca cryptography", "python-cryptography"),
    "fastecdsa": (),
    "libsecp256k1": ("secp256k1", "bitcoin-core/secp256k1"),
    "CryptoBench reference": ("reference-affine", "reference-jacobian", "cryptobench-reference"),
}

#: Names that stand for a whole Java runtime, not for the JCA provider that did the work.
JAVA_RUNTIMES = frozenset({"jdk", "java", "openjdk", "jre", "javase", "oraclejdk"})

#: JCA providers that ship inside the JDK: their version is the runtime's.
JDK_PROVIDERS = frozenset({"SunEC", "SunRsaSign", "SunJCE", "SUN", "SunPKCS11"})


def fold(name: str) -> str:
    """NFKC-normalized, lower case, with every character that is not a letter, digit or '+'
    removed."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in folded if ch.isalnum() or ch == "+")


_BY_FOLD: dict[str, str] = {
    fold(spelling): name for name, aliases in LIBRARIES.items() for spelling in (name, *aliases)
}

#: "<name> <version> [anything]", e.g. "OpenSSL 4.0.3 29 Sep 2026", "mbed TLS 2.28.3", "BC 1.78".
_NAME_VERSION = re.compile(r"^\s*(?P<name>.*?)[\s/_-]+v?(?P<version>\d+(?:\.\d+)+[A-Za-z0-9-]*)\b")


class LibraryName(NamedTuple):
    name: str
    version: str | None


@lru_cache(maxsize=4096)
def split_library(spelling: str) -> LibraryName:
    """The canonical name of `spelling` and the version it carried inside, if any."""
    known = _BY_FOLD.get(fold(spelling))
    if known is not None:
        return LibraryName(known, None)
    match = _NAME_VERSION.match(unicodedata.normalize("NFKC", spelling))
    if match:
        known = _BY_FOLD.get(fold(match["name"]))
        if known is not None:
            return LibraryName(known, match["version"])
    return LibraryName(spelling.strip(), None)


def canonical_library(spelling: str) -> str:
    return split_library(spelling).name


class Identity(NamedTuple):
    library: str | None
    library_version: str | None
    params: dict[str, Any]


def canonical_identity(
    library: str | None, library_version: str | None, params: Mapping[str, Any]
) -> Identity:
    """Library, version and params with the library named canonically (see the module doc).

    `params` must already have canonical keys. A Java runtime as the library gives way to the
    JCA provider in `params.provider`; a provider equal to the library is dropped; any other
    provider is named canonically and its version moves to `params.provider_version`.
    """
    out = dict(params)
    if library is not None:
        library, inside = split_library(library)
        library_version = library_version or inside
    provider = out.get("provider")
    if not isinstance(provider, str):
        return Identity(library, library_version, out)
    engine, engine_version = split_library(provider)
    if library is None or fold(library) in JAVA_RUNTIMES:
        runtime_version = library_version if engine in JDK_PROVIDERS else None
        library, library_version = engine, engine_version or runtime_version
        del out["provider"]
    elif engine == library:
        library_version = library_version or engine_version
        del out["provider"]
    else:
        out["provider"] = engine
        if engine_version and "provider_version" not in out:
            out["provider_version"] = engine_version
    return Identity(library, library_version, out)
