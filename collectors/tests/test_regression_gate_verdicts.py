"""`--fail-on-regression` says what it knows and what it does not, end to end (issue 39): the
masked-AES-NI runs (fixtures/openssl/masked-features: nights 1-5 as built, 6-7 with AES-NI and
the SHA extensions masked) uploaded through the CLI to the real backend. A step after two
baseline runs is "insufficient" (exit 5, action required), after three "regressed" (exit 4); a
first run has no baseline, and a machine of the same name with another CPU is not comparable.
The --report-* files hold the verdicts for a pull-request comment."""

import json
import uuid

import httpx
import pytest
from collect_support import FIXTURES, run_main

from cryptobench_server.auth import create_token
from cryptobench_server.db import make_engine, make_sessionmaker, transaction

pytestmark = pytest.mark.usefixtures("clean_env")

MASKED = FIXTURES / "openssl" / "masked-features"


def night(tmp_path, number: int, machine: str, **fields) -> tuple:
    """Night `number` as a new run of `machine` (its other machine fields replaced), saved."""
    doc = json.loads((MASKED / f"night{number}.json").read_text())
    doc["run_id"] = str(uuid.uuid4())
    doc["machine"] |= {"name": machine, **fields}
    saved = tmp_path / f"{machine}-{number}-{doc['run_id']}.json"
    saved.write_text(json.dumps(doc))
    return saved, doc["run_id"]


def gate(live_server, capsys, path, *flags):
    argv = ["upload", str(path), "--server", live_server.url, "--token", live_server.token]
    return run_main([*argv, "--fail-on-regression", *flags], capsys)


def test_a_first_run_has_no_baseline(live_server, tmp_path, capsys):
    saved, run_id = night(tmp_path, 1, "first-box")
    code, _, err = gate(live_server, capsys, saved)
    assert code == 5
    assert "action required: missing baseline: no earlier run of this series on this " in err
    assert f"error: 12 missing baseline series at run {run_id}" in err


def test_masked_aes_ni_after_two_baselines_is_insufficient(live_server, tmp_path, capsys):
    for number in (1, 2):
        assert gate(live_server, capsys, night(tmp_path, number, "two-box")[0])[0] == 5
    saved, run_id = night(tmp_path, 6, "two-box")
    md, js = tmp_path / "gate.md", tmp_path / "gate.json"
    flags = ("--report-markdown", str(md), "--report-json", str(js))
    code, _, err = gate(live_server, capsys, saved, *flags)
    assert code == 5, err
    assert "action required: insufficient: 2 of 3 baseline runs: 12 series (" in err
    assert "no regression found" not in err
    report = json.loads(js.read_text())
    assert report["status"] == "action_required"
    (run,) = report["runs"]
    assert (run["run_id"], run["counts"]) == (run_id, {"insufficient": 12})
    assert run["url"] == f"{live_server.url}/runs/{run_id}"
    text = md.read_text()
    assert text.startswith("### CryptoBench: action required\n")
    assert "| insufficient | AES-128-CBC encrypt (block_bytes 16, bytes_per_s) | 2 of 3 " in text


def test_masked_aes_ni_after_three_baselines_regressed(live_server, tmp_path, capsys):
    for number in (1, 2, 3):
        assert gate(live_server, capsys, night(tmp_path, number, "three-box")[0])[0] == 5
    saved, run_id = night(tmp_path, 6, "three-box")
    md, js = tmp_path / "gate.md", tmp_path / "gate.json"
    flags = ("--report-markdown", str(md), "--report-json", str(js))
    code, _, err = gate(live_server, capsys, saved, *flags)
    assert code == 4, err
    assert "regression: AES-128-CBC encrypt x0.2" in err
    assert f"regression(s) in 1 event(s) at run {run_id}" in err
    text = md.read_text()
    assert text.startswith("### CryptoBench: regressed\n")
    rows = [line for line in text.splitlines() if line.startswith("| regressed | AES-128-CBC")]
    assert len(rows) == 6
    (row,) = [row for row in rows if "(block_bytes 16, bytes_per_s)" in row]
    assert f"({live_server.url}/history?f.algorithm=AES-128-CBC&f.library=OpenSSL&" in row
    assert "&f.machine=three-box&f.operation=encrypt&f.param.block_bytes=16&" in row
    assert f"({live_server.url}/compare?baseline=" in row
    assert "| stable |" not in text
    (run,) = json.loads(js.read_text())["runs"]
    aes = [r for r in run["verdicts"] if r["series"]["algorithm"] == "AES-128-CBC"]
    assert {r["verdict"] for r in aes} == {"regressed"} and all(r["links"] for r in aes)


