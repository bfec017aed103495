"""Imports cannot overwrite or pre-empt another's data (issue 35), on both databases: a data.js
entry forged by another upload token is a run of its own beside the genuine one, and a run id
an import derives that is stored with other figures is a 409 naming the figure (every format),
never "stored before"."""

import json
from dataclasses import replace
from pathlib import Path

import pytest
from factories import create_test_token
from test_imports import store  # noqa: F401

from cryptobench_contract import RunDocument
from cryptobench_parsers.imports import Imported, ImportOptions
from cryptobench_server.errors import Conflict
from cryptobench_server.store.imports import parse_import, store_import

ROOT = Path(__file__).parents[2]
PARSERS = ROOT / "parsers" / "tests" / "fixtures"
COLLECTORS = ROOT / "collectors" / "tests" / "fixtures"
ORCHARD = PARSERS / "action_benchmark" / "jarys-orchard_cargo_data.js"
#: One captured output of every import format.
OUTPUTS = {
    "action-benchmark": ORCHARD,
    "botan": PARSERS / "botan" / "randombit-botan_issue1004_camellia_skylake.txt",
    "bssl": PARSERS / "bssl_speed" / "boringssl-500fa1f_ml-kem_commit_message.txt",
    "criterion": PARSERS / "criterion" / "codahale-lockstitch_perf.txt",
    "cryptsetup": PARSERS / "cryptsetup" / "Fendos-fendos_cryptsetup.md",
    "go": PARSERS / "go" / "meysam81-x_cryptox_README.txt",
    "gbench": PARSERS / "google_benchmark" / "itzmeanjan-ml-kem_linux_x86_64.json",
    "jmh": COLLECTORS / "jmh" / "cryptobench_1.37_quick_suite.json",
    "liboqs": PARSERS / "liboqs" / "open-quantum-safe-liboqs_pr283_nist-branch_speed_kem.txt",
    "openssl": COLLECTORS / "openssl" / "openssl-1.0.2_wrt3200acm_tables.txt",
    "pytest-benchmark": PARSERS
    / "pytest_benchmark"
    / "ionelmc-pytest-benchmark_test_storage_0001.json",
    "serial": COLLECTORS / "serial" / "host_quick_run.log",
}


def post(client, data: bytes, token: str | None = None):
    headers = {"Content-Type": "text/plain"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return client.post("/api/v1/imports", params={"format": "auto"}, content=data, headers=headers)


def entries(text: str) -> list[dict]:
    [suite] = json.loads(text.split("=", 1)[1].strip().rstrip(";"))["entries"].values()
    return suite


def forged(text: str) -> str:
    """The data.js with every figure of its last entry x10 (its suite, commit and date kept)."""
    store_data = json.loads(text.split("=", 1)[1].strip().rstrip(";"))
    [suite] = store_data["entries"].values()
    for bench in suite[-1]["benches"]:
        bench["value"] *= 10
    return "window.BENCHMARK_DATA = " + json.dumps(store_data, indent=2)


def test_a_forged_entry_imported_first_neither_replaces_nor_blocks_the_genuine_one(store):  # noqa: F811
    client, url, _ = store
    genuine = ORCHARD.read_text()
    second_token = create_test_token(url, name="second")
    first = post(client, forged(genuine).encode(), token=second_token)
    assert first.status_code == 201, first.text
    answer = post(client, genuine.encode())
    assert answer.status_code == 201, answer.text
    runs = answer.json()["runs"]
    assert [run["created"] for run in runs] == [False, False, False, False, True]
    assert runs[-1]["run_id"] != first.json()["runs"][-1]["run_id"]
    last = entries(genuine)[-1]
    bench = last["benches"][0]
    answers = [runs[-1], first.json()["runs"][-1]]
    stored = [client.get(f"/api/v1/runs/{run['run_id']}").json() for run in answers]
    assert [(run["tags"]["commit"], run["results"][0]["value"]) for run in stored] == [
        (last["commit"]["id"], bench["value"]),
        (last["commit"]["id"], bench["value"] * 10),
    ]
    assert post(client, genuine.encode()).status_code == 200


@pytest.mark.parametrize("format", sorted(OUTPUTS))
def test_a_run_id_stored_with_other_figures_is_a_conflict_naming_the_figure(store, format):  # noqa: F811
    client, _, _ = store
    engine = client.app.state.engine
    data = OUTPUTS[format].read_bytes()
    options = ImportOptions(format=format, source_name="text")
    [first, *_] = list(parse_import(data, options).runs)
    tenfold = first.results[0].model_copy(update={"value": first.results[0].value * 10})
    changed = first.model_copy(update={"results": [tenfold, *first.results[1:]]})
    stored = store_import(engine=engine, imported=_imported(data, options, [first]), dry_run=False)
    assert [run.created for run in stored.runs] == [True]
    again = store_import(engine=engine, imported=_imported(data, options, [first]), dry_run=False)
    assert [run.created for run in again.runs] == [False]
    with pytest.raises(Conflict) as raised:
        store_import(engine=engine, imported=_imported(data, options, [changed]), dry_run=False)
    value = first.results[0].value
    assert raised.value.errors == [
        {
            "field": "results[0].value",
            "message": f"{first.results[0].name!r}: stored {value!r}, this import {value * 10!r}",
        }
    ]
    assert raised.value.detail.startswith(
        f"run {first.run_id} is already stored with other content"
    )


def _imported(data: bytes, options: ImportOptions, runs: list[RunDocument]) -> Imported:
    return replace(parse_import(data, options), runs=iter(runs))
