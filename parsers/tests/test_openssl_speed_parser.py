"""The openssl speed parser on real outputs from 1.0.2 to 3.5 (fixtures/openssl/SOURCES.md)."""

import pytest
from captured import CAPTURED

from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.openssl.session import parse_openssl_session
from cryptobench_parsers.openssl.speed import parse_openssl_speed, parse_version_header

OPENSSL = CAPTURED / "openssl"


def parse(name: str):
    return parse_openssl_speed((OPENSSL / name).read_text(), source_name=name)


def figures(name: str) -> dict[tuple, float]:
    """{(algorithm, operation, params...): value} of one fixture."""
    return {
        (r.algorithm, r.operation, *sorted(r.params.items())): r.value for r in parse(name).results
    }


def test_seed_003_table_beaglebone_1_1_1():
    out = parse("seed003_beaglebone_1.1.1_table.txt")
    assert len(out.results) == 60
    first = out.results[0]
    assert (first.name, first.algorithm, first.family, first.operation) == (
        "aes-128-cbc",
        "AES-128-CBC",
        "cipher",
        "encrypt",
    )
    assert (first.params, first.metric, first.unit, first.value) == (
        {"block_bytes": 16},
        "bytes_per_s",
        "B/s",
        30229130.0,
    )
    got = figures("seed003_beaglebone_1.1.1_table.txt")
    assert got[("AES-128-GCM", "encrypt", ("block_bytes", 16384))] == 34794150.0
    assert got[("DES-EDE3-CBC", "encrypt", ("block_bytes", 64))] == 5722560.0
    assert got[("ChaCha20-Poly1305", "encrypt", ("block_bytes", 1024))] == 107768830.0
    assert {r.family for r in out.results if r.algorithm == "ChaCha20-Poly1305"} == {"aead"}


def test_seed_003_progress_lines_with_and_without_devcrypto():
    without = figures("seed003_beaglebone_1.1.1_without_engine.txt")
    with_engine = figures("seed003_beaglebone_1.1.1_with_devcrypto.txt")
    assert without[("AES-128-CBC", "encrypt", ("block_bytes", 16))] == pytest.approx(
        5618835 * 16 / 2.94
    )
    assert with_engine[("AES-128-CBC", "encrypt", ("block_bytes", 16384))] == pytest.approx(
        4040 * 16384 / 0.01
    )
    assert len(without) == len(with_engine) == 6


def test_1_0_2_spaced_names_header_and_table_win_over_progress():
    out = parse("openssl-1.0.2o-freebsd_aes-128-cbc.txt")
    assert out.version == "1.0.2o-freebsd"
    assert out.build == {
        "built on": "date not available",
        "options": "bn(64,64) rc4(16x,int) des(idx,cisc,16,int) aes(partial) idea(int) blowfish(idx)",
        "compiler": "clang",
    }
    assert [(r.name, r.algorithm, r.params["block_bytes"], r.value) for r in out.results] == [
        ("aes-128 cbc", "AES-128-CBC", 16, 48385410.0),
        ("aes-128 cbc", "AES-128-CBC", 64, 53685990.0),
        ("aes-128 cbc", "AES-128-CBC", 256, 55502690.0),
        ("aes-128 cbc", "AES-128-CBC", 1024, 123802970.0),
        ("aes-128 cbc", "AES-128-CBC", 8192, 125829120.0),
    ]


def test_1_0_2_router_tables_rsa_dsa_and_digests():
    got = figures("openssl-1.0.2_wrt3200acm_tables.txt")
    assert len(got) == 49
    assert got[("RSA", "sign", ("key_bits", 2048), ("padding", "pkcs1v15"))] == 49.1
    assert got[("RSA", "verify", ("key_bits", 2048), ("padding", "pkcs1v15"))] == 1892.2
    assert got[("DSA", "verify", ("key_bits", 2048))] == 156.3
    assert got[("DES-EDE3-CBC", "encrypt", ("block_bytes", 8192))] == 8273920.0
    assert got[("DES-CBC", "encrypt", ("block_bytes", 16))] == 22315630.0
    assert got[("SHA-512", "hash", ("block_bytes", 16))] == 8034630.0


