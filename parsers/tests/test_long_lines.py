"""A line no tool prints (a megabyte without a break) costs linear time: detection and every
parser's row patterns skip lines past figures.MAX_ROW_CHARS (their backtracking is quadratic in a
line's length: one 6 MB line kept a server's import busy for minutes)."""

import signal
from datetime import UTC, datetime

import pytest

from cryptobench_parsers import criterion
from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import MAX_ROW_CHARS
from cryptobench_parsers.jmh import text_tables

LONG_LINES = {
    "spaces": " " * 1_000_000,
    "letters": "a" * 1_000_000,
    "words": "time: " * 200_000,
}


@pytest.fixture(autouse=True)
def ten_seconds():
    """A quadratic scan of these lines takes hours: fail after 10 s instead of hanging."""

    def expire(*_):
        raise TimeoutError("a long line was scanned in quadratic time")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("line", LONG_LINES.values(), ids=LONG_LINES.keys())
def test_detection_refuses_a_long_line_in_linear_time(line):
    with pytest.raises(ParseError, match=r"not a supported output|empty"):
        detect(line, source_name="paste")


@pytest.mark.parametrize("line", LONG_LINES.values(), ids=LONG_LINES.keys())
def test_row_patterns_skip_a_long_line(line):
    assert not criterion.recognizes(line)
    assert not text_tables.table_line(line)
    with pytest.raises(ParseError):
        criterion.parse_criterion(line, source_name="paste", started_at=datetime.now(UTC))


def test_a_row_up_to_the_limit_is_still_read():
    name = "n" * (MAX_ROW_CHARS - 60)
    row = f"{name}  time:   [1.0000 µs 1.1000 µs 1.2000 µs]"
    assert len(row) <= MAX_ROW_CHARS and criterion.recognizes(row)
