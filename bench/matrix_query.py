"""Matrix query latency: p95 of 20 GET /api/v1/matrix calls, each a 200-row x 20-column matrix
over 1M stored results (HTTP to uvicorn on 127.0.0.1), vs the same cells as hand-written SQL.

Setup: the loader of bench/chart_query.py (2,000 runs x 500 results, five workload groups, 20
machines), the read model built by `rollups.catch_up`. Each call: columns = machine (20),
rows = the identities (algorithm, operation, library, params) of every algorithm but EdDSA, split
by tag.engine and tag.python: RSA 24 + ECDSA 48 + ECDH 16 x 2 pythons + cipher and hash 48 x 2
engines = 200 rows; metric, agg and baseline machine vary. Every cell the API returns must equal
its group in the SQL (value, min, max, n; means to 1e-12) and the other way round. Each machine
ran one engine and one python version, so split rows are measured by half the machines: their
other cells are empty, as they should be.
Last line: {"bench": "matrix_query", "ours": p95 ms, "baseline": SQL p95 ms, "ratio", "unit": "ms"}.
"""

import json
import sys
import time

from chart_query import SQL_AGGS, fill, load
from harness.latency import check, median, report, time_api, time_sql
from harness.service import serve

from cryptobench_server.migrate import upgrade
from cryptobench_testsupport.pgcluster import destroy, free_port, libpq_url, start_cluster

CALLS, ROWS, COLUMNS = 20, 200, 20
METRICS = ("ns_per_op", "ops_per_s")  # every result has a time; cycles need a clock
AGGS = ("median", "mean", "median", "max", "min")
ALGORITHMS = (
    "RSA",
    "ECDSA",
    "ECDH",
    "AES-128-CBC",
    "AES-256-GCM",
    "ChaCha20-Poly1305",
    "DES-EDE3-CBC",
    "SHA-256",
    "SHA-512",
    "SHA-1",
    "SM3",
)
SPLIT = ("tag.engine", "tag.python")


def plan() -> list[dict]:
    return [
        {
            "metric": METRICS[i % len(METRICS)],
            "agg": AGGS[i % len(AGGS)],
            "baseline": f"machine-{i % COLUMNS:02d}",
        }
        for i in range(CALLS)
    ]


Cells = dict[tuple, tuple]


def _key(algorithm: str, operation: str, library: str, params: dict, *tags_and_machine) -> tuple:
    return (algorithm, operation, library, json.dumps(params, sort_keys=True), *tags_and_machine)


def api_params(call: dict) -> dict:
    return {**call, "column": "machine", "split": SPLIT, "algorithm": ALGORITHMS}


def api_cells_of(call: dict, body: dict) -> Cells:
    """{(row key, machine): (value, min, max, n)}; exits unless the matrix is ROWS x COLUMNS."""
    shape = (len(body["rows"]), len(body["columns"]))
    if shape != (ROWS, COLUMNS):
        raise SystemExit(f"{call}: a {shape[0]} x {shape[1]} matrix, not {ROWS} x {COLUMNS}")
    machines = [c["value"] for c in body["columns"]]
    names = ("algorithm", "operation", "library", "params", *SPLIT)
    return {
        _key(*(row["key"][n] for n in names), m): (c["value"], c["min"], c["max"], c["n"])
        for row in body["rows"]
        for m, c in zip(machines, row["cells"], strict=True)
        if c is not None
    }


def baseline_sql(call: dict) -> str:
    c = f"r.{call['metric']}"
    return (
        "SELECT r.algorithm, r.operation, r.library, r.params::text, u.tags ->> 'engine', "
        f"u.tags ->> 'python', m.name, "
        f"{SQL_AGGS[call['agg']].format(c=c)}, min({c}), max({c}), count({c}) "
        "FROM results r JOIN runs u ON u.id = r.run_pk JOIN machines m ON m.id = u.machine_id "
        f"WHERE {c} IS NOT NULL AND r.algorithm IN ({', '.join(repr(a) for a in ALGORITHMS)}) "
        "GROUP BY r.algorithm, r.operation, r.library, r.params, 5, 6, m.name"
    )


def sql_cells_of(rows: list[tuple]) -> Cells:
    return {
        _key(alg, op, lib, json.loads(p), engine, python, machine): tuple(rest)
        for alg, op, lib, p, engine, python, machine, *rest in rows
    }


def main() -> None:
    cluster = start_cluster()
    try:
        database_url = cluster.create_database("matrix")
        conninfo = libpq_url(database_url)
        upgrade(database_url)
        start = time.perf_counter()
        load(conninfo)
        fill(database_url)
        print(
            f"loaded 1M results and the read model in {time.perf_counter() - start:.1f} s",
            file=sys.stderr,
        )
        calls, port = plan(), free_port()
        server = serve(database_url, port)
        try:
            ours, api_cells = time_api(
                f"http://127.0.0.1:{port}",
                "/api/v1/matrix",
                calls,
                3,
                api_params,
                api_cells_of,
                timeout=120,
            )
        finally:
            server.terminate()
            server.wait()
        baseline, sql_cells = time_sql(conninfo, calls, 3, baseline_sql, sql_cells_of)
    finally:
        destroy(cluster)
    cells = check(calls, api_cells, sql_cells)
    print(json.dumps({"calls": CALLS, "cells": cells, "ours_median_ms": round(median(ours), 1)}))
    report("matrix_query", ours, baseline)


if __name__ == "__main__":
    main()
