"""POST /api/v1/imports and `cryptobench-server import` on both databases: every collector
fixture stores the same figures as `cryptobench parse` + upload, dry runs store nothing, the same
text twice gives the same run ids, unrelated text is a fast 422."""

import base64
import json
import os
import uuid
from pathlib import Path

import pytest
from factories import create_test_token
from fastapi.testclient import TestClient
from history_support import store_app
from sqlalchemy import create_engine, select, text
from typer.testing import CliRunner

from cryptobench_server.app import create_app
from cryptobench_server.cli import app as server_cli
from cryptobench_server.config import get_settings
from cryptobench_server.errors import InvalidInput
from cryptobench_server.models import Result, Run

FIXTURES = Path(__file__).parents[2] / "collectors" / "tests" / "fixtures"
KINDS = {"openssl": "openssl/*.txt", "jmh": "jmh/*.json", "serial": "serial/*.log"}
JMH_TEXT = Path(__file__).parents[2] / "parsers" / "tests" / "fixtures" / "jmh_text"
CASES = [
    (kind, path) for kind, pattern in KINDS.items() for path in sorted(FIXTURES.glob(pattern))
] + [("jmh", path) for path in sorted(JMH_TEXT.iterdir()) if path.name != "PROVENANCE.md"]
FIGURES = [
    "algorithm",
    "operation",
    "family",
    "library",
    "params",
    "metric",
    "value",
    "unit",
    "ns_per_op",
    "ops_per_s",
    "cycles_per_op",
    "bytes_per_s",
    "cycles_per_byte",
]


@pytest.fixture
def store(store_url, tmp_path):
    """(client with an upload token, database URL, settings) on each database."""
    app = store_app(store_url, tmp_path)
    with TestClient(app) as client:
        client.headers["Authorization"] = f"Bearer {create_test_token(store_url)}"
        yield client, store_url, app.state.settings
    app.state.engine.dispose()


def query(url: str, sql: str, **params) -> list[dict]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return [dict(row) for row in connection.execute(text(sql), params).mappings()]
    finally:
        engine.dispose()


def stored_figures(url: str, run_ids: list[str]) -> list[tuple]:
    """Every stored figure of the runs, in order (the same query on both databases)."""
    columns = [getattr(Result, name) for name in FIGURES]
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            rows = [
                row
                for run_id in run_ids
                for row in connection.execute(
                    select(*columns)
                    .join(Run, Run.id == Result.run_pk)
                    .where(Run.run_id == uuid.UUID(run_id))
                    .order_by(Result.position)
                )
            ]
    finally:
        engine.dispose()
    return [
        tuple(json.dumps(v, sort_keys=True) if isinstance(v, dict) else v for v in row)
        for row in rows
    ]


def cli_documents(kind: str, path: Path) -> list[dict]:
    """What `cryptobench parse KIND FILE` prints (one document per line)."""
    from cryptobench_collect.cli.app import app as collect_cli

    machine = ["--machine-name", "fixture-box"]
    extra = ["--foreign"] if kind == "openssl" else []
    outcome = CliRunner().invoke(collect_cli, ["parse", kind, str(path), *extra, *machine])
    assert outcome.exit_code == 0, outcome.output
    documents = [json.loads(line) for line in outcome.stdout.splitlines() if line.startswith("{")]
    if kind == "jmh":
        for document in documents:
            document["machine"] = {"name": "fixture-box", "extra": document["machine"]["extra"]}
    return documents


def upload_then_import(client, kind: str, path: Path, **params: str) -> tuple[list[str], dict]:
    """The run_ids of `cryptobench parse KIND FILE`'s documents uploaded (each 201), then the
    body of FILE's import with `params` (201)."""
    uploaded = []
    for document in cli_documents(kind, path):
        response = client.post("/api/v1/runs", json=document)
        assert response.status_code == 201, response.text
        uploaded.append(document["run_id"])
    response = client.post(
        "/api/v1/imports",
        params=params,
        content=path.read_bytes(),
        headers={"Content-Type": "text/plain"},
    )
    assert response.status_code == 201, response.text
    return uploaded, response.json()


