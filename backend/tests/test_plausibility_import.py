"""Plausibility on ingest of real pasted logs (issue 27), on both databases: a 32 MHz board's
saturated `4194304 KiB/s` lines are stored with their flags, the same board's sound run and a
96 MHz board's run carry none. Fixtures: parsers/tests/fixtures/embedded (PROVENANCE.md)."""

from pathlib import Path

from sqlalchemy import create_engine, event, select, update

from cryptobench_server.models import Result, Run
from cryptobench_server.store.imports import import_options, parse_import, store_import
from cryptobench_server.store.reflag import recheck

EMBEDDED = Path(__file__).parents[2] / "parsers" / "tests" / "fixtures" / "embedded"
OPENSSL = Path(__file__).parents[2] / "collectors" / "tests" / "fixtures" / "openssl"
JMH_TABLE = (
    Path(__file__).parents[2]
    / "parsers/tests/fixtures/jmh_text/Maccimo_AsmConDyBigOuch_1.23_params_decimal_comma.txt"
)


def imported_results(client, name: str, folder: Path = EMBEDDED) -> list[dict]:
    response = client.post(
        "/api/v1/imports",
        content=(folder / name).read_bytes(),
        headers={"Content-Type": "text/plain"},
    )
    assert response.status_code == 201, response.text
    (run,) = response.json()["runs"]
    return client.get(f"/api/v1/runs/{run['run_id']}").json()["results"]


def by_name(results: list[dict]) -> dict[tuple[str, str], list[str]]:
    return {(r["name"], r["metric"]): r["flags"] for r in results}


def imported_flags(client, name: str) -> dict[tuple[str, str], list[str]]:
    return by_name(imported_results(client, name))


def stored_flags(client, run_id: str) -> dict[tuple[str, str], list[str]]:
    return by_name(client.get(f"/api/v1/runs/{run_id}").json()["results"])


def test_saturated_counters_are_stored_flagged_with_every_reason(store_client):
    flags = imported_flags(store_client, "nuclei_mbedtls_benchmark_saturated.md")
    assert len(flags) == 69
    assert flags[("MD5", "bytes_per_s")] == [
        "exceeds_clock",
        "saturated",
        "cycles_disagree",
        "repeated_value",
    ]
    assert flags[("MD5", "cycles_per_byte")] == ["cycles_disagree"]
    assert flags[("AES-CCM-256", "cycles_per_byte")] == ["cycles_disagree"]
    assert flags[("RSA-2048 public", "ops_per_s")] == []
    flagged = {key for key, names in flags.items() if names}
    assert len(flagged) == 30


def test_run_wide_flags_are_written_with_their_rows(store_client):
    """The rows given a flag only the whole run shows (repeated_value, cycles_disagree) are
    deleted and written again with it: no UPDATE of stored results (bench/import_paste: one per
    row took 1.4-1.9 s on PostgreSQL for 35,010 rows)."""
    statements: list[str] = []

    def seen(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    engine = store_client.app.state.engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        flags = imported_flags(store_client, "nuclei_mbedtls_benchmark_saturated.md")
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert "repeated_value" in flags[("MD5", "bytes_per_s")]
    assert not [s for s in statements if s.lstrip().upper().startswith("UPDATE RESULTS")]


def swept_jmh_table(copies: int) -> bytes:
    """The real JMH table of parsers/tests/fixtures/jmh_text (four rows) swept over
    chainLength 1, 2, ..., as bench/import_paste's paste is: each figure in `copies` series."""
    lines = JMH_TABLE.read_text(encoding="utf-8-sig").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Benchmark "))
    header, rows = lines[at], lines[at + 1 : at + 5]
    end = header.index("(chainLength)") + len("(chainLength)")
    swept = [f"{rows[n % 4][: end - 13]}{n + 1:>13}{rows[n % 4][end:]}" for n in range(4 * copies)]
    return "\n".join([header, *swept, ""]).encode()


def test_rows_certain_of_their_repeated_value_are_written_once(store_client):
    """A row whose figure already stands in two other series is written with repeated_value,
    not written again after the last row (bench/import_paste rewrote 35,010 of its 45,990 rows):
    of the three 5-digit figures in 5 series each, only the first two rows of each are."""
    rewritten: list[int] = []

    def seen(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith("DELETE FROM RESULTS"):
            rewritten.extend([p for _, p in parameters] if executemany else parameters[1])

    engine = store_client.app.state.engine
    options = import_options(
        format="auto", machine_name=None, tag=[], source_name="swept", max_runs=10
    )
    imported = parse_import(swept_jmh_table(5), options)
    event.listen(engine, "before_cursor_execute", seen)
    try:
        # in this process, where the listener sees the statements: the import route runs the
        # same store_import in a worker process (import_workers.py)
        outcome = store_import(engine=engine, imported=imported, dry_run=False)
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    (run,) = [{"run_id": stored.run_id} for stored in outcome.runs if stored.created]
    results = store_client.get(f"/api/v1/runs/{run['run_id']}").json()["results"]
    repeated = sorted(r["position"] for r in results if r["flags"] == ["repeated_value"])
    assert len(results) == 20
    assert repeated == [p for p in range(20) if p % 4 != 3]
    assert sorted(rewritten) == [0, 1, 2, 4, 5, 6]


def test_sound_runs_carry_no_flag(store_client):
    for name in ("nuclei_mbedtls_benchmark_xlcrypto.md", "k32w148_mbedtls_benchmark_readme.md"):
        flags = imported_flags(store_client, name)
        assert {key: names for key, names in flags.items() if names} == {}, name


def test_recheck_gives_runs_stored_without_them_the_same_flags(store_client, store_url):
    flags = imported_flags(store_client, "nuclei_mbedtls_benchmark_saturated.md")
    engine = create_engine(store_url)
    try:
        with engine.begin() as connection:
            connection.execute(update(Result).values(flags=[]))
            (run_pk, run_id) = connection.execute(select(Run.id, Run.run_id)).one()
            assert recheck(connection, [run_pk]) == 30
    finally:
        engine.dispose()
    assert stored_flags(store_client, str(run_id)) == flags


def test_openssl_cpu_time_far_below_the_requested_time_is_flagged(store_client):
    """Seed 003's devcrypto run pasted without its command (0.38 to 0.01 s of CPU time of 3 s):
    every figure is cpu_time; the same board without the engine (2.94 to 2.99 s) none."""
    for name, flags in (
        ("seed003_beaglebone_1.1.1_with_devcrypto.txt", ["cpu_time"]),
        ("seed003_beaglebone_1.1.1_without_engine.txt", []),
    ):
        results = imported_results(store_client, name, OPENSSL)
        assert [r["flags"] for r in results] == [flags] * 6, name
