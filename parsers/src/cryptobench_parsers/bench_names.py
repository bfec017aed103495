"""What a benchmark's own name says (`AESGCM_Encrypt_1KB`, `hash/16B`, `ECDSAP256Verify`):
family, algorithm, operation and params in the contract's vocabulary. Pure.

The one function that splits the names of general-purpose harnesses (go test -bench, criterion,
JMH, Google Benchmark, github-action-benchmark's data.js), whose names are whatever the author
wrote. Only what the name states is taken: a name with no known algorithm keeps itself as the
algorithm, without the size it states (`aead/16B` -> `aead`, block_bytes 16; so its sizes draw
one line), with the operation it states (`signBenchmark` -> sign) and no family. A key
derivation over a hash is that function with the hash as a param, never the hash
(`PBKDF2_SHA256` -> PBKDF2, hash SHA-256, operation derive unless the name states another);
an HMAC is HMAC of its hash (`hmac_sha512` -> HMAC-SHA512). A size
is read from a token with a unit (`1K`, `1KB`, `16KiB`, `1MB`: K = 1024 bytes, as these
harnesses' authors use it) or, once the algorithm is a cipher, AEAD, hash or MAC, from a path
segment that is only a number (`stream/1024`); otherwise a number is not taken as a size.
Two names of one run that say the same algorithm, operation and params (`RFCChaCha20Poly1305`,
`DraftChaCha20Poly1305`) are told apart by a `variant` param: the name without its size.
"""

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from cryptobench_contract import Result
from cryptobench_contract.vocabulary import Family, Operation

