"""POST /api/v1/imports?format=auto of general-purpose harnesses' output (go test -bench,
criterion, Google Benchmark JSON, liboqs speed_kem, cryptsetup benchmark, bssl speed, botan
speed, benchstat, hyperfine JSON, dudect, pqm4, pytest-benchmark JSON,
github-action-benchmark's data.js) on both databases: the same figures as `cryptobench parse`
+ upload, the format detected."""

from pathlib import Path

import pytest
from test_imports import store, stored_figures, upload_then_import  # noqa: F401

HARNESS_FIXTURES = Path(__file__).parents[2] / "parsers" / "tests" / "fixtures"
CASES = [
    ("go", HARNESS_FIXTURES / "go" / "meysam81-x_cryptox_README.txt", 46, "go-test-bench"),
    ("criterion", HARNESS_FIXTURES / "criterion" / "codahale-lockstitch_perf.txt", 40, "criterion"),
    (
        "gbench",
        HARNESS_FIXTURES / "google_benchmark" / "itzmeanjan-ml-kem_linux_x86_64.json",
        27,
        "google-benchmark",
    ),
    (
        "liboqs",
        HARNESS_FIXTURES / "liboqs" / "wolfSSL-documentation_appendix07_speed_kem.md",
        36,
        "liboqs-speed",
    ),
    (
        "cryptsetup",
        HARNESS_FIXTURES / "cryptsetup" / "bgnetworks-meta-essa-mx6ul_perf_sd_mx6ul.md",
        8,
        "cryptsetup-benchmark",
    ),
    (
        "bssl",
        HARNESS_FIXTURES / "bssl_speed" / "boringssl-c6e3780_aarch64_gcm_commit_message.txt",
        40,
        "bssl-speed",
    ),
    (
        "botan",
        HARNESS_FIXTURES / "botan" / "randombit-botan_pr1459_power8_aes_gcc112.txt",
        12,
        "botan-speed",
    ),
    (
        "benchstat",
        HARNESS_FIXTURES / "corpus" / "benchstat" / "golang-crypto_5ed49447_poly1305_riscv64.txt",
        48,
        "benchstat",
    ),
    (
        "hyperfine",
        HARNESS_FIXTURES / "corpus" / "hyperfine" / "zeroows-1brc_hyperfine.json",
        2,
        "hyperfine",
    ),
    (
        "dudect",
        HARNESS_FIXTURES / "corpus" / "dudect" / "itzmeanjan-ml-kem_README_dudect.md",
        1,
        "dudect",
    ),
    (
        "pqm4",
        HARNESS_FIXTURES / "corpus" / "pqm4" / "mupq-pqm4_d99fe328_benchmarks.md",
        108,
        "pqm4",
    ),
    (
        "pytest-benchmark",
        HARNESS_FIXTURES / "pytest_benchmark" / "ionelmc-pytest-benchmark_test_storage_0030.json",
        1,
        "pytest-benchmark",
    ),
    (
        "action-benchmark",
        HARNESS_FIXTURES / "action_benchmark" / "jarys-orchard_cargo_data.js",
        112,
        "github-action-benchmark",
    ),
]


@pytest.mark.parametrize(("kind", "path", "count", "source"), CASES, ids=[c[0] for c in CASES])
def test_a_harness_output_imports_the_figures_of_parse_and_upload(store, kind, path, count, source):  # noqa: F811
    client, url, _ = store
    uploaded, body = upload_then_import(
        client, kind, path, machine_name="fixture-box", format="auto"
    )
    assert body["format"] == kind and body["warnings"] == []
    imported = [run["run_id"] for run in body["runs"]]
    assert len(imported) == len(uploaded)
    figures = stored_figures(url, imported)
    assert figures == stored_figures(url, uploaded)
    assert len(figures) == count
    stored = client.get(f"/api/v1/runs/{imported[0]}").json()
    assert stored["source"] == source
