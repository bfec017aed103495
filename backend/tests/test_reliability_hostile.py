"""Hostile uploads against a real server: each is refused with a 4xx problem+json and nothing
stored, hostile strings in valid places are stored verbatim, and the server stays healthy."""

import copy
import json
import re

import httpx
import pytest

from cryptobench_testsupport.reliability_harness import (
    create_token,
    is_problem,
    make_run,
    running_service,
    stored_runs,
)

RUNS = "/api/v1/runs"
HOSTILE_STRINGS = [
    "<script>alert('x')</script><img src=x onerror=alert(1)>",
    "'; DROP TABLE runs; --",
    "Robert\"); DELETE FROM results WHERE (1=1 OR '' = '",
    "\u202egnp.exe \U0001d518\U0001d52b\U0001d526 \U0001f510 e\u0301 \u4e2d\u6587 \ufeff",
    "%s%s%n {0} ${jndi:ldap://127.0.0.1/a} {{7*7}}",
]
UNSTORABLE_STRINGS = ["nul\u0000byte", "lone\ud800surrogate"]


def raw(document: dict) -> bytes:
    return json.dumps(document).encode()


def with_field(path: tuple, value) -> bytes:
    document = make_run(7, 0)
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return raw(document)


def nested(depth: int) -> bytes:
    """A parameter value (which must be a scalar) nested `depth` arrays deep."""
    return with_field(("results", 0, "params", "key_bits"), "@@").replace(
        b'"@@"', b"[" * depth + b"]" * depth
    )


def with_number(literal: bytes) -> bytes:
    return re.sub(rb'"value": [0-9.]+', b'"value": ' + literal, raw(make_run(7, 6)), count=1)


MALFORMED = {
    "not json": b"{this is not json",
    "json array": b"[]",
    "json string": b'"run"',
    "empty body": b"",
    "truncated": raw(make_run(7, 2))[:-20],
    "unknown top-level field": raw({**make_run(7, 3), "is_admin": True}),
    "wrong schema id": raw({**make_run(7, 4), "schema": "cryptobench.run/v0"}),
    "run_id not a uuid": with_field(("run_id",), "12; DROP TABLE runs"),
    "run_id a number": with_field(("run_id",), 12),
    "value a string": with_field(("results", 0, "value"), "fast"),
    "value negative": with_field(("results", 0, "value"), -1.0),
    "value null": with_field(("results", 0, "value"), None),
    "cores a string": with_field(("machine", "cores"), "four"),
    "cores huge integer": raw(make_run(7, 5)).replace(b'"cores": 4', b'"cores": ' + b"9" * 5000),
    "value overflows to infinity": with_number(b"1e999"),
    "value NaN literal": with_number(b"NaN"),
    "value -Infinity literal": with_number(b"-Infinity"),
    "results empty": with_field(("results",), []),
    "results an object": with_field(("results",), {"0": {}}),
    "started_at garbage": with_field(("started_at",), "yesterday"),
    "started_at naive": with_field(("started_at",), "2026-11-20T10:00:00"),
    "machine name too long": with_field(("machine", "name"), "m" * 100_000),
    "tags a list": with_field(("tags",), ["-O2"]),
    "params nested object": with_field(("results", 0, "params", "key_bits"), {"$gt": 0}),
    "deep nesting 100k": nested(100_000),
    "deep nesting 1k": nested(1_000),
}


@pytest.fixture(scope="module")
def stack(make_database, tmp_path_factory):
    database_url = make_database()
    workdir = tmp_path_factory.mktemp("hostile")
    token = create_token(database_url, workdir, "hostile", "upload")
    with running_service(database_url, workdir) as service:
        client = httpx.Client(
            base_url=service.url,
            timeout=60,
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        yield service, client
        client.close()


def assert_healthy(service) -> None:
    assert httpx.get(f"{service.url}/api/v1/health", timeout=10).status_code == 200


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_upload_is_a_4xx_problem_and_nothing_is_stored(stack, case):
    service, client = stack
    before = stored_runs(service.database_url)
    response = client.post(RUNS, content=MALFORMED[case])
    assert 400 <= response.status_code < 500, (case, response.status_code, response.text[:300])
    assert is_problem(response), response.text[:300]
    assert stored_runs(service.database_url) == before
    assert_healthy(service)


@pytest.mark.parametrize("streamed", [False, True], ids=["content-length", "chunked"])
def test_a_50_mb_body_is_refused_with_413(stack, streamed):
    service, client = stack
    document = make_run(7, 20 + streamed)
    document["artifact"] = {"media_type": "text/plain", "content": "A" * (50 * 1024 * 1024)}
    body = raw(document)
    content = (body[i : i + (1 << 20)] for i in range(0, len(body), 1 << 20)) if streamed else body
    response = client.post(RUNS, content=content)
    assert response.status_code == 413 and is_problem(response, 413)
    assert document["run_id"] not in stored_runs(service.database_url)
    assert_healthy(service)


def hostile_document(index: int, payload: str) -> dict:
    document = make_run(8, index)
    document["machine"].update(
        name=payload[:200], os=payload[:200], board=payload[:200], extra={"note": payload}
    )
    document["tool"].update(name=payload[:200], build=payload, options=payload)
    # A key is what a filter names (tag.<key>): the contract's key grammar, no quote or backslash.
    key = re.sub(r'["\\\x00-\x1f]', "", payload)[:64].strip() or "key"
    document["tags"] = {"payload": payload[:200], key: "key"}
    for result in document["results"]:
        result.update(name=payload[:200], library=payload[:200], library_version=payload[:200])
        result["params"]["variant"] = payload[:200]
    document["artifact"] = {"media_type": "text/plain", "content": payload}
    return copy.deepcopy(document)


@pytest.mark.parametrize("index", range(len(HOSTILE_STRINGS)))
def test_hostile_strings_in_every_field_are_stored_verbatim(stack, index):
    service, client = stack
    payload = HOSTILE_STRINGS[index]
    document = hostile_document(index, payload)
    response = client.post(RUNS, content=raw(document))
    assert response.status_code == 201, response.text[:500]
    assert stored_runs(service.database_url)[document["run_id"]] == [
        (payload[:200], r["value"]) for r in document["results"]
    ]
    assert client.post(RUNS, content=raw(document)).status_code == 200
    assert_healthy(service)


@pytest.mark.parametrize("payload", UNSTORABLE_STRINGS, ids=["nul", "surrogate"])
def test_strings_postgres_cannot_store_are_a_4xx_not_a_500(stack, payload):
    service, client = stack
    document = hostile_document(10 + UNSTORABLE_STRINGS.index(payload), payload)
    response = client.post(RUNS, content=json.dumps(document, ensure_ascii=True).encode())
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:300])
    assert is_problem(response)
    assert document["run_id"] not in stored_runs(service.database_url)
    assert_healthy(service)
