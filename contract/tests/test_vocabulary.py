import pytest

from cryptobench_contract.libraries import canonical_identity
from cryptobench_contract.units import UNITS, metric_of
from cryptobench_contract.vocabulary import (
    canonical_algorithm,
    canonical_curve,
    canonical_padding,
    canonical_params,
)


@pytest.mark.parametrize("alias", ["P-256", "prime256v1", "nistp256", "NIST P-256", "secp256r1"])
def test_p256_aliases(alias):
    assert canonical_curve(alias) == "secp256r1"


@pytest.mark.parametrize(
    "alias,canon",
    [
        ("PKCS#1 v1.5", "pkcs1v15"),
        ("pkcs1", "pkcs1v15"),
        ("RSASSA-PSS", "pss"),
        ("NoPadding", "none"),
    ],
)
def test_padding_aliases(alias, canon):
    assert canonical_padding(alias) == canon


@pytest.mark.parametrize(
    "alias,canon",
    [
        ("CurveSM2", "sm2p256v1"),
        ("nistk163", "sect163k1"),
        ("B-163", "sect163r2"),
        ("nistb571", "sect571r1"),
        ("bp384t1", "brainpoolP384t1"),
    ],
)
def test_openssl_curve_labels(alias, canon):
    assert canonical_curve(alias) == canon


@pytest.mark.parametrize(
    "alias,canon",
    [
        ("aes-192-ctr", "AES-192-CTR"),
        ("rmd160", "RIPEMD-160"),
        ("camellia-256-cbc", "Camellia-256-CBC"),
        ("sha3-512", "SHA3-512"),
        ("x25519mlkem768", "X25519MLKEM768"),
        ("des-cbc", "DES-CBC"),
    ],
)
def test_openssl_algorithm_names(alias, canon):
    assert canonical_algorithm(alias) == canon


def test_unknown_names_are_kept_verbatim():
    assert canonical_curve("frp256v1") == "frp256v1"
    assert canonical_algorithm("MyCipher-9") == "MyCipher-9"
    assert canonical_algorithm("aes-128-cbc") == "AES-128-CBC"


def test_params_map_keys_values_and_digit_strings():
    assert canonical_params(
        {
            "curveName": "P-384",
            "keySize": "3072",
            "padding": "PSS",
            "messageLength": "1024",
            "provider": "SunEC",
            "foo": "bar",
        }
    ) == {
        "curve": "secp384r1",
        "key_bits": 3072,
        "padding": "pss",
        "message_bytes": 1024,
        "provider": "SunEC",
        "foo": "bar",
    }


def test_openssl_k_is_1000_bytes():
    assert UNITS["kB/s"].scale == 1000.0
    assert UNITS["ops/us"].scale == 1e6
    assert UNITS["ms/op"].scale == 1e6


def test_a_unit_names_its_metric_and_an_unknown_one_other():
    assert [metric_of(u) for u in ("kB/s", "us/op", "cycles/B", "allocs/op", "")] == [
        "bytes_per_s",
        "ns_per_op",
        "cycles_per_byte",
        "other",
        "other",
    ]


def test_ambiguous_size_params_are_not_byte_counts():
    assert canonical_params({"size": "1024", "length": "64"}) == {"size": "1024", "length": "64"}


def _fullwidth(text: str) -> str:
    """`text` with its ASCII letters, digits and '-' in their fullwidth forms (U+FF01..)."""
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)


@pytest.mark.parametrize(
    ("spelling", "canon"),
    [("OpenSSL", "OpenSSL"), ("mbedtls", "Mbed TLS"), ("Bouncy Castle", "Bouncy Castle")],
)
def test_library_names_in_compatibility_forms_are_the_library(spelling, canon):
    assert canonical_identity(_fullwidth(spelling), None, {}).library == canon
    named = canonical_identity(_fullwidth(f"{spelling} 3.0.2"), None, {})
    assert (named.library, named.library_version) == (canon, "3.0.2")


def test_vocabulary_names_in_compatibility_forms_are_matched():
    assert canonical_curve(_fullwidth("P-256")) == "secp256r1"
    assert canonical_algorithm(_fullwidth("aes-128-cbc")) == "AES-128-CBC"
    assert canonical_params({_fullwidth("keySize"): "2048"}) == {"key_bits": 2048}
