"""The `jmh` import format: the JSON file of `-rf json` (one run) or the result tables JMH
prints (one run per table)."""

from datetime import datetime

from cryptobench_contract import RunDocument
from cryptobench_parsers.import_format import (
    Evidence,
    Format,
    ImportOptions,
    WholeText,
    at_most,
    lines,
    named_machine,
)
from cryptobench_parsers.jmh.text_tables import has_table, jmh_documents, table_line

_KEYS = ('"benchmark"', '"primaryMetric"')
_table_lines = lines(table_line)


def is_json(head: str) -> bool:
    """A JSON array of JMH records."""
    return head.lstrip().startswith("[") and all(key in head for key in _KEYS)


def evidence(head: str) -> Evidence:
    """JMH's table lines; rows without their header (a paste cut below it) when two or more."""
    hits, first = _table_lines(head)
    return (hits, first) if hits >= 2 or has_table(head) else (0, None)


def _runs(text: str, options: ImportOptions, at: datetime) -> list[RunDocument]:
    documents = jmh_documents(
        text, source_name=options.source_name, machine=named_machine(options), started_at=at
    )
    return at_most(documents, options)


FORMAT = Format(
    name="jmh",
    tool="JMH",
    looks_like="the JSON file of -rf json or the result tables it prints",
    parse=_runs,
    sources=("jmh",),
    count=evidence,
    whole=WholeText(is_json, 'a JSON array of JMH records ("benchmark", "primaryMetric")'),
    json_artifact=True,
)
