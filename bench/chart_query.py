"""Chart query latency: p95 of 50 varied GET /api/v1/chart calls (HTTP to uvicorn on 127.0.0.1)
over ~200k-row subsets of 1M stored results, vs the same aggregations as hand-written SQL.

Setup: a throwaway PostgreSQL cluster, migrated; 2,000 runs x 500 results bulk-loaded with COPY
(five workload groups of 200k results each: RSA on ESP32-C6 boards, ECDSA under JMH, ciphers
and hashes from openssl speed, ECDH/EdDSA from Python libraries; 20 machines; opt_level,
engine and jvm tags). Each chart call filters one group. The COPY load bypasses ingest, so the
read model (rollups.py: the series tables GET /chart reads) is then built from the stored results
by `rollups.catch_up`, exactly as `migrate` builds it for runs stored before it. The baseline stays
hand-written SQL over the results table, and every point the API returns must equal its group
there (value, min, max, n; means to 1e-12).
Last line: {"bench": "chart_query", "ours": p95 ms, "baseline": SQL p95 ms, "ratio", "unit": "ms"}.
"""

import hashlib
import io
import json
import random
import sys
import time
import uuid

import psycopg
from harness.latency import Figures, check, median, report, time_api, time_sql
from harness.service import serve
from sqlalchemy import create_engine

from cryptobench_server.migrate import upgrade
from cryptobench_server.store import rollups
from cryptobench_testsupport.pgcluster import destroy, free_port, libpq_url, start_cluster

RUNS, PER_RUN, MACHINES, CALLS = 2000, 500, 20, 50
CURVES = ("secp256r1", "secp256k1", "secp384r1", "secp521r1", "sm2p256v1", "brainpoolP256r1")
BLOCKS = (16, 64, 256, 1024, 8192, 16384)


def templates() -> list[list[dict]]:
    """Five groups of result templates: (algorithm, family, operation, library, params, base ns/op)."""

    def t(alg, fam, op, lib, params, ns):
        return {
            "algorithm": alg,
            "family": fam,
            "operation": op,
            "library": lib,
            "params": params,
            "ns": ns,
        }

    rsa = [
        t(
            "RSA",
            "signature",
            op,
            "mbedtls",
            {"key_bits": kb, "padding": pad},
            (2e8 if op == "sign" else 4e6) * (kb / 2048) ** (3 if op == "sign" else 2),
        )
        for kb in (1024, 2048, 3072, 4096)
        for pad in ("pkcs1v15", "pss", "none")
        for op in ("sign", "verify")
    ]
    ecdsa = [
        t(
            "ECDSA",
            "signature",
            op,
            "SunEC",
            {"curve": c, "message_bytes": m},
            (9e5 if op == "sign" else 1.1e6) * (1 + i) + m,
        )
        for i, c in enumerate(CURVES)
        for m in (128, 256, 1024, 1048576)
        for op in ("sign", "verify")
    ]
    cipher = [
        t(a, fam, "encrypt", "OpenSSL", {"block_bytes": b}, b * k + 300)
        for a, fam, k in (
            ("AES-128-CBC", "cipher", 2.5),
            ("AES-256-GCM", "aead", 1.2),
            ("ChaCha20-Poly1305", "aead", 1.8),
            ("DES-EDE3-CBC", "cipher", 40.0),
        )
        for b in BLOCKS
    ]
    hashes = [
        t(a, "hash", "hash", "OpenSSL", {"block_bytes": b}, b * k + 200)
        for a, k in (("SHA-256", 3.0), ("SHA-512", 2.0), ("SHA-1", 1.5), ("SM3", 5.0))
        for b in BLOCKS
    ]
    kex = [
        t(a, fam, op, lib, {"curve": c, "coordinates": co}, base * (2 if co == "affine" else 1))
        for a, fam, op, base, curves in (
            ("ECDH", "key-exchange", "derive", 2e6, ("secp256r1", "secp384r1", "x25519", "x448")),
            ("EdDSA", "signature", "sign", 1.5e6, ("ed25519", "ed448")),
        )
        for c in curves
        for co in ("affine", "jacobian")
        for lib in ("ECPy", "ECC.py")
    ]
    return [rsa, ecdsa, cipher, hashes, kex]


