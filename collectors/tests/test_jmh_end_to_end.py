"""The agents/jvm suite, built and run for real in quick mode, into the run document."""

import json
import shutil
from pathlib import Path

import pytest
from collect_support import run_main

PROJECT = Path(__file__).resolve().parents[2] / "agents" / "jvm"

pytestmark = pytest.mark.skipif(shutil.which("java") is None, reason="no java on this machine")


def test_one_seed_001_benchmark_runs_end_to_end(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("CRYPTOBENCH_SPOOL_DIR", str(tmp_path / "spool"))
    document = tmp_path / "run.json"
    code, _, err = run_main(
        [
            "run",
            "jmh",
            "--quick",
            "--project",
            str(PROJECT),
            "--include",
            "EcdsaBench.sign",
            "--jmh-arg=-p",
            "--jmh-arg=curve=secp256k1",
            "--jmh-arg=-p",
            "--jmh-arg=messageBytes=128",
            "--json",
            str(tmp_path / "jmh.json"),
            "--no-upload",
            "-o",
            str(document),
            "--machine-name",
            "ci",
        ],
        capsys,
    )
    assert code == 0, err
    run = json.loads(document.read_text())
    assert (run["source"], run["tool"]["name"], run["tool"]["version"]) == ("jmh", "JMH", "1.37")
    assert run["tool"]["options"] == "-bm thrpt -f 1 -t 1 -wi 1 -w 1s -i 1 -r 1s"
    assert run["machine"]["name"] == "ci"
    [result] = run["results"]
    assert result["name"] == "dev.cryptobench.jmh.EcdsaBench.sign"
    assert (result["family"], result["algorithm"], result["operation"]) == (
        "signature",
        "ECDSA",
        "sign",
    )
    assert result["params"] == {
        "curve": "secp256k1",
        "hash": "SHA-256",
        "message_bytes": 128,
    }
    assert result["library"] == "Bouncy Castle"
    assert (result["metric"], result["unit"], result["samples"]) == ("ops_per_s", "ops/s", 1)
    assert result["value"] > 0 and result["error"] is None
    assert result["raw"] == [[result["value"]]]
    assert "1 results from" in err
    assert (tmp_path / "jmh.log").read_text().count("# Run progress:") == 1


def test_a_key_on_the_wrong_curve_fails_the_setup_and_nothing_is_delivered(
    capsys, tmp_path, monkeypatch
):
    monkeypatch.setenv("CRYPTOBENCH_SPOOL_DIR", str(tmp_path / "spool"))
    code, out, err = run_main(
        [
            "run",
            "jmh",
            "--quick",
            "--project",
            str(PROJECT),
            "--include",
            "Sm2Bench.keygen",
            "--jmh-arg=-p",
            "--jmh-arg=curve=secp256r1",
            "--jmh-arg=-p",
            "--jmh-arg=encoding=uncompressed",
            "--json",
            str(tmp_path / "jmh.json"),
            "--no-upload",
        ],
        capsys,
    )
    assert code == 1
    assert "JMH wrote no results" in err and "1 benchmark(s) failed" in err
    assert out == ""
    assert "Invalid point coordinates" in (tmp_path / "jmh.log").read_text()
