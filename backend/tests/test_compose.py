"""docker-compose.yml, backend/Dockerfile and .env.example, checked without a Docker engine.

The compose file is validated against the Compose Specification JSON schema (vendored in
fixtures/compose-spec/), after the same ${VAR:-default} interpolation `docker compose` does.
Every path the Dockerfile copies and every command it and the compose file run must exist.
"""

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import jsonschema_rs
import pytest
import yaml
from pydantic import ValidationError
from typer.main import get_command

from cryptobench_server.app import create_app
from cryptobench_server.cli import app as server_cli
from cryptobench_server.config import Settings

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = Path(__file__).parent / "fixtures" / "compose-spec" / "compose-spec.json"
COMPOSE_FILES = ["docker-compose.yml", "docker-compose.override.yml"]
VARIABLE = re.compile(r"\$\{(?P<name>[A-Z0-9_]+)(?::?-(?P<default>[^}]*))?\}")


def interpolate(value, env: dict[str, str]):
    """Replace ${VAR} and ${VAR:-default} in every string of the parsed file, as compose does."""
    if isinstance(value, dict):
        return {key: interpolate(item, env) for key, item in value.items()}
    if isinstance(value, list):
        return [interpolate(item, env) for item in value]
    if isinstance(value, str):
        return VARIABLE.sub(lambda m: env.get(m["name"], m["default"] or ""), value)
    return value


def load_compose(name: str = "docker-compose.yml", env: dict[str, str] | None = None) -> dict:
    return interpolate(yaml.safe_load((ROOT / name).read_text(encoding="utf-8")), env or {})


def compose_errors(document: dict) -> list[str]:
    validator = jsonschema_rs.validator_for(json.loads(SCHEMA.read_text(encoding="utf-8")))
    return [
        f"{'/'.join(map(str, e.instance_path))}: {e.message}"
        for e in validator.iter_errors(document)
    ]


def dockerfile_instructions(path: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    lines = [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if not line.lstrip().startswith("#")
    ]
    joined = re.sub(r"\\\n\s*", " ", "\n".join(lines))
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1])
        for line in joined.splitlines()
        if line.strip()
    ]


def cli_paths() -> set[tuple[str, ...]]:
    """Every command path of `cryptobench-server`, e.g. ("token", "create")."""

    def walk(command, prefix):
        found = {prefix}
        for name, sub in getattr(command, "commands", {}).items():
            found |= walk(sub, (*prefix, name))
        return found

    return walk(get_command(server_cli), ())


@pytest.mark.parametrize("name", [n for n in COMPOSE_FILES if (ROOT / n).exists()])
def test_compose_file_matches_the_compose_specification(name):
    assert compose_errors(load_compose(name)) == []


def test_schema_catches_a_misspelled_key():
    document = load_compose()
    document["services"]["db"]["healthcheck"]["intervall"] = "5s"
    document["services"]["dashboard"]["depends_on"]["db"]["condition"] = "healthy"
    assert len(compose_errors(document)) >= 2


