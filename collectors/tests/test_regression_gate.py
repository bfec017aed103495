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
    for night in range(4):
        saved, run_id = nightly(capsys, tmp_path, NEWER, night, "nightly-box", "3.0.19")
        code, _, err = upload(live_server, capsys, saved, "--fail-on-regression")
        assert code == 0, err
        assert f"no regression found at run {run_id}" in err
    saved, run_id = nightly(capsys, tmp_path, OLDER, 4, "nightly-box")
    code, _, err = upload(live_server, capsys, saved, "--fail-on-regression")
    assert code == 4
    lines = [line for line in err.splitlines() if line.startswith("regression: ")]
    assert len(lines) == len(BLOCKS)
    assert sorted(lines)[0] == (
        "regression: AES-128-CBC encrypt block_bytes=1024 (OpenSSL) on nightly-box: "
        "1,144,572,928 -> 123,802,970 B/s (x0.108, -89.2%); "
        "library_version 3.0.19 -> 1.0.2o-freebsd; tool_version 3.0.19 -> 1.0.2o-freebsd; "
        "tool_build (none) -> built on: date not available / "
        "options: bn(64,64) rc4(16x,int) des(idx,cisc,16,int) aes(partial) idea(int) "
        "blowfish(idx) / compiler: clang; tool_options -mr -> (none)"
    )
    assert f"error: {len(BLOCKS)} regression(s) at run {run_id}" in err
    found = changes(live_server, run=run_id)
    assert sorted(c["series"]["params"]["block_bytes"] for c in found) == BLOCKS
    assert {(c["direction"], c["metric"], c["confidence"]) for c in found} == {
        ("regression", "bytes_per_s", 1.0)
    }
    # The same upload without the flag is not a CI gate: it exits 0.
    saved, _ = nightly(capsys, tmp_path, OLDER, 5, "nightly-box")
    assert upload(live_server, capsys, saved)[0] == 0


def test_an_upgrade_passes_the_gate_and_is_an_improvement(live_server, tmp_path, capsys):
    for night in range(4):
        saved, _ = nightly(capsys, tmp_path, OLDER, night, "upgraded-box")
        assert upload(live_server, capsys, saved, "--fail-on-regression")[0] == 0
    saved, run_id = nightly(capsys, tmp_path, NEWER, 4, "upgraded-box", "3.0.19")
    code, _, err = upload(live_server, capsys, saved, "--fail-on-regression")
    assert code == 0 and f"no regression found at run {run_id}" in err
    found = changes(live_server, run=run_id)
    assert [c["direction"] for c in found] == ["improvement"] * len(BLOCKS)
    assert found[0]["what_changed"]["library_version"] == ["1.0.2o-freebsd", "3.0.19"]


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
