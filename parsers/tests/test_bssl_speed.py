"""`bssl speed` output (BoringSSL commit messages and an AWS-LC page, parsers/tests/fixtures/
bssl_speed/PROVENANCE.md): every rate read exactly, the library told apart, detected as bssl."""

import pytest
from published import AT, fixture_paths, parsed

from cryptobench_parsers.bssl_speed import parse_bssl_speed
from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError

FIXTURES = fixture_paths("bssl_speed")


def parse(name):
    return parsed(parse_bssl_speed, "bssl_speed", name)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_fixture_is_detected_and_read_without_warnings(path):
    found = detect(path.read_text(), source_name=path.name)
    assert found.format == "bssl"
    assert "lines look like bssl speed (BoringSSL, AWS-LC) output" in found.reason
    runs = parse_bssl_speed(path.read_text(), source_name=path.name, started_at=AT)
    assert [run.warnings for run in runs] == [[] for _ in runs]
    assert {(run.source, run.tool.name) for run in runs} == {("bssl-speed", "bssl speed")}


@pytest.mark.parametrize(
    ("name", "machine"),
    [
        ("boringssl-c6e3780_aarch64_gcm_commit_message.txt", "Apple M1 Pro"),
        ("boringssl-500fa1f_ml-kem_commit_message.txt", "Apple M1 Pro"),
        ("hanno-becker-aws-lc_slothy_benchmarks_g2.md", "AWS Graviton2"),
        ("boringssl-9d4f833_ed25519_adx_commit_message.txt", None),
    ],
)
def test_the_machine_is_the_cpu_the_text_names_or_the_unknown_machine(name, machine):
    runs = parse(name)
    assert {(run.machine.name, run.machine.cpu_model) for run in runs} == {
        (machine or "unknown machine", machine)
    }


def test_a_before_and_an_after_table_are_two_runs_with_rates_and_mb_per_s():
    before, after = parse("boringssl-c6e3780_aarch64_gcm_commit_message.txt")
    assert [len(before.results), len(after.results)] == [20, 20]
    assert {r.library for r in before.results + after.results} == {"BoringSSL"}
    assert [
        (r.algorithm, r.operation, r.family, r.params["block_bytes"], r.unit, r.value)
        for r in after.results[:4]
    ] == [
        ("AES-128-GCM", "encrypt", "aead", 16, "ops/s", 16669099.9),
        ("AES-128-GCM", "encrypt", "aead", 16, "MB/s", 266.7),
        ("AES-128-GCM", "encrypt", "aead", 256, "ops/s", 11450589.7),
        ("AES-128-GCM", "encrypt", "aead", 256, "MB/s", 2931.4),
    ]
    last = before.results[-2]
    assert (last.name, last.value, last.stats) == (
        "AES-256-GCM (16384 bytes) seal",
        239352.8,
        {"operations": 240000.0, "elapsed_us": 1002704.0},
    )
    assert [r.value for r in after.results if r.unit == "MB/s"][-1] == 5805.3


def test_kem_operations_and_composite_timings_keep_their_variant():
    [run] = parse("boringssl-500fa1f_ml-kem_commit_message.txt")
    assert [(r.algorithm, r.operation, r.params, r.value) for r in run.results] == [
        ("Kyber generate + decap", "decaps", {"variant": "Kyber generate + decap"}, 22277.7),
        ("Kyber parse + encap", "encaps", {"variant": "Kyber parse + encap"}, 38785.8),
        ("ML-KEM-768", "decaps", {"variant": "ML-KEM-768 generate + decap"}, 22372.9),
        ("ML-KEM-768", "encaps", {"variant": "ML-KEM-768 parse + encap"}, 43404.1),
        ("ML-KEM-1024", "decaps", {"variant": "ML-KEM-1024 generate + decap"}, 15234.8),
        ("ML-KEM-1024", "encaps", {"variant": "ML-KEM-1024 parse + encap"}, 28886.8),
    ]


def test_signing_key_generation_and_an_appended_comparison():
    [run] = parse("boringssl-9d4f833_ed25519_adx_commit_message.txt")
    assert [(r.algorithm, r.operation, r.params, r.value) for r in run.results] == [
        ("EdDSA", "keygen", {"curve": "ed25519"}, 74470.5),
        ("EdDSA", "sign", {"curve": "ed25519"}, 71207.2),
        ("Curve25519 base-point multiplication", None, {}, 77478.0),
    ]


def test_aws_lc_is_its_own_library_and_each_variant_measured_again_is_a_run():
    runs = parse("hanno-becker-aws-lc_slothy_benchmarks_g2.md")
    # 13 sections under their headings: AWS-LC and SLOTHY's variants of AES-128/192/256-GCM
    assert len(runs) == 13
    assert {r.library for run in runs for r in run.results} == {"AWS-LC"}
    first = runs[0].results
    assert [(r.name, r.operation, r.params, r.unit, r.value) for r in first[:3]] == [
        (
            "EVP-AES-128-GCM encrypt init",
            "encrypt",
            {"variant": "EVP-AES-128-GCM encrypt init"},
            "ops/s",
            4766799.8,
        ),
        ("EVP-AES-128-GCM encrypt (16 bytes)", "encrypt", {"block_bytes": 16}, "ops/s", 7402955.6),
        ("EVP-AES-128-GCM encrypt (16 bytes)", "encrypt", {"block_bytes": 16}, "MB/s", 118.4),
    ]
    # 78 `Did` lines, 13 of them `init` lines without MB/s
    assert sum(len(run.results) for run in runs) == 78 * 2 - 13


def test_quoted_lines_are_read_and_a_figure_it_does_not_read_is_a_warning():
    text = (
        "> Did 8618 ECDH P-256 operations in 1027884us (8384.2 ops/sec)\n"
        "RSA 2048 verify took 27.5 us per op\n"
    )
    [run] = parse_bssl_speed(text, source_name="x", started_at=AT)
    [ecdh] = run.results
    assert (ecdh.algorithm, ecdh.operation, ecdh.params, ecdh.value) == (
        "ECDH",
        "derive",
        {"curve": "secp256r1"},
        8384.2,
    )
    assert [(w.line, w.text) for w in run.warnings] == [(2, "RSA 2048 verify took 27.5 us per op")]
    with pytest.raises(ParseError, match="no bssl speed result lines"):
        parse_bssl_speed("Did 3 laps in 10s\n", source_name="x", started_at=AT)


def test_a_heading_naming_aws_lc_s_commit_is_the_version_of_the_runs_under_it():
    """`### AWS-LC (5ede432...)` heads the AES-128 and AES-192 sections; the AES-256 one says
    `### AWS-LC` alone and the SLOTHY variants name no commit. Each heading starts a run: the
    AES-192 AWS-LC figures were appended to the last AES-128 SLOTHY variant's run."""
    runs = parse("hanno-becker-aws-lc_slothy_benchmarks_g2.md")
    commit = "5ede432e141172df7ac847b68c40837b7349f1f3"
    versions = [(run.tool.version, {r.library_version for r in run.results}) for run in runs]
    named = [0, 5]
    assert versions == [
        (commit, {commit}) if index in named else (None, {None}) for index in range(13)
    ]
    assert [run.results[0].name for run in runs[4:6]] == [
        "EVP-AES-128-GCM encrypt init",
        "EVP-AES-192-GCM encrypt init",
    ]
    assert [{r.algorithm for r in run.results} for run in runs[4:10]] == [
        {"AES-128-GCM"},
        *[{"AES-192-GCM"}] * 4,
        {"AES-256-GCM"},
    ]
