"""Every format (and `auto`) reads a hostile text in time and memory linear in its length
(issue 35): each shape below is imported at N and 4N characters; the time of 4N may be about 4x
that of N (plus noise), never the 16x of a pattern that backtracks over a line, and the memory
traced at 4N stays within a few bytes per character (not a tuple and an int per blank line).
Lines of MAX_ROW_CHARS characters that look like figures are read at a rate of their own: a
pattern quadratic within the guard is linear over many such lines but costs seconds a megabyte.
"""

import contextlib
import signal
import time
import tracemalloc
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.formats import NAMES
from cryptobench_parsers.imports import ImportOptions, import_text

N = 25_000
#: 4N may take this many times N's time (4x linear, and the slack of a loaded machine) ...
GROWTH = 7.0
#: ... plus this many seconds of noise (a loaded machine: 3 ms once took 60 ms).
NOISE_S = 0.1
#: Lines of figure-like text are read at least this fast (characters a second).
MIN_RATE = 1_000_000
#: Memory traced while a text of 4N characters is read: this many bytes a character, and more.
BYTES_PER_CHAR = 12
BASE_BYTES = 3_000_000
_OPENSSL = (
    "Doing aes-128-cbc for 3s on 16 size blocks: 55347203 aes-128-cbc's in 2.99s\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-cbc     296166.63k   328401.62k   337478.57k   340102.49k   340843.52k   340902.57k\n"
)


def _lines(line: str) -> Callable[[int], str]:
    """Lines of MAX_ROW_CHARS characters made of `line` repeated, up to n characters."""

    def text(n: int) -> str:
        row = (line * (1000 // len(line) + 1))[:999] + "\n"
        return row * (n // len(row))

    return text


SHAPES: dict[str, Callable[[int], str]] = {
    "1 letters": lambda n: "1 " + "a" * n,
    "newlines": lambda n: "\n" * n,
    "carriage returns": lambda n: "\r" * n,
    "CRLFs": lambda n: "\r\n" * (n // 2),
    "spaces": lambda n: " " * n,
    "tabs": lambda n: "\t" * n,
    "digits": lambda n: "1" * n,
    "spaced digits": lambda n: "1 " * (n // 2),
    "NUL bytes": lambda n: "\x00" * n,
    "openssl then newlines": lambda n: _OPENSSL + "\n" * n,
    "openssl then carriage returns": lambda n: _OPENSSL + "\r" * n,
    "spaces then a letter": lambda n: "a" + " " * n + "x",
    "opening brackets": lambda n: "[" * n,
    "deep JMH JSON": lambda n: '[{"benchmark": "a", "primaryMetric": ' + "[" * n,
    "deep pytest-benchmark JSON": lambda n: (
        '{"machine_info": {}, "commit_info": {}, "benchmarks": ' + "[" * n
    ),
    "deep Google Benchmark JSON": lambda n: '{"context": {}, "benchmarks": ' + "[" * n,
    "deep data.js": lambda n: 'window.BENCHMARK_DATA = {"entries": {"a": ' + "[" * n,
}
LINE_SHAPES: dict[str, Callable[[int], str]] = {
    "lines of 1 letters": _lines("1 " + "a" * 997),
    "lines of spaced digits": _lines("1 "),
    "lines of kilo cells": _lines(" 1.00k"),
    "lines of counters": _lines(" a=1"),
    "lines of times": _lines("a time: "),
    "lines of spaces and a figure": _lines(" " * 990 + "1.0 ms"),
    "lines of name and spaces": _lines("a" + " " * 980 + "x"),
}
FORMAT_CHOICES = ("auto", *NAMES)


@pytest.fixture(autouse=True)
def ten_seconds():
    """A quadratic read of these texts takes minutes: fail after 10 s instead of hanging."""

    def expire(*_):
        raise TimeoutError("read in more than 10 s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def _import(text: str, format: str) -> None:
    """Reads every run of `text`; a ParseError is an answer, any other exception fails."""
    with contextlib.suppress(ParseError):
        list(import_text(text, ImportOptions(format=format), received_at=datetime.now(UTC)).runs)


def _seconds(text: str, format: str, repeats: int = 3) -> float:
    """The best CPU time of this process over `repeats` reads: the parsers' work, not the time
    other processes of a shared machine held the cores (wall time 2-3x CPU at a load of 7 on 2)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        _import(text, format)
        best = min(best, time.process_time() - start)
    return best


def _traced_peak(text: str, format: str) -> int:
    tracemalloc.start()
    try:
        _import(text, format)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("format", FORMAT_CHOICES)
@pytest.mark.parametrize("shape", SHAPES)
def test_time_grows_linearly(shape, format):
    small, large = SHAPES[shape](N), SHAPES[shape](4 * N)
    once = _seconds(small, format, repeats=1), _seconds(large, format, repeats=1)
    if once[1] <= GROWTH * once[0] + NOISE_S:
        return
    short, long = _seconds(small, format), _seconds(large, format)
    assert long <= GROWTH * short + NOISE_S, f"{N}: {short:.3f} s, {4 * N}: {long:.3f} s"


@pytest.mark.parametrize("format", FORMAT_CHOICES)
@pytest.mark.parametrize("shape", LINE_SHAPES)
def test_figure_like_lines_are_read_fast(shape, format):
    text = LINE_SHAPES[shape](4 * N)
    seconds = _seconds(text, format, repeats=1)
    if seconds > len(text) / MIN_RATE:
        seconds = _seconds(text, format)
    assert seconds <= len(text) / MIN_RATE, f"{len(text)} characters in {seconds:.3f} s"


@pytest.mark.parametrize("format", FORMAT_CHOICES)
@pytest.mark.parametrize(
    "shape", ["newlines", "carriage returns", "openssl then newlines", "spaced digits"]
)
def test_memory_grows_with_the_figures_not_the_text(shape, format):
    text = SHAPES[shape](16 * N)
    peak = _traced_peak(text, format)
    assert peak <= BYTES_PER_CHAR * len(text) + BASE_BYTES, f"{len(text)} characters: {peak} B"