def test_1_1_1_ecdsa_curve_through_the_vocabulary():
    out = parse("openssl-1.1.1-pre9_win64_ecdsap256.txt")
    assert out.version == "1.1.1-pre9"
    assert out.build["built on"] == "Tue Aug 21 13:27:43 2018 UTC"
    assert [(r.algorithm, r.operation, r.params, r.value) for r in out.results] == [
        ("ECDSA", "sign", {"key_bits": 256, "curve": "secp256r1"}, 46388.6),
        ("ECDSA", "verify", {"key_bits": 256, "curve": "secp256r1"}, 16289.0),
    ]
    assert (
        out.results[0].family == "signature" and out.results[0].name == "256 bits ecdsa (nistp256)"
    )


def test_3_0_human_mixed_every_public_key_table():
    got = figures("openssl-3.0.19_human_mixed.txt")
    assert got[("SHA-256", "hash", ("block_bytes", 16384))] == 1495056380.0
    assert got[("RSA", "sign", ("key_bits", 2048), ("padding", "pkcs1v15"))] == 1134.3
    assert got[("DSA", "sign", ("key_bits", 2048))] == 2589.0
    assert got[("ECDSA", "verify", ("curve", "secp256r1"), ("key_bits", 256))] == 13365.0
    assert got[("ECDH", "derive", ("curve", "x25519"), ("key_bits", 253))] == 23561.0
    assert got[("EdDSA", "sign", ("curve", "ed25519"), ("key_bits", 253))] == 19527.0
    assert len(got) == 15


def test_3_0_machine_readable_records_and_curve_indexes():
    out = parse("openssl-3.0.19_mr_mixed.txt")
    assert out.machine_readable and out.version is None
    got = figures("openssl-3.0.19_mr_mixed.txt")
    assert got[("SHA-256", "hash", ("block_bytes", 256))] == 592206092.93
    assert got[("RSA", "verify", ("key_bits", 2048), ("padding", "pkcs1v15"))] == 50346.0
    assert got[("DSA", "sign", ("key_bits", 2048))] == 3288.888889
    assert got[("ECDSA", "sign", ("curve", "secp256r1"), ("key_bits", 256))] == 38512.0
    assert got[("ECDH", "derive", ("curve", "x25519"), ("key_bits", 253))] == 19737.373737
    assert got[("EdDSA", "verify", ("curve", "ed25519"), ("key_bits", 253))] == 5816.161616


def test_3_0_mr_sm2_ffdh_brainpool_x448_ed448():
    got = figures("openssl-3.0.19_mr_sm2_ffdh.txt")
    assert got[("ECDSA", "sign", ("curve", "brainpoolP256r1"), ("key_bits", 256))] == 1627.536232
    assert got[("ECDH", "derive", ("curve", "secp384r1"), ("key_bits", 384))] == 717.54386
    assert got[("ECDH", "derive", ("curve", "x448"), ("key_bits", 448))] == 3225.757576
    assert got[("EdDSA", "sign", ("curve", "ed448"), ("key_bits", 456))] == 3409.52381
    assert got[("SM2", "sign", ("curve", "sm2p256v1"), ("key_bits", 256))] == 2122.38806
    assert got[("FFDH", "derive", ("key_bits", 2048))] == 2862.244898


def test_3_0_mr_evp_and_custom_bytes():
    assert (
        figures("openssl-3.0.19_mr_evp_aes-128-cbc.txt")[
            ("AES-128-CBC", "encrypt", ("block_bytes", 16))
        ]
        == 687809387.76
    )
    out = parse("openssl-3.0.19_human_bytes1000.txt")
    assert [(r.algorithm, r.family, r.params, r.value) for r in out.results] == [
        ("ChaCha20-Poly1305", "aead", {"block_bytes": 1000}, 1379137000.0)
    ]
    mr = parse("openssl-3.0.19_mr_bytes1000.txt")
    assert [(r.params, r.value) for r in mr.results] == [({"block_bytes": 1000}, 1396593442.62)]


