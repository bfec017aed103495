"""Many agents uploading at once while the chart endpoint is queried (test and bench share it).

Each agent uploads its own runs, then identical re-uploads (duplicates: 200), then re-uploads
with different content under the same run_id (conflicts: 409); it also races its neighbour by
uploading the neighbour's first runs at the same time as the neighbour does.
"""

import json
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx

from cryptobench_testsupport.reliability_harness import make_run, percentile

CHART = "/api/v1/chart?metric=ns_per_op&x=param.curve&series=tag.opt_level&agg=median"


@dataclass(frozen=True)
class Upload:
    kind: str
    run_id: str
    status: int
    seconds: float


@dataclass
class LoadReport:
    uploads: list[Upload] = field(default_factory=list)
    chart_loaded: list[tuple[int, float]] = field(default_factory=list)
    chart_idle: list[tuple[int, float]] = field(default_factory=list)

    def statuses(self, kind: str | None = None) -> Counter:
        return Counter(u.status for u in self.uploads if kind is None or u.kind == kind)

    def created_per_run(self) -> Counter:
        return Counter(u.run_id for u in self.uploads if u.status == 201)

    def figures(self) -> dict[str, float | int]:
        every = self.statuses()
        return {
            "uploads": len(self.uploads),
            "runs_accepted": every[201],
            "duplicates_refused": every[200],
            "conflicts_refused": every[409],
            "server_errors": sum(n for s, n in every.items() if s >= 500)
            + sum(1 for s, _ in self.chart_loaded + self.chart_idle if s >= 500),
            "chart_queries_loaded": len(self.chart_loaded),
            "chart_queries_idle": len(self.chart_idle),
            "chart_p95_idle_ms": round(percentile([t for _, t in self.chart_idle], 95) * 1000, 1),
            "chart_p95_loaded_ms": round(
                percentile([t for _, t in self.chart_loaded], 95) * 1000, 1
            ),
        }


def plan(
    agent: int, agents: int, runs: int, duplicates: int, conflicts: int, races: int
) -> list[tuple[str, dict]]:
    neighbour = (agent + 1) % agents
    items = [("race", make_run(neighbour, i)) for i in range(races)]
    items += [("new", make_run(agent, i)) for i in range(runs)]
    items += [("duplicate", make_run(agent, i)) for i in range(duplicates)]
    items += [("conflict", make_run(agent, i, variant=1)) for i in range(conflicts)]
    return items


def planned_runs(agents: int, runs: int) -> dict[str, dict]:
    """Every run the agents' plans upload as new, by run_id (what must be stored once each)."""
    return {
        document["run_id"]: document
        for document in (make_run(a, i) for a in range(agents) for i in range(runs))
    }


def _agent(
    base_url: str,
    token: str,
    items: list[tuple[str, dict]],
    out: list[Upload],
    start: threading.Barrier,
):
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    with httpx.Client(base_url=base_url, headers=headers, timeout=60) as client:
        start.wait()
        for kind, document in items:
            began = time.perf_counter()
            response = client.post("/api/v1/runs", content=json.dumps(document))
            out.append(
                Upload(kind, document["run_id"], response.status_code, time.perf_counter() - began)
            )


def query_chart(client: httpx.Client) -> tuple[int, float]:
    began = time.perf_counter()
    status = client.get(CHART).status_code
    return status, time.perf_counter() - began


def _querier(
    base_url: str, out: list[tuple[int, float]], stop: threading.Event, start: threading.Barrier
):
    with httpx.Client(base_url=base_url, timeout=60) as client:
        start.wait()
        while not stop.is_set():
            out.append(query_chart(client))


def run_load(
    base_url: str,
    token: str,
    *,
    agents: int = 20,
    runs: int = 50,
    duplicates: int = 5,
    conflicts: int = 2,
    races: int = 2,
    idle_queries: int = 40,
) -> LoadReport:
    """Upload concurrently while querying the chart, then measure the chart alone (idle)."""
    report = LoadReport()
    outputs: list[list[Upload]] = [[] for _ in range(agents)]
    start, stop = threading.Barrier(agents + 1), threading.Event()
    workers = [
        threading.Thread(
            target=_agent,
            args=(
                base_url,
                token,
                plan(a, agents, runs, duplicates, conflicts, races),
                outputs[a],
                start,
            ),
        )
        for a in range(agents)
    ]
    querier = threading.Thread(target=_querier, args=(base_url, report.chart_loaded, stop, start))
    for thread in (*workers, querier):
        thread.start()
    for thread in workers:
        thread.join(timeout=600)
    stop.set()
    querier.join(timeout=60)
    report.uploads = [upload for output in outputs for upload in output]
    with httpx.Client(base_url=base_url, timeout=60) as client:
        report.chart_idle = [query_chart(client) for _ in range(idle_queries)]
    return report
