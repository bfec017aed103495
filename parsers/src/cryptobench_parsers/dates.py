"""The date-time a tool wrote in its output (ISO 8601), as an aware datetime. Pure."""

from datetime import datetime, tzinfo
from typing import Any


def iso_datetime(value: Any, *, naive: tzinfo | None = None) -> datetime | None:
    """`value` parsed as an ISO 8601 date-time; one without an offset is in `naive`'s zone, or
    None when `naive` is None (a time of no known zone); None for anything else."""
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    if parsed.tzinfo is not None:
        return parsed
    return parsed.replace(tzinfo=naive) if naive is not None else None