@pytest.mark.parametrize(("kind", "path"), CASES, ids=[path.name for _, path in CASES])
def test_every_fixture_imports_the_figures_of_parse_and_upload(store, kind, path):
    client, url, _ = store
    uploaded, body = upload_then_import(client, kind, path, machine_name="fixture-box")
    assert (body["format"], body["dry_run"]) == (kind, False)
    imported = [run["run_id"] for run in body["runs"]]
    assert all(run["created"] for run in body["runs"]) and len(imported) == len(uploaded)
    assert stored_figures(url, imported) == stored_figures(url, uploaded)
    stored = client.get(f"/api/v1/runs/{imported[0]}").json()
    # byte for byte: a UART capture keeps its CRLF line ends
    assert stored["artifact"]["content"] == path.read_bytes().decode("utf-8-sig")
    warned = [w for run in imported for w in client.get(f"/api/v1/runs/{run}").json()["warnings"]]
    assert [(w["line"], w["text"]) for w in warned] == [
        (w["line"], w["text"]) for w in body["warnings"]
    ]


def test_the_same_text_again_is_200_with_the_same_run_ids_and_other_tags_are_new_runs(store):
    client, url, _ = store
    session = FIXTURES / "openssl" / "openssl-1.1.1d_3.0.0-dev_session_two_commands.txt"
    first = client.post("/api/v1/imports", content=session.read_bytes())
    again = client.post("/api/v1/imports", content=session.read_bytes())
    assert (first.status_code, again.status_code) == (201, 200)
    assert [r["run_id"] for r in first.json()["runs"]] == [
        r["run_id"] for r in again.json()["runs"]
    ]
    assert [r["created"] for r in again.json()["runs"]] == [False, False]
    tagged = client.post(
        "/api/v1/imports", params={"tag": ["env=lab"]}, content=session.read_bytes()
    )
    assert tagged.status_code == 201
    assert [r["tags"] for r in tagged.json()["runs"]] == [{"env": "lab"}, {"env": "lab"}]
    assert len(query(url, "SELECT id FROM runs")) == 4


def test_the_runs_of_a_paste_share_one_artifact_that_goes_with_its_last_run(store):
    """One artifact row per paste (re-imported under other tags too), shown on every run;
    deleting a run keeps it while another run refers to it."""
    client, url, _ = store
    session = FIXTURES / "openssl" / "openssl-1.1.1d_3.0.0-dev_session_two_commands.txt"
    runs = [
        r["run_id"]
        for r in client.post("/api/v1/imports", content=session.read_bytes()).json()["runs"]
    ]
    tagged = client.post(
        "/api/v1/imports", params={"tag": ["env=lab"]}, content=session.read_bytes()
    )
    runs += [r["run_id"] for r in tagged.json()["runs"]]
    assert len(runs) == 4 and len(query(url, "SELECT id FROM artifacts")) == 1
    for run_id in runs:
        shown = client.get(f"/api/v1/runs/{run_id}").json()["artifact"]
        assert shown == {"media_type": "text/plain", "content": session.read_text()}
    admin = {"Authorization": f"Bearer {create_test_token(url, 'admin', 'admin')}"}
    for left, run_id in enumerate(reversed(runs)):
        assert client.delete(f"/api/v1/runs/{run_id}", headers=admin).status_code == 204
        assert len(query(url, "SELECT id FROM artifacts")) == (1 if left < 3 else 0)


def test_a_dry_run_previews_in_canonical_units_and_stores_nothing(store):
    client, url, _ = store
    tail = FIXTURES / "openssl" / "openssl-1.0.2o-freebsd_aes-128-cbc_tail1.txt"
    response = client.post(
        "/api/v1/imports", params={"dry_run": "true", "format": "auto"}, content=tail.read_bytes()
    )
    assert response.status_code == 200, response.text
    body = response.json()
    [run] = body["runs"]
    assert (body["format"], run["created"], run["results"]) == ("openssl", False, 5)
    first = run["preview"][0]
    assert (first["algorithm"], first["params"], first["bytes_per_s"], first["ops_per_s"]) == (
        "AES-128-CBC",
        {"block_bytes": 16},
        48385410.0,
        48385410.0 / 16,
    )
    assert first["derived"] == ["ops_per_s", "ns_per_op"]
    assert [(w["line"], w["text"][:11]) for w in body["warnings"]] == [(1, "aes-128 cbc")]
    assert query(url, "SELECT count(*) AS n FROM runs") == [{"n": 0}]
    assert query(url, "SELECT count(*) AS n FROM results") == [{"n": 0}]


