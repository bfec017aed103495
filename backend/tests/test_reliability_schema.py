"""Schemathesis against the OpenAPI document of a real running service: no 5xx, and every
response matches the schema the document declares for it. bench/reliability_schema.py runs
the same with many more examples per operation."""

import re
import subprocess
from pathlib import Path

import httpx
import pytest
from reliability_harness import BIN, create_token, running_service

SERVER_AND_SCHEMA = "not_a_server_error,response_schema_conformance"
DOCUMENTED = "status_code_conformance,content_type_conformance"


def schemathesis(
    base_url: str,
    token: str,
    workdir: Path,
    *,
    max_examples: int,
    checks: str = SERVER_AND_SCHEMA,
    seed: int = 20261123,
    timeout_s: float = 540,
) -> subprocess.CompletedProcess:
    command = [
        str(BIN / "st"),
        "run",
        f"{base_url}/openapi.json",
        "--checks",
        checks,
        "--max-examples",
        str(max_examples),
        "--seed",
        str(seed),
        "--generation-database",
        "none",
        "--workers",
        "1",
        "--request-timeout",
        "60",
        "--no-color",
        "--output-truncate",
        "true",
        "--header",
        f"Authorization: Bearer {token}",
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, cwd=workdir)


def operation_count(base_url: str) -> int:
    paths = httpx.get(f"{base_url}/openapi.json", timeout=30).json()["paths"]
    return sum(
        1
        for item in paths.values()
        for method in item
        if method in ("get", "post", "put", "delete", "patch")
    )


@pytest.fixture(scope="module")
def service(make_database, tmp_path_factory):
    database_url = make_database()
    workdir = tmp_path_factory.mktemp("schemathesis")
    token = create_token(database_url, workdir, "schemathesis", "upload")
    with running_service(database_url, workdir) as service:
        yield service, token, workdir


def run_checks(service, token, workdir, checks: str) -> str:
    operations = operation_count(service.url)
    done = schemathesis(service.url, token, workdir, max_examples=5, checks=checks)
    summary = done.stdout[done.stdout.find("SUMMARY") :]
    print(summary)
    assert done.returncode == 0, done.stdout[-8000:] + done.stderr[-2000:]
    assert re.search(rf"Tested: {operations}\b", summary), summary
    counts = re.search(r"(\d+) generated, (\d+) passed(, \d+ skipped)?\n", summary)
    assert operations >= 2 and counts and counts[1] == counts[2], summary
    assert httpx.get(f"{service.url}/api/v1/health", timeout=10).status_code == 200
    return summary


def test_schemathesis_finds_no_5xx_and_no_schema_violation(service):
    run_checks(*service, SERVER_AND_SCHEMA)


def test_every_status_code_and_content_type_is_documented(service):
    run_checks(*service, DOCUMENTED)
