"""`cryptobench parse openssl` and `cryptobench run openssl` end to end (the real openssl binary)."""

import json

import pytest
from collect_support import FIXTURES, run_main

from cryptobench_collect.spool import Spool
from cryptobench_contract import RunDocument

pytestmark = pytest.mark.usefixtures("clean_env")

OPENSSL = FIXTURES / "openssl"
#: One MD5 measurement of one second over 16-byte blocks (the commands' options follow it).
MD5_16 = ["run", "openssl", "md5", "--seconds", "1", "--bytes", "16"]


def test_parse_prints_a_valid_run_document_with_a_stable_run_id(capsys):
    path = OPENSSL / "openssl-3.0.19_mr_engine_padlock_md5.txt"
    code, out, _ = run_main(["parse", "openssl", str(path), "--tag", "board=vm"], capsys)
    assert code == 0
    run = RunDocument.model_validate_json(out)
    assert (run.source, run.tags, len(run.results)) == (
        "openssl-speed",
        {"engine": "padlock", "board": "vm"},
        6,
    )
    assert run.tool.options == "-mr -engine padlock"
    assert run.artifact.content == path.read_text()
    _, again, _ = run_main(["parse", "openssl", str(path)], capsys)
    assert json.loads(again)["run_id"] == str(run.run_id)


def test_parse_foreign_output_records_only_the_given_machine(capsys):
    path = OPENSSL / "seed003_beaglebone_1.1.1_table.txt"
    code, out, _ = run_main(
        ["parse", "openssl", str(path), "--foreign", "--machine-name", "bbb-01"], capsys
    )
    assert code == 0
    assert json.loads(out)["machine"] == {
        "name": "bbb-01",
        "arch": None,
        "cpu_model": None,
        "cores": None,
        "clock_hz": None,
        "os": None,
        "board": None,
        "extra": {},
    }
    code, _, err = run_main(["parse", "openssl", str(path), "--foreign"], capsys)
    assert (code, "--foreign needs --machine-name" in err) == (2, True)


def test_parse_warns_about_skipped_lines_on_stderr(capsys):
    code, _, err = run_main(
        ["parse", "openssl", str(OPENSSL / "openssl-3.0.19_invalid_engine_afalg.txt")], capsys
    )
    assert code == 0
    assert "warning:" in err and "could not load engine 'afalg'" in err


@pytest.mark.parametrize(
    "content", [b"", b"hello\nworld\n", b"\x7fELF\x02\x01\x01\x00\x00\xff\xfe"]
)
def test_parse_of_non_openssl_files_is_exit_2_naming_file_and_line(tmp_path, capsys, content):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    code, out, err = run_main(["parse", "openssl", str(bad)], capsys)
    assert (code, out) == (2, "")
    assert f"{bad}:1:" in " ".join(err.split()) or f"{bad}:2:" in " ".join(err.split())
    assert "Traceback" not in err


def test_run_openssl_no_upload_prints_the_run_with_configuration_tags(capsys):
    argv = [
        "run",
        "openssl",
        "md5",
        "--seconds",
        "1",
        "--bytes",
        "64",
        "--no-upload",
        "--machine-name",
        "ci",
    ]
    code, out, err = run_main(argv, capsys)
    assert code == 0
    run = RunDocument.model_validate_json(out)
    assert run.tags == {
        "engine": "none",
        "evp": "false",
        "multi": "1",
        "seconds": "1",
        "bytes": "64",
        "timing": "cpu",
    }
    assert (run.tool.name, run.tool.version, run.tool.options) == (
        "openssl",
        "3.0.19",
        "speed -mr -seconds 1 -bytes 64 md5",
    )
    assert [(r.algorithm, r.operation, r.params) for r in run.results] == [
        ("MD5", "hash", {"block_bytes": 64})
    ]
    assert run.results[0].value > 1e6
    assert "+F:" in run.artifact.content and run.machine.name == "ci"
    assert "measured 1 figures with openssl 3.0.19" in err


def test_run_openssl_quick_is_one_second_per_measurement_as_elsewhere(capsys):
    argv = ["run", "openssl", "md5", "--quick", "--bytes", "16", "--no-upload"]
    code, out, err = run_main(argv, capsys)
    assert code == 0, err
    run = RunDocument.model_validate_json(out)
    assert run.tool.options == "speed -mr -seconds 1 -bytes 16 md5"
    assert (run.tags["seconds"], run.tags["quick"], run.tags["timing"]) == ("1", "true", "cpu")
    code, _, err = run_main([*argv, "--seconds", "2"], capsys)
    assert (code, "--quick and --seconds exclude each other" in err) == (2, True)


