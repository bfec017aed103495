"""Random and mutated text: the parser returns results or raises ParseError, nothing else, and
no line that looks like a figure vanishes: each is understood or has a warning."""

from captured import CAPTURED
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import figure_like
from cryptobench_parsers.openssl.session import parse_openssl_session

SAMPLES = [path.read_text() for path in sorted((CAPTURED / "openssl").glob("*.txt"))]
LINES = [line for text in SAMPLES for line in text.splitlines()]
ALPHABET = st.sampled_from(list("0123456789.:+-ksbitsFDTRHGot ()'\n\x00é\u0663"))
TOKENS = st.sampled_from(
    ["+F", "+F4:", "+H:", "+DT:", "Doing ", " bits ", " ecdsa (", "Got: ", " from 0", "12.5k"]
)


def outcome(text: str) -> str:
    try:
        parsed = parse_openssl_session(text, source_name="fuzz")
    except ParseError as exc:
        assert str(exc).startswith("fuzz")
        return "rejected"
    warned = {w.line for w in parsed.warnings}
    figure_lines = {
        number for number, line in enumerate(text.splitlines(), start=1) if figure_like(line)
    }
    assert figure_lines <= parsed.understood | warned
    return "parsed"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_arbitrary_text(text):
    outcome(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(TOKENS, st.text(alphabet=ALPHABET, max_size=8)), max_size=80))
def test_text_made_of_openssl_tokens(parts):
    outcome("".join(parts))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=40), st.randoms(use_true_random=False))
def test_shuffled_real_lines(lines, random):
    random.shuffle(lines)
    outcome("\n".join(lines))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAMPLES), st.data())
def test_mutated_real_outputs(text, data):
    position = data.draw(st.integers(min_value=0, max_value=len(text)))
    cut = data.draw(st.integers(min_value=0, max_value=40))
    insert = data.draw(st.text(alphabet=ALPHABET, max_size=20))
    outcome(text[:position] + insert + text[position + cut :])


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(SAMPLES), st.integers(min_value=1, max_value=400))
def test_huge_numbers_never_escape_as_validation_errors(text, digits):
    outcome(text.replace("1", "9" * digits, 3))
