"""The same extreme documents sent to a PostgreSQL and an SQLite server get the same answers:
status codes, the fields a 422 names, stored values and instants, and what the read routes
(chart, tradeoff, changes, history) answer over what was stored (issue 25, items 4-6, 10, 11)."""

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from factories import create_test_token, make_result, make_run_doc
from fastapi.testclient import TestClient

from cryptobench_server.app import create_app
from cryptobench_server.config import Settings
from cryptobench_server.migrate import upgrade

RUNS = "/api/v1/runs"
RANGE = "0 or a magnitude within [1e-30, 1e+30]"


@pytest.fixture
def both(pg_url, tmp_path) -> Iterator[dict[str, TestClient]]:
    """A client per database, each with an upload token; server errors come back as a 500."""
    sqlite_url = f"sqlite:///{tmp_path / 'extremes.sqlite'}"
    upgrade(sqlite_url)
    clients = {}
    for name, url in (("postgresql", pg_url), ("sqlite", sqlite_url)):
        settings = Settings(database_url=url, data_dir=tmp_path / name, frontend_dist=tmp_path)
        client = TestClient(create_app(settings), raise_server_exceptions=False)
        client.headers["Authorization"] = f"Bearer {create_test_token(url)}"
        clients[name] = client.__enter__()
    yield clients
    for client in clients.values():
        client.__exit__(None, None, None)
        client.app.state.engine.dispose()


def _same(both: dict[str, TestClient], method: str, path: str, **kwargs: Any) -> Any:
    """Send one request to both servers; assert both answer alike and return the answer."""
    answers = [_answer(client.request(method, path, **kwargs)) for client in both.values()]
    assert answers[0] == answers[1], (
        f"{method} {path}: PostgreSQL {answers[0]}, SQLite {answers[1]}"
    )
    return answers[0]


def _answer(response) -> tuple[int, Any]:
    """Status and what is comparable across databases: a problem's fields, else the body less
    what each database numbers or times itself."""
    body = response.json() if response.content else None
    if response.status_code >= 400:
        return response.status_code, sorted(e["field"] for e in body.get("errors", []))
    return response.status_code, _portable(body)


#: What each database numbers or times itself.
_LOCAL = ("id", "created_at", "first_seen", "last_seen")


def _portable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _portable(v) for k, v in value.items() if k not in _LOCAL}
    if isinstance(value, list):
        return [_portable(v) for v in value]
    return value


def _upload(both, doc: dict, *, raw: bytes | None = None) -> tuple[int, Any]:
    content = raw if raw is not None else json.dumps(doc).encode()
    return _same(both, "POST", RUNS, content=content)


def _doc(value: float, unit: str = "ns/op", **result: Any) -> dict:
    metric = {"ns/op": "ns_per_op", "min/op": "ns_per_op", "ops/ns": "ops_per_s"}[unit]
    return make_run_doc(
        [make_result(metric=metric, value=value, unit=unit, **result)], source="manual"
    )


REFUSED = {
    "value 1e308 ns/op": (_doc(1e308), ["results[0].value"]),
    "value 1e-308 ops/ns": (_doc(1e-308, "ops/ns"), ["results[0].value"]),
    "error 1e300 over value 1e-300": (
        _doc(1e-300, error=1e300, error_kind="stddev"),
        ["results[0].error", "results[0].value"],
    ),
    "20,000 tags": (make_run_doc(tags={f"k{i}": "v" for i in range(20_000)}), ["tags"]),
    "a 65-character tag key": (make_run_doc(tags={"k" * 65: "v"}), ["tags." + "k" * 65 + ".[key]"]),
    "33 params": (
        make_run_doc([make_result(params={f"p{i}": i for i in range(33)})]),
        ["results[0].params"],
    ),
    "a NUL in a tag": (make_run_doc(tags={"opt_level": "-O2\u0000"}), ["tags.opt_level"]),
    "a param 1e-5 (1.0e-05 on SQLite, 0.00001 on PostgreSQL)": (
        make_run_doc([make_result(params={"ratio": 1e-5})]),
        [
            f"results[0].params.ratio.{branch}"
            for branch in (
                "bool",
                "constrained-str",
                "function-after[_param_number(), float]",
                "int",
            )
        ],
    ),
    "a NUL in a result name": (
        make_run_doc([make_result(name="rsa\u0000")]),
        ["results[0].name"],
    ),
}


@pytest.mark.parametrize("name", REFUSED)
def test_documents_beyond_what_both_hold_are_refused_alike_naming_the_field(both, name):
    doc, fields = REFUSED[name]
    assert _upload(both, doc) == (422, fields)
    assert _same(both, "GET", f"{RUNS}/{doc['run_id']}")[0] == 404