RESULT_COLUMNS = (
    "run_pk, position, series_key, name, family, algorithm, operation, library, library_version, params, "
    "metric, value, unit, error, error_kind, samples, stats, raw, ns_per_op, ops_per_s, cycles_per_op, "
    "bytes_per_s, cycles_per_byte, derived, flags"
)
RUN_COLUMNS = (
    "id, run_id, content_hash, source, started_at, finished_at, machine_id, clock_hz, clock_source, "
    "machine_extra, tool_name, tool_version, tool_build, tool_options, tags, result_count, "
    "artifact_id, created_at, warnings"
)
GROUP_RUN = [
    ("esp32c6-serial", "opt_level", ("-O2", "-Os", "-O3")),
    ("jmh", "jvm", ("17", "21")),
    ("openssl-speed", "engine", ("none", "devcrypto")),
    ("openssl-speed", "engine", ("none", "devcrypto")),
    ("python-ecc", "python", ("3.11", "3.12")),
]


def _line(*cells) -> str:
    return "\t".join("\\N" if c is None else str(c) for c in cells) + "\n"


def load(conninfo: str, first: int = 0, count: int = RUNS) -> None:
    """COPY runs `first` .. `first + count` with their results (500 each, every canonical figure
    filled in), and the machines with the first ones."""
    rng, groups = random.Random(7), templates()
    machines, runs, results = io.StringIO(), io.StringIO(), io.StringIO()
    speed = [0.5 + rng.random() for _ in range(MACHINES)]
    if first:
        rng.seed(7 + first)
    for m in range(MACHINES if first == 0 else 0):
        machines.write(
            _line(
                m + 1,
                f"fp{m}",
                f"machine-{m:02d}",
                "x86_64",
                f"cpu-{m}",
                4,
                "Linux",
                None,
                "{}",
                "2026-11-01T00:00:00Z",
                "2026-11-20T00:00:00Z",
            )
        )
    for r in range(first, first + count):
        group, machine = r % 5, (r // 5) % MACHINES
        source, tag, choices = GROUP_RUN[group]
        tags = json.dumps({tag: choices[r % len(choices)]})
        clock = (80e6, 160e6)[r % 2] if group == 0 else (2.4e9 if group in (2, 3) else None)
        runs.write(
            _line(
                r + 1,
                uuid.UUID(int=r + 1),
                "0" * 64,
                source,
                f"2026-11-{1 + r % 28:02d}T10:00:00Z",
                None,
                machine + 1,
                clock,
                None,
                "{}",
                source,
                "1.0",
                None,
                None,
                tags,
                PER_RUN,
                None,
                "2026-11-21T00:00:00Z",
                "[]",
            )
        )
        _results(results, rng, r, groups[group], speed[machine], clock, tags)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        indexes = connection.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'results' "
            "AND indexname NOT LIKE '%pkey'"
        ).fetchall()
        for name, _ in indexes:
            connection.execute(f"DROP INDEX {name}")
        connection.execute("SET session_replication_role = replica")
        for table, buffer in (
            ("machines", machines),
            ("runs (" + RUN_COLUMNS + ")", runs),
            ("results (" + RESULT_COLUMNS + ")", results),
        ):
            with connection.cursor().copy(f"COPY {table} FROM STDIN") as copy:
                copy.write(buffer.getvalue())
        for _, definition in indexes:
            connection.execute(definition)
        settle(connection)


