"""Settings from the environment (prefix CRYPTOBENCH_); command-line flags override them."""

from pathlib import Path
from typing import Any, Self

import platformdirs
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_spool_dir() -> Path:
    return Path(platformdirs.user_data_dir("cryptobench", appauthor=False)) / "spool"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="CRYPTOBENCH_", env_ignore_empty=True, extra="ignore"
    )

    server: str | None = Field(
        default=None, description="Base URL of the dashboard, e.g. http://host:8000"
    )
    token: str | None = Field(
        default=None, description="Upload token (cryptobench-server token create)"
    )
    spool_dir: Path = Field(default_factory=default_spool_dir)
    upload_deadline_s: float = Field(
        default=60.0, gt=0, description="Give up retrying after this long"
    )
    http_timeout_s: float = Field(default=30.0, gt=0)

    def resolve(self, **overrides: Any) -> Self:
        """A copy with every override that is not None applied (flags beat the environment)."""
        given = {key: value for key, value in overrides.items() if value is not None}
        return self.model_copy(update=given)
