"""Schemathesis against /openapi.json of a real server (throwaway PostgreSQL, demo data loaded),
with many examples per operation: no 5xx and every response matching its declared schema.
Last line: {"bench", "ours" (failing test cases), "baseline" (test cases generated), "ratio", "unit"}.
"""

import json
import re
import sys
import tempfile
from pathlib import Path

from cryptobench_testsupport.pgcluster import destroy, start_cluster
from cryptobench_testsupport.reliability_harness import create_token, running_service, server_cli
from cryptobench_testsupport.reliability_schema import schemathesis

MAX_EXAMPLES = 150


def main() -> None:
    cluster = start_cluster()
    try:
        workdir = Path(tempfile.mkdtemp(prefix="cryptobench-schema-"))
        database_url = cluster.create_database("schema")
        server_cli(database_url, workdir, "migrate")
        server_cli(database_url, workdir, "demo", "load")
        token = create_token(database_url, workdir, "schemathesis", "upload")
        with running_service(database_url, workdir) as service:
            done = schemathesis(
                service.url, token, workdir, max_examples=MAX_EXAMPLES, timeout_s=1500
            )
    finally:
        destroy(cluster)
    summary = done.stdout[done.stdout.find("SUMMARY") :]
    print(summary if done.returncode == 0 else done.stdout[-8000:])
    generated = re.search(r"(\d+) generated", summary)
    failed = re.search(r"(\d+) failed", summary) or re.search(
        r"found (\d+) unique failure", summary
    )
    total, bad = int(generated[1]) if generated else 0, int(failed[1]) if failed else 0
    print(
        json.dumps(
            {
                "bench": "reliability_schema",
                "ours": bad,
                "baseline": total,
                "ratio": round(bad / total, 4) if total else None,
                "unit": "failing schemathesis cases / cases generated",
            }
        )
    )
    sys.exit(0 if done.returncode == 0 else 1)


if __name__ == "__main__":
    main()
