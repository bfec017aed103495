"""20 agents upload at once (duplicates, conflicting re-uploads, races on the same run_id) while
the chart is queried: every run stored exactly once, no 5xx. bench/reliability_load.py is the
long version (1,000 runs) and prints the latency figures. Deletions, uploads and whole rebuilds
racing on PostgreSQL: no deadlock, and what is left is what a rebuild makes."""

import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.exc import OperationalError
from test_rollups import assert_same, snapshot

from cryptobench_server import locks
from cryptobench_server.changes.store import detect_all
from cryptobench_server.errors import contention
from cryptobench_server.store import rollups
from cryptobench_testsupport.pgcluster import free_port
from cryptobench_testsupport.reliability_harness import (
    create_token,
    expected_results,
    is_problem,
    run_id_for,
    running_service,
    server_cli,
    stored_runs,
)
from cryptobench_testsupport.reliability_load import planned_runs, run_load

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
    planned = planned_runs(AGENTS, RUNS)
    assert len(stored) == total_runs
    assert stored == {run_id: expected_results(document) for run_id, document in planned.items()}


MACHINES, NIGHTS, STEP_NIGHT = 4, 15, 6
RACING = {2, 5, 8, 11, 14}  # uploaded during the race; the other nights before it
DELETED = {1, 4, 6, 7, 10}  # of the nights stored before the race


def nightly(machine: int, night: int) -> dict:
    """One machine's nightly run: its figures step 50% at STEP_NIGHT (a change in every lineage)."""
    level = (1.0 if night < STEP_NIGHT else 1.5) * (1 + 0.001 * (night % 3))
    result = {"family": "signature", "algorithm": "ECDSA", "library": "OpenSSL"}
    result |= {"params": {"curve": "secp256r1"}}
    return {
        "schema": "cryptobench.run/v1",
        "run_id": run_id_for(machine, night),
        "source": "manual",
        "started_at": f"2026-11-{night + 1:02d}T02:00:00Z",
        "machine": {"name": f"race-{machine}", "arch": "x86_64", "cores": 4},
        "tool": {"name": "race", "version": "1"},
        "results": [
            {**result, "name": "sign", "operation": "sign", "metric": "ops_per_s"}
            | {"value": 1000.0 * level, "unit": "ops/s"},
            {**result, "name": "verify", "operation": "verify", "metric": "ns_per_op"}
            | {"value": 3000.0 / level, "unit": "ns/op"},
        ],
    }


def _race(service_url: str, upload: str, admin: str, commands: list[Callable[[], int]]) -> list:
    """Upload the RACING nights, delete the DELETED ones and run `commands` all at once;
    returns (what, status) of every request and command."""
    jobs: list[tuple[str, Callable[[], int]]] = []
    for machine in range(MACHINES):
        for night in RACING:
            body = json.dumps(nightly(machine, night))
            jobs.append(("upload", partial(_post, service_url, upload, body)))
        for night in DELETED:
            jobs.append(
                ("delete", partial(_delete, service_url, admin, run_id_for(machine, night)))
            )
    jobs += [("command", command) for command in commands]
    start = threading.Barrier(len(jobs))

    def go(job: Callable[[], int]) -> int:
        start.wait()
        return job()

    with ThreadPoolExecutor(len(jobs)) as pool:
        statuses = list(pool.map(go, [job for _, job in jobs]))
    return [(what, status) for (what, _), status in zip(jobs, statuses, strict=True)]


def _sent_until_not_busy(send: Callable[[], httpx.Response]) -> int:
    """What a client that honours 503 + Retry-After ends with: the service may say it is busy
    (a full connection pool, a lock not granted in time) while a rebuild holds the read model;
    it must never answer that it deadlocked, nor keep refusing."""
    for _ in range(20):
        response = send()
        if response.status_code != 503:
            return response.status_code
        assert "deadlock" not in response.json()["detail"], response.text
        time.sleep(float(response.headers["Retry-After"]))
    return response.status_code


def _post(url: str, token: str, body: str) -> int:
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    return _sent_until_not_busy(
        lambda: httpx.post(f"{url}/api/v1/runs", content=body, headers=headers, timeout=120)
    )


def _delete(url: str, token: str, run_id: str) -> int:
    headers = {"Authorization": f"Bearer {token}"}
    return _sent_until_not_busy(
        lambda: httpx.delete(f"{url}/api/v1/runs/{run_id}", headers=headers, timeout=120)
    )


def _cli(database_url: str, workdir: Path, *args: str) -> Callable[[], int]:
    def run() -> int:
        server_cli(database_url, workdir, *args)
        return 0

    return run


def _changes(engine) -> list[tuple]:
    columns = "r.run_id, b.run_id, c.lineage, c.name, c.before, c.after, c.ratio, c.direction"
    query = (
        f"SELECT {columns}, c.what_changed FROM changes c JOIN runs r ON r.id = c.run_pk "
        "JOIN runs b ON b.id = c.baseline_run_pk ORDER BY c.lineage, r.started_at"
    )
    with engine.connect() as connection:
        return [tuple(row) for row in connection.execute(text(query))]


