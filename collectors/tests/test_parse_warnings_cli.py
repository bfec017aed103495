"""`cryptobench parse openssl|serial` carries what the parsers did not understand (issue 12): each
command of a session is its own run document, and every warning reaches the document and stderr."""

import json

import pytest
from collect_support import FIXTURES, run_main

from cryptobench_parsers.figures import NOT_UNDERSTOOD

pytestmark = pytest.mark.usefixtures("clean_env")

OPENSSL = FIXTURES / "openssl"
SERIAL = FIXTURES / "serial"


def test_each_command_of_a_session_is_its_own_run_document_tagged_with_its_environment(
    tmp_path, capsys
):
    text = (
        '# OPENSSL_ia32cap="~0x200000200000000" openssl speed -evp aes-128-gcm\n'
        + (OPENSSL / "openssl-3.0.19_human_elapsed_evp.txt").read_text()
        + "# openssl speed -evp aes-128-gcm\n"
        + (OPENSSL / "openssl-3.0.19_human_elapsed_evp.txt").read_text()
    )
    path = tmp_path / "session.txt"
    path.write_text(text)
    code, out, _err = run_main(["parse", "openssl", str(path), "--machine-name", "box"], capsys)
    documents = [json.loads(line) for line in out.splitlines()]
    assert code is None or code == 0
    assert [(d["tags"], d["tool"]["options"]) for d in documents] == [
        ({"OPENSSL_ia32cap": "~0x200000200000000", "timing": "elapsed"}, "-evp aes-128-gcm"),
        ({"timing": "elapsed"}, "-evp aes-128-gcm"),
    ]
    assert len({d["run_id"] for d in documents}) == 2
    assert [len(d["results"]) for d in documents] == [6, 6]
    assert documents[0]["results"][0]["value"] == documents[1]["results"][0]["value"] == 26567650.0


def test_parse_openssl_prints_the_warnings_on_stderr(tmp_path, capsys):
    path = tmp_path / "tail.txt"
    path.write_text((OPENSSL / "openssl-1.0.2o-freebsd_aes-128-cbc_tail1.txt").read_text())
    _, out, err = run_main(
        ["parse", "openssl", str(path), "--foreign", "--machine-name", "m"], capsys
    )
    assert f"warning: {path}:1: the table's header line" in " ".join(err.split())
    assert json.loads(out)["warnings"][0]["line"] == 1


def test_serial_warnings_reach_the_run_document_and_stderr(tmp_path, capsys):
    log = tmp_path / "board.log"
    log.write_text(
        "boot: 80 MHz flash\n"
        + (SERIAL / "mbedtls_benchmark_k230_3.6.3.log").read_text()
        + "  X25519-MLKEM768          :      12 hybrid handshake/s\n"
    )
    _, out, err = run_main(["parse", "serial", str(log)], capsys)
    [document] = [json.loads(line) for line in out.splitlines()]
    assert [(w["line"], w["text"]) for w in document["warnings"]] == [
        (114, "X25519-MLKEM768          :      12 hybrid handshake/s")
    ]
    assert f"{log}:114: {NOT_UNDERSTOOD}" in " ".join(err.split())
