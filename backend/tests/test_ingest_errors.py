"""Every 4xx of POST /api/v1/runs, each with a check that nothing was stored."""

import json

import pytest
from factories import create_test_token, make_result, make_run_doc
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from cryptobench_server.app import create_app
from cryptobench_server.store.ingest import CHUNK


@pytest.fixture
def nothing_stored(settings):
    yield
    engine = create_engine(settings.resolved_database_url)
    with engine.connect() as c:
        counts = [
            c.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()
            for t in ("machines", "runs", "results")
        ]
    engine.dispose()
    assert counts == [0, 0, 0]


def problem(response, status: int) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    return response.json()


def fields(response) -> list[str]:
    return [e["field"] for e in problem(response, 422)["errors"]]


def five_results(**fourth) -> list[dict]:
    return [make_result(), make_result(), make_result(), make_result(**fourth), make_result()]


@pytest.mark.parametrize(
    ("results", "field"),
    [
        (five_results(value=-1.0), "results[3].value"),
        (five_results(error=-2.0, error_kind="stddev"), "results[3].error"),
        (five_results(metric="furlongs"), "results[3].metric"),
        (five_results(samples=0), "results[3].samples"),
        (five_results(colour="red"), "results[3].colour"),
        (five_results(params={"key_bits": [2048]}), "results[3].params.key_bits"),
    ],
)
def test_invalid_result_is_422_naming_the_field(authed_client, nothing_stored, results, field):
    named = fields(authed_client.post("/api/v1/runs", json=make_run_doc(results=results)))
    assert named and all(f.startswith(field) for f in named)


def test_invalid_results_in_later_chunks_are_all_named_and_nothing_is_stored(
    authed_client, nothing_stored
):
    results = [make_result() for _ in range(3 * CHUNK)]
    results[CHUNK + 5] = make_result(value=-1.0)
    results[2 * CHUNK + 7] = make_result(samples=0)
    named = fields(authed_client.post("/api/v1/runs", json=make_run_doc(results=results)))
    assert named == [f"results[{CHUNK + 5}].value", f"results[{2 * CHUNK + 7}].samples"]


def test_invalid_head_and_invalid_result_are_named_together(authed_client, nothing_stored):
    doc = make_run_doc(results=five_results(value=-1.0), comment="hi")
    assert fields(authed_client.post("/api/v1/runs", json=doc)) == ["comment", "results[3].value"]


def test_results_that_are_not_a_list_is_422(authed_client, nothing_stored):
    doc = make_run_doc(results={"value": 1.0})
    assert fields(authed_client.post("/api/v1/runs", json=doc)) == ["results"]


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        (
            {"warnings": [{"line": 10**20, "text": "x 1", "message": "not a figure"}]},
            "warnings[0].line",
            "less than or equal to 9223372036854775807",
        ),
        (
            {"machine": {"name": "m", "extra": {"runs": [1, {"seed": 10**30}]}}},
            "machine.extra",
            "extra.runs[1].seed: integer 1000000000000000000000000000000 does not fit in 64 bits",
        ),
        (
            {"results": five_results(params={"key_bits": 2**64})},
            "results[3]",
            "params.key_bits: integer 18446744073709551616 does not fit in 64 bits",
        ),
    ],
)
def test_integer_beyond_64_bits_is_422(authed_client, nothing_stored, overrides, field, message):
    body = problem(authed_client.post("/api/v1/runs", json=make_run_doc(**overrides)), 422)
    assert [e["field"] for e in body["errors"]] == [field]
    assert message in body["errors"][0]["message"]


def test_invalid_reupload_of_a_stored_run_is_422_and_keeps_the_run(authed_client):
    doc = make_run_doc(results=five_results())
    assert authed_client.post("/api/v1/runs", json=doc).status_code == 201
    again = {**doc, "results": five_results(value=-1.0)}
    assert fields(authed_client.post("/api/v1/runs", json=again)) == ["results[3].value"]
    assert authed_client.post("/api/v1/runs", json=doc).status_code == 200


def test_unknown_unit_is_422_on_the_result_with_the_allowed_units(authed_client, nothing_stored):
    doc = make_run_doc(results=five_results(unit="parsecs/op"))
    body = problem(authed_client.post("/api/v1/runs", json=doc), 422)
    assert body["errors"][0]["field"] == "results[3]"
    assert (
        "unit 'parsecs/op' is not known for metric 'cycles_per_op'" in body["errors"][0]["message"]
    )


