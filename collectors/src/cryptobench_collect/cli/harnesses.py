"""`cryptobench parse go|... FILE`: general-purpose benchmark harnesses' output into run
documents, by the same code as `POST /api/v1/imports?format=...` (cryptobench_parsers.imports)."""

from pathlib import Path
from typing import Annotated

import typer

from cryptobench_collect.cli.options import Command, printing
from cryptobench_collect.cli.warnings import print_warnings
from cryptobench_collect.delivery import DeliveryOptions
from cryptobench_collect.documents import read_text, write_documents, written_at
from cryptobench_parsers.formats import BY_NAME, NAMES
from cryptobench_parsers.imports import ImportOptions, import_text

FileArg = Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="Saved output")]
#: The formats of `cryptobench parse` without a command of their own (openssl, jmh and serial
#: also run, collect and ingest).
HARNESSES = tuple(name for name in NAMES if name not in ("openssl", "jmh", "serial"))


def parse_command(format_name: str) -> Command:
    """The `parse <format_name>` command."""

    @printing
    def _parse(file: FileArg, *, options: DeliveryOptions) -> None:
        imported = ImportOptions(
            format=format_name,
            machine_name=options.machine_name,
            tags=options.tags,
            source_name=str(file),
        )
        written = written_at(file)
        documents = list(import_text(read_text(file), imported, received_at=written).runs)
        for document in documents:
            print_warnings(document.warnings)
        write_documents(documents, options.output)

    _parse.__doc__ = (
        f"Print the run documents of saved {BY_NAME[format_name].tool} output (never uploads)."
    )
    return _parse
