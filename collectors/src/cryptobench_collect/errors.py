"""The errors the CLI's one boundary (cli.app.main) turns into a message and an exit code."""

from pathlib import Path


class CollectorError(Exception):
    """Base class: a failure the user can act on. `exit_code` is what the process returns."""

    exit_code = 1


class InputError(CollectorError):
    """Bad input: a file that is not what it should be. Names the file and the 1-based line."""

    exit_code = 2

    def __init__(self, path: str | Path, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = self.path if line is None else f"{self.path}:{line}"
        super().__init__(f"{where}: {message}")


class UsageError(CollectorError):
    """The command was called wrongly (bad option value, conflicting options)."""

    exit_code = 2


class RuntimeFailure(CollectorError):
    """The work itself failed: a tool crashed, the server rejected the run, a disk write failed."""

    exit_code = 1


class OnlySpooled(CollectorError):
    """Nothing was uploaded, but every run is kept in the spool's pending/ directory."""

    exit_code = 3


class ServerUnreachable(OnlySpooled):
    """No connection to the server at all: the other pending runs would fare the same."""