def test_multi_uses_the_parents_totals_not_the_childrens_lines():
    mr = parse("openssl-3.0.19_mr_multi2.txt")
    assert mr.multi == 2
    got = {(r.algorithm, r.operation, r.params.get("block_bytes")): r.value for r in mr.results}
    assert got[("AES-128-GCM", "encrypt", 16)] == 44467168.0
    assert got[("RSA", "sign", None)] == 2328.0
    assert len(mr.results) == 8
    human = parse("openssl-3.0.19_human_multi2.txt")
    got = {(r.algorithm, r.operation, r.params.get("block_bytes")): r.value for r in human.results}
    assert (human.multi, human.version, len(human.results)) == (2, "3.0.19", 8)
    assert got[("AES-128-GCM", "encrypt", 16384)] == 4756471810.0
    assert got[("RSA", "verify", None)] == 78408.0


def test_multi_children_are_summed_when_the_parent_total_is_missing():
    text = (OPENSSL / "openssl-3.0.19_mr_multi2.txt").read_text().splitlines()
    cut = "\n".join(line for line in text if not line.startswith("+F"))
    out = parse_openssl_speed(cut, source_name="cut")
    got = {(r.algorithm, r.operation, r.params.get("block_bytes")): r.value for r in out.results}
    assert got[("AES-128-GCM", "encrypt", 16)] == 22206288.0 + 22260880.0
    assert got[("RSA", "sign", None)] == 1037.0 + 1291.0


def test_elapsed_and_engine_lines():
    out = parse("openssl-3.0.19_human_elapsed_evp.txt")
    assert (
        out.elapsed
        and out.results[0].algorithm == "AES-256-GCM"
        and out.results[0].value == 26567650.0
    )
    padlock = parse("openssl-3.0.19_mr_engine_padlock_md5.txt")
    assert padlock.engine == "padlock" and len(padlock.results) == 6
    afalg = parse("openssl-3.0.19_invalid_engine_afalg.txt")
    assert (afalg.engine, afalg.invalid_engine) == (None, "afalg")
    assert (afalg.warnings[0].line, afalg.warnings[0].message) == (
        1,
        "openssl could not load engine 'afalg'",
    )


def test_3_0_0_alpha_wrapped_compiler_line():
    out = parse("openssl-3.0.0-alpha3_ecdhp256_elapsed.txt")
    assert out.build["compiler"].endswith("-DOPENSSL_BUILDING_OPENSSL -DNDEBUG")
    assert [(r.algorithm, r.params, r.value) for r in out.results] == [
        ("ECDH", {"key_bits": 256, "curve": "secp256r1"}, 13.5)
    ]


def test_3_4_kem_and_signature_tables():
    kem = figures("openssl-3.4.0_oqs_kem.txt")
    assert kem[("ML-KEM-512", "encaps")] == 15240.0
    assert kem[("X25519", "decaps")] == 13621.0
    sig = figures("openssl-3.4.0_oqs_sig.txt")
    assert sig[("ML-DSA-44", "keygen")] == 6342.2
    assert sig[("ML-DSA-44", "sign")] == 1332.0
    assert sig[("ML-DSA-44", "verify")] == 5768.5
    assert sig[("EdDSA", "verify", ("curve", "ed25519"), ("key_bits", 253))] == 7107.1