def test_dashboard_waits_for_a_healthy_db_and_is_health_checked():
    services = load_compose()["services"]
    assert services["db"]["image"] == "postgres:16"
    assert "pg_isready" in " ".join(services["db"]["healthcheck"]["test"])
    assert services["db"]["volumes"] == ["db-data:/var/lib/postgresql/data"]
    assert services["dashboard"]["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert "/api/v1/health" in " ".join(services["dashboard"]["healthcheck"]["test"])
    assert services["dashboard"]["ports"] == ["127.0.0.1:8000:8000"]


def test_compose_build_context_and_dockerfile_exist():
    build = load_compose()["services"]["dashboard"]["build"]
    context = ROOT / build["context"]
    assert context.resolve() == ROOT
    assert (context / build["dockerfile"]).is_file()


def test_every_path_the_dockerfile_copies_exists():
    copies = [
        shlex.split(args)
        for op, args in dockerfile_instructions(ROOT / "backend/Dockerfile")
        if op == "COPY"
    ]
    sources = [src for words in copies if not words[0].startswith("--from") for src in words[:-1]]
    assert sources == [
        "frontend/package.json",
        "frontend/package-lock.json",
        "frontend/",
        "contract/",
        "parsers/",
        "backend/",
    ]
    assert [src for src in sources if not (ROOT / src).exists()] == []


def test_every_command_the_dockerfile_runs_exists():
    instructions = dockerfile_instructions(ROOT / "backend/Dockerfile")
    runs = " && ".join(args for op, args in instructions if op == "RUN")
    makefile = (ROOT / "frontend/Makefile").read_text(encoding="utf-8")
    install = re.search(r"^\t.*\$\(NPM\) (install [^\n]*)$", makefile, re.M)[1]
    assert f"npm {install}" in runs and (ROOT / "frontend/package-lock.json").is_file()
    scripts = json.loads((ROOT / "frontend/package.json").read_text(encoding="utf-8"))["scripts"]
    assert "npm run build" in runs and "vite build" in scripts["build"]
    for part in re.findall(r"pip install ((?:\./\S+\s*)+)", runs)[0].split():
        assert (ROOT / part / "pyproject.toml").is_file(), part
    command = json.loads(dict(instructions)["CMD"])
    pyproject = tomllib.loads((ROOT / "backend/pyproject.toml").read_text(encoding="utf-8"))
    assert command[0] in pyproject["project"]["scripts"]
    assert tuple(command[1:]) in cli_paths()


def test_documented_one_off_commands_exist():
    text = (ROOT / "docker-compose.yml").read_text(encoding="utf-8")
    documented = re.findall(
        r"docker compose run --rm dashboard cryptobench-server ([a-z ]+?)(?: [a-z-]+ --|$)",
        text,
        re.M,
    )
    assert [tuple(c.split()) for c in documented] == [("demo", "load"), ("token", "create")]
    assert {("demo", "load"), ("token", "create"), ("migrate",), ("serve",)} <= cli_paths()


def test_health_path_in_healthchecks_is_a_route():
    routes = create_app(Settings(database_url="sqlite://")).openapi()["paths"]
    dockerfile = (ROOT / "backend/Dockerfile").read_text(encoding="utf-8")
    assert "/api/v1/health" in routes and "http://127.0.0.1:8000/api/v1/health" in dockerfile


def test_compose_and_env_example_name_the_same_variables():
    compose = {
        m["name"]
        for m in VARIABLE.finditer((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    }
    example = dict(
        line.split("=", 1)
        for line in (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    )
    assert compose == set(example)
    interpolated = load_compose(env=example)["services"]["dashboard"]["environment"]
    assert interpolated == load_compose()["services"]["dashboard"]["environment"]


def test_every_dashboard_setting_is_a_settings_field(monkeypatch):
    environment = load_compose()["services"]["dashboard"]["environment"]
    fields = {f"CRYPTOBENCH_{name.upper()}" for name in Settings.model_fields}
    assert set(environment) - fields == set()
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    settings = Settings()
    assert (
        settings.cors_origins == []
        and settings.read_tokens is False
        and settings.max_body_bytes == 32 * 2**20
    )


def test_production_refuses_the_compose_default_password():
    environment = load_compose(env={"CRYPTOBENCH_ENVIRONMENT": "production"})["services"][
        "dashboard"
    ]["environment"]
    assert environment["CRYPTOBENCH_ENVIRONMENT"] == "production"
    with pytest.raises(ValidationError, match="default password 'changethis'"):
        Settings(environment="production", database_url=environment["CRYPTOBENCH_DATABASE_URL"])


def test_production_starts_with_a_real_password_and_development_with_the_default():
    env = {"CRYPTOBENCH_ENVIRONMENT": "production", "POSTGRES_PASSWORD": "Kx7-q2_ZtW9"}
    environment = load_compose(env=env)["services"]["dashboard"]["environment"]
    settings = Settings(
        environment="production", database_url=environment["CRYPTOBENCH_DATABASE_URL"]
    )
    assert (
        settings.database_url == "postgresql+psycopg://cryptobench:Kx7-q2_ZtW9@db:5432/cryptobench"
    )
    default_url = load_compose()["services"]["dashboard"]["environment"]["CRYPTOBENCH_DATABASE_URL"]
    assert (
        Settings(environment="development", database_url=default_url).environment == "development"
    )


def test_production_guard_reads_the_environment(monkeypatch):
    monkeypatch.setenv("CRYPTOBENCH_ENVIRONMENT", "production")
    monkeypatch.setenv(
        "CRYPTOBENCH_DATABASE_URL", "postgresql+psycopg://cryptobench:changethis@db/cryptobench"
    )
    with pytest.raises(ValidationError, match="CRYPTOBENCH_DATABASE_URL uses the default password"):
        Settings()


def test_make_stack_runs_the_same_stack_without_docker():
    """scripts/stack.sh --check: local PostgreSQL, migrate, demo load, token, serve, probe, stop."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CRYPTOBENCH_")}
    tmp_path = Path(tempfile.mkdtemp(prefix="cryptobench-stack-test-"))
    tmp_path.chmod(0o755)
    done = subprocess.run(
        ["bash", str(ROOT / "scripts/stack.sh"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**env, "TMPDIR": str(tmp_path), "VENV": str(Path(sys.executable).parent.parent)},
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "stack check: health: {'status': 'ok', 'database': 'postgresql'}" in done.stdout
    assert "stack check: upload with the stack token: HTTP 201" in done.stdout
    assert re.search(r"stack check: demo runs listed: [1-9]", done.stdout)
    assert "stack check: ok" in done.stdout
    assert list(tmp_path.iterdir()) == []
    tmp_path.rmdir()
