"""Schemathesis (`st run`) against the OpenAPI document of a running service: the runner shared by
backend/tests/test_reliability_schema.py and bench/reliability_schema.py."""

import subprocess
from pathlib import Path

import httpx

from cryptobench_testsupport.reliability_harness import BIN

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