def test_deletes_uploads_and_rebuilds_racing_on_postgresql_leave_what_a_rebuild_makes(
    make_database, tmp_path
):
    """Admin DELETEs racing uploads of the same machines, a `rollups rebuild` and a `changes
    detect` at once: no 5xx but a busy 503 that a retry gets past (never a deadlock), and the end state is what the remaining runs make."""
    database_url = make_database()
    upload = create_token(database_url, tmp_path, "race", "upload")
    admin = create_token(database_url, tmp_path, "ops", "admin")
    before = [(m, n) for m in range(MACHINES) for n in range(NIGHTS) if n not in RACING]
    with running_service(database_url, tmp_path) as service:
        for machine, night in before:
            assert _post(service.url, upload, json.dumps(nightly(machine, night))) == 201
        commands = [
            _cli(database_url, tmp_path, "rollups", "rebuild"),
            _cli(database_url, tmp_path, "changes", "detect"),
        ]
        answered = _race(service.url, upload, admin, commands)
    assert Counter(answered) == Counter(
        {("upload", 201): MACHINES * len(RACING), ("delete", 204): MACHINES * len(DELETED)}
        | {("command", 0): 2}
    )
    kept = [(m, n) for m in range(MACHINES) for n in range(NIGHTS) if n not in DELETED]
    assert stored_runs(database_url) == {
        run_id_for(m, n): expected_results(nightly(m, n)) for m, n in kept
    }
    engine = create_engine(database_url)
    read_model, changes = snapshot(engine), _changes(engine)
    assert len(changes) == MACHINES * 2  # the step, once per lineage
    with engine.begin() as connection:
        rollups.rebuild(connection)
        detect_all(connection)
    assert_same(read_model, snapshot(engine))
    assert changes == _changes(engine)
    engine.dispose()


def test_a_lock_not_granted_in_time_is_a_busy_503_not_database_unavailable(make_database, tmp_path):
    """With lock_timeout set and a rebuild holding the read model, an upload answers 503 naming
    the lock, and `rollups rebuild` says the same and exits 1; once the lock is free, 201."""
    database_url = make_database()
    token = create_token(database_url, tmp_path, "busy", "upload")
    engine = create_engine(database_url)
    with engine.begin() as connection:
        name = connection.scalar(text("SELECT current_database()"))
        connection.execute(text(f"ALTER DATABASE \"{name}\" SET lock_timeout = '300ms'"))
    body = json.dumps(nightly(0, 0))
    with running_service(database_url, tmp_path) as service, engine.connect() as holder:
        with holder.begin():
            locks.read_model(holder, exclusive=True)
            headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
            busy = httpx.post(f"{service.url}/api/v1/runs", content=body, headers=headers)
            with pytest.raises(RuntimeError) as rebuild:
                server_cli(database_url, tmp_path, "rollups", "rebuild")
        assert _post(service.url, token, body) == 201
    engine.dispose()
    assert is_problem(busy, 503) and busy.headers["Retry-After"] == "1"
    assert busy.json()["detail"] == (
        "the database rolled this request back (a lock not granted within lock_timeout); "
        "it changed nothing, send it again"
    )
    assert "exited 1" in str(rebuild.value)
    assert "error: the database rolled the command back (a lock not granted within " in str(
        rebuild.value
    )


def test_a_deadlock_and_a_locked_sqlite_file_are_told_apart_from_an_unreachable_database(
    pg_url, tmp_path
):
    """A real deadlock on PostgreSQL and a real SQLITE_BUSY are contention, named; a refused
    connection is not (it stays "database unavailable")."""
    engine = create_engine(pg_url)
    start, caught = threading.Barrier(2), []

    def lock(first: int, second: int) -> None:
        with engine.begin() as connection:
            connection.execute(select(func.pg_advisory_xact_lock(first)))
            start.wait()
            try:
                connection.execute(select(func.pg_advisory_xact_lock(second)))
            except OperationalError as exc:
                caught.append(exc)

    threads = [threading.Thread(target=lock, args=pair) for pair in ((1, 2), (2, 1))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    engine.dispose()
    assert [contention(exc) for exc in caught] == ["a deadlock with concurrent writes"]

    sqlite = create_engine(f"sqlite:///{tmp_path / 'busy.sqlite'}", connect_args={"timeout": 0})
    with sqlite.connect() as holder, sqlite.connect() as other:
        holder.exec_driver_sql("BEGIN IMMEDIATE")
        with pytest.raises(OperationalError) as locked:
            other.exec_driver_sql("BEGIN IMMEDIATE")
    assert contention(locked.value) == "the database stayed locked by another writer"

    unreachable = create_engine(f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/none")
    with pytest.raises(OperationalError) as refused:
        unreachable.connect()
    assert contention(refused.value) is None
