"""Probes of numbers at the edges of float64 (issue 25, items 4-6): change detection over
extreme neighbours, a ratio that overflows, aggregates that overflow, a huge relative error.
Where both databases must give the same answer, the outcome carries it (`Outcome.answer`)."""

import json
import math
import time
from collections.abc import Callable
from typing import Any

import httpx

from cryptobench_testsupport.reliability_harness import make_run
from cryptobench_testsupport.reliability_hostile import (
    READ_S,
    RUNS,
    Bound,
    Outcome,
    Stack,
    exchange,
    settle,
)

UPLOADED = Bound(statuses=("2xx", "4xx"))
CHANGE_NUMBERS = ("before", "after", "ratio")


def one_result(
    agent: int, index: int, value: float, *, unit: str = "ops/s", **fields: Any
) -> dict[str, Any]:
    """A run of machine `lineage-<agent>` with one ECDSA secp256r1 sign result of `value`."""
    document = make_run(agent, index)
    document["machine"]["name"] = f"lineage-{agent}"
    metric = {"ops/s": "ops_per_s", "ns/op": "ns_per_op", "cycles/op": "cycles_per_op"}[unit]
    document["results"] = [
        {
            "name": "ecdsa p256 sign",
            "family": "signature",
            "algorithm": "ECDSA",
            "operation": "sign",
            "library": "OpenSSL",
            "params": {"curve": "secp256r1"},
            "metric": metric,
            "value": value,
            "unit": unit,
            **fields,
        }
    ]
    return document


def upload_all(stack: Stack, outcome: Outcome, documents: list[dict[str, Any]]) -> list[int | None]:
    """Upload in turn; every answer must be a 2xx or a 4xx problem within the read bound."""
    statuses: list[int | None] = []
    with stack.client(stack.upload_token) as client:
        for document in documents:
            started = time.monotonic()
            try:
                response = client.post(RUNS, content=json.dumps(document).encode())
            except httpx.HTTPError as exc:
                outcome.check(False, f"upload: no answer ({type(exc).__name__})")
                statuses.append(None)
                continue
            seconds = time.monotonic() - started
            outcome.figures["seconds"] = round(max(outcome.figures.get("seconds", 0), seconds), 3)
            statuses.append(response.status_code)
            outcome.check(
                UPLOADED.allows(response),
                f"upload {response.status_code}: {response.text[:200]}",
            )
            outcome.check(seconds <= READ_S, f"an upload took {seconds:.1f} s")
    outcome.figures["upload_statuses"] = statuses
    return statuses


def extreme_neighbours(stack: Stack) -> list[Outcome]:
    """1e308 then 1e-308 ops/s in one lineage, then ordinary runs of it: no 5xx, and
    /changes of that machine answers with finite numbers."""
    values = [1e308, 1e308, 1e308, 1e-308, 1000.0, 1000.0]
    outcome = Outcome(
        "change_detection_1e308_then_1e-308",
        stack.database,
        f"uploads of one lineage with ops/s {values}, then GET /changes",
        UPLOADED,
    )
    statuses = upload_all(stack, outcome, [one_result(50, i, v) for i, v in enumerate(values)])
    outcome.check(statuses[-1] == 201, "the ordinary run after them was not stored")
    outcome.answer = {"statuses": statuses, "changes": _changes(stack, outcome, "lineage-50")}
    settle(stack, outcome)
    return [outcome]


def overflowing_ratio(stack: Stack) -> list[Outcome]:
    """A step from 1e-150 to 1e160 ops/s (its ratio overflows float64): /changes serves
    every declared number as a finite number."""
    values = [1e-150, 1e-150, 1e-150, 1e160, 1e160]
    outcome = Outcome(
        "changes_no_null_numbers",
        stack.database,
        f"uploads of one lineage with ops/s {values}, then GET /changes",
        UPLOADED,
    )
    upload_all(stack, outcome, [one_result(51, i, v) for i, v in enumerate(values)])
    outcome.answer = _changes(stack, outcome, "lineage-51")
    settle(stack, outcome)
    return [outcome]


def _changes(stack: Stack, outcome: Outcome, machine: str) -> list[dict[str, Any]] | None:
    with stack.client() as client:
        response = client.get("/api/v1/changes", params={"machine": machine})
    if not outcome.check(response.status_code == 200, f"/changes {response.status_code}"):
        return None
    changes = response.json()["changes"]
    outcome.figures["changes"] = len(changes)
    for change in changes:
        numbers = {name: change.get(name) for name in CHANGE_NUMBERS}
        numbers["evidence.noise"] = change.get("evidence", {}).get("noise")
        for name, number in numbers.items():
            outcome.check(
                isinstance(number, int | float) and math.isfinite(number),
                f"/changes serves {name}={number!r}",
            )
    return [{name: change.get(name) for name in (*CHANGE_NUMBERS, "run_id")} for change in changes]


def extreme_aggregates(stack: Stack) -> list[Outcome]:
    """Two runs of 1e308 ns/op in one series: /chart (mean, median) and /tradeoff answer."""
    documents = [one_result(52, i, 1e308, unit="ns/op") for i in range(2)]
    reads = {
        "chart_1e308:mean": (
            "/api/v1/chart",
            {"metric": "ns_per_op", "x": "param.curve", "agg": "mean"},
        ),
        "chart_1e308:median": ("/api/v1/chart", {"metric": "ns_per_op", "x": "param.curve"}),
        "tradeoff_1e308:mean": ("/api/v1/tradeoff", {"metric": "ns_per_op", "agg": "mean"}),
    }
    uploads = Outcome("upload_1e308_ns_per_op", stack.database, "two runs", UPLOADED)
    upload_all(stack, uploads, documents)
    outcomes = [uploads]
    for name, (route, params) in reads.items():
        outcome, response = exchange(
            stack,
            name,
            f"GET {route} {params} over two runs of 1e308 ns/op",
            Bound(statuses=("2xx",)),
            _getter(route, {**params, "machine": "lineage-52"}),
        )
        if response is not None and response.status_code == 200:
            outcome.answer = response.json()
        outcomes.append(outcome)
    return outcomes


def _getter(route: str, params: dict[str, str]) -> Callable[[httpx.Client], httpx.Response]:
    return lambda client: client.get(route, params=params)


def stored_document(
    stack: Stack, name: str, sent: str, document: dict[str, Any] | bytes
) -> tuple[Outcome, dict[str, Any] | None]:
    """Upload one document: a 2xx or a 4xx problem (nothing stored); the stored run if any."""
    body = document if isinstance(document, bytes) else json.dumps(document).encode()
    outcome, response = exchange(
        stack,
        name,
        sent,
        UPLOADED,
        lambda client: client.post(
            RUNS, content=body, headers={"Content-Type": "application/json"}
        ),
        token=stack.upload_token,
    )
    if response is None or response.status_code >= 300:
        return outcome, None
    run_id = json.loads(body)["run_id"]
    with stack.client() as client:
        return outcome, client.get(f"{RUNS}/{run_id}").json()


def tiny_value_huge_error(stack: Stack) -> list[Outcome]:
    document = one_result(53, 0, 1e-300, unit="cycles/op", error=1e300, error_kind="stddev")
    del document["machine"]["clock_hz"]
    outcome, run = stored_document(
        stack,
        "error_1e300_over_value_1e-300",
        "a result of 1e-300 cycles/op, error 1e300",
        document,
    )
    result = run["results"][0] if run else {}
    outcome.answer = {
        "status": outcome.figures.get("status"),
        "stored": {key: result.get(key) for key in ("value", "error", "cycles_per_op", "flags")},
    }
    return [outcome]