def test_a_dropped_jmh_file_is_a_multipart_import(store):
    client, _, _ = store
    path = FIXTURES / "jmh" / "mariofusco_jmh-playground_1.37_avgt_nan.json"
    response = client.post(
        "/api/v1/imports",
        files={"file": (path.name, path.read_bytes(), "application/json")},
        params={"machine_name": "laptop"},
    )
    assert response.status_code == 201, response.text
    body = response.json()
    assert (body["format"], body["runs"][0]["machine"], body["runs"][0]["source"]) == (
        "jmh",
        "laptop",
        "jmh",
    )
    assert [w["file"] for w in body["warnings"]] == [path.name]
    stored = client.get(body["runs"][0]["url"]).json()
    assert stored["artifact"]["media_type"] == "application/json"


@pytest.mark.parametrize("given", ["auto", "jmh"])
def test_a_pasted_jmh_table_with_decimal_commas_stores_its_figures(store, given):
    client, url, _ = store
    path = JMH_TEXT / "Maccimo_AsmConDyBigOuch_1.23_params_decimal_comma.txt"
    response = client.post("/api/v1/imports", params={"format": given}, content=path.read_bytes())
    assert response.status_code == 201, response.text
    body = response.json()
    assert (body["format"], len(body["runs"]), body["warnings"]) == ("jmh", 1, [])
    stored = client.get(body["runs"][0]["url"]).json()
    assert [
        (r["name"], r["params"], r["value"], r["error"], r["error_kind"], r["unit"], r["samples"])
        for r in stored["results"]
    ] == [
        (
            "ChainedConDyGenerationBenchmark.testConDyChainGeneration",
            {"chainLength": chain},
            value,
            error,
            "ci99.9",
            "ops/s",
            5,
        )
        for chain, value, error in [
            ("1", 441449.126, 7609.787),
            ("8", 54861.31, 376.409),
            ("16", 319.516, 3.979),
            ("32", 0.005, 0.001),
        ]
    ]
    assert (stored["artifact"]["media_type"], stored["tool"]["version"]) == ("text/plain", "1.23")
    assert query(url, "SELECT count(*) AS n FROM results") == [{"n": 4}]


def noise(size: int) -> bytes:
    return base64.encodebytes(os.urandom(size * 3 // 4))[:size]


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("readme", (Path(__file__).parents[2] / "README.md").read_bytes(), ""),
        ("passwd", Path("/etc/passwd").read_bytes(), "not a supported output"),
        ("binary", bytes(range(256)) * 64, "line 2: not UTF-8 text"),
        ("empty", b"", "empty: nothing to import"),
        ("noise", noise(8 * 1024 * 1024), "not a supported output"),
    ],
)
def test_unrelated_text_is_a_422_naming_what_was_tried(store, name, data, message):
    """(How fast: parsers/tests/test_linear_time.py bounds the growth, bench/ the seconds; a
    5 s bound here failed on a loaded 2-core machine at 9-12 s.)"""
    client, url, _ = store
    response = client.post("/api/v1/imports", content=data)
    assert response.status_code == 422, response.text
    assert response.headers["content-type"] == "application/problem+json"
    problem = response.json()
    assert problem["title"] == "Invalid input" and message in problem["detail"]
    assert "Traceback" not in response.text
    assert query(url, "SELECT count(*) AS n FROM runs") == [{"n": 0}]


def test_an_import_needs_an_upload_token_and_keeps_to_the_body_cap(store, tmp_path):
    client, _, settings = store
    path = FIXTURES / "openssl" / "openssl-3.0.19_mr_mixed.txt"
    unauthenticated = client.post(
        "/api/v1/imports", content=path.read_bytes(), headers={"Authorization": ""}
    )
    assert unauthenticated.status_code == 401
    app = create_app(settings.model_copy(update={"max_import_bytes": 500}))
    with TestClient(app, headers=dict(client.headers)) as capped:
        too_large = capped.post("/api/v1/imports", content=path.read_bytes())
        assert too_large.status_code == 413
        assert too_large.headers["content-type"] == "application/problem+json"
        assert too_large.json()["detail"] == "Request body larger than 500 bytes"
        file = capped.post("/api/v1/imports", files={"file": ("x.txt", path.read_bytes())})
        assert file.status_code == 413
    app.state.engine.dispose()


