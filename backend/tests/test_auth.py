"""Tokens: stored as SHA-256 only, scopes, revocation, read tokens, and the CLI commands."""

import hashlib
import logging

import pytest
from factories import create_test_token, make_run_doc
from fastapi import APIRouter
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from cryptobench_server.app import create_app
from cryptobench_server.auth import ReadAccess, RedactQueryTokens
from cryptobench_server.cli import app as cli
from cryptobench_server.config import get_settings


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_only_the_sha256_of_a_token_is_stored(settings):
    token = create_test_token(settings.resolved_database_url)
    engine = create_engine(settings.resolved_database_url)
    with engine.connect() as c:
        row = c.execute(text("SELECT token_hash, prefix FROM api_tokens")).one()
    engine.dispose()
    assert token.startswith("cbt_") and len(token) == 47
    assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert row.prefix == token[:10]


def test_admin_token_may_upload(client, settings):
    token = create_test_token(settings.resolved_database_url, scope="admin")
    assert (
        client.post("/api/v1/runs", json=make_run_doc(), headers=bearer(token)).status_code == 201
    )


def test_two_tokens_are_different(settings):
    url = settings.resolved_database_url
    assert create_test_token(url) != create_test_token(url)


@pytest.fixture
def cli_env(settings, monkeypatch):
    monkeypatch.setenv("CRYPTOBENCH_DATABASE_URL", settings.resolved_database_url)
    get_settings.cache_clear()
    yield CliRunner()
    get_settings.cache_clear()


def test_cli_token_create_list_revoke(cli_env, client):
    created = cli_env.invoke(cli, ["token", "create", "ci-runner", "--scope", "upload"])
    assert created.exit_code == 0, created.output
    token = created.stdout.strip().splitlines()[-1]
    assert (
        client.post("/api/v1/runs", json=make_run_doc(), headers=bearer(token)).status_code == 201
    )
    listed = cli_env.invoke(cli, ["token", "list"]).stdout
    assert "\tci-runner\tupload\t" + token[:10] + "...\t" in listed and token not in listed
    revoked = cli_env.invoke(cli, ["token", "revoke", "ci-runner"])
    assert revoked.stdout.strip() == "revoked 1 token(s) named 'ci-runner'"
    response = client.post("/api/v1/runs", json=make_run_doc(), headers=bearer(token))
    assert response.status_code == 401


def test_cli_rejects_unknown_scope(cli_env):
    result = cli_env.invoke(cli, ["token", "create", "x", "--scope", "root"])
    assert result.exit_code == 2
    assert "use one of read, upload, admin" in result.output


def read_app(settings) -> TestClient:
    app = create_app(settings)
    router = APIRouter()

    @router.get("/api/v1/probe")
    def probe(_: ReadAccess) -> dict[str, str]:
        return {"ok": "yes"}

    app.router.routes.insert(0, router.routes[0])
    return TestClient(app)


def test_reads_are_open_when_read_tokens_are_off(settings):
    with read_app(settings) as c:
        assert c.get("/api/v1/probe").json() == {"ok": "yes"}


def test_read_tokens_on_needs_a_token_of_any_scope(settings):
    url = settings.resolved_database_url
    with read_app(settings.model_copy(update={"read_tokens": True})) as c:
        assert c.get("/api/v1/probe").status_code == 401
        assert (
            c.get("/api/v1/probe", headers=bearer(create_test_token(url, "read"))).status_code
            == 200
        )
        assert (
            c.get("/api/v1/probe", headers=bearer(create_test_token(url, "upload"))).status_code
            == 200
        )
        assert (
            c.get(f"/api/v1/probe?access_token={create_test_token(url, 'read')}").status_code == 400
        )


def test_access_log_lines_never_carry_a_query_token():
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        (
            "127.0.0.1:5000",
            "POST",
            "/api/v1/runs?x=1&Token=cbt_secret&access_token=cbt_s2",
            "1.1",
            400,
        ),
        None,
    )
    assert RedactQueryTokens().filter(record)
    assert (
        record.getMessage()
        == '127.0.0.1:5000 - "POST /api/v1/runs?x=1&Token=[redacted]&access_token=[redacted] HTTP/1.1" 400'
    )


def test_cli_version():
    from importlib.metadata import version

    result = CliRunner().invoke(cli, ["--version"])
    assert (result.exit_code, result.stdout) == (
        0,
        f"cryptobench-server {version('cryptobench-server')}\n",
    )
