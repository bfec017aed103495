"""`cryptobench run jmh --leak-test`: agents/jvm's leak-test harness (dev.cryptobench.jmh.LeakTest)
into one run of class pairs, every sample kept as `raw`; for real through the jar into a live
server."""

import shutil
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from collect_support import FIXTURES, run_main

from cryptobench_collect.errors import RuntimeFailure
from cryptobench_collect.runners.jvm_leak import leak_run
from cryptobench_contract import Machine

PROJECT = Path(__file__).resolve().parents[2] / "agents" / "jvm"
CAPTURED = FIXTURES / "jvm_leak" / "leak-samples-3.jsonl"  # --samples 3 --warmup 0, JDK 17
WHEN = datetime(2026, 11, 29, 14, 0, tzinfo=UTC)

pytestmark = pytest.mark.usefixtures("clean_env")


def _run(text: str):
    return leak_run(text, machine=Machine(name="vm"), started_at=WHEN, finished_at=WHEN)


def test_the_harness_output_is_one_leak_run_of_class_pairs_with_every_sample():
    run = _run(CAPTURED.read_text())
    assert (run.source, run.tags, run.tool.name, run.tool.build, run.tool.options) == (
        "jmh",
        {"mode": "leak-test", "jvm": "17.0.15"},
        "cryptobench-jvm-leak",
        "Java 17.0.15",
        "--samples 3 --warmup 0",
    )
    described = [
        (r.library, r.library_version, r.operation, r.params["input_class"], r.value, r.raw)
        for r in run.results
    ]
    assert described == [
        ("SunJCE", "17.0.15", "decrypt", "valid", 1708534.0, [1394625.0, 13871050.0, 1708534.0]),
        (
            "SunJCE",
            "17.0.15",
            "decrypt",
            "invalid",
            18285437.0,
            [19170116.0, 1340643.0, 18285437.0],
        ),
        (
            "Bouncy Castle",
            "1.82",
            "decrypt",
            "valid",
            1752736.0,
            [1752736.0, 1698515.0, 25811500.0],
        ),
        (
            "Bouncy Castle",
            "1.82",
            "decrypt",
            "invalid",
            14669127.0,
            [14669127.0, 15020635.0, 1842384.0],
        ),
        ("SunEC", "17.0.15", "sign", "fixed", 1690099.0, [1578440.0, 22040689.0, 1690099.0]),
        ("SunEC", "17.0.15", "sign", "random", 21890518.0, [2592582.0, 21890518.0, 21991778.0]),
        ("Bouncy Castle", "1.82", "sign", "fixed", 5827077.0, [2003256.0, 24213313.0, 5827077.0]),
        (
            "Bouncy Castle",
            "1.82",
            "sign",
            "random",
            32330684.0,
            [32330684.0, 28803340.0, 45413666.0],
        ),
    ]
    rsa, ecdsa = run.results[0], run.results[4]
    assert (rsa.family, rsa.algorithm, rsa.params) == (
        "cipher",
        "RSA",
        {"key_bits": 2048, "padding": "pkcs1v15", "message_bytes": 48, "input_class": "valid"},
    )
    assert (ecdsa.family, ecdsa.algorithm, ecdsa.params) == (
        "signature",
        "ECDSA",
        {"curve": "secp256r1", "hash": "SHA-256", "message_bytes": 32, "input_class": "fixed"},
    )
    assert (rsa.metric, rsa.unit, rsa.samples, rsa.stats) == (
        "ns_per_op",
        "ns/op",
        3,
        {"median": 1708534.0, "min": 1394625.0, "max": 13871050.0},
    )


def test_output_without_the_harness_header_is_refused():
    with pytest.raises(RuntimeFailure, match="printed no cryptobench-jvm-leak header"):
        _run(CAPTURED.read_text().split("\n", 1)[1])


def test_a_line_that_is_not_json_is_named():
    broken = CAPTURED.read_text().replace('"raw":[1394625,', '"raw":[1394625,,', 1)
    with pytest.raises(RuntimeFailure, match="output line 2 is not JSON: Expecting value"):
        _run(broken)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--leak-test", "--include", "RsaBench"], "--leak-test runs no JMH benchmark"),
        (["--leak-samples", "50"], "--leak-samples goes with --leak-test"),
    ],
)
def test_leak_options_that_do_not_fit_are_usage_errors(capsys, extra, message):
    code, _, err = run_main(["run", "jmh", *extra, "--no-upload"], capsys)
    assert code == 2 and message in err


@pytest.mark.skipif(shutil.which("java") is None, reason="no java on this machine")
def test_a_quick_jvm_leak_test_uploads_one_run_whose_screens_the_server_judges(capsys, live_server):
    server = ["--server", live_server.url, "--token", live_server.token, "--machine-name", "ci"]
    code, _, err = run_main(
        ["run", "jmh", "--leak-test", "--quick", "--project", str(PROJECT), *server], capsys
    )
    assert code == 0, err
    assert "8 results (leak screens, two classes each)" in err
    body = httpx.get(f"{live_server.url}/api/v1/leaks", params={"machine": "ci"}).json()
    screens = sorted(
        (s["library"], s["operation"], s["classes"][0]["name"], s["classes"][1]["name"])
        for s in body["screens"]
    )
    assert screens == [
        ("Bouncy Castle", "decrypt", "valid", "invalid"),
        ("Bouncy Castle", "sign", "fixed", "random"),
        ("SunEC", "sign", "fixed", "random"),
        ("SunJCE", "decrypt", "valid", "invalid"),
    ]
    assert {(c["n"]) for s in body["screens"] for c in s["classes"]} == {20}
    assert {s["verdict"]["samples"] for s in body["screens"]} == {40}
