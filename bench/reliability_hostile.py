"""Every hostile probe of issue 25 with its bound, against a real server on SQLite and on a
throwaway PostgreSQL cluster: large pastes and anonymous bodies (server RSS), many filter keys
(time, work left after), extreme numbers and odd fields (no 5xx, the same answer on both
databases), CSV injection, cursors past 64 bits, deletes racing uploads, spool flushes.
Prints one line per probe, the server's peak RSS during the largest paste and the longest
request, then {"bench", "ours" (probes failed), "baseline" (probes tried), "ratio", "unit"}.
`--quick` runs the sizes of the `make test` version; `--only NAME` (repeatable) some probes.
"""

import argparse
import json
import sys
import tempfile
from pathlib import Path

from cryptobench_testsupport.pgcluster import destroy, start_cluster
from cryptobench_testsupport.reliability_hostile import (
    QUICK,
    Outcome,
    Sizes,
    agreement,
    hostile_stack,
)
from cryptobench_testsupport.reliability_hostile_suite import (
    largest_paste,
    longest_request,
    probes,
    run_probes,
)


def pass_on(database: str, url: str, workdir: Path, chosen: list) -> list[Outcome]:
    with hostile_stack(database, url, workdir) as stack:
        return run_probes(stack, chosen)


def answer(outcome: Outcome) -> str:
    if outcome.figures.get("server_killed"):
        return "server killed past its bound"
    return f"status {outcome.figures.get('status', 'none')}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", action="append", default=[])
    args = parser.parse_args()
    sizes = QUICK if args.quick else Sizes()
    chosen = [p for p in probes(sizes) if not args.only or p.name in args.only]
    workdir = Path(tempfile.mkdtemp(prefix="cryptobench-hostile-"))
    lite = pass_on("sqlite", f"sqlite:///{workdir / 'hostile.sqlite'}", workdir / "sqlite", chosen)
    cluster = start_cluster()
    try:
        url = cluster.create_database("hostile")
        postgres = pass_on("postgresql", url, workdir / "postgresql", chosen)
    finally:
        destroy(cluster)
    outcomes = lite + postgres + agreement(lite, postgres)
    for outcome in outcomes:
        print(outcome.line())
    for paste in largest_paste(lite + postgres):
        print(
            f"largest paste [{paste.database}]: {paste.figures.get('body_mb')} MB body, "
            f"{answer(paste)}, server peak RSS {paste.figures['rss_peak_mb']} MB "
            f"(+{paste.figures['rss_growth_mb']} MB; bound +{paste.bound.max_rss_mb:.0f} MB)"
        )
    longest = longest_request(lite + postgres)
    print(f"longest request: {longest.figures['seconds']} s ({longest.name} [{longest.database}])")
    failed = sum(1 for outcome in outcomes if not outcome.passed)
    print(
        json.dumps(
            {
                "bench": "reliability_hostile",
                "ours": failed,
                "baseline": len(outcomes),
                "ratio": round(failed / len(outcomes), 4),
                "unit": "probes (failed / tried, SQLite and PostgreSQL)",
            }
        )
    )
    sys.exit(0 if failed == 0 else 1)


if __name__ == "__main__":
    main()
