"""`--fail-on-regression` end to end: captured `openssl speed` outputs of two OpenSSL versions as
consecutive nightly runs of one machine, uploaded to the real backend through the CLI."""

import json
import uuid
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from collect_support import FIXTURES, run_main

pytestmark = pytest.mark.usefixtures("clean_env")

NEWER = "openssl-3.0.19_mr_evp_aes-128-cbc.txt"  # -mr prints no version: captured with 3.0.19
OLDER = "openssl-1.0.2o-freebsd_aes-128-cbc.txt"
BLOCKS = [16, 64, 256, 1024, 8192]  # the sizes both outputs have


def nightly(capsys, tmp_path, fixture: str, night: int, machine: str, version: str | None = None):
    """The run document of `fixture` as night `night` of `machine`, saved to a file."""
    path = FIXTURES / "openssl" / fixture
    code, out, _ = run_main(["parse", "openssl", str(path), "--machine-name", machine], capsys)
    assert code == 0
    doc = json.loads(out)
    doc["run_id"] = str(uuid.uuid4())
    doc["started_at"] = (datetime(2026, 11, 1, 3, tzinfo=UTC) + timedelta(days=night)).isoformat()
    doc["finished_at"] = None
    if version is not None:
        doc["tool"]["version"] = version
        for result in doc["results"]:
            result["library_version"] = version
    saved = tmp_path / f"{machine}-{night}.json"
    saved.write_text(json.dumps(doc))
    return saved, doc["run_id"]


def upload(live_server, capsys, path, *flags):
    argv = ["upload", str(path), "--server", live_server.url, "--token", live_server.token]
    return run_main([*argv, *flags], capsys)


def changes(live_server, **params):
    response = httpx.get(f"{live_server.url}/api/v1/changes", params=params)
    assert response.status_code == 200
    return response.json()["changes"]


def test_a_downgrade_fails_the_gate_with_exit_4_naming_what_changed(live_server, tmp_path, capsys):
    # Before three baseline runs the gate cannot judge: action required (exit 5), then a pass.
    for night in range(4):
        saved, run_id = nightly(capsys, tmp_path, NEWER, night, "nightly-box", "3.0.19")
        code, _, err = upload(live_server, capsys, saved, "--fail-on-regression")
        assert code == (0 if night == 3 else 5), err
    assert f"no regression found at run {run_id}: 6 stable" in err  # 6 block sizes
    saved, run_id = nightly(capsys, tmp_path, OLDER, 4, "nightly-box")
    code, _, err = upload(live_server, capsys, saved, "--fail-on-regression")
    assert code == 4
    lines = [line for line in err.splitlines() if line.startswith("regression: ")]
    assert lines == [
        "regression: AES-128-CBC encrypt x0.05-0.11 on 5 block sizes on nightly-box "
        "(few points: no run-to-run noise); changed: "
        "library_version 3.0.19 -> 1.0.2o-freebsd; tool_version 3.0.19 -> 1.0.2o-freebsd; "
        "tool_build (none) -> built on: date not available / options: bn(64,64) rc4(16x,int) "
        "des(idx,…; tool_options -mr -> (none)"
    ]
    assert f"error: {len(BLOCKS)} regression(s) in 1 event(s) at run {run_id}" in err
    found = changes(live_server, run=run_id)
    assert sorted(c["series"]["params"]["block_bytes"] for c in found) == BLOCKS
    assert {(c["direction"], c["metric"]) for c in found} == {("regression", "bytes_per_s")}
    # The same upload without the flag is not a CI gate: it exits 0.
    saved, _ = nightly(capsys, tmp_path, OLDER, 5, "nightly-box")
    assert upload(live_server, capsys, saved)[0] == 0


def test_an_upgrade_is_an_improvement_and_its_new_block_size_has_no_baseline(
    live_server, tmp_path, capsys
):
    for night in range(4):
        saved, _ = nightly(capsys, tmp_path, OLDER, night, "upgraded-box")
        code = upload(live_server, capsys, saved, "--fail-on-regression")[0]
        assert code == (0 if night == 3 else 5)
    saved, run_id = nightly(capsys, tmp_path, NEWER, 4, "upgraded-box", "3.0.19")
    code, _, err = upload(live_server, capsys, saved, "--fail-on-regression")
    # No regression, but the newer output's 16384-byte blocks were never measured here before.
    assert code == 5, err
    assert "missing baseline: no earlier run of this series on this machine: 1 series" in err
    assert f"1 missing baseline series at run {run_id}" in err
    found = changes(live_server, run=run_id)
    assert [c["direction"] for c in found] == ["improvement"] * len(BLOCKS)
    assert found[0]["what_changed"][0] == {
        "fact": "library_version",
        "hunks": [{"before": ["1.0.2o-freebsd"], "after": ["3.0.19"]}],
        "unchanged": 0,
    }


def test_spool_flush_with_the_gate_counts_the_run_as_sent_and_exits_4(
    live_server, tmp_path, capsys
):
    for night in range(4):
        saved, _ = nightly(capsys, tmp_path, NEWER, night, "flushed-box", "3.0.19")
        assert upload(live_server, capsys, saved)[0] == 0
    saved, _ = nightly(capsys, tmp_path, OLDER, 4, "flushed-box")
    assert upload(live_server, capsys, saved, "--server", "http://127.0.0.1:9")[0] == 3
    code, _, err = run_main(
        [
            *("spool", "flush", "--fail-on-regression"),
            *("--server", live_server.url, "--token", live_server.token),
        ],
        capsys,
    )
    assert code == 4
    assert "1 of 1 pending run(s) uploaded" in err


MASKED = FIXTURES / "openssl" / "masked-features"


def test_masked_cpu_features_are_one_short_line_and_a_summary(live_server, tmp_path, capsys):
    """Issue 28's scenario: seven `cryptobench run openssl` runs, the last two with AES-NI and
    the SHA extensions masked. The sixth upload's gate prints one line for its 10 regressions,
    naming the CPUINFO line that differs, never the ~500-character build."""
    outputs = []
    for night in range(1, 8):
        doc = json.loads((MASKED / f"night{night}.json").read_text())
        doc["run_id"] = str(uuid.uuid4())
        doc["machine"]["name"] = "gated-box"
        saved = tmp_path / f"masked-{night}.json"
        saved.write_text(json.dumps(doc))
        code, _, err = upload(live_server, capsys, saved, "--fail-on-regression")
        outputs.append((code, err, doc))
    assert [code for code, _, _ in outputs] == [5, 5, 5, 0, 0, 4, 4]
    _, err, doc = outputs[5]
    lines = err.strip().splitlines()
    assert len(lines) <= 10 and max(map(len, lines)) <= 400, err
    (event,) = [line for line in lines if line.startswith("regression: ")]
    assert event.startswith("regression: AES-128-CBC encrypt x0.21-0.25 on 6 block sizes; ")
    assert "SHA-256 hash x0.26-0.46 on 5 block sizes on gated-box (few points: z >= " in event
    assert "changed: tool_build CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff" in event
    assert "-> CPUINFO: OPENSSL_ia32cap=0xfdfa3201078bffff" in event
    assert "built on" not in err and "compiler" not in err
    assert "error: 11 regression(s) in 1 event(s) at run " in lines[-1]
