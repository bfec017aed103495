"""`cryptobench parse serial FILE`: seed 002's log, the host firmware's log, resets, junk files."""

import io
import json

from collect_support import FIXTURES, run_main

SERIAL = FIXTURES / "serial"


def documents(out):
    return [json.loads(line) for line in out.splitlines()]


def test_seed002_log_stores_microseconds_at_160_mhz(capsys):
    code, out, err = run_main(
        ["parse", "serial", str(SERIAL / "seed002_o2_console.log"), "--tag", "opt_level=-O2"],
        capsys,
    )
    assert (code, err) == (0, "")
    (doc,) = documents(out)
    assert [
        (r["params"]["key_bits"], r["params"]["padding"], r["value"], r["unit"])
        for r in doc["results"]
    ] == [
        (2048, "pkcs1v15", 54180.0, "us/op"),
        (2048, "pss", 54570.0, "us/op"),
        (4096, "pkcs1v15", 207080.0, "us/op"),
        (4096, "pss", 207780.0, "us/op"),
    ]
    assert (doc["machine"]["clock_hz"], doc["machine"]["extra"]["clock_source"]) == (
        160e6,
        "configured",
    )
    assert doc["tags"] == {"target": "esp32c6", "opt_level": "-O2"}
    assert "divided by 160" in doc["tool"]["options"]


def test_host_firmware_log_keeps_every_case_with_its_statistics(capsys):
    code, out, _ = run_main(["parse", "serial", str(SERIAL / "host_full_run.log")], capsys)
    (doc,) = documents(out)
    assert code == 0 and len(doc["results"]) == 56
    first = doc["results"][0]
    line = (SERIAL / "host_full_run.log").read_text().splitlines()[1]
    bench = json.loads(line.split(" ", 1)[1])
    assert (first["name"], first["value"], first["samples"]) == (
        bench["name"],
        float(bench["median"]),
        bench["n"],
    )
    assert first["stats"] == {
        "min": float(bench["min"]),
        "median": float(bench["median"]),
        "max": float(bench["max"]),
    }
    assert {r["library_version"] for r in doc["results"]} == {"2.28.3"}
    assert {r["unit"] for r in doc["results"]} == {"ns/op"}
    assert doc["machine"]["clock_hz"] is None
    assert doc["tags"] == {"target": "host", "hw_accel": "aesni", "opt_level": "-O2"}
    keygen = {r["params"]["key_bits"] for r in doc["results"] if r["operation"] == "keygen"}
    assert keygen == {2048, 3072, 4096}


def test_reset_mid_run_gives_a_partial_run_and_the_next_complete_one(tmp_path, capsys):
    lines = (SERIAL / "host_quick_run.log").read_text().splitlines()
    second = [line.replace("ef3ad3a5", "0f3ad3a5") for line in lines]
    log = tmp_path / "reset.log"
    log.write_bytes(
        "\n".join(
            [*lines[:6], "ESP-ROM:esp32c6-20220919", "rst:0x15 (USB_UART_HPSYS)", *second]
        ).encode()
        + b"\n"
    )
    code, out, err = run_main(["parse", "serial", str(log)], capsys)
    first_doc, second_doc = documents(out)
    assert code == 0
    assert (len(first_doc["results"]), first_doc["tags"]["partial"]) == (5, "true")
    assert (len(second_doc["results"]), "partial" in second_doc["tags"]) == (49, False)
    assert "is partial (a new run began at line 9 before this one ended (board reset?))" in err


def test_lost_lines_make_the_run_partial(tmp_path, capsys):
    lines = (SERIAL / "host_quick_run.log").read_text().splitlines()
    log = tmp_path / "lost.log"
    log.write_text("\n".join(lines[:10] + lines[12:]) + "\n")
    code, out, err = run_main(["parse", "serial", str(log)], capsys)
    (doc,) = documents(out)
    assert (code, len(doc["results"]), doc["tags"]["partial"]) == (0, 47, "true")
    assert "the device printed 49 results, 47 arrived" in err


def test_corrupt_protocol_line_is_a_warning_naming_file_and_line(tmp_path, capsys):
    lines = (SERIAL / "host_quick_run.log").read_text().splitlines()
    lines[3] = lines[3][:60]
    log = tmp_path / "corrupt.log"
    log.write_bytes(("\r\n".join(lines) + "\r\n").encode() + b"\xff\xfe\r\n")
    code, out, err = run_main(["parse", "serial", str(log)], capsys)
    assert code == 0 and len(documents(out)[0]["results"]) == 48
    assert f"{log}:4: BENCH line is not valid JSON" in err


def test_a_file_without_results_is_exit_2(tmp_path, capsys):
    log = tmp_path / "boot.log"
    log.write_bytes(b"ESP-ROM:esp32c6-20220919\nI (23) boot: ESP-IDF v5.2.1\n\x89PNG\x00\xff")
    code, out, err = run_main(["parse", "serial", str(log)], capsys)
    assert (code, out) == (2, "")
    assert f"{log}: no benchmark results found" in err and "Traceback" not in err


def test_a_missing_file_is_exit_2(tmp_path, capsys):
    code, _, err = run_main(["parse", "serial", str(tmp_path / "nope.log")], capsys)
    assert code == 2 and "cannot read" in err


def test_stdin_dash_reads_a_piped_log(monkeypatch, capsys):
    data = (SERIAL / "host_quick_run.log").read_bytes()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run_main(["parse", "serial", "-"], capsys)
    (doc,) = documents(out)
    assert (code, doc["run_id"], len(doc["results"])) == (
        0,
        "ef3ad3a5-78e3-4279-83aa-f8b43ceff678",
        49,
    )
