"""Probes of memory (issue 25, items 1-2): a large paste to /imports, and large bodies sent
without a token, streamed chunked, which the server must refuse before reading them."""

import socket
import time
from urllib.parse import urlsplit

import httpx

from cryptobench_server.config import Settings
from cryptobench_testsupport.reliability_harness import run_id_for
from cryptobench_testsupport.reliability_hostile import (
    MB,
    READ_S,
    Bound,
    Outcome,
    Stack,
    database_bytes,
    exchange,
)

#: One `openssl speed -elapsed -evp aes-256-gcm` session as it prints it (OpenSSL 3.0.19).
OPENSSL_SESSION = """You have chosen to measure elapsed time instead of user CPU time.
Doing AES-256-GCM for 1s on 16 size blocks: 1660478 AES-256-GCM's in 1.00s
Doing AES-256-GCM for 1s on 64 size blocks: 1532219 AES-256-GCM's in 1.00s
Doing AES-256-GCM for 1s on 256 size blocks: 1513955 AES-256-GCM's in 1.00s
Doing AES-256-GCM for 1s on 1024 size blocks: 866339 AES-256-GCM's in 1.00s
Doing AES-256-GCM for 1s on 8192 size blocks: 265518 AES-256-GCM's in 1.00s
Doing AES-256-GCM for 1s on 16384 size blocks: 165140 AES-256-GCM's in 1.00s
version: 3.0.19
built on: Fri Apr  3 12:29:32 2026 UTC
options: bn(64,64)
compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE -DNDEBUG
CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x400684219c07ab
The 'numbers' are in 1000s of bytes per second processed.
type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes
AES-256-GCM      26567.65k    98062.02k   387572.48k   887131.14k  2175123.46k  2705653.76k
"""
#: The server's cap of an import's body (CRYPTOBENCH_MAX_IMPORT_BYTES, 8 MiB by default).
IMPORT_CAP: int = Settings.model_fields["max_import_bytes"].default
#: Seconds a paste the parser reads whole may take, whatever its size up to the cap: the bench's
#: 5 MB JMH paste is stored in under 2 s on an idle machine (bench/README.md); 30 s leaves room
#: for a loaded one (a 0.25 MB paste took 11.7 s on PostgreSQL at a load average of 12 on 2 cores).
PARSED_PASTE_S = 30.0
#: The issue's memory bound of an import: 10x the body plus 300 MB.
PASTE_RSS_FACTOR, PASTE_RSS_BASE_MB = 10, 300
#: How much the database may grow per byte pasted (the runs and results it makes).
STORED_FACTOR, STORED_BASE_MB = 20, 50
#: What a body the server never reads may cost.
ANONYMOUS_RSS_MB = 50
CHUNK = 1 * MB