def test_a_preview_needs_no_token_and_keeps_to_the_import_cap(store):
    """A dry run stores nothing: open as a read is (CRYPTOBENCH_READ_TOKENS off), capped by
    max_import_bytes all the same, whether the length is declared or streamed."""
    client, url, settings = store
    body = (FIXTURES / "openssl" / "openssl-3.0.19_mr_mixed.txt").read_bytes()
    anonymous = {"Authorization": ""}
    preview = client.post(
        "/api/v1/imports", params={"dry_run": "true"}, content=body, headers=anonymous
    )
    assert preview.status_code == 200, preview.text
    assert preview.json()["runs"][0]["preview"]
    assert query(url, "SELECT count(*) AS n FROM runs") == [{"n": 0}]
    for flag in ("false", "maybe"):
        stored = client.post(
            "/api/v1/imports", params={"dry_run": flag}, content=body, headers=anonymous
        )
        assert stored.status_code == 401, (flag, stored.text)
    app = create_app(settings.model_copy(update={"max_import_bytes": 500}))
    with TestClient(app) as capped:
        declared = capped.post("/api/v1/imports", params={"dry_run": "1"}, content=body)
        streamed = capped.post(
            "/api/v1/imports", params={"dry_run": "1"}, content=iter([body[:400], body[400:]])
        )
        for response in (declared, streamed):
            assert response.status_code == 413, response.text
            assert response.json()["detail"] == "Request body larger than 500 bytes"
    app.state.engine.dispose()
    app = create_app(settings.model_copy(update={"read_tokens": True}))
    with TestClient(app) as closed:
        refused = closed.post("/api/v1/imports", params={"dry_run": "true"}, content=body)
        assert refused.status_code == 401
    app.state.engine.dispose()


def test_refusals_name_the_formats_by_their_tools(store):
    client, _, _ = store
    response = client.post("/api/v1/imports", content=b"just some words\nand 12 apples\n")
    detail = response.json()["detail"]
    assert response.status_code == 422
    assert "openssl speed" in detail and "JMH" in detail and "serial console" in detail
    assert " format=" not in detail and "choose its format" in detail
    text = (FIXTURES / "openssl" / "openssl-3.0.19_mr_mixed.txt").read_bytes()
    ok = client.post("/api/v1/imports", params={"dry_run": "true"}, content=text).json()
    assert ok["detection"].endswith("lines look like openssl speed output (the first at line 1)")


def test_bad_tags_formats_and_blank_machine_names_are_422(store):
    client, _, _ = store
    body = (FIXTURES / "openssl" / "openssl-3.0.19_mr_mixed.txt").read_bytes()
    assert (
        client.post("/api/v1/imports", params={"tag": "novalue"}, content=body).status_code == 422
    )
    assert client.post("/api/v1/imports", params={"format": "csv"}, content=body).status_code == 422
    wrong = client.post("/api/v1/imports", params={"format": "jmh"}, content=body)
    assert wrong.status_code == 422 and "no JMH result table" in wrong.json()["detail"]
    blank = client.post("/api/v1/imports", params={"machine_name": "  "}, content=body)
    assert blank.status_code == 422 and blank.json()["errors"][0]["field"] == "machine_name"


def test_the_server_cli_imports_through_the_same_code_path(store, monkeypatch, tmp_path):
    client, url, _ = store
    monkeypatch.setenv("CRYPTOBENCH_DATABASE_URL", url)
    monkeypatch.setenv("CRYPTOBENCH_DATA_DIR", str(tmp_path))
    path = FIXTURES / "serial" / "mbedtls_benchmark_k230_3.6.3.log"
    get_settings.cache_clear()
    outcome = CliRunner().invoke(server_cli, ["import", str(path), "--machine-name", "k230"])
    get_settings.cache_clear()
    assert outcome.exit_code == 0, outcome.output
    [line] = outcome.stdout.splitlines()
    api = client.post(
        "/api/v1/imports", params={"machine_name": "k230"}, content=path.read_bytes()
    ).json()
    [run] = api["runs"]
    assert line == (
        f"{path}: serial ({api['detection']}): run {run['run_id']}, 160 results, stored"
    )
    assert run["created"] is False
    refused = CliRunner().invoke(server_cli, ["import", "/etc/passwd"])
    get_settings.cache_clear()
    assert isinstance(refused.exception, InvalidInput)
    assert refused.exception.detail.startswith("/etc/passwd: not a supported output")
