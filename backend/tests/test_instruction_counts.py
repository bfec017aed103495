"""Instruction counts as canonical figures, on PostgreSQL and SQLite: the two full runs of the
RV32 firmware under QEMU (-O2 and -Os, captured: collectors/tests/fixtures/serial/README.md)
charted, followed and exported in instructions/op and instructions/B, never as cycles or time;
change detection takes them as deterministic (a 0.5% step is a change, identical counts none);
migration 0012 gives counts stored before it their figures."""

import copy
import json
import math
import uuid
from pathlib import Path

from history_support import upload
from sqlalchemy import text

from cryptobench_contract import RunDocument
from cryptobench_server.changes.detect import Point, find_steps, sensitivity
from cryptobench_server.db import make_engine
from cryptobench_server.demo import load_demo
from cryptobench_server.migrate import downgrade, upgrade
from cryptobench_server.store.ingest import ingest_run

SERIAL = Path(__file__).parents[2] / "collectors/tests/fixtures/serial"
O2, OS = (json.loads((SERIAL / f"qemu_rv32_full_{o}.json").read_text()) for o in ("O2", "Os"))
VERIFY = "rsa-2048-pkcs1v15-verify"
#: instructions/op of RSA PKCS#1 v1.5 verify at 2048, 3072, 4096 bits, as the logs print them.
VERIFY_O2 = [2277745.0, 4863888.0, 8417198.0]
VERIFY_OS = [2250314.0, 4830201.0, 8382631.0]


def night(doc: dict, day: int, scale: dict[str, float] | None = None) -> dict:
    """`doc` as a run of day `day`, the named results' counts multiplied by `scale`."""
    out = copy.deepcopy(doc)
    out["run_id"] = str(uuid.uuid4())
    out["started_at"] = out["finished_at"] = f"2026-11-{day:02d}T03:00:00Z"
    for result in out["results"]:
        factor = (scale or {}).get(result["name"], 1.0)
        result["value"] *= factor
        result["stats"] = {k: v * factor for k, v in result["stats"].items()}
    return out


def test_qemu_counts_are_charted_followed_and_exported_never_as_cycles(store_client):
    upload(store_client, [O2, OS])
    metric = next(
        m
        for m in store_client.get("/api/v1/vocabulary").json()["metrics"]
        if m["name"] == "instructions_per_op"
    )
    assert (metric["unit"], metric["better"], metric["prefix"]) == (
        "instructions/op",
        "lower",
        "count",
    )
    assert [u["unit"] for u in metric["display_units"]] == [
        "instructions/op",
        "kinstructions/op",
        "Minstructions/op",
    ]
    rsa = {"algorithm": "RSA", "operation": "verify", "param.padding": "pkcs1v15"}
    chart = store_client.get(
        "/api/v1/chart",
        params={"metric": "instructions_per_op", "x": "param.key_bits", "series": "tag.opt_level"}
        | rsa,
    ).json()
    assert chart["unit"] == "instructions/op"
    assert {
        s["key"]["tag.opt_level"]: [p["value"] for p in s["points"]] for s in chart["series"]
    } == {
        "-O2": VERIFY_O2,
        "-Os": VERIFY_OS,
    }
    for timed in ("cycles_per_op", "ns_per_op"):
        drawn = store_client.get(
            "/api/v1/chart", params={"metric": timed, "x": "param.key_bits"} | rsa
        ).json()
        assert drawn["series"] == []
    per_byte = store_client.get(
        "/api/v1/chart",
        params={"metric": "instructions_per_byte", "x": "param.block_bytes", "series": "tag.opt_level",
                "algorithm": "AES-128-CBC"},
    ).json()  # fmt: skip
    o2 = next(s for s in per_byte["series"] if s["key"]["tag.opt_level"] == "-O2")
    assert (o2["points"][-1]["x"], o2["points"][-1]["value"]) == (16384, 1448008 / 16384)
    history = store_client.get(
        "/api/v1/history",
        params={"metric": "instructions_per_op", "series": "tag.opt_level", "param.key_bits": 2048}
        | rsa,
    ).json()
    assert [(s["key"]["tag.opt_level"], s["points"][0]["value"]) for s in history["series"]] == [
        ("-O2", VERIFY_O2[0]),
        ("-Os", VERIFY_OS[0]),
    ]
    csv = store_client.get(
        "/api/v1/results", params={"format": "csv", "run": O2["run_id"], "name": VERIFY}
    ).text.splitlines()
    row = dict(zip(csv[0].split(","), csv[1].split(","), strict=False))
    assert (row["instructions_per_op"], row["instructions_per_byte"], row["cycles_per_op"]) == (
        "2277745.0",
        "",
        "",
    )