def test_the_422_says_the_range(both):
    for client in both.values():
        problem = client.post(RUNS, json=_doc(1e31)).json()
        assert problem["errors"] == [
            {
                "field": "results[0].value",
                "message": f"Value error, 1e+31 is out of range: a number here is {RANGE}",
            }
        ]


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "1e999"])
def test_a_non_finite_number_in_machine_extra_is_refused_alike(both, literal):
    doc = make_run_doc()
    doc["machine"]["extra"]["probe"] = "@@"
    raw = json.dumps(doc).replace('"@@"', literal).encode()
    assert _upload(both, doc, raw=raw) == (422, ["machine.extra"])


def test_a_nul_in_a_note_is_refused_alike_naming_the_field(both):
    doc = make_run_doc()
    assert _upload(both, doc)[0] == 201
    note = f"{RUNS}/{doc['run_id']}/notes"
    assert _same(both, "POST", note, json={"text": "nul\u0000byte"}) == (422, ["text"])
    assert _same(both, "POST", note, json={"text": "fine"})[0] == 201


def test_an_offset_is_stored_as_the_instant_it_names(both):
    doc = make_run_doc(
        started_at="2026-11-20T10:00:00+05:00", finished_at="2026-11-20T12:30:00+05:00"
    )
    assert _upload(both, doc)[0] == 201
    status, run = _same(both, "GET", f"{RUNS}/{doc['run_id']}")
    assert status == 200
    assert (run["started_at"], run["finished_at"]) == (
        "2026-11-20T05:00:00Z",
        "2026-11-20T07:30:00Z",
    )
    listed = _same(both, "GET", RUNS, params={"machine": doc["machine"]["name"]})[1]
    assert [r["started_at"] for r in listed["data"]] == ["2026-11-20T05:00:00Z"]


def test_figures_at_the_bounds_are_stored_and_aggregated_alike(both):
    """The largest and smallest figures the contract allows, in the units and with the clock and
    block size that take them furthest, twice each: every aggregate holds them on both."""
    corners = [
        _doc(1e30, "min/op", params={"key_bits": 4096}),
        _doc(1e-30, "ops/ns", params={"key_bits": 4096}),
        _doc(1e-30, "ns/op", params={"key_bits": 2048, "block_bytes": 2**63 - 1}),
        _doc(1e30, "ops/ns", params={"key_bits": 2048, "block_bytes": 1e-4}),
        _doc(1e-30, error=1e30, error_kind="stddev", params={"key_bits": 1024}),
    ]
    for corner in corners:
        for _ in range(2):
            corner["run_id"] = make_run_doc()["run_id"]
            corner["machine"]["clock_hz"] = 1e-30 if corner is corners[2] else 1e12
            assert _upload(both, corner)[0] == 201
        status, run = _same(both, "GET", f"{RUNS}/{corner['run_id']}")
        assert run["results"][0]["value"] == corner["results"][0]["value"]
    for metric in ("ns_per_op", "ops_per_s", "cycles_per_op", "bytes_per_s", "cycles_per_byte"):
        for agg in ("median", "mean", "min", "max"):
            chart = {"metric": metric, "x": "param.key_bits", "agg": agg, "series": "source"}
            status, answer = _same(both, "GET", "/api/v1/chart", params=chart)
            assert status == 200 and answer["series"], (metric, agg)
        assert _same(both, "GET", "/api/v1/tradeoff", params={"metric": metric})[0] == 200
    assert _same(both, "GET", "/api/v1/facets")[0] == 200


def test_a_lineage_through_extreme_neighbours_keeps_taking_uploads(both):
    """100, 101, 99 ops/s, then three runs at the largest figure the contract allows and one at
    the smallest: every upload is stored, and both steps (x1e28, then x1e-60) are served with
    numbers, alike on both."""
    start = datetime(2026, 11, 1, tzinfo=UTC)
    for day, value in enumerate([100.0, 101.0, 99.0, 1e30, 1e30, 1e30, 1e-30]):
        doc = make_run_doc(
            [make_result(metric="ops_per_s", value=value, unit="ops/s")],
            source="python-ecc",
            started_at=(start + timedelta(days=day)).isoformat(),
            finished_at=None,
        )
        assert _upload(both, doc)[0] == 201, day
    status, answer = _same(both, "GET", "/api/v1/changes")
    assert status == 200
    assert [(c["before"], c["after"], c["ratio"]) for c in answer["changes"]] == [
        (1e30, 1e-30, 1e-30 / 1e30),
        (100.0, 1e30, 1e30 / 100.0),
    ]
    for change in answer["changes"]:
        assert isinstance(change["evidence"]["noise"], float), change
    history = {"metric": "ops_per_s", "algorithm": "RSA"}
    assert _same(both, "GET", "/api/v1/history", params=history)[0] == 200


def test_a_library_in_fullwidth_letters_is_the_library(both):
    doc = make_run_doc([make_result(library="\uff2f\uff50\uff45\uff4e\uff33\uff33\uff2c")])
    assert _upload(both, doc)[0] == 201
    status, run = _same(both, "GET", f"{RUNS}/{doc['run_id']}")
    assert (status, run["results"][0]["library"]) == (200, "OpenSSL")