def test_unit_of_another_metric_is_422(authed_client, nothing_stored):
    doc = make_run_doc(results=five_results(unit="ns/op"))
    assert (
        "measures ns_per_op, not cycles_per_op"
        in problem(authed_client.post("/api/v1/runs", json=doc), 422)["errors"][0]["message"]
    )


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_422(authed_client, nothing_stored, literal):
    raw = json.dumps(make_run_doc(results=five_results(value=1.5))).replace("1.5", literal)
    response = authed_client.post(
        "/api/v1/runs", content=raw, headers={"Content-Type": "application/json"}
    )
    assert "results[3].value" in fields(response)


def test_unknown_top_level_field_is_422(authed_client, nothing_stored):
    assert fields(authed_client.post("/api/v1/runs", json=make_run_doc(comment="hi"))) == [
        "comment"
    ]


@pytest.mark.parametrize(
    "missing", ["run_id", "source", "started_at", "machine", "tool", "results"]
)
def test_missing_required_field_is_422(authed_client, nothing_stored, missing):
    doc = make_run_doc()
    del doc[missing]
    assert fields(authed_client.post("/api/v1/runs", json=doc)) == [missing]


def test_missing_machine_name_is_422(authed_client, nothing_stored):
    doc = make_run_doc()
    del doc["machine"]["name"]
    assert fields(authed_client.post("/api/v1/runs", json=doc)) == ["machine.name"]


def test_broken_json_is_422(authed_client, nothing_stored):
    response = authed_client.post(
        "/api/v1/runs", content=b'{"run_id": ', headers={"Content-Type": "application/json"}
    )
    body = problem(response, 422)
    assert body["errors"][0]["message"] == "JSON decode error"
    assert body["detail"].startswith("the body is not JSON: EOF while parsing")


@pytest.mark.parametrize("body", [b"[1, 2]", b'"a run"', b"null"])
def test_json_that_is_not_an_object_is_422(authed_client, nothing_stored, body):
    response = authed_client.post(
        "/api/v1/runs", content=body, headers={"Content-Type": "application/json"}
    )
    assert problem(response, 422)["detail"].startswith("invalid field(s)")


def test_a_string_the_database_cannot_store_is_422_naming_it(authed_client, nothing_stored):
    doc = make_run_doc(results=five_results(name="nul\u0000byte"))
    body = problem(authed_client.post("/api/v1/runs", json=doc), 422)
    assert body["detail"] == "invalid field(s): results[3].name"


def test_without_token_is_401(client, nothing_stored):
    response = client.post("/api/v1/runs", json=make_run_doc())
    assert problem(response, 401)["detail"] == "send an API token: 'Authorization: Bearer <token>'"
    assert response.headers["www-authenticate"] == "Bearer"


def test_unknown_token_is_401(client, nothing_stored):
    response = client.post(
        "/api/v1/runs", json=make_run_doc(), headers={"Authorization": "Bearer cbt_nope"}
    )
    assert problem(response, 401)["detail"] == "unknown or revoked API token"


def test_read_token_is_403(client, settings, nothing_stored):
    token = create_test_token(settings.resolved_database_url, scope="read")
    response = client.post(
        "/api/v1/runs", json=make_run_doc(), headers={"Authorization": f"Bearer {token}"}
    )
    assert (
        problem(response, 403)["detail"] == "this token has scope 'read'; this needs scope 'upload'"
    )


def test_token_in_query_string_is_refused(client, upload_token, nothing_stored):
    response = client.post(f"/api/v1/runs?token={upload_token}", json=make_run_doc())
    assert "never in the URL" in problem(response, 400)["detail"]


@pytest.fixture
def small_cap_client(settings):
    app = create_app(settings.model_copy(update={"max_body_bytes": 2000}))
    with TestClient(app) as test_client:
        test_client.headers["Authorization"] = (
            f"Bearer {create_test_token(settings.resolved_database_url)}"
        )
        yield test_client
    app.state.engine.dispose()


def big_doc() -> bytes:
    return json.dumps(make_run_doc(results=[make_result() for _ in range(20)])).encode()


def test_body_over_the_cap_is_413_by_content_length(small_cap_client, nothing_stored):
    response = small_cap_client.post(
        "/api/v1/runs", content=big_doc(), headers={"Content-Type": "application/json"}
    )
    assert problem(response, 413)["detail"] == "Request body larger than 2000 bytes"


def test_streamed_body_over_the_cap_is_413(small_cap_client, nothing_stored):
    body = big_doc()
    chunks = (body[i : i + 500] for i in range(0, len(body), 500))
    response = small_cap_client.post(
        "/api/v1/runs", content=chunks, headers={"Content-Type": "application/json"}
    )
    assert problem(response, 413)["detail"] == "Request body larger than 2000 bytes"


def test_body_under_the_cap_is_stored(small_cap_client):
    doc = make_run_doc()
    assert small_cap_client.post("/api/v1/runs", json=doc).status_code == 201
