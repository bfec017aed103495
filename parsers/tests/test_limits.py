"""Numbers too long and JSON too deep for any tool are a ParseError naming the line in every
format (issue 35): never Python's ValueError past 4,300 digits nor a RecursionError, which the
server answered as 500s."""

from datetime import UTC, datetime

import pytest

from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.formats import NAMES
from cryptobench_parsers.imports import ImportOptions, import_text
from cryptobench_parsers.limits import MAX_DIGITS, MAX_JSON_DEPTH, loads

HUGE = "9" * 5000
#: A line of each format whose count or figure is a number of 5,000 digits, on line 2.
HUGE_LINES = {
    "openssl": f"+DT:rsa2048:10\n+R1:{HUGE}:2048:10.00\n",
    "jmh": f'[{{"benchmark": "a.B.c", "mode": "thrpt",\n"primaryMetric": {{"score": {HUGE}}}}}]',
    "serial": f'x\nBENCH {{"v":1,"name":"sha256","iterations":{HUGE}}}\n',
    "mbedtls": f"x\n  SHA-256                  :  {HUGE} KiB/s\n",
    "go": f"goos: linux\nBenchmarkSHA256-8   {HUGE}   12.5 ns/op\n",
    "gbench": f'{{"context": {{}},\n"benchmarks": [{{"name": "a", "iterations": {HUGE}}}]}}',
    "pytest-benchmark": (
        f'{{"machine_info": {{}}, "commit_info": {{}},\n"benchmarks": [{{"stats": {{"rounds": {HUGE}}}}}]}}'
    ),
    "data.js": f'window.BENCHMARK_DATA = {{"entries": {{"a": [{{"x":\n{HUGE}}}]}}}}',
}
#: Each JSON format's file nested 100,000 deep from line 2 on.
DEEP = {
    "jmh": '[{"benchmark": "a", "primaryMetric":\n' + "[" * 100_000,
    "gbench": '{"context": {},\n"benchmarks": ' + "[" * 100_000,
    "pytest-benchmark": '{"machine_info": {}, "commit_info": {},\n"benchmarks": ' + "[" * 100_000,
    "action-benchmark": 'window.BENCHMARK_DATA = {"entries":\n{"a": '
    + "[" * 100_000
    + "]" * 100_000
    + "}}",
}


def _import(text: str, format: str) -> None:
    received = datetime(2026, 11, 29, tzinfo=UTC)
    list(import_text(text, ImportOptions(format=format), received_at=received).runs)


@pytest.mark.parametrize("format", ["auto", *NAMES])
@pytest.mark.parametrize("shape", HUGE_LINES)
def test_a_number_longer_than_any_tool_prints_is_refused_naming_its_line(shape, format):
    with pytest.raises(ParseError) as refused:
        _import(HUGE_LINES[shape], format)
    assert refused.value.line == 2
    assert refused.value.message == f"a number of more than {MAX_DIGITS} digits: no tool prints one"


@pytest.mark.parametrize("named", [False, True], ids=["auto", "named"])
@pytest.mark.parametrize("format", DEEP)
def test_json_deeper_than_any_tool_writes_is_refused_naming_its_line(format, named):
    with pytest.raises(ParseError) as refused:
        _import(DEEP[format], format if named else "auto")
    assert (refused.value.line, refused.value.message) == (
        2,
        f"JSON nested more than {MAX_JSON_DEPTH} deep: no tool writes such",
    )


def test_json_within_the_bounds_is_read():
    nested = "[" * MAX_JSON_DEPTH + "9" * MAX_DIGITS + "]" * MAX_JSON_DEPTH
    value = loads(nested, source_name="paste")
    for _ in range(MAX_JSON_DEPTH):
        (value,) = value
    assert value == int("9" * MAX_DIGITS)
