"""The same experiment, the same identity: each collector re-runs a seed's experiments here (quick
mode) and every re-run figure carries the seed's exact algorithm, operation, library and params,
so "the paper vs my machine" is one series that differs only by machine, run and tags.

Seed 001's SM2 key generation is the exception on library: the paper's SunEC was a modified
JDK; the JVM suite measures the same experiment (curve, encoding) with Bouncy Castle.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cryptobench_collect.cli.app import app
from cryptobench_contract import RunDocument
from cryptobench_contract.libraries import fold
from cryptobench_server.demo import demo_documents

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(sys.executable).with_name("cryptobench")
FIRMWARE = ROOT / "agents" / "esp32c6"
FIXTURES = ROOT / "collectors" / "tests" / "fixtures"


def identity(result) -> tuple:
    params = json.dumps(result.params, sort_keys=True)
    return result.algorithm, result.operation, result.library, params


def seed(number: str, keep) -> set[tuple]:
    return {
        identity(r)
        for doc in demo_documents()
        if doc.tags.get("seed") == number
        for r in doc.results
        if keep(r)
    }


def collect(*args: str, stdin: str | None = None) -> RunDocument:
    done = subprocess.run(
        [str(CLI), *args], input=stdin, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    return RunDocument.model_validate_json(done.stdout)


@pytest.fixture(scope="module")
def reruns(tmp_path_factory) -> dict[str, RunDocument]:
    """One quick re-run per collector of the seed experiments it can reproduce here."""
    subprocess.run(["make", "-C", str(FIRMWARE), "build"], check=True, capture_output=True)
    log = tmp_path_factory.mktemp("serial") / "board.log"
    with log.open("w") as out:
        binary = FIRMWARE / "build-host" / "cryptobench_host"
        subprocess.run([str(binary), "--quick", "--suites", "rsa"], stdout=out, check=True)
    jmh_include = r"EcdsaCurveBench|Sm2Bench.keygen"
    return {
        "ecc": collect(
            "run", "ecc", "--quick", "--library", "ecpy", "--curve", "secp256k1", "--no-upload"
        ),
        "openssl": collect("run", "openssl", "aes-128-cbc", "--seconds", "1", "--no-upload"),
        "serial": collect("parse", "serial", str(log)),
        "jmh": collect(
            "run",
            "jmh",
            "--quick",
            "--include",
            jmh_include,
            "--jmh-arg=-p",
            "--jmh-arg=curve=secp256r1,sm2p256v1",
            "--no-upload",
        ),
    }


def documents(text: str) -> list[RunDocument]:
    """`parse` (the same command, in this process) prints one run document per line (several when the output held several runs)."""
    return [RunDocument.model_validate_json(line) for line in text.splitlines() if line.strip()]


def identities(doc: RunDocument) -> set[tuple]:
    return {identity(r) for r in doc.results}


def test_seed_004_experiments_rerun_by_the_ecc_runner(reruns):
    expected = seed("004", lambda r: r.library == "ECpy")
    assert len(expected) == 11
    assert expected <= identities(reruns["ecc"])


def test_seed_003_aes_cbc_rerun_by_openssl_speed(reruns):
    expected = seed("003", lambda r: r.algorithm == "AES-128-CBC")
    assert len(expected) == 6
    assert expected <= identities(reruns["openssl"])


def test_seed_002_rsa_verify_rerun_by_the_firmware(reruns):
    expected = seed("002", lambda r: r.params["key_bits"] == 2048)
    assert len(expected) == 3
    assert expected <= identities(reruns["serial"])


def test_seed_001_ecdsa_and_sm2_keygen_rerun_by_the_jvm_suite(reruns):
    ecdsa = seed(
        "001",
        lambda r: r.algorithm == "ECDSA"
        and r.params["curve"] == "secp256r1"
        and r.params["message_bytes"] == 1024,
    )
    assert {(alg, op, lib) for alg, op, lib, _ in ecdsa} == {
        ("ECDSA", "sign", "SunEC"),
        ("ECDSA", "verify", "SunEC"),
    }
    assert ecdsa <= identities(reruns["jmh"])
    keygen = {(a, o, p) for a, o, _, p in seed("001", lambda r: r.operation == "keygen")}
    rerun = {(a, o, p) for a, o, _, p in identities(reruns["jmh"])}
    assert len(keygen) == 2
    assert keygen <= rerun


def test_no_two_library_names_differ_only_in_spelling(reruns):
    names = {r.library for doc in demo_documents() for r in doc.results}
    names |= {r.library for doc in reruns.values() for r in doc.results}
    for kind, pattern in (("openssl", "*.txt"), ("jmh", "*.json"), ("serial", "*.log")):
        for path in sorted((FIXTURES / kind).glob(pattern)):
            done = CliRunner().invoke(app, ["parse", kind, str(path)])
            if done.exit_code == 0:
                names |= {r.library for doc in documents(done.stdout) for r in doc.results}
    names.discard(None)
    folded: dict[str, set[str]] = {}
    for name in names:
        folded.setdefault(fold(name), set()).add(name)
    assert {k: v for k, v in folded.items() if len(v) > 1} == {}
    assert {"ECpy", "ECC.py", "Mbed TLS", "SunEC", "OpenSSL", "Bouncy Castle"} <= names
