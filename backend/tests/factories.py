"""Run documents and tokens for tests: `make_run_doc(**overrides)`, `make_result(**overrides)`,
`create_test_token(url)`. The fixtures built on them live in conftest.py.
"""

import copy
import uuid
from typing import Any

from sqlalchemy import create_engine

from cryptobench_server.auth import create_token
from cryptobench_server.db import make_sessionmaker, transaction

BASE_RESULT: dict[str, Any] = {
    "name": "RSA-2048 verify pss",
    "family": "signature",
    "algorithm": "RSA",
    "operation": "verify",
    "library": "Mbed TLS",
    "library_version": "3.6.2",
    "params": {"key_bits": 2048, "padding": "pss", "hash": "SHA-256"},
    "metric": "cycles_per_op",
    "value": 1_600_000.0,
    "unit": "cycles/op",
}

BASE_RUN: dict[str, Any] = {
    "schema": "cryptobench.run/v1",
    "source": "esp32c6-serial",
    "started_at": "2026-11-20T10:00:00Z",
    "finished_at": "2026-11-20T10:04:10Z",
    "machine": {
        "name": "esp32c6-devkit-1",
        "arch": "riscv32",
        "cpu_model": "ESP32-C6",
        "cores": 1,
        "clock_hz": 160_000_000,
        "board": "ESP32-C6-DevKitC-1",
        "extra": {"clock_source": "configured"},
    },
    "tool": {"name": "cryptobench-esp32c6", "version": "1.0.0"},
    "tags": {"opt_level": "-O2"},
}


def make_result(**overrides: Any) -> dict[str, Any]:
    return {**copy.deepcopy(BASE_RESULT), **overrides}


def make_run_doc(results: list[dict[str, Any]] | None = None, **overrides: Any) -> dict[str, Any]:
    """A valid run document (JSON-ready dict) with a fresh run_id unless one is given."""
    doc = copy.deepcopy(BASE_RUN)
    doc["run_id"] = str(uuid.uuid4())
    doc["results"] = results if results is not None else [make_result()]
    doc.update(overrides)
    return doc


def create_test_token(database_url: str, scope: str = "upload", name: str = "test") -> str:
    engine = create_engine(database_url)
    with transaction(make_sessionmaker(engine)) as session:
        _, secret = create_token(session, name=name, scope=scope)
    engine.dispose()
    return secret
