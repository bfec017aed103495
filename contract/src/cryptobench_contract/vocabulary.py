"""Canonical names (shared/DESIGN.md "Vocabulary") and the aliases tools print for them.

Every parser and the backend map names through these functions; a name that is not known is
kept verbatim, never dropped.
"""

import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import Literal

Source = Literal[
    "openssl-speed",
    "jmh",
    "esp32c6-serial",
    "python-ecc",
    "manual",
    "go-test-bench",
    "criterion",
    "google-benchmark",
    "mbedtls-benchmark",
    "wolfssl-benchmark",
    "liboqs-speed",
    "cryptsetup-benchmark",
    "bssl-speed",
    "pytest-benchmark",
    "github-action-benchmark",
    "botan-speed",
    "benchstat",
    "hyperfine",
    "dudect",
    "pqm4",
]
Family = Literal[
    "signature",
    "key-exchange",
    "kem",
    "cipher",
    "aead",
    "hash",
    "mac",
    "ec-arith",
    "keygen",
    "encoding",
    "rng",
]
Operation = Literal[
    "sign",
    "verify",
    "keygen",
    "encrypt",
    "decrypt",
    "derive",
    "encaps",
    "decaps",
    "hash",
    "mac",
    "point-add",
    "point-double",
    "point-mul",
    "y-recovery",
    "encode",
    "generate",
]
ErrorKind = Literal["ci99.9", "ci95", "stddev", "stderr", "range"]

OPT_LEVELS = ("-O0", "-O1", "-O2", "-O3", "-Os", "-Og")
COORDINATES = ("affine", "projective", "jacobian")


def _table(canon: Mapping[str, tuple[str, ...]]) -> dict[str, str]:
    """Alias table keyed by a folded spelling (lower case, no '-', '_' or spaces)."""
    table: dict[str, str] = {}
    for name, aliases in canon.items():
        for spelling in (name, *aliases):
            table[_fold(spelling)] = name
    return table


@lru_cache(maxsize=65536)
def _fold(name: str) -> str:
    """NFKC-normalized (SHA-256 in fullwidth letters is SHA-256), lower case, without '-', '_',
    ' ' or '/'. Memoized: a parser folds the same few names for every row of a table."""
    folded = unicodedata.normalize("NFKC", name).strip().lower()
    return "".join(ch for ch in folded if ch not in "-_ /")


CURVE_NAMES: dict[str, tuple[str, ...]] = {
    "secp256r1": ("P-256", "prime256v1", "nistp256", "NIST P-256", "ansiX9p256r1"),
    "secp384r1": ("P-384", "nistp384", "NIST P-384", "ansiX9p384r1"),
    "secp521r1": ("P-521", "nistp521", "NIST P-521"),
    "secp224r1": ("P-224", "nistp224"),
    "secp192r1": ("P-192", "prime192v1", "nistp192"),
    "secp256k1": ("K-256",),
    "sm2p256v1": ("SM2", "sm2curve", "CurveSM2"),
    "secp160r1": (),
    "sect163k1": ("nistk163", "K-163"),
    "sect233k1": ("nistk233", "K-233"),
    "sect283k1": ("nistk283", "K-283"),
    "sect409k1": ("nistk409", "K-409"),
    "sect571k1": ("nistk571", "K-571"),
    "sect163r2": ("nistb163", "B-163"),
    "sect233r1": ("nistb233", "B-233"),
    "sect283r1": ("nistb283", "B-283"),
    "sect409r1": ("nistb409", "B-409"),
    "sect571r1": ("nistb571", "B-571"),
    "brainpoolP256r1": ("bp256r1",),
    "brainpoolP384r1": ("bp384r1",),
    "brainpoolP512r1": ("bp512r1",),
    "brainpoolP256t1": ("bp256t1",),
    "brainpoolP384t1": ("bp384t1",),
    "brainpoolP512t1": ("bp512t1",),
    "ed25519": ("Ed25519", "curve25519-ed"),
    "ed448": ("Ed448",),
    "x25519": ("X25519", "curve25519"),
    "x448": ("X448", "curve448"),
}
CURVES = _table(CURVE_NAMES)

PADDING_NAMES: dict[str, tuple[str, ...]] = {
    "pkcs1v15": (
        "PKCS#1 v1.5",
        "pkcs1",
        "PKCS1v15",
        "PKCS1-v1_5",
        "pkcs1 v1.5",
        "v15",
        "RSASSA-PKCS1-v1_5",
    ),
    "pss": ("PSS", "RSASSA-PSS", "pkcs1-pss", "PKCS1-PSS", "v21"),
    "oaep": ("OAEP", "RSAES-OAEP"),
    "none": ("no padding", "nopadding", "raw", "NoPadding"),
}
PADDINGS = _table(PADDING_NAMES)

