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


#: Result fields in the order `content_hash` reads them (a test keeps it equal to the contract's).
RESULT_FIELDS = (
    "name",
    "family",
    "algorithm",
    "operation",
    "library",
    "library_version",
    "params",
    "metric",
    "value",
    "unit",
    "error",
    "error_kind",
    "samples",
    "stats",
    "raw",
)


def content_hash(doc: RunDocument) -> str:
    """Hash of the validated document: equal for identical re-uploads, whatever the key order.

    Results are read field by field (200k of them must stay cheap), everything else through
    the model's JSON form.
    """
    # A run without warnings hashes as it did before documents could carry them.
    skip = {"results"} if doc.warnings else {"results", "warnings"}
    head = doc.model_dump(mode="json", by_alias=True, exclude=skip)
    results = [
        (
            r.name,
            r.family,
            r.algorithm,
            r.operation,
            r.library,
            r.library_version,
            sorted(r.params.items()),
            r.metric,
            r.value,
            r.unit,
            r.error,
            r.error_kind,
            r.samples,
            sorted(r.stats.items()) if r.stats is not None else None,
            r.raw,
        )
        for r in doc.results
    ]
    return _digest([head, results])
