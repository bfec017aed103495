"""A run's content fingerprint: the hash that tells an identical re-upload from a changed one
(DESIGN "Identity, idempotency, integrity"; machine and series identity: identity.py).
"""

import hashlib
from collections.abc import Iterable, Sequence

import orjson

from cryptobench_contract import Result, RunHead

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
