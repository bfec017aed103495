"""Schemathesis against the OpenAPI document of a real running service: no 5xx, and every
response matches the schema the document declares for it. bench/reliability_schema.py runs
the same with many more examples per operation."""

import re

import httpx
import pytest

from cryptobench_testsupport.reliability_harness import create_token, running_service
from cryptobench_testsupport.reliability_schema import (
    DOCUMENTED,
    SERVER_AND_SCHEMA,
    operation_count,
    schemathesis,
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
