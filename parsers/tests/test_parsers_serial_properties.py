"""Property tests: whatever bytes a console produces, the parser raises nothing but LineError,
the assembler raises nothing at all, and every line that looks like a figure is understood or
has a warning (on a run when there is one)."""

import contextlib
import json
from datetime import UTC, datetime

from captured import CAPTURED
from hypothesis import given, settings
from hypothesis import strategies as st

from cryptobench_parsers.figures import figure_like
from cryptobench_parsers.serial.lines import LineError, parse_line
from cryptobench_parsers.serial.runs import RunAssembler

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


REAL_LINES = [
    line
    for path in sorted(CAPTURED.glob("serial/*.log"))
    for line in path.read_text(encoding="utf-8").splitlines()
]


def assemble_and_check(lines: list[str]) -> None:
    assembler = RunAssembler(source_name="fuzz", clock=lambda: AT)
    for number, line in enumerate(lines, start=1):
        assembler.feed(line, number)
    runs = assembler.finish("fuzz ended")
    warned = {w.line for w in assembler.warnings}
    figures = {number for number, line in enumerate(lines, start=1) if figure_like(line)}
    assert figures <= assembler.understood | warned
    if runs:
        assert {w.line for run in runs for w in run.warnings} == warned


@settings(max_examples=200, deadline=None)
@given(st.lists(st.binary(max_size=120), max_size=30))
def test_assembler_never_raises(chunks):
    assemble_and_check([chunk.decode("utf-8", errors="replace") for chunk in chunks])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(st.sampled_from(REAL_LINES), PREFIXES.map(lambda p: p + "12.5 widgets/s")),
        max_size=40,
    ),
    st.randoms(use_true_random=False),
)
def test_no_figure_like_line_of_shuffled_real_logs_vanishes(lines, random):
    random.shuffle(lines)
    assemble_and_check(lines)
