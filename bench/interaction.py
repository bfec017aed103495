"""Explorer interaction latency at 1M and 5M stored results: p95 of 50 varied clicks, each one
GET /api/v1/facets and GET /api/v1/chart with the same filters, sent at once and done when both
have answered (as the Explorer sends them; `click_p95_one_after_other` is the same clicks sent
one after the other), and the unfiltered GET /api/v1/facets (p95 of 10 calls).

Setup: a throwaway PostgreSQL cluster with the loader of bench/chart_query.py (runs of 500
results in five workload groups, 20 machines), 2,000 runs (1M results), measured; then 8,000
runs more (5M), measured again. Runs are loaded with COPY, so the read model is built by
`rollups.catch_up`, as `migrate` builds it for runs stored before it.

Checks: every chart point equals hand-written SQL over `results` (chart_query.check), at both
sizes; the facets of every fifth click equal hand-written SQL (every dimension, its own filter
left out; every param/tag key and value; the newest RUN_FACET_LIMIT runs and whether more match;
metric counts). The baseline is those hand-written facet queries and the chart's SQL at 5M, on
two connections at once (p95 over the checked clicks).

Last line: {"bench": "interaction", "ours": click p95 ms at 5M, "baseline": SQL click p95 ms at
5M, "ratio", "unit": "ms", "at_1m": click p95 ms at 1M, "facets_unfiltered_5m": ms}.
"""

import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import psycopg
from chart_query import (
    CALLS,
    PER_RUN,
    RUNS,
    api_params,
    baseline_sql,
    calls,
    chart_figures,
    fill,
    filter_params,
    load,
    sql_dim,
)
from harness.latency import check, median, p95
from harness.result import print_result
from harness.service import serve

from cryptobench_contract.units import CANONICAL_METRICS as METRICS
from cryptobench_server.migrate import upgrade
from cryptobench_server.query.facets import RUN_FACET_LIMIT
from cryptobench_testsupport.pgcluster import destroy, free_port, libpq_url, start_cluster

SIZES = (RUNS, 5 * RUNS)
UNFILTERED = 10
#: Hand-written SQL of the fixed dimensions the facets list (run and machine through the joins).
FACET_SQL = {
    "algorithm": "r.algorithm",
    "operation": "r.operation",
    "family": "r.family",
    "library": "r.library",
    "library_version": "r.library_version",
    "machine": "m.name",
    "source": "u.source",
    "run": "u.run_id::text",
    "name": "r.name",
}


def time_clicks(
    client: httpx.Client, plan: list[dict], together: bool
) -> tuple[list[float], list, list]:
    """Click latencies, and the chart figures and facets of every click. A click is GET /facets
    and GET /chart with the same filters; `together`: sent at once on two connections and done
    when both have answered, as the Explorer sends them (ExplorerPage renders the chart's query
    beside the facets' one); otherwise one after the other."""
    clicks, charts, facets = [], [], []
    with ThreadPoolExecutor(1) as pool:
        for warm, call in [(True, c) for c in plan[:5]] + [(False, c) for c in plan]:
            filters = filter_params(call)
            chart = api_params(call)
            start = time.perf_counter()
            if together:
                asked = pool.submit(client.get, "/api/v1/chart", params=chart)
                got_facets = client.get("/api/v1/facets", params=filters)
                got_chart = asked.result()
            else:
                got_facets = client.get("/api/v1/facets", params=filters)
                got_chart = client.get("/api/v1/chart", params=chart)
            elapsed = (time.perf_counter() - start) * 1000
            got_facets.raise_for_status()
            got_chart.raise_for_status()
            if not warm:
                clicks.append(elapsed)
                charts.append(chart_figures(got_chart.json()))
                facets.append(_api_facets(got_facets.json()))
    return clicks, charts, facets


def time_unfiltered(client: httpx.Client) -> list[float]:
    """Latencies of the unfiltered GET /facets."""
    unfiltered = []
    for _ in range(UNFILTERED):
        start = time.perf_counter()
        client.get("/api/v1/facets").raise_for_status()
        unfiltered.append((time.perf_counter() - start) * 1000)
    return unfiltered


def _api_facets(body: dict) -> dict:
    out = {d["name"]: {v["value"]: v["count"] for v in d["values"]} for d in body["dimensions"]}
    out["run more"] = next(d["more"] for d in body["dimensions"] if d["name"] == "run")
    out["metrics"] = {v["value"]: v["count"] for v in body["metrics"]}
    return out


def _from(names) -> str:
    joins = "results r"
    if any(n in ("machine", "source", "run") or n.startswith("tag.") for n in names):
        joins += " JOIN runs u ON u.id = r.run_pk"
    if "machine" in names:
        joins += " JOIN machines m ON m.id = u.machine_id"
    return joins


def _dim(name: str) -> str:
    return FACET_SQL.get(name) or sql_dim(name)


def _where(filters: dict, without: str | None = None) -> str:
    parts = [
        f"{_dim(k)} IN ({', '.join(repr(v) for v in vs)})"
        for k, vs in filters.items()
        if k != without
    ]
    return " AND ".join(parts) or "true"


