def test_health_reports_postgres(client):
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "postgresql"}


def test_unknown_api_path_is_problem_json(client):
    response = client.get("/api/v1/nothing-here")
    assert response.status_code == 404
    assert response.headers["content-type"] == "application/problem+json"


def test_database_down_is_503_problem_json_with_retry_after(tmp_path):
    import socket

    from fastapi.testclient import TestClient

    from cryptobench_server.app import create_app
    from cryptobench_server.config import Settings

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql+psycopg://nobody@127.0.0.1:{port}/gone?connect_timeout=2"
    app = create_app(
        Settings(database_url=url, data_dir=tmp_path, frontend_dist=tmp_path / "no-ui")
    )
    with TestClient(app) as client:
        health, runs = client.get("/api/v1/health"), client.get("/api/v1/runs")
    for response in (health, runs):
        assert response.status_code == 503
        assert response.headers["content-type"] == "application/problem+json"
        assert response.headers["retry-after"] == "5"
        assert response.json()["detail"] == "database unavailable"


def test_every_error_answer_is_declared_as_problem_json(client):
    document = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in document["components"]["schemas"]
    assert document["components"]["schemas"]["Problem"]["required"] == [
        "type",
        "title",
        "status",
        "detail",
    ]
    upload = document["paths"]["/api/v1/runs"]["post"]["responses"]
    assert sorted(s for s in upload if s >= "400") == [
        "400",
        "401",
        "403",
        "404",
        "409",
        "413",
        "422",
        "500",
        "503",
    ]
    problem_ref = {"schema": {"$ref": "#/components/schemas/Problem"}}
    for path_item in document["paths"].values():
        for operation in path_item.values():
            assert operation["responses"]["422"]["content"] == {
                "application/problem+json": problem_ref
            }


def test_the_upload_body_is_declared_as_the_run_document(client):
    """The route reads its body itself (results are validated while stored), so the document
    is declared by openapi.py: as FastAPI would, with the contract's models in the components."""
    document = client.get("/openapi.json").json()
    body = document["paths"]["/api/v1/runs"]["post"]["requestBody"]
    assert body == {
        "required": True,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RunDocument"}}},
    }
    schemas = document["components"]["schemas"]
    assert schemas["RunDocument"]["properties"]["results"]["items"] == {
        "$ref": "#/components/schemas/Result"
    }
    assert schemas["RunDocument"]["additionalProperties"] is False
    assert "default" not in schemas["Machine"]["properties"]["arch"]
