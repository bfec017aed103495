"""Query strings within limits (query/limits.py) and cursors that fit their columns, on both databases."""

import base64
import json
import time

import pytest

from cryptobench_server.query.limits import MAX_FILTER_KEYS, MAX_PARAMETERS, MAX_REPEATS

ROUTES = (
    "/api/v1/facets",
    "/api/v1/chart?metric=ns_per_op&x=algorithm",
    "/api/v1/matrix?metric=ns_per_op&column=machine",
    "/api/v1/runs",
    "/api/v1/results",
    "/api/v1/history?metric=ns_per_op",
    "/api/v1/changes",
)
#: The four list routes that take a cursor, and the types their cursors hold.
CURSORS = {
    "/api/v1/runs": ["2026-11-20T10:00:00+00:00", 1],
    "/api/v1/changes": ["2026-11-20T10:00:00+00:00", 1],
    "/api/v1/machines": ["bbb-01", 1],
    "/api/v1/results": [1],
}


def _query(route: str, items: list[tuple[str, str]]) -> str:
    extra = "&".join(f"{k}={v}" for k, v in items)
    return f"{route}{'&' if '?' in route else '?'}{extra}"


def _over(response, limit: str, field: str) -> None:
    assert response.status_code == 400, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert f"the limit {limit} is" in body["detail"]
    assert body["errors"][0]["field"] == field


def test_many_filter_keys_are_a_400_naming_the_limit_at_once(loaded):
    keys = [(f"tag.k{i}", "v") for i in range(MAX_FILTER_KEYS + 1)]
    for route in ROUTES:
        started = time.monotonic()
        response = loaded.get(_query(route, keys))
        assert time.monotonic() - started < 3  # at once: no query (SQLite gave up after seconds)
        _over(response, "filter_keys", f"tag.k{MAX_FILTER_KEYS}")
    # 1,000 keys: SQLite's expression tree limit was reached (503 "database unavailable")
    response = loaded.get(_query("/api/v1/facets", [(f"param.p{i}", "1") for i in range(1000)]))
    _over(response, "filter_keys", f"param.p{MAX_FILTER_KEYS}")


def test_aliases_count_as_their_dimension(loaded):
    keys = [("curve", "P-256"), ("param.curve", "secp256k1")]
    keys += [(f"tag.k{i}", "v") for i in range(MAX_FILTER_KEYS - 1)]
    assert loaded.get(_query("/api/v1/facets", keys)).status_code == 200


def test_too_many_parameters_and_repeats_are_a_400_on_every_route(loaded):
    items = [(f"tag.k{i % 20}", f"v{i}") for i in range(MAX_PARAMETERS + 1)]
    for route in (*ROUTES, "/api/v1/vocabulary", "/api/v1/health", "/api/v1/machines"):
        own = route.count("=")  # the route's parameters come first
        _over(loaded.get(_query(route, items)), "parameters", items[MAX_PARAMETERS - own][0])
    repeated = [("series", "machine")] * (MAX_REPEATS + 1)
    _over(loaded.get(_query(ROUTES[1], repeated)), "repeats", "series")
    values = [("algorithm", f"A{i}") for i in range(MAX_REPEATS + 1)]
    _over(loaded.get(_query("/api/v1/facets", values)), "repeats", "algorithm")


def test_the_largest_requests_within_the_limits_are_answered(loaded):
    """Every distinct key allowed, each with many values; one key with every value allowed."""
    per_key = MAX_PARAMETERS // MAX_FILTER_KEYS - 1
    wide = [(f"tag.k{i}", f"v{j}") for i in range(MAX_FILTER_KEYS) for j in range(per_key)]
    deep = [("run", f"00000000-0000-4000-8000-{j:012d}") for j in range(MAX_REPEATS)]
    for route in ROUTES:
        for items in (wide, deep):
            response = loaded.get(_query(route, items))
            assert response.status_code == 200, (route, response.text[:300])


def _cursor(key: list) -> str:
    return base64.urlsafe_b64encode(json.dumps(key).encode()).decode().rstrip("=")


@pytest.mark.parametrize("route", sorted(CURSORS))
def test_a_cursor_out_of_its_columns_range_is_a_422_naming_cursor(loaded, route):
    good = CURSORS[route]
    assert loaded.get(route, params={"cursor": _cursor(good)}).status_code == 200
    bad = [
        [*good[:-1], 2**63],
        [*good[:-1], -(2**63) - 1],
        [*good[:-1], 10**400],
        [*good[:-1], 1.5],
        [*good[:-1], True],
    ]
    if isinstance(good[0], str) and len(good) == 2:
        bad += [["bad\x00text" if route.endswith("machines") else "not a time", 1]]
    if route.endswith(("runs", "changes")):
        bad += [["0001-01-01T00:00:00+05:00", 1], ["9999-12-31T23:59:59-05:00", 1]]
    for key in bad:
        response = loaded.get(route, params={"cursor": _cursor(key)})
        assert response.status_code == 422, (key, response.text)
        assert response.json()["errors"] == [{"field": "cursor", "message": "invalid cursor"}]
