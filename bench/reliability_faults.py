"""The service killed -9 and PostgreSQL restarted while 10 real `cryptobench upload` agents
send 400 runs; then every agent's `cryptobench spool flush`. Counts and compares what is stored.
Last line: {"bench", "ours" (runs stored exactly once with their content), "baseline" (runs made), "ratio", "unit"}.
"""

import json
import sys
import tempfile
from pathlib import Path

from cryptobench_testsupport.pgcluster import destroy, start_cluster
from cryptobench_testsupport.reliability_faults import run_faults
from cryptobench_testsupport.reliability_harness import (
    Service,
    expected_results,
    migrated_for_upload,
    stored_runs,
)

AGENTS, PER_PHASE = 10, 20


def main() -> None:
    cluster = start_cluster()
    try:
        workdir = Path(tempfile.mkdtemp(prefix="cryptobench-faults-"))
        database_url = cluster.create_database("faults")
        token = migrated_for_upload(database_url, workdir, "faults")
        service = Service(database_url, workdir).start()
        try:
            report, agents = run_faults(
                service, cluster, token, workdir, agents=AGENTS, per_phase=PER_PHASE
            )
        finally:
            service.stop()
        stored = stored_runs(database_url)
    finally:
        destroy(cluster)
    exact = sum(
        1 for run_id, doc in report.planned.items() if stored.get(run_id) == expected_results(doc)
    )
    figures = {
        "runs_made": len(report.planned),
        "runs_stored": len(stored),
        "stored_exactly_once_and_equal": exact,
        "lost": len(set(report.planned) - set(stored)),
        "unexpected": len(set(stored) - set(report.planned)),
        "stored_when_killed": report.stored_at_kill,
        "spooled_after_kill": report.pending_after_kill,
        "stored_when_db_restarted": report.stored_at_db_restart,
        "spooled_after_db_restart": report.pending_after_db_restart,
        "flush_exit_codes": sorted(set(report.flush_exit_codes)),
        "left_pending": sum(a.count("pending") for a in agents),
        "failed": sum(a.count("failed") for a in agents),
    }
    print(json.dumps(figures))
    ok = (
        exact == len(report.planned) == len(stored)
        and figures["left_pending"] == figures["failed"] == 0
    )
    print(
        json.dumps(
            {
                "bench": "reliability_faults",
                "ours": exact,
                "baseline": len(report.planned),
                "ratio": round(exact / len(report.planned), 4),
                "unit": "runs stored exactly once with their content / runs made (kill -9 + PostgreSQL restart)",
            }
        )
    )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
