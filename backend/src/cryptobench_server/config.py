"""Service settings: one class, read from the environment (prefix CRYPTOBENCH_).

In production (`CRYPTOBENCH_ENVIRONMENT=production`) the service refuses to start with a
default secret, e.g. the database password "changethis" that docker-compose.yml and
.env.example ship with.
"""

from functools import lru_cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from cryptobench_server.changes.detect import DEFAULT_THRESHOLD

DEFAULT_SECRETS = frozenset({"changethis", "postgres", "password", "secret"})


def _default_data_dir() -> Path:
    return Path.cwd() / ".data"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="CRYPTOBENCH_", env_ignore_empty=True, extra="ignore"
    )

    environment: Literal["development", "production"] = "development"
    data_dir: Path = Field(default_factory=_default_data_dir)
    database_url: str | None = Field(
        default=None,
        description="SQLAlchemy URL; default: SQLite file under data_dir. PostgreSQL: postgresql+psycopg://...",
    )
    max_body_bytes: int = Field(
        default=32 * 1024 * 1024, description="Largest request body; larger ones get 413"
    )
    max_import_bytes: int = Field(
        default=8 * 1024 * 1024,
        description="Largest text for POST /api/v1/imports (parsed in memory); larger: 413",
    )
    max_import_runs: int = Field(
        default=100,
        gt=0,
        description="Most runs (outputs) one import makes; more: 422 before storing any",
    )
    import_budget_s: float = Field(
        default=60.0,
        gt=0,
        description="Seconds one import (parse and store, in a worker process) may take; "
        "past them it is stopped and answered 422",
    )
    import_memory_mb: int = Field(
        default=256,
        gt=0,
        description="MiB of memory one import may add to its worker process (its address "
        "space, RLIMIT_AS); past them it is stopped and answered 422",
    )
    import_workers: int = Field(
        default=2, gt=0, description="Worker processes that parse and store imports"
    )
    read_tokens: bool = Field(
        default=False, description="Require a token with scope read for GET endpoints"
    )
    cors_origins: list[str] = Field(default_factory=list)
    frontend_dist: Path | None = Field(
        default=None,
        description="Built UI to serve at /; default: frontend/dist of the checkout if present",
    )
    change_threshold: float = Field(
        default=DEFAULT_THRESHOLD,
        gt=0,
        lt=1,
        description="Smallest relative step between runs reported as a change (0.05 = 5%)",
    )
    query_timeout_s: float = Field(
        default=10.0,
        gt=0,
        description="Seconds a read (GET) may run before its database query is stopped (503)",
    )
    pool_size: int = Field(
        default=10,
        gt=0,
        description="Requests that use the database at once (each holds one pooled connection); "
        "more wait up to pool_wait_s",
    )
    pool_wait_s: float = Field(
        default=3.0,
        gt=0,
        description="Seconds a request waits for the database when pool_size requests use it; "
        "then 503 with Retry-After",
    )
    host: str = "127.0.0.1"
    port: int = 8000
    log_level: Literal["critical", "error", "warning", "info", "debug"] = "info"
    access_log: bool = Field(
        default=True, description="One log line per request (paths only, never headers)"
    )
    forwarded_allow_ips: str = Field(
        default="127.0.0.1",
        description="Proxies whose X-Forwarded-* headers are trusted (comma-separated, or *)",
    )
    header_timeout_s: float = Field(
        default=10.0,
        gt=0,
        description="Seconds a connection may take to send a whole request head (from its "
        "opening, or from its last answer); then `serve` closes it (serving.py)",
    )
    limit_concurrency: int = Field(
        default=1000,
        gt=0,
        description="Open connections (or requests under way) past which `serve` answers 503",
    )

    @field_validator("database_url")
    @classmethod
    def _a_database_url(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                make_url(value)
            except ArgumentError:
                raise ValueError(
                    f"CRYPTOBENCH_DATABASE_URL {value!r} is not a database URL: use "
                    "postgresql+psycopg://user:password@host:5432/name or sqlite:///path/to/file.sqlite"
                ) from None
        return value

    @property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / 'cryptobench.sqlite'}"

    @model_validator(mode="after")
    def _refuse_default_secrets_in_production(self) -> Self:
        if self.environment != "production" or not self.database_url:
            return self
        password = make_url(self.database_url).password
        if password is not None and str(password).lower() in DEFAULT_SECRETS:
            raise ValueError(
                f"CRYPTOBENCH_DATABASE_URL uses the default password {str(password)!r}: set "
                "POSTGRES_PASSWORD (docker compose) or the URL's password to a secret of your own "
                "before running with CRYPTOBENCH_ENVIRONMENT=production"
            )
        return self


@lru_cache
def get_settings() -> Settings:
    return Settings()
