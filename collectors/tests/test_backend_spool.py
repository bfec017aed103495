"""Spool -> flush and `run openssl` against the real backend, through the console entry point;
a flush going on past runs the server refuses or fails on; two flushes at once."""

import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest
from collect_support import FIXTURES, make_run, run_main
from sqlalchemy import create_engine, text

from cryptobench_collect.spool import Spool
from cryptobench_contract import Machine
from cryptobench_server.identity import machine_fingerprint
from cryptobench_server.locks import run_writer

#: Runs in the spool that two flushes share.
RACED = 60

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
        "timing": "cpu",
    }
    assert [(r["algorithm"], r["params"]) for r in run["results"]] == [
        ("SHA-256", {"block_bytes": 1024})
    ]


@pytest.fixture
def lock_timeout(pg_url):
    """The test database's lock_timeout at 300 ms, set before the server connects."""
    engine = create_engine(pg_url)
    with engine.begin() as connection:
        name = connection.scalar(text("SELECT current_database()"))
        connection.execute(text(f"ALTER DATABASE \"{name}\" SET lock_timeout = '300ms'"))
    yield engine
    engine.dispose()


def spooled(spool: Spool, runs: list) -> list[Path]:
    """`runs` in pending/, oldest first in the given order."""
    paths = [spool.add(run) for run in runs]
    for age, path in enumerate(reversed(paths)):
        os.utime(path, (1_700_000_000 - age, 1_700_000_000 - age))
    return paths


def test_flush_goes_on_past_a_run_the_server_refuses_and_one_it_fails_on(
    lock_timeout, live_server, tmp_path, capsys
):
    """Four pending runs: the second's run_id is stored with other content (409: failed/), the
    third's machine is locked by another writer (503 Database busy: stays pending); the first
    and the fourth are uploaded, each failure is named, exit 1; once the lock is gone the next
    flush sends the third."""
    ids = [f"00000000-0000-4000-8000-00000000010{n}" for n in range(4)]
    held = Machine(name="held-01", arch="armv7l", cores=1)
    runs = [make_run(ids[0]), make_run(ids[1]), make_run(ids[2], machine=held), make_run(ids[3])]
    other = make_run(ids[1], tags={"build": "other"}).to_json()
    headers = {"Authorization": f"Bearer {live_server.token}", "Content-Type": "application/json"}
    assert httpx.post(f"{live_server.url}/api/v1/runs", content=other, headers=headers).is_success
    spool = Spool(tmp_path / "spool")
    spooled(spool, runs)
    flush = ["spool", "flush", "--server", live_server.url, "--token", live_server.token]
    with lock_timeout.connect() as holder, holder.begin():
        run_writer(holder, machine_fingerprint(held))
        code, _, err = run_main(flush, capsys)
    said = " ".join(err.split())
    assert code == 1 and "2 of 4 pending run(s) uploaded" in said
    assert (
        f"2 of 4 run(s) not uploaded: the server rejected run {ids[1]}: HTTP 409: Conflict" in said
    )
    assert (
        "HTTP 503: Database busy; the database rolled this request back (a lock not granted "
        f"within lock_timeout); it changed nothing, send it again; run {ids[2]} waits in"
    ) in said
    assert [p.stem for p in spool.paths("sent")] == [ids[0], ids[3]]
    assert [p.stem for p in spool.paths("pending")] == [ids[2]]
    [failed] = spool.paths("failed")
    assert (failed.stem, spool.load(failed).problem["status"]) == (ids[1], 409)
    assert [stored(live_server, run_id)["run_id"] for run_id in (ids[0], ids[3])] == [
        ids[0],
        ids[3],
    ]

    code, _, err = run_main(flush, capsys)
    assert code == 0 and "1 of 1 pending run(s) uploaded" in err
    assert stored(live_server, ids[2])["machine"]["name"] == "held-01"


def test_two_flushes_at_once_send_every_run_once_and_both_exit_0(live_server, tmp_path):
    """Two `cryptobench spool flush` processes over one spool: no traceback, both exit 0, every
    run sent by one of them and stored."""
    spool = Spool(tmp_path / "spool")
    paths = spooled(spool, [make_run(str(uuid.uuid4())) for _ in range(RACED)])
    env = {
        **os.environ,
        "CRYPTOBENCH_SERVER": live_server.url,
        "CRYPTOBENCH_TOKEN": live_server.token,
    }
    command = [str(Path(sys.executable).parent / "cryptobench"), "spool", "flush"]
    flushes = [
        subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True) for _ in range(2)
    ]
    errs = [process.communicate(timeout=300)[1] for process in flushes]
    assert [process.returncode for process in flushes] == [0, 0], errs
    assert not any("Traceback" in err for err in errs)
    counts = [re.search(r"(\d+) of (\d+) pending run\(s\) uploaded", err) for err in errs]
    assert sum(int(found[1]) for found in counts) == RACED, errs
    assert spool.paths("pending") == [] and spool.paths("failed") == []
    assert sorted(p.name for p in spool.paths("sent")) == sorted(p.name for p in paths)
    runs = httpx.get(f"{live_server.url}/api/v1/runs", params={"limit": 200}).json()["data"]
    assert sorted(r["run_id"] for r in runs) == sorted(p.stem for p in paths)
