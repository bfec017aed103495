"""Who may upload and read: refused without a valid token of the right scope, tokens never in
the server's log, CORS closed by default. Against a real `cryptobench-server serve` process."""

import json
import secrets

import httpx
import pytest

from cryptobench_testsupport.reliability_harness import (
    create_token,
    is_problem,
    make_run,
    revoke_token,
    running_service,
    stored_runs,
)

RUNS = "/api/v1/runs"


@pytest.fixture(scope="module")
def stack(make_database, tmp_path_factory):
    database_url = make_database()
    workdir = tmp_path_factory.mktemp("auth")
    tokens = {
        scope: create_token(database_url, workdir, f"{scope}-token", scope)
        for scope in ("upload", "read")
    }
    tokens["revoked"] = create_token(database_url, workdir, "revoked-token", "upload")
    revoke_token(database_url, "revoked-token")
    with running_service(database_url, workdir) as service:
        yield service, tokens


def post(service, index: int, headers: dict[str, str], query: str = "") -> httpx.Response:
    body = json.dumps(make_run(90, index))
    return httpx.post(
        f"{service.url}{RUNS}{query}",
        content=body,
        headers={"Content-Type": "application/json", **headers},
        timeout=30,
    )


def forged_like(token: str) -> str:
    """Same length and prefix as a real token, different secret."""
    head = token[: len(token) // 3]
    return head + secrets.token_urlsafe(len(token))[: len(token) - len(head)]


def refusals(tokens: dict[str, str]) -> list[tuple[str, dict[str, str], str, set[int]]]:
    upload = tokens["upload"]
    return [
        ("no token", {}, "", {401}),
        ("empty bearer", {"Authorization": "Bearer"}, "", {401}),
        ("basic scheme", {"Authorization": f"Basic {upload}"}, "", {401}),
        ("forged token", {"Authorization": f"Bearer {forged_like(upload)}"}, "", {401}),
        ("revoked token", {"Authorization": f"Bearer {tokens['revoked']}"}, "", {401}),
        ("read scope", {"Authorization": f"Bearer {tokens['read']}"}, "", {403}),
        ("token in query", {}, f"?token={upload}&access_token={upload}", {400, 401}),
    ]


def test_uploads_without_a_valid_upload_token_are_refused_and_nothing_is_stored(stack):
    service, tokens = stack
    for index, (case, headers, query, statuses) in enumerate(refusals(tokens)):
        response = post(service, index, headers, query)
        assert (case, response.status_code in statuses) == (case, True), response.text
        assert is_problem(response), case
    assert stored_runs(service.database_url) == {}


def test_a_valid_upload_token_is_accepted(stack):
    service, tokens = stack
    response = post(service, 50, {"Authorization": f"Bearer {tokens['upload']}"})
    assert response.status_code == 201
    assert list(stored_runs(service.database_url)) == [make_run(90, 50)["run_id"]]


def test_no_token_ever_appears_in_the_server_log(stack):
    service, tokens = stack
    for index, (_, headers, query, _) in enumerate(refusals(tokens)):
        post(service, 100 + index, headers, query)
    log = service.log_text()
    assert "POST /api/v1/runs" in log
    leaked = [scope for scope, token in tokens.items() if token in log]
    assert leaked == []


def test_cors_is_closed_by_default(stack):
    service, _ = stack
    origin = {"Origin": "https://evil.example"}
    preflight = httpx.options(
        f"{service.url}{RUNS}",
        headers={
            **origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization",
        },
    )
    assert "access-control-allow-origin" not in preflight.headers
    assert preflight.status_code in (400, 405)
    simple = httpx.get(f"{service.url}/api/v1/health", headers=origin)
    assert simple.status_code == 200 and "access-control-allow-origin" not in simple.headers


def test_read_tokens_when_the_operator_turns_them_on(make_database, tmp_path):
    database_url = make_database()
    read = create_token(database_url, tmp_path, "reader", "read")
    with running_service(database_url, tmp_path, read_tokens="true") as service:
        anonymous = httpx.get(f"{service.url}{RUNS}")
        assert anonymous.status_code == 401 and is_problem(anonymous, 401)
        in_query = httpx.get(f"{service.url}{RUNS}?token={read}&access_token={read}")
        assert in_query.status_code in (400, 401) and is_problem(in_query)
        assert (
            httpx.get(
                f"{service.url}{RUNS}", headers={"Authorization": f"Bearer {read}"}
            ).status_code
            == 200
        )
        assert read not in service.log_text()
