"""The offline spool: every run is written here before it is sent, so none is ever lost.

Layout: `<root>/pending/<run_id>.json`, `<root>/sent/`, `<root>/failed/`. Each file is
`{"spool_version": 1, "run": {...}}` (failed items also carry the server's `problem`).
Files are written to a temporary name, fsynced and renamed, and moved between states by
rename, so a kill -9 at any moment leaves a whole file in pending/ or sent/. A process sends a
pending file only while it holds its claim (`Spool.claim`), so flushes running at once never
send one run twice, and a file moved away under one is another's, not an error.
"""

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from cryptobench_collect.documents import parse_json, read_text, run_from_data, write_atomically
from cryptobench_collect.errors import InputError
from cryptobench_contract import RunDocument

SPOOL_VERSION = 1
State = Literal["pending", "sent", "failed"]
STATES: tuple[State, ...] = ("pending", "sent", "failed")


@dataclass(frozen=True)
class SpoolItem:
    state: State
    path: Path
    run: RunDocument
    problem: dict[str, Any] | None


def encode_item(run: RunDocument, problem: dict[str, Any] | None = None) -> str:
    item: dict[str, Any] = {"spool_version": SPOOL_VERSION, "run": json.loads(run.to_json())}
    if problem is not None:
        item["problem"] = problem
    return json.dumps(item, indent=1, ensure_ascii=False) + "\n"


def decode_item(text: str, *, source_name: str) -> tuple[RunDocument, dict[str, Any] | None]:
    """Read a spool file; refuses any spool version other than the one this program writes."""
    data = parse_json(text, source_name=source_name)
    if not isinstance(data, dict) or "spool_version" not in data:
        raise InputError(source_name, 1, "not a spool file (no spool_version)")
    version = data["spool_version"]
    if version != SPOOL_VERSION:
        raise InputError(
            source_name,
            1,
            f"spool_version {version!r} is not supported by this cryptobench (it reads version "
            f"{SPOOL_VERSION}); use the cryptobench that wrote it",
        )
    problem = data.get("problem")
    if problem is not None and not isinstance(problem, dict):
        raise InputError(source_name, 1, "spool file: problem must be an object")
    return run_from_data(data.get("run"), source_name=source_name), problem


class Spool:
    def __init__(self, root: Path) -> None:
        self.root = root

    def directory(self, state: State) -> Path:
        return self.root / state

    def add(self, run: RunDocument) -> Path:
        """Write `run` to pending/ atomically and return its path."""
        path = self.directory("pending") / f"{run.run_id}.json"
        write_atomically(path, encode_item(run))
        return path

    def mark_sent(self, path: Path) -> Path:
        return self._move(path, "sent")

    def mark_failed(self, path: Path, run: RunDocument, problem: dict[str, Any]) -> Path:
        """Record the server's problem detail in failed/, then drop the pending copy."""
        target = self.directory("failed") / path.name
        write_atomically(target, encode_item(run, problem))
        path.unlink(missing_ok=True)
        return target

    def load(self, path: Path) -> SpoolItem:
        run, problem = decode_item(read_text(path), source_name=str(path))
        return SpoolItem(state=_state_of(path), path=path, run=run, problem=problem)

    def paths(self, state: State) -> list[Path]:
        """The files in `state`, oldest first (those moved away while listed left out)."""
        directory = self.directory(state)
        if not directory.is_dir():
            return []
        found = []
        for path in directory.glob("*.json"):
            try:
                found.append((path.stat().st_mtime, path.name, path))
            except FileNotFoundError:
                continue
        return [path for _, _, path in sorted(found)]

    @contextmanager
    def claim(self, path: Path) -> Iterator[bool]:
        """Hold pending file `path` for this process alone while it is sent: an exclusive lock
        on the file, which the kernel lets go when the process ends (a flush killed midway
        leaves the file to the next one). False when another process holds it, or has already
        moved it away."""
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            yield False
            return
        try:
            yield _locked(fd) and _still_at(fd, path)
        finally:
            os.close(fd)

    def _move(self, path: Path, state: State) -> Path:
        target = self.directory(state) / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, target)
        return target


def _state_of(path: Path) -> State:
    name = path.parent.name
    return name if name in STATES else "pending"


if sys.platform == "win32":
    import msvcrt

    def _locked(fd: int) -> bool:
        """Locks the file's first byte; Windows releases it when the process ends."""
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _locked(fd: int) -> bool:
        """An exclusive flock; the kernel releases it when the process ends."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


def _still_at(fd: int, path: Path) -> bool:
    """Whether `path` still names the file open as `fd` (the process that held it before may
    have moved it to sent/ or failed/)."""
    try:
        return os.stat(path).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False
