"""More concurrent reads than database connections (issue 35, "a pool that degrades
gracefully"), on a real server process over each store: 200 `GET /api/v1/runs?limit=50` at once
answer 200, or 503 problem+json with Retry-After once a request waited `pool_wait_s` for one of
the `pool_size` database slots (or, on a loaded machine, once a read ran past its time limit);
never a 500, and `/health` answers meanwhile.

Before: the sessions' connections waited for threads that waited for connections, until the
pool's 30 s timeout: on SQLite 78 x 200, 82 x 503 and 40 x 500 after 38 s."""

import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx

from cryptobench_testsupport.reliability_harness import is_problem, running_service

READS = 200


def burst(url: str) -> tuple[list[httpx.Response], httpx.Response, float]:
    """READS reads at once, and a health probe sent once they are under way: the answers, the
    probe's answer and its seconds."""
    start = threading.Barrier(READS + 1)

    def read(_: int) -> httpx.Response:
        start.wait()
        return httpx.get(f"{url}/api/v1/runs?limit=50", timeout=120)

    def probe() -> tuple[httpx.Response, float]:
        start.wait()
        time.sleep(0.2)
        began = time.monotonic()
        response = httpx.get(f"{url}/api/v1/health", timeout=120)
        return response, time.monotonic() - began

    with ThreadPoolExecutor(READS + 1) as pool:
        health = pool.submit(probe)
        answers = list(pool.map(read, range(READS)))
    return answers, *health.result()


def test_200_concurrent_reads_answer_200_or_503_and_health_answers(store_url, tmp_path):
    with running_service(store_url, tmp_path) as service:
        answers, health, health_s = burst(service.url)
    statuses = Counter(response.status_code for response in answers)
    print(dict(statuses), f"health {health.status_code} in {health_s:.2f} s")
    assert set(statuses) <= {200, 503}
    for response in answers:
        if response.status_code == 503:
            assert is_problem(response, 503)
            if response.json()["title"] == "Query stopped":  # on a loaded machine, past 10 s
                assert "ran past the limit of 10 s" in response.json()["detail"]
            else:
                assert response.headers["retry-after"] == "3"
    assert health.status_code == 200  # not a pool 503: health has a connection of its own
    assert health_s < 60


def test_a_read_that_waited_pool_wait_s_for_a_slot_is_a_503_with_retry_after(store_url, tmp_path):
    with running_service(store_url, tmp_path, pool_size="1", pool_wait_s="0.05") as service:
        answers, health, _ = burst(service.url)
    statuses = Counter(response.status_code for response in answers)
    print(dict(statuses))
    assert 503 in statuses and set(statuses) <= {200, 503}
    busy = next(response for response in answers if response.status_code == 503)
    assert is_problem(busy, 503)
    assert busy.headers["retry-after"] == "1"
    assert busy.json()["detail"] == (
        "the database is busy: every connection for requests stayed in use for 0.05 s; "
        "send the request again in 1 s"
    )
    assert health.status_code == 200
