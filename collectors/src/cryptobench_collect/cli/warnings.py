"""Parse warnings on stderr: one line each, `warning: FILE:LINE: why: the line as printed`."""

from collections.abc import Iterable

from rich.console import Console
from rich.markup import escape

from cryptobench_contract import ParseWarning


def format_warning(item: ParseWarning) -> str:
    where = ":".join(str(part) for part in (item.file, item.line) if part is not None)
    text = f": {item.text}" if item.text else ""
    return f"{where + ': ' if where else ''}{item.message}{text}"


def print_warnings(warnings: Iterable[ParseWarning], console: Console | None = None) -> None:
    console = console or Console(stderr=True)
    for item in warnings:
        console.print(f"[yellow]warning:[/] {escape(format_warning(item))}", soft_wrap=True)
