"""What the latency benches share: API calls and SQL baselines timed call by call, the check that the API
and the SQL give the same figures, and the last line (p95 of ours and of the baseline)."""

import math
import time
from collections.abc import Callable

import httpx
import psycopg
from harness.result import print_result

Figures = dict[tuple, tuple]


def _with_warmups(calls: list[dict], warmups: int) -> list[tuple[bool, dict]]:
    """(warm, call): the first `warmups` calls once unmeasured, then every call."""
    return [(True, c) for c in calls[:warmups]] + [(False, c) for c in calls]


def time_api(
    base_url: str,
    path: str,
    calls: list[dict],
    warmups: int,
    params_of: Callable[[dict], object],
    figures_of: Callable[[dict, dict], Figures],
    timeout: float = 60,
) -> tuple[list[float], list[Figures]]:
    """Latencies of GET `path` with `params_of(call)` for every call and, per call,
    `figures_of(call, body)`; the first `warmups` calls run once before, unmeasured."""
    samples, figures = [], []
    with httpx.Client(base_url=base_url, timeout=timeout) as client:
        for warm, call in _with_warmups(calls, warmups):
            params = params_of(call)
            start = time.perf_counter()
            response = client.get(path, params=params)
            elapsed = (time.perf_counter() - start) * 1000
            response.raise_for_status()
            if not warm:
                figures.append(figures_of(call, response.json()))
                samples.append(elapsed)
    return samples, figures


def time_sql(
    conninfo: str,
    calls: list[dict],
    warmups: int,
    sql_of: Callable[[dict], str],
    figures_of: Callable[[list[tuple]], Figures],
) -> tuple[list[float], list[Figures]]:
    """Latencies of `sql_of(call)` for every call and, per call, `figures_of(rows)`; the first
    `warmups` calls run once before, unmeasured."""
    samples, figures = [], []
    with psycopg.connect(conninfo) as connection:
        for warm, call in _with_warmups(calls, warmups):
            start = time.perf_counter()
            rows = connection.execute(sql_of(call)).fetchall()
            elapsed = (time.perf_counter() - start) * 1000
            if not warm:
                samples.append(elapsed)
                figures.append(figures_of(rows))
    return samples, figures


def check(calls: list[dict], ours: list[Figures], baseline: list[Figures]) -> int:
    """The number of figures; exits when the API and the SQL disagree on (value, min, max, n)
    (means: to 1e-12, as the API sums per-cell sums)."""
    for call, api, sql in zip(calls, ours, baseline, strict=False):
        for key in api.keys() | sql.keys():
            a, b = api.get(key), sql.get(key)
            same = (
                a is not None
                and b is not None
                and a[1:] == b[1:]
                and (
                    a[0] == b[0]
                    or (call["agg"] == "mean" and math.isclose(a[0], b[0], rel_tol=1e-12))
                )
            )
            if not same:
                raise SystemExit(f"{call}: at {key} the API has {a}, the SQL {b}")
    return sum(len(api) for api in ours)


def p95(samples: list[float]) -> float:
    return sorted(samples)[math.ceil(0.95 * len(samples)) - 1]


def median(samples: list[float]) -> float:
    """The middle sample (the upper one of an even count): a latency that was measured."""
    return sorted(samples)[len(samples) // 2]


def report(bench: str, ours: list[float], baseline: list[float]) -> None:
    """The last line of a latency bench: p95 of ours and of the baseline, in ms (the ratio of
    the rounded p95s)."""
    print_result(bench, round(p95(ours), 1), round(p95(baseline), 1), "ms", ratio_digits=2)
