"""A 5 MB paste imported: POST /api/v1/imports (uvicorn on 127.0.0.1, throwaway PostgreSQL) of
a JMH result table, next to `cryptobench parse jmh` of the same text.

The paste is the real table of parsers/tests/fixtures/jmh_text (Maccimo's ChainedConDy sweep:
its four rows, decimal commas) swept over more `chainLength` values until it is 5 MB: one table,
one run of ~45k results, parsed, normalized, flagged and stored by the import. Ours: wall
seconds of the import (median of REPEATS, each into a fresh database); baseline: wall seconds of
the CLI parse printing its run document (median of REPEATS). Target: ours < 2 s.

Last line: {"bench": "import_paste", "ours", "baseline", "ratio", "unit": "s", "mb", "results"}.
"""

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from harness.result import print_result
from harness.service import serve, upload_token

from cryptobench_server.migrate import upgrade
from cryptobench_testsupport.pgcluster import destroy, free_port, start_cluster

ROOT = Path(__file__).resolve().parents[1]
TABLE = (
    ROOT / "parsers/tests/fixtures/jmh_text/Maccimo_AsmConDyBigOuch_1.23_params_decimal_comma.txt"
)
SIZE = 5 * 1024 * 1024
REPEATS = 3
#: chainLength values of the sweep: the table repeats them, as a pasted log of many forks does.
SWEEP = 512


def paste() -> str:
    """The fixture's result table, its rows repeated over chainLength 1, 2, 3, ... to SIZE."""
    lines = TABLE.read_text(encoding="utf-8-sig").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Benchmark "))
    header, rows = lines[at], lines[at + 1 : at + 5]
    name_end = header.index("(chainLength)") + len("(chainLength)")
    made, size, length = [header], len(header), 1
    while size < SIZE:
        row = rows[length % len(rows)]
        line = f"{row[: name_end - 13]}{length % SWEEP + 1:>13}{row[name_end:]}"
        made.append(line)
        size, length = size + len(line) + 1, length + 1
    return "\n".join(made) + "\n"


def import_seconds(url: str, text: bytes) -> tuple[float, int]:
    """Wall seconds of one POST /api/v1/imports of `text` into the database at `url`."""
    upgrade(url)
    token = upload_token(url)
    port = free_port()
    server = serve(url, port)
    try:
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "text/plain"}
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=300) as c:
            start = time.perf_counter()
            response = c.post("/api/v1/imports", content=text)
            took = time.perf_counter() - start
        response.raise_for_status()
        (run,) = response.json()["runs"]
        return took, run["results"]
    finally:
        server.terminate()
        server.wait(30)


def parse_seconds(path: Path) -> float:
    """Wall seconds of `cryptobench parse jmh FILE` printing the run document."""
    start = time.perf_counter()
    subprocess.run(
        [str(Path(sys.executable).parent / "cryptobench"), "parse", "jmh", str(path)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> None:
    text = paste().encode()
    cluster = start_cluster()
    try:
        imports = [
            import_seconds(cluster.create_database(f"paste{i}"), text) for i in range(REPEATS)
        ]
    finally:
        destroy(cluster)
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "chained_condy_sweep.txt"
        path.write_bytes(text)
        parses = [parse_seconds(path) for _ in range(REPEATS)]
    ours, baseline = statistics.median(t for t, _ in imports), statistics.median(parses)
    results = imports[0][1]
    mb = round(len(text) / 1e6, 2)
    print(f"{mb} MB paste, {results:,} results: import {ours:.2f} s, CLI parse {baseline:.2f} s")
    print_result("import_paste", ours, baseline, "s", digits=3, mb=mb, results=results)


if __name__ == "__main__":
    main()
