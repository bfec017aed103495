"""Stable fingerprints: machine identity, series identity and run content (DESIGN "Identity").

Each is a SHA-256 over canonical JSON (sorted keys, no whitespace), so that the same facts
always give the same key, whatever order a collector wrote them in.
"""

import hashlib
from collections.abc import Mapping
from typing import Any

import orjson

from cryptobench_contract import Machine, RunDocument

SERIES_KEY_CHARS = 32


def _digest(value: Any) -> str:
    return hashlib.sha256(orjson.dumps(value, option=orjson.OPT_SORT_KEYS)).hexdigest()


def machine_fingerprint(machine: Machine) -> str:
    """64 hex chars over (name, arch, cpu_model, cores, board); the clock is not part of it."""
    return _digest([machine.name, machine.arch, machine.cpu_model, machine.cores, machine.board])


def series_key(
    *,
    algorithm: str,
    operation: str | None,
    params: Mapping[str, Any],
    library: str | None,
    library_version: str | None,
    machine: str,
    clock_hz: float | None,
    tags: Mapping[str, str],
) -> str:
    """32 hex chars: results with equal keys belong to one chart line."""
    parts = [algorithm, operation, params, library, library_version, machine, clock_hz, tags]
    return _digest(parts)[:SERIES_KEY_CHARS]


def content_hash(doc: RunDocument) -> str:
    """Hash of the validated document: equal for identical re-uploads, whatever the key order."""
    return _digest(doc.model_dump(mode="json", by_alias=True))
