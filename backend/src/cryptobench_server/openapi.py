"""The OpenAPI document, with every error answer declared as application/problem+json."""

from typing import Any

from fastapi import FastAPI
from fastapi.encoders import jsonable_encoder
from fastapi.openapi.models import OpenAPI
from fastapi.openapi.utils import get_openapi

from cryptobench_contract import RunDocument
from cryptobench_server.errors import PROBLEM_JSON

PROBLEM_SCHEMA: dict[str, Any] = {
    "title": "Problem",
    "description": "RFC 9457 problem details; `errors` names each offending field",
    "type": "object",
    "required": ["type", "title", "status", "detail"],
    "properties": {
        "type": {"type": "string"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["field", "message"],
                "properties": {"field": {"type": "string"}, "message": {"type": "string"}},
            },
        },
    },
}

ERRORS_EVERYWHERE = {
    400: "Bad request (e.g. a token in the query string), or a limit exceeded (the limit named)",
    401: "No or unknown API token",
    403: "The token lacks the needed scope",
    404: "Not found",
    422: "Invalid input; `errors` names the field paths",
    500: "Internal error",
    503: "Database unavailable (retry after the Retry-After seconds), or a read query stopped "
    "past the time limit",
}
ERRORS_ON_UPLOAD = {
    409: "run_id stored with different content",
    413: "Body larger than the configured cap",
}


#: Bodies that routes read themselves and declare with `openapi_extra` (POST /runs, whose
#: results are validated while they are stored): their schemas go in the components.
READ_BY_ROUTE = (RunDocument,)


def declare_bodies(document: dict[str, Any]) -> dict[str, Any]:
    """Add READ_BY_ROUTE's schemas, written as FastAPI writes those of the models it reads
    (through its OpenAPI model, without nulls)."""
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    for model in READ_BY_ROUTE:
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(schema.pop("$defs", {}))
        schemas[model.__name__] = schema
    return jsonable_encoder(OpenAPI(**document), by_alias=True, exclude_none=True)


def _problem_response(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}},
    }


def declare_problems(document: dict[str, Any]) -> dict[str, Any]:
    """Declare every 4xx/5xx of every operation as Problem; drop FastAPI's HTTPValidationError."""
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    schemas.pop("HTTPValidationError", None)
    schemas.pop("ValidationError", None)
    schemas["Problem"] = PROBLEM_SCHEMA
    for path_item in document.get("paths", {}).values():
        for method, operation in path_item.items():
            errors = ERRORS_EVERYWHERE | (ERRORS_ON_UPLOAD if method == "post" else {})
            responses = operation.setdefault("responses", {})
            for status, description in errors.items():
                responses[str(status)] = _problem_response(
                    responses.get(str(status), {}).get("description") or description
                )
    return document


def install_openapi(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = declare_problems(
                declare_bodies(
                    get_openapi(
                        title=app.title,
                        version=app.version,
                        description=app.description,
                        routes=app.routes,
                    )
                )
            )
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
