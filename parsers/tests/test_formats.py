"""The format registry (issue 36): every format listed once, its names unique, and the sources
it declares exactly what its parser writes on the captured and published outputs, all of them
the contract's."""

from collections import defaultdict
from typing import get_args

from published import AT
from test_detect import CASES, FIXTURE_CASES

from cryptobench_contract.vocabulary import Source
from cryptobench_parsers.formats import BY_NAME, FORMATS, NAMES
from cryptobench_parsers.imports import ImportOptions, import_text


def test_each_format_is_listed_once_in_the_order_served():
    assert NAMES == (
        "openssl",
        "jmh",
        "serial",
        "go",
        "criterion",
        "gbench",
        "liboqs",
        "cryptsetup",
        "bssl",
        "botan",
        "benchstat",
        "hyperfine",
        "dudect",
        "pqm4",
        "pytest-benchmark",
        "action-benchmark",
    )
    assert list(BY_NAME) == list(NAMES)


def test_the_contracts_sources_are_the_formats_and_the_agents_own():
    declared = {source for f in FORMATS for source in f.sources}
    assert declared <= set(get_args(Source))
    assert set(get_args(Source)) - declared == {"python-ecc", "manual"}


def test_each_format_writes_exactly_the_sources_it_declares():
    seen: dict[str, set[str]] = defaultdict(set)
    for kind, path in [*CASES, *FIXTURE_CASES]:
        options = ImportOptions(format=kind, source_name=path.name)
        text = path.read_text(encoding="utf-8-sig")
        seen[kind] |= {run.source for run in import_text(text, options, received_at=AT).runs}
    assert dict(seen) == {f.name: set(f.sources) for f in FORMATS}


def test_the_json_formats_are_recognized_whole_and_stored_as_json():
    assert [f.name for f in FORMATS if f.json_artifact] == [
        "jmh",
        "gbench",
        "hyperfine",
        "pytest-benchmark",
        "action-benchmark",
    ]
    assert [f.name for f in FORMATS if f.whole is not None] == [
        "jmh",
        "gbench",
        "hyperfine",
        "pytest-benchmark",
        "action-benchmark",
    ]
    assert [f.name for f in FORMATS if f.entry_ids] == ["action-benchmark"]
