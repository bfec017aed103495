"""Drill-down latency: p95 of 20 GET /api/v1/drilldown calls (HTTP to uvicorn on 127.0.0.1) over
the results of bench/chart_query.py's loader (2,000 runs x 500 results = 1M; `--runs N` loads
fewer), vs the count, min and max of the same results as hand-written SQL.

Four points, five calls each, from the largest to the smallest: every RSA result (a fifth of
all, the summary's median over all of them), RSA-2048 pss verify, one machine's ECDSA
secp256r1 sign of 128 bytes, and ECDSA without an engine tag (an absent series value: IS NULL).
Every answer's n, min and max must equal the SQL's; the lists stop at the default 100.
Last line: {"bench": "drilldown_query", "ours": p95 ms, "baseline": SQL p95 ms, "ratio", "unit": "ms"}.
"""

import argparse
import json
import sys
import time

import httpx
import psycopg
from chart_query import RUNS, fill, load
from harness.latency import report
from harness.service import serve

from cryptobench_server.migrate import upgrade
from cryptobench_testsupport.pgcluster import destroy, free_port, libpq_url, start_cluster

CALLS_PER_POINT = 5
#: (query parameters of GET /drilldown, the same results as an SQL condition on r, u, m).
POINTS = (
    (
        {"metric": "ns_per_op", "x": "algorithm", "x_value": "RSA", "source": "esp32c6-serial"},
        "r.algorithm = 'RSA' AND u.source = 'esp32c6-serial'",
    ),
    (
        {
            "metric": "ns_per_op",
            "x": "param.key_bits",
            "x_value": "2048",
            "series": "param.padding",
            "series_value": "pss",
            "algorithm": "RSA",
            "operation": "verify",
        },
        "r.algorithm = 'RSA' AND r.operation = 'verify' AND r.params ->> 'key_bits' = '2048' "
        "AND r.params ->> 'padding' = 'pss'",
    ),
    (
        {
            "metric": "ops_per_s",
            "x": "machine",
            "x_value": "machine-03",
            "series": "param.curve",
            "series_value": "secp256r1",
            "algorithm": "ECDSA",
            "operation": "sign",
            "param.message_bytes": "128",
        },
        "m.name = 'machine-03' AND r.algorithm = 'ECDSA' AND r.operation = 'sign' "
        "AND r.params ->> 'curve' = 'secp256r1' AND r.params ->> 'message_bytes' = '128'",
    ),
    (
        {
            "metric": "ns_per_op",
            "x": "algorithm",
            "x_value": "ECDSA",
            "series": "tag.engine",
            "series_value": "",
        },
        "r.algorithm = 'ECDSA' AND u.tags ->> 'engine' IS NULL",
    ),
)


def time_api(base_url: str) -> tuple[list[float], list[tuple]]:
    samples, summaries = [], []
    with httpx.Client(base_url=base_url, timeout=60) as client:
        for warm, (params, _) in [(True, p) for p in POINTS] + [
            (False, p) for p in POINTS for _ in range(CALLS_PER_POINT)
        ]:
            start = time.perf_counter()
            response = client.get("/api/v1/drilldown", params=params)
            elapsed = (time.perf_counter() - start) * 1000
            response.raise_for_status()
            body = response.json()
            if not warm:
                samples.append(elapsed)
                # a point with no results has no summary: SQL counts 0 with no min or max
                s = body["summary"] or {"n": 0, "min": None, "max": None}
                summaries.append((s["n"], s["min"], s["max"], len(body["results"])))
    return samples, summaries


def time_sql(conninfo: str) -> tuple[list[float], list[tuple]]:
    samples, summaries = [], []
    with psycopg.connect(conninfo) as connection:
        for warm, (params, where) in [(True, p) for p in POINTS] + [
            (False, p) for p in POINTS for _ in range(CALLS_PER_POINT)
        ]:
            figure = f"r.{params['metric']}"
            start = time.perf_counter()
            row = connection.execute(
                f"SELECT count({figure}), min({figure}), max({figure}) FROM results r "
                "JOIN runs u ON u.id = r.run_pk JOIN machines m ON m.id = u.machine_id "
                f"WHERE {figure} IS NOT NULL AND {where}"
            ).fetchone()
            elapsed = (time.perf_counter() - start) * 1000
            if not warm:
                samples.append(elapsed)
                summaries.append(tuple(row))
    return samples, summaries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="runs of 500 results to load")
    runs = parser.parse_args().runs
    cluster = start_cluster()
    try:
        database_url = cluster.create_database("drilldown")
        conninfo = libpq_url(database_url)
        upgrade(database_url)
        start = time.perf_counter()
        load(conninfo, count=runs)
        fill(database_url)
        print(
            f"loaded {runs * 500:,} results in {time.perf_counter() - start:.1f} s", file=sys.stderr
        )
        port = free_port()
        server = serve(database_url, port)
        try:
            ours, api = time_api(f"http://127.0.0.1:{port}")
        finally:
            server.terminate()
            server.wait()
        baseline, sql = time_sql(conninfo)
    finally:
        destroy(cluster)
    for call, (a, s) in enumerate(zip(api, sql, strict=True)):
        if a[:3] != s or a[3] != min(a[0], 100):
            raise SystemExit(f"call {call}: the API has n, min, max, listed {a}, the SQL {s}")
    every = range(0, len(api), CALLS_PER_POINT)
    medians = [sorted(ours[i : i + CALLS_PER_POINT])[CALLS_PER_POINT // 2] for i in every]
    sql_medians = [sorted(baseline[i : i + CALLS_PER_POINT])[CALLS_PER_POINT // 2] for i in every]
    print(
        json.dumps(
            {
                "results": runs * 500,
                "point_results": [api[i][0] for i in every],
                "point_median_ms": [round(m, 1) for m in medians],
                "sql_median_ms": [round(m, 1) for m in sql_medians],
            }
        )
    )
    report("drilldown_query", ours, baseline)


if __name__ == "__main__":
    main()
