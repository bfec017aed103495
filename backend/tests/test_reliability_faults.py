"""The service killed -9 and PostgreSQL restarted while real agents upload: the agents' spools
keep every run, and `cryptobench spool flush` stores each exactly once with its content.
bench/reliability_faults.py is the long version."""

import pytest

from cryptobench_testsupport.pgcluster import destroy, start_cluster
from cryptobench_testsupport.reliability_faults import run_faults
from cryptobench_testsupport.reliability_harness import (
    Service,
    expected_results,
    migrated_for_upload,
    stored_runs,
)

AGENTS, PER_PHASE = 4, 8


@pytest.fixture
def cluster():
    cluster = start_cluster()
    yield cluster
    destroy(cluster)


def test_kill_9_and_postgres_restart_lose_and_duplicate_nothing(cluster, tmp_path):
    database_url = cluster.create_database("faults")
    token = migrated_for_upload(database_url, tmp_path, "faults")
    service = Service(database_url, tmp_path).start()
    try:
        report, agents = run_faults(
            service, cluster, token, tmp_path, agents=AGENTS, per_phase=PER_PHASE
        )
        stored = stored_runs(database_url)
    finally:
        service.stop()
    print(vars(report) | {"planned": len(report.planned)})
    total = AGENTS * PER_PHASE
    assert 0 < report.stored_at_kill < total, "the kill must land mid-upload"
    assert report.pending_after_kill > 0, "the kill must leave runs in the spools"
    assert report.stored_at_db_restart < report.stored_before_restart_phase + total, (
        "the restart must land mid-upload"
    )
    assert set(report.upload_exit_codes) <= {0, 3}
    assert report.flush_exit_codes == [0] * AGENTS, [agent.outputs[-1] for agent in agents]
    assert [agent.count("pending") for agent in agents] == [0] * AGENTS
    assert [agent.count("failed") for agent in agents] == [0] * AGENTS
    assert [agent.count("sent") for agent in agents] == [2 * PER_PHASE] * AGENTS
    assert len(report.planned) == 2 * total
    assert stored == {
        run_id: expected_results(document) for run_id, document in report.planned.items()
    }
