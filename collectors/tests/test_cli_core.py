import json
import os
from datetime import UTC, datetime

import pytest
from collect_support import make_run, run_main

from cryptobench_collect.documents import written_at
from cryptobench_collect.spool import Spool

pytestmark = pytest.mark.usefixtures("clean_env")


def test_help_lists_every_command_group(capsys):
    code, out, _ = run_main(["--help"], capsys)
    assert code == 0
    for word in ("parse", "run", "ingest", "collect", "spool", "upload"):
        assert word in out
    text = " ".join(out.split())
    assert "Exit codes: 0 done" in text and "4 a regression" in text
    assert "5 action required" in text


def test_upload_of_a_file_that_is_not_json_is_exit_2_naming_file_and_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "schema": \n')
    code, _, err = run_main(["upload", str(bad)], capsys)
    assert code == 2
    assert f"{bad}:3: not JSON" in err
    assert "Traceback" not in err


def test_upload_of_a_binary_file_is_exit_2(tmp_path, capsys):
    bad = tmp_path / "junk.bin"
    bad.write_bytes(b"\x00\xff\xfe\n\x89PNG")
    code, _, err = run_main(["upload", str(bad)], capsys)
    assert (code, f"{bad}:1: not UTF-8 text" in err) == (2, True)


def test_upload_to_an_unreachable_server_keeps_the_run_pending_exit_3(tmp_path, capsys):
    doc = tmp_path / "run.json"
    doc.write_text(make_run().to_json())
    code, _, err = run_main(["upload", str(doc), "--server", "http://127.0.0.1:9"], capsys)
    assert code == 3
    assert "waits in" in err
    assert [p.name for p in Spool(tmp_path / "spool").paths("pending")] == [
        "00000000-0000-4000-8000-000000000001.json"
    ]
    code, out, _ = run_main(["spool", "list"], capsys)
    assert code == 0
    assert "pending" in out and "00000000-0000-4000-8000-0000000000" in out


def test_flush_without_a_server_is_exit_3(tmp_path, capsys):
    Spool(tmp_path / "spool").add(make_run())
    code, _, err = run_main(["spool", "flush"], capsys)
    assert code == 3
    assert "no server configured" in err


def test_upload_accepts_a_spool_file(tmp_path, capsys):
    path = Spool(tmp_path / "other").add(make_run())
    code, _, _err = run_main(["upload", str(path)], capsys)
    assert code == 3
    assert (
        json.loads(Spool(tmp_path / "spool").paths("pending")[0].read_text())["spool_version"] == 1
    )


def test_usage_errors_are_exit_2(capsys):
    code, _, _ = run_main(["upload"], capsys)
    assert code == 2
    code, _, err = run_main(["spool", "list", "--state", "lost"], capsys)
    assert code == 2 and "--state lost" in err


def test_version(capsys):
    from importlib.metadata import version

    code, out, _ = run_main(["--version"], capsys)
    assert (code, out) == (0, f"cryptobench {version('cryptobench-collect')}\n")


def test_a_saved_output_is_dated_when_its_file_was_written(tmp_path):
    path = tmp_path / "speed.txt"
    path.write_text("saved output")
    os.utime(path, (0, 1_700_000_000))
    assert written_at(path) == datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)
