"""`cryptobench parse go|... FILE`: general-purpose benchmark harnesses' output into run
documents, by the same code as `POST /api/v1/imports?format=...` (cryptobench_parsers.imports)."""

from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from cryptobench_collect.cli.app import parse_app
from cryptobench_collect.cli.options import MachineNameOpt, OutputOpt, TagOpt, parse_tags
from cryptobench_collect.cli.warnings import print_warnings
from cryptobench_collect.documents import read_text, write_documents
from cryptobench_parsers.detect import TOOLS
from cryptobench_parsers.imports import ImportOptions, import_text

FileArg = Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="Saved output")]
HARNESSES = ("go", "criterion", "gbench", "liboqs", "cryptsetup")


def _register(format_name: str) -> None:
    @parse_app.command(
        format_name,
        help=f"Print the run documents of saved {TOOLS[format_name]} output (never uploads).",
    )
    def _parse(
        file: FileArg,
        machine_name: MachineNameOpt = None,
        tag: TagOpt = None,
        output: OutputOpt = None,
    ) -> None:
        options = ImportOptions(
            format=format_name,
            machine_name=machine_name,
            tags=parse_tags(tag),
            source_name=str(file),
        )
        written = datetime.fromtimestamp(file.stat().st_mtime, UTC)
        documents = list(import_text(read_text(file), options, received_at=written).runs)
        for document in documents:
            print_warnings(document.warnings)
        write_documents(documents, output)


for _name in HARNESSES:
    _register(_name)
