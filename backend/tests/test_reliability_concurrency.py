"""20 agents upload at once (duplicates, conflicting re-uploads, races on the same run_id) while
the chart is queried: every run stored exactly once, no 5xx. bench/reliability_load.py is the
long version (1,000 runs) and prints the latency figures."""

from cryptobench_testsupport.reliability_harness import (
    create_token,
    expected_results,
    make_run,
    running_service,
    stored_runs,
)
from cryptobench_testsupport.reliability_load import run_load

AGENTS, RUNS, DUPLICATES, CONFLICTS, RACES = 20, 5, 2, 1, 1


def test_concurrent_uploads_store_every_run_exactly_once(make_database, tmp_path):
    database_url = make_database()
    token = create_token(database_url, tmp_path, "load", "upload")
    with running_service(database_url, tmp_path) as service:
        report = run_load(
            service.url,
            token,
            agents=AGENTS,
            runs=RUNS,
            duplicates=DUPLICATES,
            conflicts=CONFLICTS,
            races=RACES,
            idle_queries=20,
        )
    figures = report.figures()
    print(figures)
    total_runs = AGENTS * RUNS
    assert figures["server_errors"] == 0
    assert figures["uploads"] == AGENTS * (RUNS + DUPLICATES + CONFLICTS + RACES)
    assert report.statuses("conflict") == {409: AGENTS * CONFLICTS}
    assert set(report.statuses("new")) | set(report.statuses("race")) <= {200, 201}
    assert report.statuses("duplicate") == {200: AGENTS * DUPLICATES}
    assert figures["runs_accepted"] == total_runs
    assert figures["duplicates_refused"] == AGENTS * (DUPLICATES + RACES)
    assert set(report.created_per_run().values()) == {1}
    assert {status for status, _ in report.chart_loaded + report.chart_idle} == {200}
    assert figures["chart_queries_loaded"] > 0
    stored = stored_runs(database_url)
    planned = {make_run(a, i)["run_id"]: make_run(a, i) for a in range(AGENTS) for i in range(RUNS)}
    assert len(stored) == total_runs
    assert stored == {run_id: expected_results(document) for run_id, document in planned.items()}
