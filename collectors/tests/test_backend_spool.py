"""Spool -> flush and `run openssl` against the real backend, through the console entry point."""

import httpx
import pytest
from collect_support import FIXTURES, run_main

from cryptobench_collect.spool import Spool

pytestmark = pytest.mark.usefixtures("clean_env")


def stored(live_server, run_id):
    return httpx.get(f"{live_server.url}/api/v1/runs/{run_id}").json()


def test_offline_run_waits_in_the_spool_then_flush_delivers_it(live_server, tmp_path, capsys):
    saved = tmp_path / "run.json"
    fixture = FIXTURES / "openssl" / "openssl-3.4.0_oqs_kem.txt"
    assert run_main(["parse", "openssl", str(fixture), "-o", str(saved)], capsys)[0] == 0
    code, _, err = run_main(
        ["upload", str(saved), "--server", "http://127.0.0.1:9", "--token", "t"], capsys
    )
    assert code == 3 and "waits in" in err
    spool = Spool(tmp_path / "spool")
    [pending] = spool.paths("pending")

    code, _, err = run_main(
        ["spool", "flush", "--server", live_server.url, "--token", live_server.token], capsys
    )
    assert code == 0 and "1 of 1 pending run(s) uploaded" in err
    assert spool.paths("pending") == [] and [p.name for p in spool.paths("sent")] == [pending.name]
    run = stored(live_server, pending.stem)
    assert [(r["algorithm"], r["operation"], r["value"]) for r in run["results"]][:2] == [
        ("X25519", "keygen", 23496.4),
        ("X25519", "encaps", 7107.0),
    ]

    code, out, _ = run_main(["spool", "list"], capsys)
    assert code == 0 and "sent" in out and pending.stem in out
    code, _, err = run_main(
        ["spool", "flush", "--server", live_server.url, "--token", live_server.token], capsys
    )
    assert code == 0 and "0 of 0 pending run(s) uploaded" in err


def test_run_openssl_uploads_to_the_backend(live_server, monkeypatch, capsys):
    monkeypatch.setenv("CRYPTOBENCH_SERVER", live_server.url)
    monkeypatch.setenv("CRYPTOBENCH_TOKEN", live_server.token)
    code, _, err = run_main(
        ["run", "openssl", "sha256", "--seconds", "1", "--bytes", "1024", "--tag", "ci=yes"], capsys
    )
    assert code == 0 and "uploaded run" in err and "(stored)" in err
    run_id = err.split("uploaded run ")[1].split()[0]
    run = stored(live_server, run_id)
    assert run["tags"] == {
        "engine": "none",
        "evp": "false",
        "multi": "1",
        "seconds": "1",
        "bytes": "1024",
        "ci": "yes",
    }
    assert [(r["algorithm"], r["params"]) for r in run["results"]] == [
        ("SHA-256", {"block_bytes": 1024})
    ]