def paste_text(size: int) -> bytes:
    """`openssl speed` sessions one after the other, to `size` bytes (whole sessions)."""
    session = OPENSSL_SESSION.encode()
    return session * max(1, size // len(session))


def paste_bound(body_bytes: int) -> Bound:
    body_mb = body_bytes / MB
    return Bound(
        statuses=("2xx", "4xx"),
        max_s=round(READ_S + 2 * body_mb),
        max_rss_mb=PASTE_RSS_FACTOR * body_mb + PASTE_RSS_BASE_MB,
    )


def jmh_table(size: int) -> bytes:
    """One JMH result table of up to `size` bytes: a row per `messageBytes` value, one run of
    ~75k results at 8 MiB (MAX_RESULTS is 100k), which the parser reads line by line."""
    lines = [JMH_HEADER]
    total, n = len(JMH_HEADER) + 1, 0
    while True:
        n += 1
        line = f"{JMH_NAME}  {n:>14}  thrpt    5  {1e6 / n:>11.3f} ± {1e3 / n:>9.3f}  ops/s"
        if total + len(line) + 1 > size:
            return ("\n".join(lines) + "\n").encode()
        lines.append(line)
        total += len(line) + 1


JMH_NAME = "org.cryptobench.hostile.DigestBenchmark.sha256Digest"
JMH_HEADER = (
    f"{'Benchmark':<{len(JMH_NAME)}}  (messageBytes)   Mode  Cnt        Score       Error  Units"
)


def large_paste(stack: Stack, size: int) -> Outcome:
    """A paste of many `openssl speed` sessions: stored (or a 4xx naming a limit, such as 413:
    the bench's 30 MB is over the import cap, 8 MiB) within the memory bound, and the database
    grows by what the runs hold, not by a copy of the paste per run."""
    body = paste_text(size)
    what = f"{len(body) / MB:.1f} MB of openssl speed sessions"
    return _paste(stack, "import_paste", what, body, "openssl", ("2xx", "4xx"))


def paste_under_cap(stack: Stack, size: int) -> Outcome:
    """A JMH table of `size` bytes (the bench: just under the import cap), so that the parser
    reads all of it: stored (2xx) within the time and memory bound of its size."""
    body = jmh_table(size)
    what = f"{len(body) / MB:.2f} MB JMH table, {len(body):,} bytes (the cap: {IMPORT_CAP:,})"
    return _paste(stack, "import_paste_under_cap", what, body, "jmh", ("2xx",), PARSED_PASTE_S)


def _paste(
    stack: Stack,
    name: str,
    what: str,
    body: bytes,
    format: str,
    statuses: tuple[str, ...],
    max_s: float | None = None,
) -> Outcome:
    before = database_bytes(stack)
    bound = paste_bound(len(body))
    outcome, response = exchange(
        stack,
        name,
        f"POST /api/v1/imports, {what} (database growth <= {STORED_FACTOR}x the body + "
        f"{STORED_BASE_MB} MB)",
        Bound(statuses=statuses, max_s=max_s or bound.max_s, max_rss_mb=bound.max_rss_mb),
        lambda client: client.post(
            "/api/v1/imports",
            params={"machine_name": "paste", "format": format},
            content=body,
            headers={"Content-Type": "text/plain"},
        ),
        token=stack.upload_token,
    )
    outcome.figures["body_mb"] = round(len(body) / MB, 1)
    growth_mb = (database_bytes(stack) - before) / MB
    outcome.figures["database_growth_mb"] = round(growth_mb, 1)
    outcome.check(
        growth_mb <= STORED_FACTOR * len(body) / MB + STORED_BASE_MB,
        f"the database grew {growth_mb:.0f} MB",
    )
    if response is not None and response.status_code < 300:
        runs = response.json()["runs"]
        outcome.figures["runs"] = len(runs)
        outcome.figures["results"] = sum(run["results"] for run in runs)
    return outcome


def anonymous_body(stack: Stack, route: str, size: int) -> Outcome:
    """`size` bytes streamed chunked to `route` without a token: 401/413 before reading."""
    outcome, _ = exchange(
        stack,
        f"anonymous_body:{route.rsplit('/', 1)[-1]}",
        f"POST {route} without a token, {size / MB:.0f} MB chunked",
        Bound(statuses=("4xx",), max_s=READ_S, max_rss_mb=ANONYMOUS_RSS_MB, nothing_stored=True),
        lambda client: stream_chunked(str(client.base_url), route, size, READ_S + 5),
    )
    return outcome


def anonymous_routes() -> tuple[str, ...]:
    run_id = run_id_for(1, 0)
    return (f"/api/v1/runs/{run_id}/notes", "/api/v1/imports", "/api/v1/runs")


def stream_chunked(base_url: str, path: str, size: int, timeout_s: float) -> httpx.Response:
    """Send `size` bytes chunked on a raw socket, stopping as soon as the server answers."""
    address = urlsplit(base_url)
    with socket.create_connection((address.hostname, address.port), timeout=timeout_s) as sock:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {address.netloc}\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        )
        sock.sendall(head.encode())
        frame = f"{CHUNK:x}\r\n".encode() + b"a" * CHUNK + b"\r\n"
        deadline = time.monotonic() + timeout_s
        try:
            for _ in range(size // CHUNK):
                if _answered(sock) or time.monotonic() > deadline:
                    break
                sock.sendall(frame)
            else:
                sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        return _read_response(sock)


def _answered(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return bool(sock.recv(1, socket.MSG_PEEK))
    except BlockingIOError:
        return False
    finally:
        sock.setblocking(True)


def _read_response(sock: socket.socket) -> httpx.Response:
    data = b""
    while True:
        try:
            piece = sock.recv(65536)
        except ConnectionResetError:
            break
        if not piece:
            break
        data += piece
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if not lines[0].startswith("HTTP/"):
        raise httpx.RemoteProtocolError(f"no HTTP answer ({len(data)} bytes)")
    headers = [tuple(line.split(":", 1)) for line in lines[1:] if ":" in line]
    if any(name.lower() == "transfer-encoding" for name, _ in headers):
        body = _unchunk(body)
    return httpx.Response(
        int(lines[0].split()[1]),
        headers=[(name.strip(), value.strip()) for name, value in headers],
        content=body,
    )


def _unchunk(body: bytes) -> bytes:
    out = b""
    while body:
        size_line, _, rest = body.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out, body = out + rest[:size], rest[size + 2 :]
    return out
