"""What no query parameter may hold (query/limits.py, issue 35), on both databases: a NUL
character (PostgreSQL answered 500 to `GET /api/v1/runs?q=%00`) or more than MAX_QUERY_CHARS
characters (SQLite answered 50,000 characters of `q` with 503 "database unavailable") is a 422
naming the parameter, on every read route, in a filter's value, an option's or a key."""

import pytest
from history_support import loaded  # noqa: F401

from cryptobench_server.errors import PROBLEM_JSON
from cryptobench_server.query.limits import MAX_QUERY_CHARS

ROUTES = (
    "/api/v1/runs",
    "/api/v1/results",
    "/api/v1/machines",
    "/api/v1/facets",
    "/api/v1/chart?metric=ns_per_op&x=algorithm",
    "/api/v1/history?metric=ns_per_op",
    "/api/v1/changes",
    "/api/v1/vocabulary",
)


def refused(response, field: str, message: str) -> None:
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith(PROBLEM_JSON)
    assert response.json()["errors"] == [{"field": field, "message": message}]


def test_a_nul_in_the_search_text_is_a_422_naming_q(loaded):  # noqa: F811
    refused(loaded.get("/api/v1/runs?q=%00"), "q", "NUL character")
    refused(loaded.get("/api/v1/runs?q=bbb%00"), "q", "NUL character")


def test_the_search_text_at_the_cap_is_answered_and_past_it_is_a_422_naming_q(loaded):  # noqa: F811
    at_cap = loaded.get("/api/v1/runs", params={"q": "b" * MAX_QUERY_CHARS})
    assert (at_cap.status_code, at_cap.json()["data"]) == (200, [])
    refused(
        loaded.get("/api/v1/runs", params={"q": "b" * 50_000}),
        "q",
        f"over {MAX_QUERY_CHARS} characters",
    )


@pytest.mark.parametrize("route", ROUTES)
def test_a_nul_or_an_overlong_value_anywhere_is_a_422_naming_its_parameter(loaded, route):  # noqa: F811
    join = "&" if "?" in route else "?"
    refused(loaded.get(f"{route}{join}algorithm=RSA%00"), "algorithm", "NUL character")
    refused(loaded.get(f"{route}{join}tag.opt%00level=-O2"), "tag.opt\x00level", "NUL character")
    refused(
        loaded.get(f"{route}{join}machine={'m' * (MAX_QUERY_CHARS + 1)}"),
        "machine",
        f"over {MAX_QUERY_CHARS} characters",
    )
    refused(
        loaded.get(f"{route}{join}limit={'9' * (MAX_QUERY_CHARS + 1)}"),
        "limit",
        f"over {MAX_QUERY_CHARS} characters",
    )
