"""`--fail-on-regression` on deterministic instruction counts, end to end: the captured UART output
of the RV32 firmware's -O2 build under QEMU (fixtures/serial/README.md), parsed by `cryptobench
parse serial` and uploaded to the real backend as nightly runs of one firmware project's CI. Two
runs of one build count the same, so identical counts pass the gate from the second run on (the
first has no baseline: action required) and a 0.5% step of one count fails it."""

import json
import uuid

import pytest
from collect_support import FIXTURES, run_main

pytestmark = pytest.mark.usefixtures("clean_env")

LOG = FIXTURES / "serial" / "qemu_rv32_full_O2.log"
VERIFY = "rsa-2048-pkcs1v15-verify"
VERIFY_COUNT = 2277745  # instructions/op of that line of the log


@pytest.fixture
def server_database_url(store_url) -> str:
    """The live server's database: one of each store (the testsupport plugin's store_url)."""
    return store_url


def nightly(capsys, tmp_path, night: int, step: float = 1.0):
    """The log's run document as night `night` of the CI job, the RSA-2048 verify count times
    `step`; saved to a file."""
    code, out, _ = run_main(["parse", "serial", str(LOG)], capsys)
    assert code == 0
    doc = json.loads(out)
    doc["run_id"] = str(uuid.uuid4())
    doc["started_at"] = doc["finished_at"] = f"2026-11-{night:02d}T03:00:00Z"
    (verify,) = [r for r in doc["results"] if r["name"] == VERIFY]
    assert (verify["unit"], verify["value"]) == ("instructions/op", VERIFY_COUNT)
    verify["value"] *= step
    verify["stats"] = {k: v * step for k, v in verify["stats"].items()}
    saved = tmp_path / f"night{night}.json"
    saved.write_text(json.dumps(doc))
    return saved, doc["run_id"]


def gate(live_server, capsys, path):
    argv = ["upload", str(path), "--server", live_server.url, "--token", live_server.token]
    return run_main([*argv, "--fail-on-regression"], capsys)


def test_identical_counts_pass_and_a_half_percent_step_fails_the_gate(
    live_server, tmp_path, capsys
):
    saved, run_id = nightly(capsys, tmp_path, 1)
    code, _, err = gate(live_server, capsys, saved)
    assert code == 5 and "action required: missing baseline: " in err, err
    saved, run_id = nightly(capsys, tmp_path, 2)
    code, _, err = gate(live_server, capsys, saved)
    assert code == 0, err
    assert f"no regression found at run {run_id}" in err
    saved, run_id = nightly(capsys, tmp_path, 3, step=1.005)
    code, _, err = gate(live_server, capsys, saved)
    assert code == 4
    lines = [line for line in err.splitlines() if line.startswith("regression: ")]
    assert lines == [
        "regression: RSA verify (hash SHA-256, key size 2048 bit, padding pkcs1v15) x1.005 on "
        "qemu-riscv32-virt (deterministic count: any step beyond 0 is real); changed: nothing "
        "recorded changed"
    ]
    assert f"error: 1 regression(s) in 1 event(s) at run {run_id}" in err
    # Back at the old count: an improvement, which passes.
    saved, run_id = nightly(capsys, tmp_path, 4)
    code, _, err = gate(live_server, capsys, saved)
    assert code == 0 and f"no regression found at run {run_id}" in err
