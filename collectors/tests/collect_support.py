"""Helpers the collectors tests import (a plain module, so its name cannot clash with other conftests)."""

import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cryptobench_collect.cli.app import main
from cryptobench_contract import Machine, Result, RunDocument, Tool

FIXTURES = Path(__file__).parent / "fixtures"


def make_run(run_id: str = "00000000-0000-4000-8000-000000000001", **overrides) -> RunDocument:
    fields = {
        "run_id": uuid.UUID(run_id),
        "source": "manual",
        "started_at": datetime(2026, 11, 20, 10, 0, tzinfo=UTC),
        "machine": Machine(name="bbb-01", arch="armv7l", cores=1),
        "tool": Tool(name="openssl", version="1.1.1g"),
        "results": [
            Result(
                name="aes-128-cbc",
                algorithm="AES-128-CBC",
                operation="encrypt",
                family="cipher",
                params={"block_bytes": 16},
                metric="bytes_per_s",
                value=30229130.0,
                unit="B/s",
            )
        ],
    }
    fields.update(overrides)
    return RunDocument(**fields)


def run_main(argv: list[str], capsys) -> tuple[int, str, str]:
    """`cryptobench ARGV` through the CLI's one error boundary: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as caught:
        main(argv)
    captured = capsys.readouterr()
    return caught.value.code, captured.out, captured.err