def test_a_half_percent_step_of_an_instruction_count_is_a_change(store_client):
    run_ids = upload(store_client, [night(O2, 1), night(O2, 2)])
    assert store_client.get("/api/v1/changes").json()["changes"] == []
    (stepped,) = upload(store_client, [night(O2, 3, {VERIFY: 1.005})])
    (change,) = store_client.get("/api/v1/changes").json()["changes"]
    assert (change["run_id"], change["baseline_run_id"]) == (stepped, run_ids[1])
    assert (change["metric"], change["unit"], change["direction"]) == (
        "instructions_per_op",
        "instructions/op",
        "regression",
    )
    assert change["before"] == VERIFY_O2[0]
    assert change["ratio"] == VERIFY_O2[0] * 1.005 / VERIFY_O2[0]
    assert change["evidence"] == {
        "z": None,
        "noise": 0.0,
        "before_n": 2,
        "after_n": 1,
        "few_points": False,
        "deterministic": True,
    }
    (event,) = store_client.get("/api/v1/changes/events").json()["events"]
    assert event["evidence"]["deterministic"] is True
    assert (
        event["summary"] == "RSA verify (hash SHA-256, key size 2048 bit, padding pkcs1v15) x1.005"
    )


def test_0012_gives_counts_stored_before_it_their_figures_and_changes(store_url):
    engine = make_engine(store_url)
    for doc in (night(O2, 1), night(O2, 2, {VERIFY: 0.99})):
        ingest_run(engine=engine, doc=RunDocument.model_validate(doc))
    figures = (
        "SELECT instructions_per_op, instructions_per_byte, derived FROM results WHERE name = :n"
    )
    aes = {"n": "aes-128-cbc-16384"}
    with engine.connect() as connection:
        expected = connection.execute(text(figures), aes).all()
    assert [tuple(r[:2]) for r in expected] == [(1448008.0, 1448008 / 16384)] * 2
    downgrade(store_url, "0011")
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM changes")).scalar() == 0
    upgrade(store_url)
    with engine.connect() as connection:
        assert connection.execute(text(figures), aes).all() == expected
        changes = connection.execute(text("SELECT metric, ratio FROM changes")).all()
    engine.dispose()
    assert changes == [("instructions_per_op", 0.99 * VERIFY_O2[0] / VERIFY_O2[0])]


def test_a_zero_noise_metric_needs_one_point_before_and_no_threshold():
    points = [Point(2277745.0), Point(2277745.0 * 1.005)]
    (step,) = find_steps(points, **sensitivity("instructions_per_op")._asdict())
    assert (step.index, step.z, step.noise) == (1, math.inf, 0.0)
    assert find_steps(points, **sensitivity("cycles_per_op")._asdict()) == []


def test_the_demo_has_both_qemu_builds_side_by_side_never_as_a_step(store_client):
    load_demo(store_client.app.state.engine)
    rsa = {"algorithm": "RSA", "machine": "qemu-riscv32-virt", "param.padding": "pss"}
    for operation, o2_2048 in (("verify", 2329840.0), ("sign", 111179302.0)):
        chart = store_client.get(
            "/api/v1/chart",
            params={
                "metric": "instructions_per_op",
                "x": "param.key_bits",
                "series": "tag.opt_level",
                "operation": operation,
            }
            | rsa,
        ).json()
        drawn = {s["key"]["tag.opt_level"]: s["points"] for s in chart["series"]}
        assert sorted(drawn) == ["-O2", "-Os"]
        assert [p["x"] for p in drawn["-Os"]] == [2048, 3072, 4096]
        assert drawn["-O2"][0]["value"] == o2_2048
    # -O2 and -Os are variants (identity.VARIANT_TAGS), compared side by side: no change event.
    events = store_client.get("/api/v1/changes/events", params={"machine": "qemu-riscv32-virt"})
    assert events.json()["events"] == []
