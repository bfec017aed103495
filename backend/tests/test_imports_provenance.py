"""Provenance of imported figures (issue 36), through POST /api/v1/imports on both databases:
the preview shows the plausibility flags storing would raise, with their reasons; the person's
date is the run's start where the output states none, and the run says where its date came
from; pastes that name no machine never share one."""

from pathlib import Path

from history_support import store_client  # noqa: F401

ROOT = Path(__file__).parents[2]
EMBEDDED = ROOT / "parsers/tests/fixtures/embedded"
OPENSSL = ROOT / "collectors/tests/fixtures/openssl"
CRITERION = ROOT / "parsers/tests/fixtures/corpus/criterion"


def test_the_preview_shows_the_flags_storing_would_raise(store_client):  # noqa: F811
    saturated = (EMBEDDED / "nuclei_mbedtls_benchmark_saturated.md").read_bytes()
    preview = store_client.post("/api/v1/imports", params={"dry_run": "true"}, content=saturated)
    assert preview.status_code == 200, preview.text
    [run] = preview.json()["runs"]
    rows = {(row["name"], row["metric"]): row for row in run["preview"]}
    md5 = rows[("MD5", "bytes_per_s")]
    assert (md5["value"], md5["unit"], md5["flags"]) == (
        4194304.0,
        "KiB/s",
        ["exceeds_clock", "saturated", "cycles_disagree", "repeated_value"],
    )
    assert (
        md5["flag_reasons"]["saturated"]
        == "the figure is a counter at its ceiling (2^k or 2^k - 1)"
    )
    assert sum(bool(row["flags"]) for row in run["preview"]) == 30
    stored = store_client.post("/api/v1/imports", content=saturated).json()["runs"][0]
    results = store_client.get(f"/api/v1/runs/{stored['run_id']}").json()["results"]
    assert [r["flags"] for r in results] == [row["flags"] for row in run["preview"]]
    devcrypto = (OPENSSL / "seed003_beaglebone_1.1.1_with_devcrypto.txt").read_bytes()
    engine = store_client.post("/api/v1/imports", params={"dry_run": "1"}, content=devcrypto)
    [run] = engine.json()["runs"]
    assert [(row["bytes_per_s"], row["flags"]) for row in run["preview"]][-1] == (
        6619136000.0,
        ["cpu_time"],
    )


def test_the_persons_date_and_where_each_runs_date_came_from(store_client):  # noqa: F811
    text = (CRITERION / "anza-xyz-alpenglow_pr512_warnings.txt").read_bytes()
    given = store_client.post(
        "/api/v1/imports", params={"started_at": "2024-03-05T10:30:00"}, content=text
    )
    assert given.status_code == 201, given.text
    [run] = given.json()["runs"]
    assert (run["machine"], run["started_at"], run["date_source"]) == (
        "unknown machine (paste 7bb7b0ae)",
        "2024-03-05T10:30:00Z",
        "given",
    )
    stored = store_client.get(f"/api/v1/runs/{run['run_id']}").json()
    assert (stored["started_at"], stored["machine_extra"]) == (
        "2024-03-05T10:30:00Z",
        {"date_source": "given"},
    )
    other = (CRITERION / "MystenLabs-fastcrypto_pr125_glued_progress.txt").read_bytes()
    [run] = store_client.post("/api/v1/imports", content=other).json()["runs"]
    stored = store_client.get(f"/api/v1/runs/{run['run_id']}").json()
    assert (run["machine"], stored["machine_extra"]) == (
        "unknown machine (paste a698e021)",
        {"date_source": "import-time"},
    )
    bad = store_client.post("/api/v1/imports", params={"started_at": "yesterday"}, content=text)
    assert bad.status_code == 422
