"""The post-quantum algorithms of wolfCrypt's benchmark rows, by the name and number it prints.

    ML-KEM 512    128  key gen ...     -> ML-KEM-512 (kem); 128 is its security strength
    ML-DSA    44  sign ...             -> ML-DSA-44 (signature)
    KYBER768    192    encap ...       -> Kyber768 (kem, the round-3 Kyber of liboqs builds)
    FALCON     1     sign ...          -> Falcon-512 (NIST level 1; 5 is Falcon-1024)
    DILITHIUM  3  verify ...           -> Dilithium3
    SPHINCS-FAST-SHA2     3   verify   -> SPHINCS+-SHA2-192f (level 1/3/5: 128/192/256 bits)
A name that is none of these is not a post-quantum row (None).
"""

_KEM = "kem"
_SIGNATURE = "signature"
_LEVEL_BITS = {1: 128, 3: 192, 5: 256}


def pq_algorithm(name: str, number: int) -> tuple[str, str] | None:
    """(canonical algorithm, family) of the row `name number ...`, or None."""
    if name == "ML-KEM" and number in (512, 768, 1024):
        return f"ML-KEM-{number}", _KEM
    if name == "ML-DSA" and number in (44, 65, 87):
        return f"ML-DSA-{number}", _SIGNATURE
    if name in ("KYBER512", "KYBER768", "KYBER1024"):
        return f"Kyber{name.removeprefix('KYBER')}", _KEM
    if name == "FALCON" and number in (1, 5):
        return f"Falcon-{512 if number == 1 else 1024}", _SIGNATURE
    if name == "DILITHIUM" and number in (2, 3, 5):
        return f"Dilithium{number}", _SIGNATURE
    if name.startswith("SPHINCS-") and number in _LEVEL_BITS:
        return _sphincs(name.removeprefix("SPHINCS-"), _LEVEL_BITS[number])
    return None


def _sphincs(variant: str, bits: int) -> tuple[str, str] | None:
    """`FAST-SHA2` at 192 bits -> SPHINCS+-SHA2-192f."""
    speed, _, hash_name = variant.partition("-")
    suffix = {"FAST": "f", "SMALL": "s"}.get(speed)
    if suffix is None or hash_name not in ("SHA2", "SHAKE"):
        return None
    return f"SPHINCS+-{hash_name}-{bits}{suffix}", _SIGNATURE
