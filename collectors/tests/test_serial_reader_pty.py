"""`cryptobench collect serial` against a real pseudo-terminal: a device thread writes what boards
write (ROM banner, ESP_LOG, CRLF, split lines, invalid UTF-8), resets, hangs up. The test threads
wait on queues and events, never on sleep."""

import json
import os
import queue
import threading

import pytest
from collect_support import FIXTURES

import cryptobench_collect.cli.serial as serial_cli
from cryptobench_collect.cli.app import main
from cryptobench_collect.spool import Spool
from cryptobench_parsers.serial.lines import Measurement

pytestmark = pytest.mark.usefixtures("clean_env")

QUICK = (FIXTURES / "serial" / "host_quick_run.log").read_text().splitlines()
LEAK = (FIXTURES / "serial" / "host_leak_run.log").read_text().splitlines()
BOOT = (
    b"ESP-ROM:esp32c6-20220919\r\nBuild:Sep 19 2022\r\nrst:0x1 (POWERON),boot:0x6c (SPI_FAST_FLASH_BOOT)\r\n"
    b"\x1b[0;32mI (227) cpu_start: cpu freq: 160000000 Hz\x1b[0m\r\n\xff\xfe\x00\r\n"
)
WAIT_S = 30


class Device:
    """The board's end of a pseudo-terminal."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        self.path = os.ttyname(self.slave)

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def hang_up(self) -> None:
        os.close(self.master)
        self.master = None

    def close(self) -> None:
        if self.master is not None:
            os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def device():
    dev = Device()
    yield dev
    dev.close()


@pytest.fixture
def observed(monkeypatch):
    """Events the reader reaches: the port is open, and each parsed item as it is reported."""
    opened, items = threading.Event(), queue.Queue()
    real_open = serial_cli.open_port

    def open_and_signal(url, baud):
        port = real_open(url, baud)
        opened.set()
        return port

    class ObservedProgress(serial_cli.Progress):
        def __call__(self, item, assembler):
            super().__call__(item, assembler)
            items.put(item)

    monkeypatch.setattr(serial_cli, "open_port", open_and_signal)
    monkeypatch.setattr(serial_cli, "Progress", ObservedProgress)
    return opened, items


def collect(argv, capsys):
    with pytest.raises(SystemExit) as caught:
        main(["collect", "serial", *argv])
    captured = capsys.readouterr()
    return caught.value.code, [json.loads(line) for line in captured.out.splitlines()], captured.err


def in_background(work):
    errors = []

    def guarded():
        try:
            work()
        except Exception as exc:
            errors.append(exc)

    thread = threading.Thread(target=guarded, daemon=True)
    thread.start()
    return thread, errors


def crlf(lines):
    return "".join(line + "\r\n" for line in lines).encode()


def wait_for_measurements(items, count):
    seen = 0
    while seen < count:
        if isinstance(items.get(timeout=WAIT_S), Measurement):
            seen += 1


def test_noise_crlf_split_lines_and_bad_bytes_then_end(device, observed, capsys):
    opened, _ = observed
    payload = BOOT + crlf(QUICK[:3]) + b"W (300) wifi: noise\r\n" + crlf(QUICK[3:])

    def board():
        assert opened.wait(WAIT_S)
        for start in range(0, len(payload), 997):
            device.write(payload[start : start + 997])

    thread, errors = in_background(board)
    code, docs, err = collect(["--port", device.path, "--no-upload"], capsys)
    thread.join(WAIT_S)
    assert (code, errors) == (0, [])
    (doc,) = docs
    assert (len(doc["results"]), "partial" in doc["tags"]) == (49, False)
    assert doc["run_id"] == "ef3ad3a5-78e3-4279-83aa-f8b43ceff678"
    bench = json.loads(QUICK[2].split(" ", 1)[1])
    assert (doc["results"][1]["name"], doc["results"][1]["value"]) == (
        bench["name"],
        float(bench["median"]),
    )
    assert "[49/49] aes-256-gcm-16384" in err and "ended: 49 results" in err


def test_leak_test_run_through_the_pty_keeps_every_sample_of_each_class(device, observed, capsys):
    opened, _ = observed
    payload = BOOT + crlf(LEAK)

    def board():
        assert opened.wait(WAIT_S)
        for start in range(0, len(payload), 997):
            device.write(payload[start : start + 997])

    thread, errors = in_background(board)
    code, docs, err = collect(["--port", device.path, "--no-upload"], capsys)
    thread.join(WAIT_S)
    assert (code, errors) == (0, [])
    (doc,) = docs
    assert (doc["tags"]["mode"], "partial" in doc["tags"], len(doc["results"])) == (
        "leak-test",
        False,
        10,
    )
    sent = [json.loads(line.split(" ", 1)[1]) for line in LEAK if line.startswith("BENCH_RAW ")]
    first = [sample for item in sent if item["seq"] == 1 for sample in item["samples"]]
    early = doc["results"][0]
    assert (early["params"]["input_class"], early["samples"], early["raw"]) == (
        "fixed",
        2000,
        [float(sample) for sample in first],
    )
    assert [len(r["raw"]) for r in doc["results"]] == [2000] * 6 + [100] * 4
    said = " ".join(err.split())  # the console wraps lines
    assert "leak test on AMD EPYC, -O2, 2000 samples per class (100 of RSA and ECDSA)" in said
    assert "[2/10] leak-compare-early-exit [random]: 31 ns/op (min 29, max 752)" in said


def test_hang_up_mid_run_keeps_what_arrived_marks_it_partial_exit_1(device, observed, capsys):
    opened, items = observed

    def board():
        assert opened.wait(WAIT_S)
        device.write(BOOT + crlf(QUICK[:4]) + QUICK[4][:40].encode())
        wait_for_measurements(items, 3)
        device.hang_up()

    thread, errors = in_background(board)
    code, docs, err = collect(["--port", device.path, "--no-upload"], capsys)
    thread.join(WAIT_S)
    assert (code, errors) == (1, [])
    (doc,) = docs
    assert [r["name"] for r in doc["results"]] == [
        "sha256-fixed-message",
        "rsa-2048-keygen",
        "rsa-2048-pkcs1v15-sign",
    ]
    assert doc["tags"]["partial"] == "true"
    assert "the device went away" in err and "kept its 3 results, tagged partial=true" in err


def test_reset_mid_run_then_a_complete_run(device, observed, capsys):
    opened, _ = observed
    second = [line.replace("ef3ad3a5", "1f3ad3a5") for line in QUICK]

    def board():
        assert opened.wait(WAIT_S)
        device.write(crlf(QUICK[:5]) + QUICK[5][:30].encode() + BOOT + crlf(second))

    thread, errors = in_background(board)
    code, docs, err = collect(["--port", device.path, "--no-upload"], capsys)
    thread.join(WAIT_S)
    assert (code, errors, [len(d["results"]) for d in docs]) == (0, [], [4, 49])
    assert (docs[0]["tags"]["partial"], docs[1]["run_id"][:8]) == ("true", "1f3ad3a5")
    assert "board reset?" in err


def test_wrong_baud_rate_is_exit_2_with_advice(device, observed, capsys):
    opened, _ = observed

    def board():
        assert opened.wait(WAIT_S)
        device.write((bytes(range(128, 256)) * 4 + b"\n") * 3)

    thread, errors = in_background(board)
    code, docs, err = collect(["--port", device.path, "--baud", "9600", "--no-upload"], capsys)
    thread.join(WAIT_S)
    assert (code, docs, errors) == (2, [], [])
    assert "at 9600 baud is garbled" in err and "--baud 115200" in err


def test_unreachable_server_spools_the_run_exit_3(device, observed, capsys, tmp_path):
    opened, _ = observed

    def board():
        assert opened.wait(WAIT_S)
        device.write(crlf(QUICK))

    thread, errors = in_background(board)
    code, _, _err = collect(["--port", device.path, "--server", "http://127.0.0.1:9"], capsys)
    thread.join(WAIT_S)
    assert (code, errors) == (3, [])
    pending = Spool(tmp_path / "spool").paths("pending")
    assert [p.name for p in pending] == ["ef3ad3a5-78e3-4279-83aa-f8b43ceff678.json"]


def test_missing_port_is_exit_2(capsys):
    code, _, err = collect(["--port", "/dev/ttyCRYPTOBENCH404", "--no-upload"], capsys)
    assert code == 2 and "does not exist: plug the board in" in err


def test_busy_port_is_exit_2(device, capsys):
    holder = serial_cli.open_port(device.path, 115200)
    try:
        code, _, err = collect(["--port", device.path, "--no-upload"], capsys)
    finally:
        holder.close()
    assert code == 2 and "is busy: another program has it open" in err


def test_two_runs_written_with_output_get_numbered_files(device, observed, capsys, tmp_path):
    opened, _ = observed
    second = [line.replace("ef3ad3a5", "2f3ad3a5") for line in QUICK]

    def board():
        assert opened.wait(WAIT_S)
        device.write(crlf(QUICK[:3]) + BOOT + crlf(second))

    thread, errors = in_background(board)
    code, docs, _ = collect(
        ["--port", device.path, "--no-upload", "-o", str(tmp_path / "run.json")], capsys
    )
    thread.join(WAIT_S)
    assert (code, docs, errors) == (0, [], [])
    first, last = (
        json.loads((tmp_path / name).read_text()) for name in ("run-1.json", "run-2.json")
    )
    assert (len(first["results"]), len(last["results"]), last["run_id"][:8]) == (2, 49, "2f3ad3a5")
