"""The published outputs under fixtures/ (each folder with its PROVENANCE.md): their paths,
their lines, what a parser makes of one (`parsed`, its runs started at `AT`), and the pastes the lose-nothing properties of the line-based parsers make of them
(the fixtures' lines with figure-like lines that no rule of the parser reads mixed in)."""

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

FIXTURES = Path(__file__).parent / "fixtures"
#: Issue 36's development corpus: real published outputs by tool (fixtures/heldout is kept apart,
#: read only by heldout.py).
CORPUS = FIXTURES / "corpus"
#: When the runs of the captured outputs started, for the parsers that find no date in them.
AT = datetime(2026, 11, 25, tzinfo=UTC)


def parsed(parser: Callable[..., Any], folder: str, name: str) -> Any:
    """What `parser` makes of the captured output fixtures/`folder`/`name`, started at AT."""
    return parser((FIXTURES / folder / name).read_text(), source_name=name, started_at=AT)


def fixture_paths(folder: str, pattern: str = "*") -> list[Path]:
    """The captured outputs in fixtures/`folder`, sorted (its PROVENANCE.md left out)."""
    return [
        path for path in sorted((FIXTURES / folder).glob(pattern)) if path.name != "PROVENANCE.md"
    ]


def fixture_lines(folder: str, pattern: str = "*") -> list[str]:
    """Every line of the captured outputs in fixtures/`folder`."""
    return [
        line for path in fixture_paths(folder, pattern) for line in path.read_text().splitlines()
    ]


def pasted(
    lines: Sequence[str], prefixes: Sequence[str], figure: str
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The test runs on 200 pastes of up to 40 lines, each one of `lines` or one of `prefixes`
    followed by `figure`."""
    paste = st.lists(
        st.one_of(
            st.sampled_from(list(lines)),
            st.sampled_from(list(prefixes)).map(lambda prefix: prefix + figure),
        ),
        max_size=40,
    )
    return lambda test: settings(max_examples=200, deadline=None)(given(paste)(test))
