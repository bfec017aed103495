"""`cryptobench-server serve` holds no connection without a request (serving.py, issue 35): a
connection that sends nothing, or a request head a byte at a time, is closed at the header
timeout; past `limit_concurrency` open connections a request is answered 503; the service's
answers carry the security headers. A real server process over SQLite (the database plays no
part)."""

import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, closing
from urllib.parse import urlsplit

import httpx
import pytest

from cryptobench_server.headers import POLICY
from cryptobench_testsupport.reliability_harness import Service, running_service


@pytest.fixture
def service(tmp_path) -> Iterator[Service]:
    url = f"sqlite:///{tmp_path / 'serve.sqlite'}"
    with running_service(url, tmp_path, header_timeout_s="1", limit_concurrency="6") as running:
        yield running


def connect(service: Service) -> socket.socket:
    address = urlsplit(service.url)
    sock = socket.create_connection((address.hostname, address.port), timeout=10)
    return sock


def closed_after(sock: socket.socket) -> float:
    """Seconds until the server closes `sock` without an answer (recv gives b"")."""
    start = time.monotonic()
    assert sock.recv(1024) == b""
    return time.monotonic() - start


def test_a_connection_that_sends_nothing_is_closed_at_the_header_timeout(service):
    with closing(connect(service)) as sock:
        assert 0.8 <= closed_after(sock) <= 3.0


def test_a_request_head_sent_a_byte_at_a_time_is_closed_at_the_header_timeout(service):
    with closing(connect(service)) as sock:
        start = time.monotonic()
        with pytest.raises(OSError):
            for byte in b"GET /api/v1/health HTTP/1.1\r\nHost: slow\r\nX-Pad: " + b"a" * 100:
                sock.sendall(bytes([byte]))
                time.sleep(0.1)
        assert sock.recv(1024) == b"" and time.monotonic() - start <= 3.0


def answer(sock: socket.socket) -> bytes:
    """One whole HTTP answer read from `sock`: its head, then Content-Length bytes of body."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(4096)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.lower().split(b"\r\n")
        if line.startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(4096)
    return head


def test_a_whole_request_is_answered_and_its_connection_kept_alive(service):
    with closing(connect(service)) as sock:
        for _ in range(2):
            sock.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
            assert answer(sock).startswith(b"HTTP/1.1 200 OK\r\n")
            time.sleep(0.6)
        assert 0.0 <= closed_after(sock) <= 1.5


def test_past_the_concurrency_limit_a_request_is_a_503_until_idle_ones_are_closed(service):
    with ExitStack() as stack:
        for _ in range(6):
            stack.enter_context(closing(connect(service)))
        assert httpx.get(f"{service.url}/api/v1/health", timeout=10).status_code == 503
        time.sleep(1.5)
        assert httpx.get(f"{service.url}/api/v1/health", timeout=10).status_code == 200


def test_the_service_answers_with_the_security_headers(service):
    for path in ("/api/v1/health", "/", "/api/v1/runs?q=%00"):
        headers = httpx.get(f"{service.url}{path}", timeout=10).headers
        assert (
            headers["content-security-policy"],
            headers["x-content-type-options"],
            headers["x-frame-options"],
            headers["referrer-policy"],
        ) == (POLICY, "nosniff", "DENY", "same-origin"), path
    docs = httpx.get(f"{service.url}/docs", timeout=10).headers
    assert docs["content-security-policy"].startswith(
        "default-src 'self'; script-src 'self' 'unsafe-inline'"
    )
    assert (docs["x-frame-options"], docs["x-content-type-options"]) == ("DENY", "nosniff")
