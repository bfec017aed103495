"""Schemathesis against the OpenAPI document of a real running service: no 5xx, and every
response matches the schema the document declares for it. bench/reliability_schema.py runs
the same with many more examples per operation."""

import re
import subprocess
from pathlib import Path

import httpx
from reliability_harness import BIN, create_token, running_service

CHECKS = "not_a_server_error,response_schema_conformance,content_type_conformance,status_code_conformance"


def schemathesis(base_url: str, token: str, workdir: Path, *, max_examples: int, seed: int = 20261123,
                 timeout_s: float = 540) -> subprocess.CompletedProcess:
    command = [str(BIN / "st"), "run", f"{base_url}/openapi.json", "--checks", CHECKS,
               "--max-examples", str(max_examples), "--seed", str(seed), "--generation-database", "none",
               "--workers", "2", "--request-timeout", "60", "--no-color", "--output-truncate", "true",
               "--header", f"Authorization: Bearer {token}"]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, cwd=workdir)


def operation_count(base_url: str) -> int:
    paths = httpx.get(f"{base_url}/openapi.json", timeout=30).json()["paths"]
    return sum(1 for item in paths.values() for method in item if method in ("get", "post", "put", "delete", "patch"))


def test_schemathesis_finds_no_5xx_and_no_schema_violation(make_database, tmp_path):
    database_url = make_database()
    token = create_token(database_url, tmp_path, "schemathesis", "upload")
    with running_service(database_url, tmp_path) as service:
        operations = operation_count(service.url)
        done = schemathesis(service.url, token, tmp_path, max_examples=8)
        healthy = httpx.get(f"{service.url}/api/v1/health", timeout=10).status_code
    summary = done.stdout[done.stdout.find("SUMMARY"):]
    print(summary)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert re.search(rf"Tested: {operations}\b", summary), summary
    assert operations >= 2 and "No issues found" in summary
    assert healthy == 200
