"""Standard sizes against the standards' own tables (FIPS 203/204/205, RFC 8032/7748, SEC 1,
draft-ietf-tls-ecdhe-mlkem) and DER lengths worked out by hand."""

import pytest

from cryptobench_contract.sizes import der_signature_max, standard_sizes


@pytest.mark.parametrize(
    ("algorithm", "params", "expected"),
    [
        # RSA: modulus-sized key, signature and ciphertext.
        (
            "RSA",
            {"key_bits": 2048},
            {"public_key_bytes": 256, "signature_bytes": 256, "ciphertext_bytes": 256},
        ),
        (
            "RSA",
            {"key_bits": 4096, "padding": "pss"},
            {"public_key_bytes": 512, "signature_bytes": 512, "ciphertext_bytes": 512},
        ),
        # ECDSA, DER max: 30 len (02 21 00||r) (02 21 00||s) = 2 + 2 * 35 = 72 for 256-bit orders;
        # P-521's order has 1 bit in its top byte, so no leading zero: 2 * (2 + 66) = 136 -> 30 81 88 = 139.
        ("ECDSA", {"curve": "secp256r1"}, {"public_key_bytes": 65, "signature_bytes": 72}),
        ("ECDSA", {"curve": "secp384r1"}, {"public_key_bytes": 97, "signature_bytes": 104}),
        ("ECDSA", {"curve": "secp521r1"}, {"public_key_bytes": 133, "signature_bytes": 139}),
        (
            "ECDSA",
            {"curve": "secp256k1", "hash": "SHA-256"},
            {"public_key_bytes": 65, "signature_bytes": 72},
        ),
        ("ECDSA", {"curve": "brainpoolP512r1"}, {"public_key_bytes": 129, "signature_bytes": 137}),
        (
            "SM2",
            {"curve": "sm2p256v1", "encoding": "compressed"},
            {"public_key_bytes": 33, "signature_bytes": 72},
        ),
        ("EdDSA", {"curve": "ed25519"}, {"public_key_bytes": 32, "signature_bytes": 64}),
        ("EdDSA", {"curve": "ed448"}, {"public_key_bytes": 57, "signature_bytes": 114}),
        ("X25519", {}, {"public_key_bytes": 32, "shared_secret_bytes": 32}),
        ("ECDH", {"curve": "x448"}, {"public_key_bytes": 56, "shared_secret_bytes": 56}),
        ("ECDH", {"curve": "secp384r1"}, {"public_key_bytes": 97, "shared_secret_bytes": 48}),
        # FIPS 203 table 3.
        (
            "ML-KEM-512",
            {},
            {"public_key_bytes": 800, "ciphertext_bytes": 768, "shared_secret_bytes": 32},
        ),
        (
            "ML-KEM-768",
            {},
            {"public_key_bytes": 1184, "ciphertext_bytes": 1088, "shared_secret_bytes": 32},
        ),
        (
            "ML-KEM-1024",
            {},
            {"public_key_bytes": 1568, "ciphertext_bytes": 1568, "shared_secret_bytes": 32},
        ),
        # FIPS 204 table 2.
        ("ML-DSA-44", {}, {"public_key_bytes": 1312, "signature_bytes": 2420}),
        ("ML-DSA-65", {}, {"public_key_bytes": 1952, "signature_bytes": 3309}),
        ("ML-DSA-87", {}, {"public_key_bytes": 2592, "signature_bytes": 4627}),
        # FIPS 205 table 2.
        ("SLH-DSA-SHA2-128s", {}, {"public_key_bytes": 32, "signature_bytes": 7856}),
        ("SLH-DSA-SHAKE-128f", {}, {"public_key_bytes": 32, "signature_bytes": 17088}),
        ("SLH-DSA-SHA2-192s", {}, {"public_key_bytes": 48, "signature_bytes": 16224}),
        ("SLH-DSA-SHAKE-192f", {}, {"public_key_bytes": 48, "signature_bytes": 35664}),
        ("SLH-DSA-SHA2-256s", {}, {"public_key_bytes": 64, "signature_bytes": 29792}),
        ("SLH-DSA-SHA2-256f", {}, {"public_key_bytes": 64, "signature_bytes": 49856}),
        # Hybrids: client share 1184 + 32 = 1216, server share 1088 + 32 = 1120, secret 32 + 32.
        (
            "X25519MLKEM768",
            {},
            {"public_key_bytes": 1216, "ciphertext_bytes": 1120, "shared_secret_bytes": 64},
        ),
        (
            "SecP256r1MLKEM768",
            {},
            {"public_key_bytes": 1249, "ciphertext_bytes": 1153, "shared_secret_bytes": 64},
        ),
        (
            "SecP384r1MLKEM1024",
            {},
            {"public_key_bytes": 1665, "ciphertext_bytes": 1665, "shared_secret_bytes": 80},
        ),
    ],
)
def test_standard_sizes(algorithm, params, expected):
    assert standard_sizes(algorithm, params) == expected


@pytest.mark.parametrize(
    ("algorithm", "params"),
    [
        ("AES-128-CBC", {"block_bytes": 16}),
        ("RSA", {}),
        ("ECDSA", {"curve": "nope"}),
        ("SLH-DSA-SHA2-999s", {}),
    ],
)
def test_no_sizes_where_no_standard_fixes_them(algorithm, params):
    assert standard_sizes(algorithm, params) == {}


def test_der_lengths_by_hand():
    assert [der_signature_max(bits) for bits in (256, 384, 521, 512)] == [72, 104, 139, 137]
