"""One function splits the benchmark names of go, criterion, JMH, Google Benchmark and data.js
(bench_names.name_facts): what a name states, never a wrong algorithm (issue 36)."""

from pathlib import Path

import pytest
from published import AT

from cryptobench_contract import Machine
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_parsers.bench_names import NameFacts, name_facts
from cryptobench_parsers.go.bench import parse_go_bench
from cryptobench_parsers.jmh.text_tables import jmh_documents

GO = Path(__file__).parent / "fixtures" / "go"
CORPUS = Path(__file__).parent / "fixtures" / "corpus"


@pytest.mark.parametrize(
    ("name", "facts"),
    [
        # go test -bench on an M3 Max (issue 36): PBKDF2 over SHA-256, not SHA-256 hashing.
        ("PBKDF2_SHA256", NameFacts("PBKDF2", None, "derive", {"hash": "SHA-256"})),
        ("HKDF-SHA512/derive", NameFacts("HKDF", None, "derive", {"hash": "SHA-512"})),
        ("hmac_sha512", NameFacts("HMAC-SHA512", "mac", "mac", {})),
        # criterion: the size leaves the name, which stays the benchmark's own.
        ("aead/16B", NameFacts("aead", None, None, {"block_bytes": 16})),
        ("encrypt_1024B", NameFacts("encrypt", None, "encrypt", {"block_bytes": 1024})),
        # JMH: the operation a method states, the algorithm unknown so the name kept.
        ("MyBenchmark.signBenchmark", NameFacts("MyBenchmark.signBenchmark", None, "sign", {})),
        ("AESGCM_Encrypt_1KB", NameFacts("AES-GCM", "aead", "encrypt", {"block_bytes": 1024})),
    ],
)
def test_a_name_states_algorithm_operation_size_and_params(name, facts):
    assert name_facts(name) == facts


def test_go_pbkdf2_benchmarks_are_pbkdf2_not_a_hash():
    text = (GO / "meysam81-x_cryptox_README.txt").read_text()
    [run, *_] = parse_go_bench(text, source_name="cryptox", started_at=AT)
    pbkdf2 = [r for r in run.results if r.name.startswith("BenchmarkPBKDF2")]
    assert [(r.name, r.algorithm, r.operation, r.value) for r in pbkdf2] == [
        ("BenchmarkPBKDF2_Encrypt_Default-16", "PBKDF2", "encrypt", 446586011.0),
        ("BenchmarkPBKDF2_Decrypt_Default-16", "PBKDF2", "decrypt", 455325727.0),
        ("BenchmarkPBKDF2_Encrypt_HighIterations-16", "PBKDF2", "encrypt", 733501845.0),
    ]


def test_jmh_methods_name_their_operation_and_keep_the_benchmark_name():
    text = (CORPUS / "jmh/cryptography-cafe-ed25519-elisabeth_pr12_bc.txt").read_text()
    [run, *_] = jmh_documents(
        text, source_name="bc", machine=Machine(name=UNKNOWN_MACHINE), started_at=AT
    )
    assert [(r.algorithm, r.operation, r.value) for r in run.results[:3]] == [
        ("BCBench.keygen", "keygen", 38.059),
        ("BCBench.sign", "sign", 38.72),
        ("BCBench.verify", "verify", 112.958),
    ]
