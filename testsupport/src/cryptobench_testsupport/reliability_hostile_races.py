"""Probes of races (issue 25, items 4, 9 and 11): admin deletes racing uploads, a read-model
rebuild during uploads, two `cryptobench spool flush` at once, and a spooled run the server
cannot take between runs it can."""

import json
import os
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from cryptobench_testsupport.reliability_faults import agent_env
from cryptobench_testsupport.reliability_harness import (
    BIN,
    expected_results,
    make_run,
    run_id_for,
    server_env,
)
from cryptobench_testsupport.reliability_hostile import (
    READ_S,
    RUNS,
    Bound,
    Outcome,
    Stack,
    settle,
    stored,
)
from cryptobench_testsupport.reliability_hostile_values import one_result, upload_all

RACE = Bound(statuses=("2xx",), max_s=60)
WORKERS = 8


def _request(stack: Stack, method: str, path: str, token: str, body: Any = None) -> int:
    try:
        response = httpx.request(
            method,
            f"{stack.service.url}{path}",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
            timeout=READ_S * 3,
        )
    except httpx.HTTPError:
        return 0
    return response.status_code


def deletes_racing_uploads(stack: Stack, count: int) -> list[Outcome]:
    """`count` admin DELETEs of a machine's runs while `count` new runs of the same series
    upload: every delete 204, every upload 201, what is left is exactly the new runs."""
    agent = 60
    outcome = Outcome(
        "deletes_racing_uploads",
        stack.database,
        f"{count} DELETE /runs/{{id}} racing {count} uploads of the same series",
        RACE,
    )
    upload_all(stack, outcome, [make_run(agent, i) for i in range(count)])
    work: list[tuple[str, str, str, Any]] = []
    for i in range(count):
        work.append(("DELETE", f"{RUNS}/{run_id_for(agent, i)}", stack.admin_token, None))
        work.append(("POST", RUNS, stack.upload_token, make_run(agent, count + i)))
    started = time.monotonic()
    with ThreadPoolExecutor(WORKERS) as pool:
        statuses = list(pool.map(lambda job: _request(stack, *job), work))
    outcome.figures["seconds"] = round(time.monotonic() - started, 3)
    deletes, uploads = statuses[0::2], statuses[1::2]
    outcome.figures.update(delete_statuses=_tally(deletes), upload_statuses=_tally(uploads))
    outcome.check(deletes == [204] * count, f"deletes answered {_tally(deletes)}")
    outcome.check(uploads == [201] * count, f"uploads answered {_tally(uploads)}")
    wanted = {run_id_for(agent, count + i) for i in range(count)}
    ours = {run_id_for(agent, i) for i in range(2 * count)}
    left = set(stored(stack.database_url)) & ours
    outcome.check(left == wanted, f"{len(left)} runs of the machine left, {len(wanted)} wanted")
    settle(stack, outcome)
    return [outcome]


def _tally(statuses: list[int]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for status in statuses:
        counts[str(status)] = counts.get(str(status), 0) + 1
    return counts


def rebuild_during_uploads(stack: Stack, count: int) -> list[Outcome]:
    """`cryptobench-server rollups rebuild` while `count` runs upload: both succeed."""
    outcome = Outcome(
        "rollups_rebuild_during_uploads",
        stack.database,
        f"`cryptobench-server rollups rebuild` during {count} uploads",
        RACE,
    )
    rebuild = subprocess.Popen(
        [str(BIN / "cryptobench-server"), "rollups", "rebuild"],
        env=server_env(stack.database_url, stack.workdir),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    work = [("POST", RUNS, stack.upload_token, make_run(61, i)) for i in range(count)]
    with ThreadPoolExecutor(4) as pool:
        statuses = list(pool.map(lambda job: _request(stack, *job), work))
    output, _ = rebuild.communicate(timeout=300)
    outcome.figures.update(rebuild_exit=rebuild.returncode, upload_statuses=_tally(statuses))
    outcome.check(rebuild.returncode == 0, f"rebuild exited {rebuild.returncode}: {output[-300:]}")
    outcome.check(statuses == [201] * count, f"uploads answered {_tally(statuses)}")
    settle(stack, outcome)
    return [outcome]


def spool_with(root: Path, documents: list[dict[str, Any]]) -> Path:
    """A spool whose pending/ holds `documents`, oldest first in the given order."""
    pending = root / "pending"
    pending.mkdir(parents=True, exist_ok=True)
    for age, document in enumerate(documents):
        path = pending / f"{document['run_id']}.json"
        path.write_text(json.dumps({"spool_version": 1, "run": document}), encoding="utf-8")
        stamp = time.time() - 3600 + age
        os.utime(path, (stamp, stamp))
    return root


def flush_command(stack: Stack, spool: Path) -> list[str]:
    return [
        str(BIN / "cryptobench"),
        "spool",
        "flush",
        "--server",
        stack.service.url,
        "--token",
        stack.upload_token,
        "--spool-dir",
        str(spool),
    ]


def concurrent_flushes(stack: Stack, count: int) -> list[Outcome]:
    """Two `cryptobench spool flush` of one spool at once: both exit 0 without a traceback,
    every run stored once."""
    documents = [make_run(70, i) for i in range(count)]
    spool = spool_with(stack.workdir / "spool-concurrent", documents)
    outcome = Outcome(
        "spool_flush_twice_at_once",
        stack.database,
        f"two `cryptobench spool flush` of one spool of {count} runs at once",
        Bound(statuses=("exit 0",), max_s=120),
    )
    flushes = [
        subprocess.Popen(
            flush_command(stack, spool),
            env=agent_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for _ in range(2)
    ]
    outputs = [flush.communicate(timeout=120)[0] for flush in flushes]
    codes = [flush.returncode for flush in flushes]
    outcome.figures["exit_codes"] = codes
    outcome.check(codes == [0, 0], f"exit codes {codes}")
    outcome.check(
        not any("Traceback" in output for output in outputs),
        "a traceback: " + " ".join(o[-300:] for o in outputs if "Traceback" in o),
    )
    runs = stored(stack.database_url)
    missing = [d["run_id"] for d in documents if runs.get(d["run_id"]) != expected_results(d)]
    outcome.check(not missing, f"{len(missing)} runs not stored as sent")
    settle(stack, outcome)
    return [outcome]


def poisoned_spool(stack: Stack) -> list[Outcome]:
    """A spooled run the server failed on (change detection over 1e307 then 1e-308, issue 25
    item 4) between two ordinary runs of other machines: the flush still sends those two."""
    outcome = Outcome(
        "spool_flush_past_a_poisoned_run",
        stack.database,
        "spool: ordinary run, a run the server fails on, ordinary run of another machine",
        Bound(statuses=("others stored",), max_s=120),
    )
    upload_all(stack, outcome, [one_result(58, i, 1e307) for i in range(3)])
    first, second = make_run(71, 0), make_run(72, 0)
    spool = spool_with(stack.workdir / "spool-poisoned", [first, one_result(58, 3, 1e-308), second])
    done = subprocess.run(
        flush_command(stack, spool), env=agent_env(), capture_output=True, text=True, timeout=120
    )
    output = done.stdout + done.stderr
    outcome.figures["exit_code"] = done.returncode
    outcome.check("Traceback" not in output, f"a traceback: {output[-300:]}")
    runs = stored(stack.database_url)
    for document in (first, second):
        outcome.check(
            runs.get(document["run_id"]) == expected_results(document),
            f"run of {document['machine']['name']} not sent: {output[-300:]}",
        )
    settle(stack, outcome)
    return [outcome]
