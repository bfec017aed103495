"""20 agents upload 1,000 runs (with duplicates, conflicting re-uploads and races on the same
run_id) while /api/v1/chart is queried, against a real server on 127.0.0.1 and a throwaway
PostgreSQL cluster. Prints the figures, then checks every accepted run is stored exactly once.
Last line: {"bench", "ours" (chart p95 under load, ms), "baseline" (chart p95 idle, ms), "ratio", "unit"}.
"""

import json
import sys
import tempfile
from pathlib import Path

from cryptobench_testsupport.pgcluster import destroy, start_cluster
from cryptobench_testsupport.reliability_harness import (
    expected_results,
    migrated_for_upload,
    running_service,
    stored_runs,
)
from cryptobench_testsupport.reliability_load import planned_runs, run_load

AGENTS, RUNS, DUPLICATES, CONFLICTS, RACES = 20, 50, 5, 2, 2


def main() -> None:
    cluster = start_cluster()
    try:
        workdir = Path(tempfile.mkdtemp(prefix="cryptobench-load-"))
        database_url = cluster.create_database("load")
        token = migrated_for_upload(database_url, workdir, "load")
        with running_service(database_url, workdir) as service:
            report = run_load(
                service.url,
                token,
                agents=AGENTS,
                runs=RUNS,
                duplicates=DUPLICATES,
                conflicts=CONFLICTS,
                races=RACES,
                idle_queries=200,
            )
        stored = stored_runs(database_url)
    finally:
        destroy(cluster)
    planned = planned_runs(AGENTS, RUNS)
    figures = report.figures()
    lost = sum(1 for run_id in planned if run_id not in stored)
    wrong = sum(
        1
        for run_id, doc in planned.items()
        if stored.get(run_id, expected_results(doc)) != expected_results(doc)
    )
    figures.update(
        runs_planned=len(planned),
        runs_stored=len(stored),
        lost=lost,
        wrong_content=wrong,
        created_more_than_once=sum(1 for n in report.created_per_run().values() if n > 1),
    )
    print(json.dumps(figures))
    ok = lost == wrong == figures["server_errors"] == figures[
        "created_more_than_once"
    ] == 0 and len(stored) == len(planned)
    loaded, idle = figures["chart_p95_loaded_ms"], figures["chart_p95_idle_ms"]
    print(
        json.dumps(
            {
                "bench": "reliability_load",
                "ours": loaded,
                "baseline": idle,
                "ratio": round(loaded / idle, 2),
                "unit": "ms chart p95 (under 20-agent load vs idle)",
            }
        )
    )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
