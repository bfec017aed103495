"""Rich progress bars for the runner: one line for the whole run, one for the current experiment."""

from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)


class RichReporter:
    def __init__(self, console: Console) -> None:
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
        )
        self.overall = self.progress.add_task("experiments done", total=None)
        self.current: TaskID | None = None

    def __enter__(self) -> "RichReporter":
        self.progress.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.progress.stop()

    def plan(self, experiments: int) -> None:
        self.progress.update(self.overall, total=experiments)

    def begin(self, description: str, total: int) -> None:
        self.current = self.progress.add_task(description, total=total)

    def tick(self) -> None:
        if self.current is not None:
            self.progress.advance(self.current)

    def end(self) -> None:
        if self.current is not None:
            self.progress.remove_task(self.current)
            self.current = None

    def experiment_done(self) -> None:
        self.progress.advance(self.overall)
