"""Property tests: whatever bytes a console produces, the parser raises nothing but LineError and
the assembler raises nothing at all."""

import contextlib
import json
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from cryptobench_collect.parsers.serial_lines import LineError, parse_line
from cryptobench_collect.sources.serial_runs import RunAssembler

AT = datetime(2026, 11, 23, tzinfo=UTC)
PREFIXES = st.sampled_from(
    [
        "",
        "BENCH ",
        "BENCH_BEGIN ",
        "BENCH_END ",
        "RSA-2048 PSS Verify (f): ",
        "AES-CBC-128              :  ",
        "RSA     2048   public  ",
    ]
)
JSON_ISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(
        st.sampled_from(
            [
                "v",
                "run",
                "seq",
                "name",
                "unit",
                "n",
                "min",
                "median",
                "max",
                "params",
                "alg",
                "family",
                "op",
                "error",
                "count",
                "errors",
            ]
        ),
        inner,
        max_size=12,
    ),
    max_leaves=20,
)


def parse_or_line_error(line: str) -> None:
    with contextlib.suppress(LineError):
        parse_line(line)


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes(data):
    parse_or_line_error(data.decode("utf-8", errors="replace"))


@settings(max_examples=400, deadline=None)
@given(PREFIXES, st.text(max_size=200))
def test_random_text_after_known_prefixes(prefix, rest):
    parse_or_line_error(prefix + rest)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["BENCH ", "BENCH_BEGIN ", "BENCH_END "]), JSON_ISH)
def test_random_json_objects(prefix, payload):
    parse_or_line_error(prefix + json.dumps(payload))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.binary(max_size=120), max_size=30))
def test_assembler_never_raises(chunks):
    assembler = RunAssembler(source_name="fuzz", clock=lambda: AT)
    for number, chunk in enumerate(chunks, start=1):
        assembler.feed(chunk.decode("utf-8", errors="replace"), number)
    assembler.finish("fuzz ended")