HASH_NAMES: dict[str, tuple[str, ...]] = {
    "SHA-1": ("sha1", "SHA"),
    "SHA-224": ("sha224",),
    "SHA-256": ("sha256",),
    "SHA-384": ("sha384",),
    "SHA-512": ("sha512",),
    "SHA3-256": ("sha3-256", "sha3256"),
    "SHA3-384": ("sha3-384",),
    "SHA3-512": ("sha3-512",),
    "SM3": ("sm3",),
    "MD5": ("md5",),
    "BLAKE2b-512": ("blake2b512",),
    "BLAKE2s-256": ("blake2s256",),
}
HASHES = _table(HASH_NAMES)

ALGORITHM_NAMES: dict[str, tuple[str, ...]] = {
    "RSA": ("rsa",),
    "ECDSA": ("ecdsa",),
    "EdDSA": ("eddsa",),
    "SM2": ("sm2",),
    "ECDH": ("ecdh",),
    "X25519": ("x25519",),
    "X448": ("x448",),
    "FFDH": ("ffdh", "dh"),
    "DSA": ("dsa",),
    "ML-KEM-512": ("mlkem512",),
    "ML-KEM-768": ("mlkem768",),
    "ML-KEM-1024": ("mlkem1024",),
    "ML-DSA-44": ("mldsa44",),
    "ML-DSA-65": ("mldsa65",),
    "ML-DSA-87": ("mldsa87",),
    "AES-128-CBC": ("aes128cbc",),
    "AES-192-CBC": ("aes192cbc",),
    "AES-256-CBC": ("aes256cbc",),
    "AES-128-CTR": ("aes128ctr",),
    "AES-192-CTR": ("aes192ctr",),
    "AES-256-CTR": ("aes256ctr",),
    "AES-128-GCM": ("aes128gcm",),
    "AES-192-GCM": ("aes192gcm",),
    "AES-256-GCM": ("aes256gcm",),
    "AES-128-ECB": ("aes128ecb",),
    "AES-256-ECB": ("aes256ecb",),
    "ChaCha20-Poly1305": ("chacha20poly1305", "chachapoly"),
    "ChaCha20": ("chacha20",),
    "DES-EDE3-CBC": ("desede3cbc", "des-ede3", "3des", "tripledes"),
    "DES-CBC": ("descbc",),
    "Camellia-128-CBC": ("camellia128cbc",),
    "Camellia-192-CBC": ("camellia192cbc",),
    "Camellia-256-CBC": ("camellia256cbc",),
    "SM4-CBC": ("sm4cbc",),
    "GHASH": ("ghash",),
    "KMAC128": ("kmac128",),
    "KMAC256": ("kmac256",),
    "X25519MLKEM768": (),
    "SecP256r1MLKEM768": (),
    "SecP384r1MLKEM1024": (),
    "SHA-1": ("sha1",),
    "SHA-224": ("sha224",),
    "SHA-256": ("sha256",),
    "SHA-384": ("sha384",),
    "SHA-512": ("sha512",),
    "SHA3-256": ("sha3256",),
    "SHA3-384": ("sha3384",),
    "SHA3-512": ("sha3512",),
    "RIPEMD-160": ("ripemd160", "rmd160", "ripemd"),
    "SM3": ("sm3",),
    "MD5": ("md5",),
    "HMAC-SHA256": ("hmacsha256", "hmac(sha256)"),
    "HMAC-SHA1": ("hmacsha1", "hmac(sha1)"),
    "HMAC-MD5": ("hmacmd5", "hmac(md5)", "hmac"),
    "CTR-DRBG": ("ctrdrbg",),
    "HMAC-DRBG": ("hmacdrbg",),
}
ALGORITHMS = _table(ALGORITHM_NAMES)