def test_run_openssl_evp_runs_one_command_per_algorithm(capsys):
    argv = [
        "run",
        "openssl",
        "aes-128-gcm",
        "sha256",
        "--evp",
        "--seconds",
        "1",
        "--bytes",
        "16",
        "--no-upload",
    ]
    code, out, _ = run_main(argv, capsys)
    run = RunDocument.model_validate_json(out)
    assert code == 0 and run.tags["evp"] == "true"
    assert (
        run.tool.options
        == "speed -mr -seconds 1 -bytes 16 -evp aes-128-gcm | speed -mr -seconds 1 -bytes 16 -evp sha256"
    )
    assert [r.algorithm for r in run.results] == ["AES-128-GCM", "SHA-256"]


def test_compare_engine_makes_two_linked_runs_and_prints_ratios(capsys):
    argv = [*MD5_16, "--compare-engine", "padlock", "--no-upload"]
    code, out, err = run_main(argv, capsys)
    baseline, contender = (RunDocument.model_validate_json(line) for line in out.splitlines())
    assert code == 0
    assert (baseline.tags["engine"], contender.tags["engine"]) == ("none", "padlock")
    assert baseline.tags["comparison"] == contender.tags["comparison"]
    assert "geometric mean of 1 ratios" in err


def test_an_engine_openssl_cannot_load_records_nothing(capsys):
    argv = [*MD5_16, "--engine", "afalg", "--no-upload"]
    code, out, err = run_main(argv, capsys)
    assert (code, out) == (1, "")
    assert "openssl could not load engine 'afalg'; nothing recorded" in err


def test_unknown_algorithm_is_a_usage_error(capsys):
    code, _, err = run_main(["run", "openssl", "nosuchalg", "--no-upload"], capsys)
    assert code == 2 and "Unknown algorithm nosuchalg" in err


def test_missing_openssl_binary_is_a_runtime_failure(capsys):
    code, _, err = run_main(
        ["run", "openssl", "md5", "--openssl", "/nonexistent/openssl", "--no-upload"], capsys
    )
    assert code == 1 and "/nonexistent/openssl" in err


def test_run_with_an_unreachable_server_keeps_the_run_in_the_spool(tmp_path, capsys):
    argv = [*MD5_16, "--server", "http://127.0.0.1:9"]
    code, _, err = run_main(argv, capsys)
    assert code == 3 and "waits in" in err
    [pending] = Spool(tmp_path / "spool").paths("pending")
    assert Spool(tmp_path / "spool").load(pending).run.results[0].algorithm == "MD5"


def test_run_openssl_multi_and_provider_are_passed_and_tagged(capsys):
    argv = [*MD5_16, "--provider", "default", "--multi", "2", "--no-upload"]
    code, out, _ = run_main(argv, capsys)
    run = RunDocument.model_validate_json(out)
    assert code == 0
    assert (run.tags["multi"], run.tags["provider"]) == ("2", "default")
    assert run.tool.options == "speed -mr -seconds 1 -provider default -multi 2 -bytes 16 md5"
    assert [(r.algorithm, r.params) for r in run.results] == [("MD5", {"block_bytes": 16})]


def test_run_openssl_of_libressl_is_the_libressl_library(tmp_path, capsys):
    """`openssl version -a` is read apart from the -mr output: a LibreSSL header (here the
    one macOS's LibreSSL 3.3.6 prints, in front of the real openssl) names the library."""
    binary = tmp_path / "openssl"
    binary.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = version ]; then\n'
        "  printf 'LibreSSL 3.3.6\\nbuilt on: date not available\\n'\n"
        "  printf 'platform: information not available\\n'\n"
        "else\n"
        '  exec openssl "$@"\n'
        "fi\n"
    )
    binary.chmod(0o755)
    argv = ["run", "openssl", "md5", "--quick", "--bytes", "16", "--no-upload"]
    code, out, err = run_main([*argv, "--openssl", str(binary)], capsys)
    assert code == 0, err
    run = RunDocument.model_validate_json(out)
    assert run.tool.version == "3.3.6"
    assert [(r.library, r.library_version) for r in run.results] == [("LibreSSL", "3.3.6")]
