"""Ingest throughput: 200k results uploaded through POST /api/v1/runs (uvicorn on 127.0.0.1,
throwaway PostgreSQL) vs the same normalized rows written with psycopg COPY into a second
database of the same cluster (the baseline), run by run in turn: upload run i, copy run i, then
run i + 1.

Last line: {"bench": "ingest", "ours": API rows/s, "baseline": COPY rows/s, "ratio", "unit"}.
"""

import json
import time
import uuid
from datetime import UTC, datetime

import httpx
import psycopg
from harness.result import print_result
from harness.service import serve, upload_token

from cryptobench_contract import RunDocument
from cryptobench_server.migrate import upgrade
from cryptobench_server.store.rows import RESULT_COLUMNS, result_rows
from cryptobench_testsupport.pgcluster import destroy, free_port, libpq_url, start_cluster

RUNS, RESULTS_PER_RUN = 8, 25_000
CURVES = ("secp256r1", "secp384r1", "secp256k1", "sm2p256v1")
SIZES = (16, 64, 256, 1024, 8192, 16384)


def make_result(i: int) -> dict:
    base = {"name": f"bench-{i % 97}", "library": "OpenSSL", "library_version": "3.0.13"}
    if i % 2:
        return {
            **base,
            "family": "cipher",
            "algorithm": "AES-128-CBC",
            "operation": "encrypt",
            "params": {"block_bytes": SIZES[i % len(SIZES)]},
            "metric": "bytes_per_s",
            "value": 1000.0 * (i % 5000 + 1),
            "unit": "kB/s",
        }
    return {
        **base,
        "family": "signature",
        "algorithm": "ECDSA",
        "operation": "sign",
        "params": {"curve": CURVES[i % len(CURVES)], "message_bytes": SIZES[i % len(SIZES)]},
        "metric": "ops_per_s",
        "value": 1500.0 + i % 1000,
        "unit": "ops/s",
        "error": 12.5,
        "error_kind": "ci99.9",
        "samples": 25,
        "stats": {"min": 1400.0, "max": 2600.0},
    }


def make_doc(run: int) -> dict:
    return {
        "schema": "cryptobench.run/v1",
        "run_id": str(uuid.uuid4()),
        "source": "openssl-speed",
        "started_at": "2026-11-20T10:00:00Z",
        "machine": {"name": "bench-box", "arch": "x86_64", "cores": 2, "clock_hz": 2.3e9},
        "tool": {"name": "openssl", "version": "3.0.13"},
        "tags": {"batch": str(run)},
        "results": [make_result(run * RESULTS_PER_RUN + i) for i in range(RESULTS_PER_RUN)],
    }


def rows_per_s(
    api_url: str, copy_url: str, docs: list[dict], bodies: list[bytes]
) -> tuple[float, float]:
    """(API rows/s, COPY rows/s): run i is uploaded, then copied, before run i + 1, so that
    both see the machine in the same state (on this shared 2-core machine the speed of the
    whole machine drifts by a third within minutes). `bodies`: the documents as JSON."""
    rows = [list(result_rows(RunDocument.model_validate(doc))) for doc in docs]
    token = upload_token(api_url)
    port = free_port()
    server = serve(api_url, port)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    api_s = copy_s = 0.0
    try:
        with (
            httpx.Client(
                base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=300
            ) as client,
            psycopg.connect(libpq_url(copy_url)) as conn,
        ):
            for body, doc, run_rows in zip(bodies, docs, rows, strict=True):
                start = time.perf_counter()
                client.post("/api/v1/runs", content=body).raise_for_status()
                api_s += time.perf_counter() - start
                copy_s += _copy(conn, doc, run_rows)
    finally:
        server.terminate()
        server.wait(30)
    results = RUNS * RESULTS_PER_RUN
    return results / api_s, results / copy_s


def _copy(conn: psycopg.Connection, doc: dict, rows: list[tuple]) -> float:
    """Seconds to COPY one run's normalized rows into results and commit (its run row is made
    first, untimed)."""
    run_pk = _bare_run(conn, doc)
    conn.commit()
    start = time.perf_counter()
    with (
        conn.cursor() as cursor,
        cursor.copy(f"COPY results ({', '.join(RESULT_COLUMNS)}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row((run_pk, *row))
    conn.commit()
    return time.perf_counter() - start


def _bare_run(conn: psycopg.Connection, doc: dict) -> int:
    now = datetime.now(UTC)
    machine = conn.execute(
        "INSERT INTO machines (fingerprint, name, extra, first_seen, last_seen) VALUES (%s, 'copy', '{}', %s, %s) "
        "ON CONFLICT (fingerprint) DO UPDATE SET last_seen = EXCLUDED.last_seen RETURNING id",
        ("copy-baseline", now, now),
    ).fetchone()[0]
    return conn.execute(
        "INSERT INTO runs (run_id, content_hash, source, started_at, machine_id, machine_extra, tool_name, "
        "tags, result_count, created_at) VALUES (%s, '', 'manual', %s, %s, '{}', 'copy', '{}', %s, %s) RETURNING id",
        (uuid.uuid4(), now, machine, RESULTS_PER_RUN, now),
    ).fetchone()[0]


def main() -> None:
    docs = [make_doc(run) for run in range(RUNS)]
    bodies = [json.dumps(doc).encode() for doc in docs]
    cluster = start_cluster()
    try:
        api_url, copy_url = cluster.create_database("api"), cluster.create_database("copy")
        upgrade(api_url)
        upgrade(copy_url)
        ours, baseline = rows_per_s(api_url, copy_url, docs, bodies)
    finally:
        destroy(cluster)
    print(
        f"API: {ours:,.0f} rows/s   COPY: {baseline:,.0f} rows/s   ({RUNS} runs x {RESULTS_PER_RUN} results, "
        f"{sum(map(len, bodies)) / 1e6:.1f} MB of JSON, alternating)"
    )
    print_result("ingest", ours, baseline, "rows/s")


if __name__ == "__main__":
    main()
