"""Reading and writing run documents as JSON files, with errors that name the file and line."""

import json
import os
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from rich.console import Console

from cryptobench_collect.errors import InputError
from cryptobench_contract import RunDocument


def parse_json(text: str, *, source_name: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(source_name, exc.lineno, f"not JSON: {exc.msg}") from None
    except RecursionError:
        raise InputError(source_name, None, "not a run document: nested too deeply") from None


def run_from_data(data: Any, *, source_name: str) -> RunDocument:
    """Validate `data` against the run document contract; the first problem names its field path."""
    try:
        return RunDocument.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "document"
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise InputError(
            source_name, None, f"not a run document: {where}: {first['msg']}{more}"
        ) from None


def read_text(path: Path) -> str:
    """The file's text; undecodable bytes and unreadable files are input errors, not tracebacks."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(path, None, f"cannot read: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(path, line, "not UTF-8 text (binary file?)") from None


def written_at(path: Path) -> datetime:
    """When the file was last written, in UTC: the time of a run whose saved output it holds."""
    return datetime.fromtimestamp(path.stat().st_mtime, UTC)


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to a temporary file beside `path`, fsync it, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_documents(documents: list[RunDocument], output: Path | None) -> None:
    """One run document per line, to stdout or (atomically) to `output`."""
    text = "".join(document.to_json() + "\n" for document in documents)
    if output is None:
        sys.stdout.write(text)
        return
    write_atomically(output, text)
    Console(stderr=True).print(f"{len(documents)} run document(s) written to {output}")
