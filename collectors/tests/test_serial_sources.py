"""The reader over socket:// and loop:// (serial_for_url), line splitting, timeouts, port advice."""

import errno
import itertools
import json
import queue
import socket
import threading
from datetime import UTC, datetime

import pytest
import serial
from collect_support import FIXTURES, run_main
from hypothesis import given, settings
from hypothesis import strategies as st

import cryptobench_collect.cli.serial as serial_cli
from cryptobench_collect.sources.serial_reader import (
    Hangup,
    SerialLines,
    _Lines,
    _port_advice,
    open_port,
)
from cryptobench_collect.sources.serial_session import collect_session

pytestmark = pytest.mark.usefixtures("clean_env")

QUICK = (FIXTURES / "serial" / "host_quick_run.log").read_bytes()
AT = datetime(2026, 11, 23, tzinfo=UTC)


OPENED = threading.Event()


@pytest.fixture(autouse=True)
def signal_open(monkeypatch):
    """pyserial discards what arrived before open(), so the 'board' starts once the port is open."""
    real_open = serial_cli.open_port
    OPENED.clear()

    def open_and_signal(url, baud):
        port = real_open(url, baud)
        OPENED.set()
        return port

    monkeypatch.setattr(serial_cli, "open_port", open_and_signal)


def serve_once(payload: bytes, release: threading.Event):
    """A TCP 'board' on 127.0.0.1 that sends `payload` once the reader is open, then holds the line
    until `release`."""
    listener = socket.create_server(("127.0.0.1", 0))

    def board():
        conn, _ = listener.accept()
        OPENED.wait(30)
        conn.sendall(payload)
        release.wait(30)
        conn.close()
        listener.close()

    threading.Thread(target=board, daemon=True).start()
    return listener.getsockname()[1]


def test_socket_url_collects_a_run(capsys):
    release = threading.Event()
    port = serve_once(QUICK, release)
    code, out, _ = run_main(
        ["collect", "serial", "--port", f"socket://127.0.0.1:{port}", "--no-upload"], capsys
    )
    release.set()
    (doc,) = [json.loads(line) for line in out.splitlines()]
    assert (code, len(doc["results"]), doc["source"]) == (0, 49, "esp32c6-serial")


def test_timeout_without_end_keeps_the_partial_run_exit_1(capsys):
    release = threading.Event()
    lines = QUICK.splitlines(keepends=True)
    port = serve_once(b"".join(lines[:3]), release)
    code, out, err = run_main(
        [
            "collect",
            "serial",
            "--port",
            f"socket://127.0.0.1:{port}",
            "--timeout",
            "0.5",
            "--no-upload",
        ],
        capsys,
    )
    release.set()
    (doc,) = [json.loads(line) for line in out.splitlines()]
    assert (code, len(doc["results"]), doc["tags"]["partial"]) == (1, 2, "true")
    assert "no END line arrived in time" in err


def test_nothing_at_all_within_the_timeout_says_what_to_check(capsys):
    release = threading.Event()
    port = serve_once(b"", release)
    code, out, err = run_main(
        [
            "collect",
            "serial",
            "--port",
            f"socket://127.0.0.1:{port}",
            "--timeout",
            "0.3",
            "--no-upload",
        ],
        capsys,
    )
    release.set()
    assert (code, out) == (1, "")
    assert (
        "no benchmark results from socket://127.0.0.1" in err and "is the firmware flashed" in err
    )


def test_loop_url_through_the_session():
    port = open_port("loop://", 115200)
    reported = queue.Queue()
    with SerialLines(port) as lines:
        port.write(QUICK)
        outcome = collect_session(
            lines,
            url="loop://",
            baud=115200,
            timeout=None,
            clock=lambda: AT,
            report=lambda item, assembler: reported.put(item),
        )
    assert (len(outcome.runs), len(outcome.runs[0].results), outcome.hangup) == (1, 49, None)
    assert reported.qsize() == 51


def test_lines_split_anywhere_crlf_and_multibyte_characters():
    sink = queue.Queue()
    protocol = _Lines(sink)
    data = "I (1) app: µs ok\r\nBENCH_END {}\r\n".encode()
    for index in range(len(data)):
        protocol.data_received(data[index : index + 1])
    protocol.connection_lost(None)
    assert [sink.get_nowait() for _ in range(3)] == [
        "I (1) app: µs ok",
        "BENCH_END {}",
        Hangup("the port was closed"),
    ]


def test_endless_garbage_without_newline_is_cut_into_lines():
    sink = queue.Queue()
    _Lines(sink).data_received(b"\xaa" * 20000)
    assert [len(sink.get_nowait()) for _ in range(2)] == [8192, 8192]


@pytest.mark.parametrize(
    "exc, advice",
    [
        (
            serial.SerialException(
                errno.EACCES,
                "could not open port /dev/ttyACM0: [Errno 13] Permission denied: '/dev/ttyACM0'",
            ),
            "sudo usermod -aG dialout $USER",
        ),
        (
            serial.SerialException(
                errno.ENOENT,
                "could not open port /dev/ttyACM0: [Errno 2] No such file or "
                "directory: '/dev/ttyACM0'",
            ),
            "plug the board in",
        ),
        (
            serial.SerialException(
                "Could not exclusively lock port /dev/ttyACM0: [Errno 11] Resource temporarily "
                "unavailable"
            ),
            "close it and try again",
        ),
        (
            ValueError("invalid URL, port should be given"),
            "cannot open serial port /dev/ttyACM0: invalid URL",
        ),
    ],
)
def test_port_advice_names_what_to_do(exc, advice):
    assert advice in _port_advice("/dev/ttyACM0", exc)


def test_ctrl_c_keeps_what_arrived():
    port = open_port("loop://", 115200)
    lines_seen = []

    def report(item, assembler):
        lines_seen.append(item)
        if len(lines_seen) == 3:
            raise KeyboardInterrupt

    with SerialLines(port) as lines:
        port.write(QUICK)
        outcome = collect_session(
            lines, url="loop://", baud=115200, timeout=None, clock=lambda: AT, report=report
        )
    (run,) = outcome.runs
    assert (outcome.stopped_early, len(run.results), run.partial_reason) == (
        "interrupted with Ctrl-C",
        2,
        "interrupted with Ctrl-C",
    )


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=len(QUICK)), max_size=40),
    st.binary(max_size=200).filter(lambda noise: b"\n" not in noise),
)
def test_any_chunking_of_the_stream_gives_the_same_lines(cuts, noise):
    stream = noise + b"\r\n" + QUICK
    sink = queue.Queue()
    protocol = _Lines(sink)
    edges = [0, *sorted(cuts), len(stream)]
    for start, stop in itertools.pairwise(edges):
        protocol.data_received(stream[start:stop])
    got = [sink.get_nowait() for _ in range(sink.qsize())]
    assert got == [
        line.decode("utf-8", errors="replace").rstrip("\r") for line in stream.split(b"\n")[:-1]
    ]