#: Parameter names tools use, mapped to the canonical parameter names. Ambiguous names (`size`,
#: `length`: elements or bytes?) are not mapped: a foreign suite's `size` must not turn into a
#: byte count from which throughput is derived.
PARAM_KEYS: dict[str, str] = {
    "curve": "curve",
    "curvename": "curve",
    "ecname": "curve",
    "namedcurve": "curve",
    "keybits": "key_bits",
    "keysize": "key_bits",
    "keylength": "key_bits",
    "bits": "key_bits",
    "modulusbits": "key_bits",
    "padding": "padding",
    "paddingscheme": "padding",
    "hash": "hash",
    "digest": "hash",
    "hashalgorithm": "hash",
    "messagebytes": "message_bytes",
    "messagesize": "message_bytes",
    "msgsize": "message_bytes",
    "messagelength": "message_bytes",
    "msglen": "message_bytes",
    "datasize": "message_bytes",
    "payloadsize": "message_bytes",
    "blockbytes": "block_bytes",
    "blocksize": "block_bytes",
    "coordinates": "coordinates",
    "provider": "provider",
    "variant": "variant",
    "encoding": "encoding",
    "compressed": "encoding",
}

_VALUE_TABLES = {"curve": CURVES, "padding": PADDINGS, "hash": HASHES}
_INT_PARAMS = {"key_bits", "message_bytes", "block_bytes"}


def canonical(table: Mapping[str, str], name: str) -> str:
    """The canonical spelling of `name` in `table`, or `name` itself when it is not known."""
    return table.get(_fold(name), name)


def canonical_curve(name: str) -> str:
    return canonical(CURVES, name)


def canonical_padding(name: str) -> str:
    return canonical(PADDINGS, name)


def canonical_hash(name: str) -> str:
    return canonical(HASHES, name)


def canonical_algorithm(name: str) -> str:
    return canonical(ALGORITHMS, name)


def canonical_param_key(key: str) -> str:
    return PARAM_KEYS.get(_fold(key), key)


def canonical_params(params: Mapping[str, object]) -> dict[str, object]:
    """Map parameter names and values to the vocabulary; unknown ones are kept as given.

    Integer-valued parameters given as digit strings (JMH passes every @Param as a string)
    become ints, so that `key_bits=2048` sorts and compares as a number.
    """
    out: dict[str, object] = {}
    for key, value in params.items():
        name = canonical_param_key(key)
        if name in out and name != key:
            name = key
        if isinstance(value, str) and name in _VALUE_TABLES:
            value = canonical(_VALUE_TABLES[name], value)
        elif isinstance(value, str) and name in _INT_PARAMS and value.strip().isdigit():
            value = int(value)
        out[name] = value
    return out


#: How dimensions read on axes, legends and pickers: every fixed dimension, every parameter and
#: tag key the parsers and collectors write. A key not listed reads as "<key> (parameter)" or
#: "<key> (tag)", its underscores as spaces (GET /vocabulary serves the pattern).
DIMENSION_LABELS: dict[str, str] = {
    "algorithm": "algorithm",
    "operation": "operation",
    "family": "family",
    "library": "library",
    "library_version": "library version",
    "machine": "machine",
    "source": "source",
    "run": "run",
    "name": "benchmark name",
    "clock": "clock",
    "param.key_bits": "key size (bits)",
    "param.message_bytes": "message size (bytes)",
    "param.block_bytes": "block size (bytes)",
    "param.public_key_bytes": "public key size (bytes)",
    "param.signature_bytes": "signature size (bytes)",
    "param.ciphertext_bytes": "ciphertext size (bytes)",
    "param.shared_secret_bytes": "shared secret size (bytes)",
    "param.curve": "curve",
    "param.padding": "padding",
    "param.hash": "hash",
    "param.coordinates": "coordinates",
    "param.encoding": "public key encoding",
    "param.variant": "variant",
    "param.provider": "provider (engine underneath)",
    "param.provider_version": "provider version",
    "param.threads": "threads",
    "param.jmh_metric": "JMH secondary metric",
    "tag.opt_level": "optimization level",
    "tag.engine": "engine",
    "tag.provider": "OpenSSL providers",
    "tag.quick": "quick run (one short measurement per figure)",
    "tag.multi": "parallel processes",
    "tag.seconds": "seconds per test",
    "tag.bytes": "block size asked for",
    "tag.comparison": "comparison pair",
    "tag.target": "firmware target",
    "tag.hw_accel": "hardware acceleration",
    "tag.partial": "partial run",
    "tag.python_version": "Python version",
    "tag.python_implementation": "Python implementation",
    "tag.jvm": "JVM version",
    "tag.seed": "seed document",
    "tag.experiment": "experiment",
    "tag.implementation": "implementation",
    "tag.timing": "timing",
}
#: The label of a param or tag key not in DIMENSION_LABELS: `{key}` with underscores as spaces.
UNKNOWN_KEY_LABELS = {"param.": "{key} (parameter)", "tag.": "{key} (tag)"}
