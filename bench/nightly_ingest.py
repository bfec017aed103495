"""Ingest cost as history grows: one machine uploads the same 5,000-result run (873 series)
every night for 200 nights through `ingest_run`, the write path of every upload (throwaway
PostgreSQL). Ours: median ms of the last 10 uploads; baseline: median ms of the first 10, so
the ratio is how much an upload slows down once its series have 200 runs behind them.

Last line: {"bench": "nightly_ingest", "ours", "baseline", "ratio", "unit": "ms", "nights"}.
"""

import json
import statistics
import time
import uuid
from datetime import UTC, datetime, timedelta

from ingest import make_result

from cryptobench_contract import RunDocument
from cryptobench_server.db import make_engine
from cryptobench_server.migrate import upgrade
from cryptobench_server.store.ingest import ingest_run
from cryptobench_testsupport.pgcluster import destroy, start_cluster

NIGHTS, RESULTS, EDGE = 200, 5_000, 10
FIRST_NIGHT = datetime(2026, 1, 1, 2, 0, tzinfo=UTC)


def night(n: int, results: list[dict]) -> RunDocument:
    """Night n's run: the same series, their figures drifting by up to 0.6%."""
    drift = 1 + 0.001 * (n % 7)
    return RunDocument.model_validate(
        {
            "run_id": str(uuid.uuid4()),
            "source": "openssl-speed",
            "started_at": (FIRST_NIGHT + timedelta(days=n)).isoformat(),
            "machine": {"name": "nightly-box", "arch": "x86_64", "cores": 2, "clock_hz": 2.3e9},
            "tool": {"name": "openssl", "version": "3.0.13"},
            "results": [{**r, "value": r["value"] * drift} for r in results],
        }
    )


def main() -> None:
    results = [make_result(i) for i in range(RESULTS)]
    cluster = start_cluster()
    try:
        url = cluster.create_database("nightly")
        upgrade(url)
        engine = make_engine(url)
        took = []
        for n in range(NIGHTS):
            doc = night(n, results)
            start = time.perf_counter()
            ingest_run(engine=engine, doc=doc)
            took.append((time.perf_counter() - start) * 1000)
        engine.dispose()
    finally:
        destroy(cluster)
    baseline, ours = statistics.median(took[:EDGE]), statistics.median(took[-EDGE:])
    print(
        f"upload of {RESULTS:,} results: {baseline:.0f} ms on nights 1-{EDGE}, "
        f"{ours:.0f} ms on nights {NIGHTS - EDGE + 1}-{NIGHTS} (medians)"
    )
    print(
        json.dumps(
            {
                "bench": "nightly_ingest",
                "ours": round(ours, 1),
                "baseline": round(baseline, 1),
                "ratio": round(ours / baseline, 3),
                "unit": "ms",
                "nights": NIGHTS,
            }
        )
    )


if __name__ == "__main__":
    main()
