"""What `openssl speed` calls things, mapped to the shared vocabulary.

Only the quirks of openssl's own spelling live here (names truncated by its column width,
1.0.x spaces, curve lists indexed by number in `-mr` records); canonical names come from
cryptobench_contract.vocabulary.
"""

import re

from cryptobench_contract.vocabulary import Family, Operation, canonical_algorithm, canonical_curve

#: openssl spellings that the vocabulary cannot know: 1.0.x spaces, 1.1.x's 13-column truncation.
NAME_FIXES = {
    "aes-128 cbc": "aes-128-cbc",
    "aes-192 cbc": "aes-192-cbc",
    "aes-256 cbc": "aes-256-cbc",
    "des cbc": "des-cbc",
    "des ede3": "des-ede3-cbc",
    "des-ede3": "des-ede3-cbc",
    "chacha20-poly": "chacha20-poly1305",
    "camellia-128 cbc": "camellia-128-cbc",
    "camellia-192 cbc": "camellia-192-cbc",
    "camellia-256 cbc": "camellia-256-cbc",
    "seed cbc": "seed-cbc",
    "rc2 cbc": "rc2-cbc",
    "blowfish cbc": "bf-cbc",
    "cast cbc": "cast5-cbc",
    "idea cbc": "idea-cbc",
    "rmd160": "ripemd160",
}
CURVE_FIXES = {"CurveSM2": "SM2"}

_HASHES = re.compile(
    r"^(md[245]|sha\d*|sha3-\d+|shake\d+|ripemd160|whirlpool|sm3|blake2[bs]\d*|mdc2)$"
)
_MACS = re.compile(r"^(hmac.*|cmac.*|ghash|poly1305|kmac\d+)$")
_AEADS = re.compile(r".*-(gcm|ccm|ocb|siv|gcm-siv)$|^chacha20-poly1305$")

_PRIME = [
    ("secp160r1", 160),
    ("nistp192", 192),
    ("nistp224", 224),
    ("nistp256", 256),
    ("nistp384", 384),
    ("nistp521", 521),
]
_BINARY = [(f"nist{kind}{bits}", bits) for kind in "kb" for bits in (163, 233, 283, 409, 571)]
_BRAINPOOL = [(f"brainpoolP{bits}{kind}1", bits) for bits in (256, 384, 512) for kind in "rt"]
_MONTGOMERY = [("X25519", 253), ("X448", 448)]

#: The curve lists of apps/speed.c, in index order, for every layout openssl has shipped.
ECDSA_LAYOUTS = (_PRIME + _BINARY + _BRAINPOOL, _PRIME + _BRAINPOOL, _PRIME + _BINARY)
ECDH_LAYOUTS = (
    _PRIME + _BINARY + _BRAINPOOL + _MONTGOMERY,
    _PRIME + _BRAINPOOL + _MONTGOMERY,
    _PRIME + _BINARY + _MONTGOMERY[:1],
    _PRIME + _MONTGOMERY[:1],
    _PRIME + _BINARY,
)


def fixed_name(name: str) -> str:
    """openssl's symmetric algorithm name in its modern spelling, lower case."""
    folded = " ".join(name.lower().split())
    return NAME_FIXES.get(folded, folded)


def symmetric_kind(name: str) -> tuple[Family | None, Operation | None]:
    """(family, operation) of a block-size table entry."""
    fixed = fixed_name(name)
    if _HASHES.match(fixed):
        return "hash", "hash"
    if _MACS.match(fixed):
        return "mac", "mac"
    if fixed == "rand":
        return None, None
    if _AEADS.match(fixed):
        return "aead", "encrypt"
    return "cipher", "encrypt"


def symmetric_algorithm(name: str) -> str:
    return canonical_algorithm(fixed_name(name))


def curve(name: str) -> str:
    return canonical_curve(CURVE_FIXES.get(name, name))


def curve_by_index(layouts: tuple[list[tuple[str, int]], ...], index: int, bits: int) -> str | None:
    """The curve an `-mr` record's index means, checked against its bit size; None if unknowable."""
    for layout in layouts:
        if index < len(layout) and layout[index][1] == bits:
            return layout[index][0]
    return None


def generic_algorithm(name: str) -> tuple[str, dict[str, int]]:
    """Algorithm and params of a 3.x KEM/signature table row (`mlkem768`, `rsa2048`, `X25519MLKEM768`)."""
    match = re.fullmatch(r"(rsa|dsa)(\d+)", name.lower())
    if match:
        return canonical_algorithm(match.group(1)), {"key_bits": int(match.group(2))}
    return canonical_algorithm(name), {}