#: Folded spellings (lower case, letters and digits only) -> (family, algorithm, params);
#: longest first so that `chacha20poly1305` wins over `chacha20`.
_ALGORITHMS: tuple[tuple[str, Family, str, dict[str, str | int]], ...] = tuple(
    sorted(
        (
            ("xchacha20poly1305", "aead", "XChaCha20-Poly1305", {}),
            ("chacha20poly1305", "aead", "ChaCha20-Poly1305", {}),
            ("aes128gcm", "aead", "AES-128-GCM", {}),
            ("aes192gcm", "aead", "AES-192-GCM", {}),
            ("aes256gcm", "aead", "AES-256-GCM", {}),
            ("aesgcmsiv", "aead", "AES-GCM-SIV", {}),
            ("aesgcm", "aead", "AES-GCM", {}),
            ("aessiv", "aead", "AES-SIV", {}),
            ("aes128ctr", "cipher", "AES-128-CTR", {}),
            ("aes192ctr", "cipher", "AES-192-CTR", {}),
            ("aes256ctr", "cipher", "AES-256-CTR", {}),
            ("aesctr", "cipher", "AES-CTR", {}),
            ("aes128cbc", "cipher", "AES-128-CBC", {}),
            ("aes192cbc", "cipher", "AES-192-CBC", {}),
            ("aes256cbc", "cipher", "AES-256-CBC", {}),
            ("aescbc", "cipher", "AES-CBC", {}),
            ("chacha20rng", "rng", "ChaCha20Rng", {}),
            ("chacha20", "cipher", "ChaCha20", {}),
            ("hmacsha256", "mac", "HMAC-SHA256", {}),
            ("hmacsha1", "mac", "HMAC-SHA1", {}),
            ("hmacmd5", "mac", "HMAC-MD5", {}),
            ("poly1305", "mac", "Poly1305", {}),
            ("sha3224", "hash", "SHA3-224", {}),
            ("sha3256", "hash", "SHA3-256", {}),
            ("sha3384", "hash", "SHA3-384", {}),
            ("sha3512", "hash", "SHA3-512", {}),
            ("sha256", "hash", "SHA-256", {}),
            ("sha512", "hash", "SHA-512", {}),
            ("sha384", "hash", "SHA-384", {}),
            ("sha224", "hash", "SHA-224", {}),
            ("sha1", "hash", "SHA-1", {}),
            ("md5", "hash", "MD5", {}),
            ("blake2b", "hash", "BLAKE2b", {}),
            ("blake2s", "hash", "BLAKE2s", {}),
            ("blake3", "hash", "BLAKE3", {}),
            ("ed25519", "signature", "EdDSA", {"curve": "ed25519"}),
            ("ed448", "signature", "EdDSA", {"curve": "ed448"}),
            ("x25519", "key-exchange", "X25519", {"curve": "x25519"}),
            ("x448", "key-exchange", "X448", {"curve": "x448"}),
            ("ecdsap256", "signature", "ECDSA", {"curve": "secp256r1"}),
            ("ecdsap384", "signature", "ECDSA", {"curve": "secp384r1"}),
            ("ecdsap521", "signature", "ECDSA", {"curve": "secp521r1"}),
            ("ecdsa", "signature", "ECDSA", {}),
            ("ecdhp256", "key-exchange", "ECDH", {"curve": "secp256r1"}),
            ("ecdh", "key-exchange", "ECDH", {}),
            ("rsa2048", "signature", "RSA", {"key_bits": 2048}),
            ("rsa3072", "signature", "RSA", {"key_bits": 3072}),
            ("rsa4096", "signature", "RSA", {"key_bits": 4096}),
            ("mlkem512", "kem", "ML-KEM-512", {}),
            ("mlkem768", "kem", "ML-KEM-768", {}),
            ("mlkem1024", "kem", "ML-KEM-1024", {}),
            ("mldsa44", "signature", "ML-DSA-44", {}),
            ("mldsa65", "signature", "ML-DSA-65", {}),
            ("mldsa87", "signature", "ML-DSA-87", {}),
        ),
        key=lambda entry: -len(entry[0]),
    )
)
_OPERATIONS: dict[str, Operation] = {
    "encrypt": "encrypt",
    "enc": "encrypt",
    "seal": "encrypt",
    "decrypt": "decrypt",
    "dec": "decrypt",
    "open": "decrypt",
    "sign": "sign",
    "verify": "verify",
    "keygen": "keygen",
    "generatekey": "keygen",
    "encaps": "encaps",
    "encap": "encaps",
    "encapsulate": "encaps",
    "decaps": "decaps",
    "decap": "decaps",
    "decapsulate": "decaps",
    "derive": "derive",
}
_DEFAULT_OPERATION: dict[str, Operation] = {
    "hash": "hash",
    "mac": "mac",
    "key-exchange": "derive",
    "rng": "generate",
}
#: Key derivation functions (lower-case spelling -> canonical name), each a word of the name
#: (`RsaEcbCryptoBenchmark` holds no bcrypt): operation derive, and the hash the rest of the
#: name states as param `hash`.
_KDFS = {
    "pbkdf2": "PBKDF2",
    "hkdf": "HKDF",
    "argon2id": "Argon2id",
    "argon2i": "Argon2i",
    "argon2d": "Argon2d",
    "scrypt": "scrypt",
    "bcrypt": "bcrypt",
}
_KDF = re.compile(rf"(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))(?i:({'|'.join(_KDFS)}))(?![a-z])")
_HASHES = tuple(entry for entry in _ALGORITHMS if entry[1] == "hash")
_SIZED_FAMILIES = {"cipher", "aead", "hash", "mac", "rng"}
_SIZE = re.compile(r"^(\d+)(b|k|kb|kib|m|mb|mib)$", re.IGNORECASE)
_SCALE = {"b": 1, "k": 1024, "kb": 1024, "kib": 1024, "m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20}
_SIZE_TOKEN = re.compile(r"(?<![0-9])\d+(?:[KM]i?B?|B)(?![a-z])|/\d+(?=/|$)")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+(?:[KM]i?B?|B)?(?![a-z])|\d+")


@dataclass(frozen=True)
class NameFacts:
    algorithm: str
    family: Family | None = None
    operation: Operation | None = None
    params: dict[str, str | int] = field(default_factory=dict)


def name_facts(name: str) -> NameFacts:
    """The algorithm, family, operation and params `name` states; the name itself otherwise."""
    folded = re.sub(r"[^a-z0-9]", "", name.lower())
    tokens = [token.lower() for token in _CAMEL.findall(name)]
    operation = next((_OPERATIONS[t] for t in tokens if t in _OPERATIONS), None)
    kdf = _KDFS[word[1].lower()] if (word := _KDF.search(name)) else None
    hashed = next((entry[2] for entry in _HASHES if entry[0] in folded), None)
    if kdf is not None:
        return NameFacts(kdf, None, operation or "derive", {"hash": hashed} if hashed else {})
    if "hmac" in folded and hashed is not None:
        return NameFacts(f"HMAC-{hashed.replace('-', '')}", "mac", operation or "mac", _sized(name))
    found = next((entry for entry in _ALGORITHMS if entry[0] in folded), None)
    if found is None:
        size = _suffixed_size(tokens)
        if not size:
            return NameFacts(name, operation=operation)
        return NameFacts(_sizeless(name), operation=operation, params={"block_bytes": size})
    _, family, algorithm, params = found
    size = _suffixed_size(tokens) or (_segment_size(name) if family in _SIZED_FAMILIES else None)
    return NameFacts(
        algorithm,
        family,
        operation or _DEFAULT_OPERATION.get(family),
        {**params, **({"block_bytes": size} if size else {})},
    )


def _sized(name: str) -> dict[str, str | int]:
    """`block_bytes` of the size `name` states (a token with a unit, or a number segment)."""
    tokens = [token.lower() for token in _CAMEL.findall(name)]
    size = _suffixed_size(tokens) or _segment_size(name)
    return {"block_bytes": size} if size else {}


def _sizeless(name: str) -> str:
    """`name` without its size token and the separators left around it (`aead/16B` -> `aead`,
    `encrypt_1024B` -> `encrypt`); the name itself when nothing else is left."""
    return size_stem(name).strip("/_-. ") or name


def _suffixed_size(tokens: list[str]) -> int | None:
    for token in tokens:
        match = _SIZE.match(token)
        if match:
            return int(match.group(1)) * _SCALE[match.group(2).lower()]
    return None


def _segment_size(name: str) -> int | None:
    for segment in name.split("/")[1:]:
        if segment.isdigit() and int(segment) > 0:
            return int(segment)
    return None


def distinct_series(results: Sequence[Result], stems: Sequence[str]) -> list[Result]:
    """`results` with `variant` = the stem (the name without its size) where names of different
    stems would otherwise be one chart line; `stems[i]` belongs to `results[i]`."""
    seen: dict[str, set[str]] = defaultdict(set)
    for result, stem in zip(results, stems, strict=True):
        seen[_identity(result)].add(stem)
    return [
        result.model_copy(update={"params": {**result.params, "variant": stem}})
        if len(seen[_identity(result)]) > 1
        else result
        for result, stem in zip(results, stems, strict=True)
    ]


def size_stem(name: str) -> str:
    """`name` without its size token (`AESGCM_Encrypt_1KB` -> `AESGCM_Encrypt_`)."""
    return _SIZE_TOKEN.sub("", name)


def _identity(result: Result) -> str:
    params = sorted((k, str(v)) for k, v in result.params.items())
    return repr((result.algorithm, result.operation, result.metric, params))
