"""Stable fingerprints: machine identity, series identity and run content (DESIGN "Identity").

Each is a SHA-256 over canonical JSON (sorted keys, no whitespace), so that the same facts
always give the same key, whatever order a collector wrote them in.
"""

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import orjson

from cryptobench_contract import Machine, Result, RunHead

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


#: Result fields in the order `ContentHash` reads them (a test keeps it equal to the contract's).
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


class ContentHash:
    """The hash of a validated document, fed its results chunk by chunk as ingest validates
    them: equal for identical re-uploads, whatever the key order or the chunks.

    SHA-256 over the canonical JSON of [head, results]: the head (everything but the results)
    through the model's JSON form, each result field by field (`RESULT_FIELDS`; 200k of them
    must stay cheap).
    """

    def __init__(self, doc: RunHead) -> None:
        # A run without warnings hashes as it did before documents could carry them.
        skip = {"results"} if doc.warnings else {"results", "warnings"}
        head = doc.model_dump(mode="json", by_alias=True, exclude=skip)
        self._sha = hashlib.sha256(b"[" + orjson.dumps(head, option=orjson.OPT_SORT_KEYS) + b",[")
        self._separator = b""

    def add(self, results: Sequence[Result]) -> None:
        if not results:
            return
        fields = [_result_fields(r) for r in results]
        self._sha.update(self._separator + orjson.dumps(fields, option=orjson.OPT_SORT_KEYS)[1:-1])
        self._separator = b","

    def hexdigest(self) -> str:
        done = self._sha.copy()
        done.update(b"]]")
        return done.hexdigest()


def _result_fields(r: Result) -> tuple:
    return (
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


def content_hash(doc: RunHead, chunks: Iterable[Sequence[Result]] | None = None) -> str:
    """`ContentHash` of a validated document: its results as `chunks` of validated ones, or
    (a RunDocument) its own."""
    digest = ContentHash(doc)
    for chunk in (doc.results,) if chunks is None else chunks:
        digest.add(chunk)
    return digest.hexdigest()