def facet_sql(filters: dict) -> list[tuple[str, str]]:
    """(dimension or pair prefix, SQL) of the facets the API answers, written by hand."""
    queries = [
        (
            name,
            f"SELECT {_dim(name)}, count(*) FROM {_from([name, *filters])} "
            f"WHERE {_where(filters, name)} GROUP BY 1",
        )
        for name in FACET_SQL
        if name != "run"
    ]
    queries.append(
        (
            "run",
            f"SELECT u.run_id::text, count(*) FROM {_from(['run', *filters])} "
            f"WHERE {_where(filters)} GROUP BY u.id "
            f"ORDER BY u.started_at DESC, u.id DESC LIMIT {RUN_FACET_LIMIT + 1}",
        )
    )
    for prefix, column in (("param.", "r.params"), ("tag.", "u.tags")):
        names = [*filters, "tag.*" if prefix == "tag." else "param.*"]
        queries.append(
            (
                prefix,
                f"SELECT kv.key, kv.value, count(*) FROM {_from(names)}, "
                f"jsonb_each_text({column}) kv WHERE {_where(filters)} GROUP BY 1, 2",
            )
        )
    for name in filters:
        if name.startswith(("param.", "tag.")):
            queries.append(
                (
                    name,
                    f"SELECT {_dim(name)}, count(*) FROM {_from([name, *filters])} "
                    f"WHERE {_where(filters, name)} GROUP BY 1",
                )
            )
    counts = ", ".join(f"count(r.{m})" for m in METRICS)
    queries.append(("metrics", f"SELECT {counts} FROM {_from(filters)} WHERE {_where(filters)}"))
    return queries


def sql_facets(connection: psycopg.Connection, filters: dict) -> dict:
    out: dict[str, dict] = {}
    pairs: dict[str, dict] = {}
    for name, sql in facet_sql(filters):
        rows = connection.execute(sql).fetchall()
        if name == "metrics":
            out[name] = dict(zip(METRICS, rows[0], strict=False))
        elif name == "run":
            out[name] = dict(rows[:RUN_FACET_LIMIT])
            out["run more"] = len(rows) > RUN_FACET_LIMIT
        elif name in ("param.", "tag."):
            for key, value, n in rows:
                pairs.setdefault(name + key, {})[value] = n
        else:
            out[name] = {None if v is None else str(v): n for v, n in rows}
    for name, counts in pairs.items():
        out.setdefault(name, counts)
    return out


def time_sql_clicks(conninfo: str, plan: list[dict]) -> tuple[list[float], list, list]:
    """Hand-written SQL of every click's chart, and of every fifth click's facets: the SQL click
    latencies (those fifth clicks: chart and facets on two connections at once, as the API's
    clicks are timed), all chart figures, those facets."""
    clicks, charts, facets = [], [], []
    with (
        psycopg.connect(conninfo) as chart_connection,
        psycopg.connect(conninfo) as facets_connection,
        ThreadPoolExecutor(1) as pool,
    ):
        for i, call in enumerate(plan):
            start = time.perf_counter()
            asked = pool.submit(lambda c=call: chart_connection.execute(baseline_sql(c)).fetchall())
            if i % 5 == 0:
                facets.append(sql_facets(facets_connection, call["filters"]))
            rows = asked.result()
            if i % 5 == 0:
                clicks.append((time.perf_counter() - start) * 1000)
            charts.append({tuple(row[:-4]): tuple(row[-4:]) for row in rows})
    return clicks, charts, facets


def check_facets(plan: list[dict], api: list[dict], sql: list[dict]) -> int:
    for i, expected in zip(range(0, len(plan), 5), sql, strict=False):
        if api[i] != expected:
            wrong = {k for k in api[i].keys() | expected.keys() if api[i].get(k) != expected.get(k)}
            raise SystemExit(f"{plan[i]['filters']}: facets differ from the SQL in {sorted(wrong)}")
    return len(sql)


def measure(database_url: str, conninfo: str, plan: list[dict], baseline: bool) -> dict:
    port = free_port()
    server = serve(database_url, port)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
            clicks, charts, facets = time_clicks(client, plan, together=True)
            one_after_other = time_clicks(client, plan, together=False)[0]
            unfiltered = time_unfiltered(client)
    finally:
        server.terminate()
        server.wait()
    sql_clicks, sql_charts, sql_facets_ = time_sql_clicks(conninfo, plan)
    points = check(plan, charts, sql_charts)
    checked = check_facets(plan, facets, sql_facets_)
    return {
        "click_p95": round(p95(clicks), 1),
        "click_median": round(median(clicks), 1),
        "click_p95_one_after_other": round(p95(one_after_other), 1),
        "facets_unfiltered_p95": round(p95(unfiltered), 1),
        "sql_click_p95": round(p95(sql_clicks), 1) if baseline else None,
        "points_checked": points,
        "facets_checked": checked,
    }


def main() -> None:
    plan, figures = calls(), {}
    cluster = start_cluster()
    try:
        database_url = cluster.create_database("interaction")
        conninfo = libpq_url(database_url)
        upgrade(database_url)
        loaded = 0
        for size in SIZES:
            start = time.perf_counter()
            for first in range(loaded, size, RUNS):
                load(conninfo, first, RUNS)
            fill(database_url)
            loaded = size
            print(
                f"{size * PER_RUN:,} results loaded and rolled up in "
                f"{time.perf_counter() - start:.0f} s",
                file=sys.stderr,
            )
            figures[size] = measure(database_url, conninfo, plan, baseline=size == SIZES[-1])
            print(json.dumps({"results": size * PER_RUN, "calls": CALLS, **figures[size]}))
    finally:
        destroy(cluster)
    big, small = figures[SIZES[-1]], figures[SIZES[0]]
    print_result(
        "interaction",
        big["click_p95"],
        big["sql_click_p95"],
        "ms",
        at_1m=small["click_p95"],
        facets_unfiltered_5m=big["facets_unfiltered_p95"],
    )


if __name__ == "__main__":
    main()