def fill(database_url: str) -> None:
    """The read model of every loaded run, as `migrate` builds it for runs stored before it."""
    engine = create_engine(database_url)
    with engine.begin() as connection:
        rollups.catch_up(connection, lambda line: print(f"rollups: {line}", file=sys.stderr))
    with psycopg.connect(libpq_url(database_url), autocommit=True) as connection:
        settle(connection, "series, series_runs, series_totals")
    engine.dispose()


def settle(connection: psycopg.Connection, tables: str = "") -> None:
    """VACUUM ANALYZE as autovacuum would soon after a bulk load, so that no measurement races
    it. The throwaway cluster commits asynchronously (synchronous_commit=off): until the WAL of
    the load is flushed, VACUUM cannot mark its rows visible to all, and index-only scans would
    visit every row (the run facet at 1M: 2-3x slower, a plan of sequential scans). CHECKPOINT
    flushes it first."""
    connection.execute("CHECKPOINT")
    connection.execute(f"VACUUM ANALYZE {tables}")


def _results(
    out: io.StringIO,
    rng: random.Random,
    run: int,
    group: list[dict],
    speed: float,
    clock,
    tags: str,
) -> None:
    for position in range(PER_RUN):
        t = group[position % len(group)]
        ns = t["ns"] * speed * rng.lognormvariate(0, 0.05)
        nbytes = t["params"].get("block_bytes") or t["params"].get("message_bytes")
        cycles = ns * clock / 1e9 if clock else None
        key = hashlib.md5(
            f"{position % len(group)}|{run % 5}|{(run // 5) % MACHINES}|{clock}|{tags}".encode()
        ).hexdigest()
        out.write(
            _line(
                run + 1,
                position,
                key,
                t["algorithm"],
                t["family"],
                t["algorithm"],
                t["operation"],
                t["library"],
                "1.0",
                json.dumps(t["params"]),
                "ns_per_op",
                ns,
                "ns/op",
                ns * 0.02,
                "ci99.9",
                25,
                None,
                None,
                ns,
                1e9 / ns,
                cycles,
                nbytes * 1e9 / ns if nbytes else None,
                cycles / nbytes if cycles and nbytes else None,
                '["ops_per_s"]',
                "[]",
            )
        )


CALL_SHAPES = [
    (
        {"algorithm": ["RSA"]},
        "param.key_bits",
        [
            ["param.padding"],
            ["param.padding", "tag.opt_level"],
            ["machine"],
            ["operation", "param.padding"],
        ],
        ["ns_per_op", "cycles_per_op", "ops_per_s"],
    ),
    (
        {"algorithm": ["ECDSA"]},
        "param.message_bytes",
        [["param.curve"], ["param.curve", "operation"], ["machine"]],
        ["ns_per_op", "ops_per_s"],
    ),
    (
        {"family": ["cipher", "aead"]},
        "param.block_bytes",
        [["algorithm"], ["algorithm", "tag.engine"], ["machine"]],
        ["bytes_per_s", "cycles_per_byte"],
    ),
    (
        {"family": ["hash"]},
        "param.block_bytes",
        [["algorithm"], ["algorithm", "machine"]],
        ["bytes_per_s", "ns_per_op"],
    ),
    (
        {"algorithm": ["ECDH", "EdDSA"]},
        "param.curve",
        [["param.coordinates"], ["library", "param.coordinates"], ["operation"]],
        ["ns_per_op"],
    ),
]
AGGS = ("median", "mean", "min", "max")