def test_another_cpu_model_under_the_same_name_is_not_comparable(live_server, tmp_path, capsys):
    for number in (1, 2, 3):
        gate(live_server, capsys, night(tmp_path, number, "moved-box")[0])
    saved, _ = night(tmp_path, 4, "moved-box", cpu_model="Intel Xeon")
    code, _, err = gate(live_server, capsys, saved)
    assert code == 5, err
    assert (
        "action required: not comparable: cpu_model differs: AMD EPYC -> Intel Xeon: 12 series"
    ) in err


def test_reports_need_the_gate(live_server, tmp_path, capsys):
    saved, _ = night(tmp_path, 1, "report-box")
    argv = ["upload", str(saved), "--server", live_server.url, "--token", live_server.token]
    code, _, err = run_main([*argv, "--report-json", str(tmp_path / "r.json")], capsys)
    assert code == 2 and "need --fail-on-regression" in err


def test_one_command_gating_two_runs_reports_both_and_exits_with_the_worst(
    live_server, tmp_path, capsys
):
    for number in (1, 2, 3):
        gate(live_server, capsys, night(tmp_path, number, "pair-box")[0])
    regressed, regressed_id = night(tmp_path, 6, "pair-box")
    new, new_id = night(tmp_path, 1, "new-box")
    md, js = tmp_path / "gate.md", tmp_path / "gate.json"
    argv = ["upload", str(new), str(regressed), "--server", live_server.url]
    flags = ["--token", live_server.token, "--fail-on-regression", "--report-json", str(js)]
    code, _, err = run_main([*argv, *flags, "--report-markdown", str(md)], capsys)
    assert code == 4, err
    assert "2 of 2 run(s) failed the gate" in err
    report = json.loads(js.read_text())
    assert report["status"] == "regressed"
    assert [(r["run_id"], r["status"]) for r in report["runs"]] == [
        (new_id, "action_required"),
        (regressed_id, "regressed"),
    ]
    text = md.read_text()
    assert text.startswith("### CryptoBench: regressed\n")
    assert f"**action required**: run [`{new_id}`]" in text
    assert f"**regressed**: run [`{regressed_id}`]" in text


def admin_token(database_url: str) -> str:
    engine = make_engine(database_url)
    with transaction(make_sessionmaker(engine)) as session:
        _, secret = create_token(session, name="release-engineer", scope="admin")
    engine.dispose()
    return secret


def test_an_acknowledged_regression_passes_the_gate(
    live_server, server_database_url, tmp_path, capsys
):
    for number in (1, 2, 3):
        assert gate(live_server, capsys, night(tmp_path, number, "ack-box")[0])[0] == 5
    saved, run_id = night(tmp_path, 6, "ack-box")
    assert gate(live_server, capsys, saved)[0] == 4
    changes = httpx.get(f"{live_server.url}/api/v1/changes", params={"run": run_id}).json()
    body = {
        "changes": [c["id"] for c in changes["changes"]],
        "kind": "expected",
        "note": "AES-NI masked on purpose",
    }
    headers = {"Authorization": f"Bearer {admin_token(server_database_url)}"}
    url = f"{live_server.url}/api/v1/changes/acknowledgements"
    assert httpx.post(url, json=body, headers=headers).status_code == 201
    md = tmp_path / "gate.md"
    code, _, err = gate(live_server, capsys, saved, "--report-markdown", str(md))
    assert code == 0, err
    err = " ".join(err.split())
    assert (
        "acknowledged: expected by release-engineer: AES-NI masked on purpose: 10 series (" in err
    )
    assert f"no regression found at run {run_id}: 10 acknowledged, 2 stable" in err
    text = md.read_text()
    assert text.startswith("### CryptoBench: regressions acknowledged\n")
    assert "| acknowledged | AES-128-CBC encrypt (block_bytes 16, bytes_per_s) | x0.2" in text
