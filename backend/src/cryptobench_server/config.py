"""Service settings: one class, read from the environment (prefix CRYPTOBENCH_)."""

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


def _default_data_dir() -> Path:
    return Path.cwd() / ".data"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CRYPTOBENCH_", env_ignore_empty=True, extra="ignore")

    environment: Literal["development", "production"] = "development"
    data_dir: Path = Field(default_factory=_default_data_dir)
    database_url: str | None = Field(
        default=None,
        description="SQLAlchemy URL; default: SQLite file under data_dir. PostgreSQL: postgresql+psycopg://...",
    )
    max_body_bytes: int = 32 * 1024 * 1024
    read_tokens: bool = Field(default=False, description="Require a token with scope read for GET endpoints")
    cors_origins: list[str] = Field(default_factory=list)
    frontend_dist: Path | None = Field(
        default=None, description="Built UI to serve at /; default: frontend/dist of the checkout if present"
    )
    host: str = "127.0.0.1"
    port: int = 8000

    @property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / 'cryptobench.sqlite'}"


@lru_cache
def get_settings() -> Settings:
    return Settings()