def calls() -> list[dict]:
    out = []
    for i in range(CALLS):
        filters, x, series_choices, metrics = CALL_SHAPES[i % len(CALL_SHAPES)]
        out.append(
            {
                "filters": filters,
                "x": x,
                "series": series_choices[(i // 5) % len(series_choices)],
                "metric": metrics[(i // 5) % len(metrics)],
                "agg": AGGS[(i // 3) % len(AGGS)],
            }
        )
    return out


SQL_DIMS = {
    "algorithm": "r.algorithm",
    "operation": "r.operation",
    "family": "r.family",
    "library": "r.library",
    "machine": "m.name",
}
SQL_AGGS = {
    "median": "percentile_cont(0.5) WITHIN GROUP (ORDER BY {c})",
    "mean": "avg({c})",
    "min": "min({c})",
    "max": "max({c})",
}


def sql_dim(name: str) -> str:
    if name.startswith("param."):
        return f"(r.params ->> '{name[6:]}')"
    if name.startswith("tag."):
        return f"(u.tags ->> '{name[4:]}')"
    return SQL_DIMS[name]


def baseline_sql(call: dict) -> str:
    """The same aggregation, written by hand: one GROUP BY, joining runs/machines only when needed."""
    c = f"r.{call['metric']}"
    names = [call["x"], *call["series"], *call["filters"]]
    dims = [sql_dim(call["x"]), *(sql_dim(s) for s in call["series"])]
    where = [f"{c} IS NOT NULL", f"{dims[0]} IS NOT NULL"]
    where += [
        f"{sql_dim(k)} IN ({', '.join(repr(v) for v in vs)})" for k, vs in call["filters"].items()
    ]
    joins = ""
    if any(n.startswith("tag.") or n == "machine" for n in names):
        joins += " JOIN runs u ON u.id = r.run_pk"
    if "machine" in names:
        joins += " JOIN machines m ON m.id = u.machine_id"
    return (
        f"SELECT {', '.join(dims)}, {SQL_AGGS[call['agg']].format(c=c)}, min({c}), max({c}), count({c}) "
        f"FROM results r{joins} WHERE {' AND '.join(where)} GROUP BY {', '.join(str(i + 1) for i in range(len(dims)))}"
    )


def api_params(call: dict) -> list[tuple[str, str]]:
    params = [("metric", call["metric"]), ("x", call["x"]), ("agg", call["agg"])]
    return params + [("series", s) for s in call["series"]] + filter_params(call)


def filter_params(call: dict) -> list[tuple[str, str]]:
    return [(k, v) for k, vs in call["filters"].items() for v in vs]


def chart_figures(body: dict) -> Figures:
    """{(x, *series key): (value, min, max, n)} of a GET /chart answer."""
    return {
        (str(p["x"]), *series["key"].values()): (p["value"], p["min"], p["max"], p["n"])
        for series in body["series"]
        for p in series["points"]
    }


def sql_figures_of(rows: list[tuple]) -> Figures:
    """{(x, *series key): (value, min, max, n)} of the baseline SQL's rows."""
    return {tuple(row[:-4]): tuple(row[-4:]) for row in rows}


def main() -> None:
    cluster = start_cluster()
    try:
        database_url = cluster.create_database("chart")
        conninfo = libpq_url(database_url)
        upgrade(database_url)
        start = time.perf_counter()
        load(conninfo)
        print(
            f"loaded {RUNS * PER_RUN:,} results in {time.perf_counter() - start:.1f} s",
            file=sys.stderr,
        )
        start = time.perf_counter()
        fill(database_url)
        print(f"built the read model in {time.perf_counter() - start:.1f} s", file=sys.stderr)
        plan, port = calls(), free_port()
        server = serve(database_url, port)
        try:
            ours, api_figures = time_api(
                f"http://127.0.0.1:{port}",
                "/api/v1/chart",
                plan,
                5,
                api_params,
                lambda _, body: chart_figures(body),
            )
        finally:
            server.terminate()
            server.wait()
        baseline, sql_figures = time_sql(conninfo, plan, 5, baseline_sql, sql_figures_of)
    finally:
        destroy(cluster)
    points = check(plan, api_figures, sql_figures)
    print(
        json.dumps(
            {
                "calls": CALLS,
                "points": points,
                "ours_median_ms": round(median(ours), 1),
                "baseline_median_ms": round(median(baseline), 1),
            }
        )
    )
    report("chart_query", ours, baseline)


if __name__ == "__main__":
    main()
