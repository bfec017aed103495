"""Memory bounded by the body cap (issue 25, items 1-2), measured on a real server process's
resident memory (/proc VmRSS and VmHWM, testsupport's MemoryWatch):

- a paste of openssl speed outputs up to the import cap is parsed and stored within 10x the body
  plus 300 MB, with one artifact for all its runs; a 30 MB paste is a 413 within the same bound;
- a 1 GiB body streamed chunked without a token costs under 50 MB, on every route that reads a
  body: the token is checked before any byte of it is read;
- an app let go is collected with its engine: nothing module-level keeps it alive.
"""

import gc
import weakref
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from cryptobench_server.app import create_app
from cryptobench_testsupport.reliability_harness import (
    is_problem,
    migrated_for_upload,
    run_id_for,
    running_service,
)
from cryptobench_testsupport.reliability_hostile_bodies import stream_chunked
from cryptobench_testsupport.reliability_process import MB, MemoryWatch

OPENSSL = Path(__file__).parents[2] / "collectors" / "tests" / "fixtures" / "openssl"
GIB = 1024 * MB


def paste_bound_mb(body: int) -> float:
    return 10 * body / MB + 300


def repeated(name: str, size: int) -> bytes:
    unit = (OPENSSL / name).read_bytes()
    return unit * (size // len(unit) + 1)


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    """A server over SQLite (the embedded default) with an upload token."""
    workdir = tmp_path_factory.mktemp("memory")
    url = f"sqlite:///{workdir / 'memory.sqlite'}"
    token = migrated_for_upload(url, workdir, "memory")
    with running_service(url, workdir) as service:
        yield service, {"Authorization": f"Bearer {token}", "Content-Type": "text/plain"}


def test_a_paste_of_one_long_output_near_the_import_cap_stays_within_10x_plus_300_mb(stack):
    """6 MB of -mr records: one output whose 60,000 warnings were a 500 before (10,000 kept)."""
    service, headers = stack
    body = repeated("openssl-3.0.19_mr_mixed.txt", 6_000_000)
    with MemoryWatch(service, paste_bound_mb(len(body))) as watch:
        response = httpx.post(
            f"{service.url}/api/v1/imports", content=body, headers=headers, timeout=60
        )
    assert response.status_code == 201, response.text[:300]
    [run] = response.json()["runs"]
    assert len(response.json()["warnings"]) == 10_000
    assert watch.peak_mb <= paste_bound_mb(len(body)), watch.figures()
    shown = httpx.get(f"{service.url}{run['url']}", timeout=30).json()["artifact"]
    assert len(shown["content"]) == 4 * MB and shown["content"].endswith("truncated]\n")


def test_a_paste_of_many_sessions_shares_one_artifact_within_the_bound(stack):
    """80 sessions of 4.2 MB each (one copy of the artifact per run before: 80 x 4 MB)."""
    service, headers = stack
    session = repeated("openssl-3.0.19_human_mixed.txt", 0)
    body = repeated("openssl-3.0.19_human_mixed.txt", 80 * len(session) - 1)
    body += b" " * (4_200_000 - len(body))
    with MemoryWatch(service, paste_bound_mb(len(body))) as watch:
        response = httpx.post(
            f"{service.url}/api/v1/imports",
            content=body,
            params={"machine_name": "many"},
            headers=headers,
            timeout=60,
        )
    assert response.status_code == 201, response.text[:300]
    assert len(response.json()["runs"]) == 80
    assert watch.peak_mb <= paste_bound_mb(len(body)), watch.figures()


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_30_mb_paste_is_a_413_naming_the_cap_within_the_bound(stack, chunked):
    service, headers = stack
    body = repeated("openssl-3.0.19_human_mixed.txt", 30_000_000)
    content = (body[i : i + MB] for i in range(0, len(body), MB)) if chunked else body
    with MemoryWatch(service, paste_bound_mb(len(body))) as watch:
        response = httpx.post(
            f"{service.url}/api/v1/imports", content=content, headers=headers, timeout=60
        )
    assert response.status_code == 413 and is_problem(response, 413)
    assert response.json()["detail"] == f"Request body larger than {8 * MB} bytes"
    assert watch.peak_mb <= paste_bound_mb(len(body)), watch.figures()


def test_more_runs_than_an_import_makes_is_a_422_before_storing_any(stack):
    service, headers = stack
    body = repeated("openssl-3.0.19_human_mixed.txt", 101 * 2359)
    response = httpx.post(
        f"{service.url}/api/v1/imports",
        content=body,
        params={"machine_name": "too-many"},
        headers=headers,
        timeout=60,
    )
    assert response.status_code == 422 and "more than 100 runs" in response.json()["detail"]
    runs = httpx.get(f"{service.url}/api/v1/runs", params={"machine": "too-many"}, timeout=30)
    assert runs.json()["data"] == []


@pytest.mark.parametrize(
    "route",
    [f"/api/v1/runs/{run_id_for(1, 0)}/notes", "/api/v1/runs", "/api/v1/imports"],
    ids=["notes", "runs", "imports"],
)
def test_an_anonymous_1_gib_body_costs_under_50_mb(stack, route):
    service, _ = stack
    with MemoryWatch(service, 50) as watch:
        response = stream_chunked(service.url, route, GIB, timeout_s=15)
    assert response.status_code == 401, response.text[:300]
    assert watch.growth_mb <= 50, watch.figures()


def test_an_app_let_go_is_collected_with_its_engine(settings):
    """FastAPI keeps every endpoint in a module-level cache (4,096 entries): an endpoint that
    closed over its app kept the app, its engine and the engine's statement cache alive. The test
    process makes hundreds of apps; kept, they grew it to 5.8M objects, each full garbage
    collection then paused every thread for 4 s, and a query with a 0.2 s budget ran 4.2 s."""
    app = create_app(settings)
    with TestClient(app) as client:
        for page in ("/docs", "/redoc", "/api/v1/health", "/explorer"):
            assert client.get(page).status_code == 200, page
    app.state.engine.dispose()
    kept = weakref.ref(app), weakref.ref(app.state.engine)
    del app, client
    gc.collect()
    assert [ref() for ref in kept] == [None, None]