def test_3_4_everything_hybrids_rsa_four_columns_and_error_lines():
    out = parse("openssl-3.4.0_oqsprovider_all_tail.txt")
    got = figures("openssl-3.4.0_oqsprovider_all_tail.txt")
    assert len(out.results) == 309
    assert got[("RSA", "decrypt", ("key_bits", 15360), ("padding", "pkcs1v15"))] == 2.6
    assert got[("RSA", "encrypt", ("key_bits", 512), ("padding", "pkcs1v15"))] == 203991.5
    assert got[("RSA", "sign", ("key_bits", 2048), ("variant", "evp-signature"))] == 975.0
    assert got[("RSA", "encaps", ("key_bits", 2048), ("variant", "evp-kem"))] == 29262.4
    assert got[("X25519MLKEM768", "encaps")] == 5402.6
    assert got[("SecP256r1MLKEM768", "keygen")] == 1130.2
    assert got[("ML-KEM-1024", "decaps")] == 6951.2
    assert got[("ECDSA", "sign", ("curve", "sect163k1"), ("key_bits", 163))] == 3673.5
    assert got[("FFDH", "derive", ("key_bits", 8192))] == 76.1
    assert got[("HMAC-SHA256", "mac", ("block_bytes", 16))] == 21916740.0
    first = out.warnings[0]
    assert (first.line, first.text, first.message) == (
        4,
        "Error initializing keygen ctx for DSA-SHA1.",
        "openssl reported an error",
    )


def test_3_5_rsa_kem_signature_tables_and_ml_kem_names():
    got = figures("openssl-3.5.6_qat_rsa2048_elapsed.txt")
    assert got[("RSA", "decrypt", ("key_bits", 2048), ("padding", "pkcs1v15"))] == 59370.1
    assert got[("RSA", "keygen", ("key_bits", 2048), ("variant", "evp-kem"))] == 28.8
    assert got[("RSA", "verify", ("key_bits", 2048), ("variant", "evp-signature"))] == 348601.4
    assert parse("openssl-3.5.6_qat_rsa2048_elapsed.txt").version == "3.5.6"
    kem = parse("openssl-3.5-dev_mlkem_kem_table.txt")
    assert [(r.algorithm, r.operation, r.value) for r in kem.results[3:6]] == [
        ("ML-KEM-1024", "keygen", 19531.9),
        ("ML-KEM-1024", "encaps", 38222.7),
        ("ML-KEM-1024", "decaps", 25054.2),
    ]


def test_truncated_output_keeps_complete_rows_and_says_what_was_skipped():
    text = (OPENSSL / "openssl-3.0.19_human_mixed.txt").read_text()
    cut = text[: text.index("1145771.18k") + 4]
    out = parse_openssl_speed(cut, source_name="cut.txt")
    assert {r.params.get("block_bytes") for r in out.results if r.algorithm == "SHA-256"} == {
        16,
        64,
        256,
        1024,
        8192,
        16384,
    }
    assert out.results[0].value == pytest.approx(3720585 * 16 / 0.99)
    progress_only = (
        text[: text.index("Doing 2048 bits public")] + "Doing 2048 bits public rsa's for 1s: "
    )
    out = parse_openssl_speed(progress_only, source_name="cut.txt")
    assert [(w.line, w.text, w.message) for w in out.warnings] == [
        (8, "Doing 2048 bits public rsa's for 1s:", "measurement without a result skipped")
    ]
    assert [(r.algorithm, r.operation) for r in out.results][-1] == ("RSA", "sign")


def test_version_header_of_openssl_version_a():
    version, build, _ = parse_version_header(
        "OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)\n"
        "built on: Fri Apr  3 12:29:32 2026 UTC\nplatform: debian-amd64\noptions:  bn(64,64)\n"
        'compiler: gcc -fPIC\nOPENSSLDIR: "/usr/lib/ssl"\n'
    )
    assert version == "3.0.19"
    assert build == {
        "built on": "Fri Apr  3 12:29:32 2026 UTC",
        "platform": "debian-amd64",
        "options": "bn(64,64)",
        "compiler": "gcc -fPIC",
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "x.txt:1: empty: no `openssl speed` output"),
        ("\n\n  hello world\nthis is not openssl\n", "x.txt:3: no `openssl speed` results found"),
        (
            "Doing aes-128-cbc for 3s on 16 size blocks: ",
            "x.txt:1: no `openssl speed` results found",
        ),
    ],
)
@pytest.mark.parametrize("parse_text", [parse_openssl_speed, parse_openssl_session])
def test_not_openssl_output_is_an_input_error_naming_file_and_line(text, message, parse_text):
    with pytest.raises(ParseError) as caught:
        parse_text(text, source_name="x.txt")
    assert str(caught.value).startswith(message)
