"""Format detection on every captured fixture, on unrelated text, and on what it says."""

import itertools
from pathlib import Path

import pytest
from captured import CAPTURED
from published import AT, CORPUS, fixture_paths

from cryptobench_parsers.detect import DOMINANT, TRIED, detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.formats import BY_NAME
from cryptobench_parsers.imports import ImportOptions, decode, import_text

CASES = [
    (kind, path)
    for kind, pattern in (
        ("openssl", "openssl/*.txt"),
        ("jmh", "jmh/*.json"),
        ("serial", "serial/*.log"),
    )
    for path in sorted(CAPTURED.glob(pattern))
]


@pytest.mark.parametrize(("kind", "path"), CASES, ids=[path.name for _, path in CASES])
def test_every_fixture_is_detected_as_its_format(kind, path):
    found = detect(path.read_text(encoding="utf-8"), source_name=path.name)
    assert found.format == kind
    assert found.reason


#: The folders of parsers/tests/fixtures and the format each one's outputs are.
FIXTURE_FORMATS = {
    "embedded": "serial",
    "libressl": "openssl",
    "pastes": "openssl",
    "jmh_text": "jmh",
    "go": "go",
    "criterion": "criterion",
    "google_benchmark": "gbench",
    "liboqs": "liboqs",
    "cryptsetup": "cryptsetup",
    "bssl_speed": "bssl",
    "botan": "botan",
    "pytest_benchmark": "pytest-benchmark",
    "action_benchmark": "action-benchmark",
    "corpus/benchstat": "benchstat",
    "corpus/hyperfine": "hyperfine",
    "corpus/dudect": "dudect",
    "corpus/pqm4": "pqm4",
}
FIXTURE_CASES = [
    (kind, path) for folder, kind in FIXTURE_FORMATS.items() for path in fixture_paths(folder)
]


@pytest.mark.parametrize(
    ("kind", "path"), FIXTURE_CASES, ids=[path.name for _, path in FIXTURE_CASES]
)
def test_no_format_steals_another_formats_published_output(kind, path):
    found = detect(path.read_text(encoding="utf-8-sig"), source_name=path.name)
    assert found.format == kind, found.reason


def test_the_reason_counts_lines_and_names_the_first():
    text = (CAPTURED / "openssl" / "openssl-1.1.1d_3.0.0-dev_session_two_commands.txt").read_text()
    assert (
        detect(text, source_name="x").reason
        == "7 lines look like openssl speed output (the first at line 1)"
    )


@pytest.mark.parametrize(
    "text",
    [
        Path("/etc/passwd").read_text(),
        "just some words\nand 12 apples\n",
        "I (25) cpu_start: cpu freq: 160000000 Hz\n",
        "[1, 2, 3]",
    ],
)
def test_unrelated_text_is_refused_naming_what_was_tried(text):
    with pytest.raises(ParseError) as caught:
        detect(text, source_name="paste")
    assert str(caught.value).startswith("paste: not a supported output")
    assert TRIED in str(caught.value)


def test_empty_and_binary_input():
    with pytest.raises(ParseError, match="empty: nothing to import"):
        detect("  \n", source_name="e")
    with pytest.raises(ParseError, match="e:3: not UTF-8 text"):
        decode(b"a\nb\n\xff\xfe", source_name="e")
    with pytest.raises(ParseError, match="binary data"):
        decode(b"\x00" * 100 + b"Doing", source_name="e")
    assert decode("\ufeffDoing".encode(), source_name="e") == "Doing"


#: One published output of each format read line by line (its folder, the file pattern).
LINE_FORMATS = {
    "openssl": ("libressl", "*"),
    "jmh": ("jmh_text", "*"),
    "serial": ("embedded", "*"),
    "go": ("go", "*"),
    "criterion": ("criterion", "*"),
    "gbench": ("google_benchmark", "*.txt"),
    "liboqs": ("liboqs", "*"),
    "cryptsetup": ("cryptsetup", "*"),
    "bssl": ("bssl_speed", "*"),
    "botan": ("botan", "*"),
    "benchstat": ("corpus/benchstat", "*.txt"),
    "hyperfine": ("corpus/hyperfine", "*.txt"),
    "dudect": ("corpus/dudect", "*"),
    "pqm4": ("corpus/pqm4", "*.md"),
}
JSON_FORMATS = {
    "gbench": ("google_benchmark", "*.json"),
    "pytest-benchmark": ("pytest_benchmark", "*"),
    "action-benchmark": ("action_benchmark", "*"),
    "hyperfine": ("corpus/hyperfine", "*.json"),
}
PAIRS = list(itertools.combinations(LINE_FORMATS, 2))


def first_output(folder: str, pattern: str) -> str:
    return fixture_paths(folder, pattern)[0].read_text(encoding="utf-8-sig")


@pytest.mark.parametrize(("one", "other"), PAIRS, ids=["+".join(pair) for pair in PAIRS])
def test_a_paste_of_two_formats_reads_the_one_holding_most_lines_or_names_both(one, other):
    first, second = first_output(*LINE_FORMATS[one]), first_output(*LINE_FORMATS[other])
    counts = {kind: _lines(text) for kind, text in ((one, first), (other, second))}
    leader = max(counts, key=counts.__getitem__)
    trailer = other if leader == one else one
    for text in (f"{first}\n{second}", f"{second}\n{first}"):
        if counts[leader] >= DOMINANT * (counts[one] + counts[other]):
            found = detect(text, source_name="paste")
            assert found.format == leader
            assert (
                f"not as the other {counts[trailer]} like {BY_NAME[trailer].tool}" in found.reason
            )
            continue
        with pytest.raises(ParseError) as caught:
            detect(text, source_name="paste")
        message = caught.value.message
        assert message.startswith("ambiguous: lines of 2 formats"), message
        assert f"like {BY_NAME[one].tool} (format {one}," in message
        assert f"like {BY_NAME[other].tool} (format {other}," in message
        assert message.endswith(
            "choose the format instead of detecting it (or import each output on its own)"
        )


def _lines(output: str) -> int:
    """How many lines of `output` its format recognizes (the count its reason starts with)."""
    return int(detect(output, source_name="one").reason.split(" ", 1)[0])


def test_a_table_with_a_few_lines_of_another_tool_is_read_as_the_table():
    """issue 36: eight `bssl speed` lines under three hand-made openssl summary lines (one of
    them openssl's own row shape) were refused as ambiguous."""
    path = CORPUS / "bssl" / "open-quantum-safe-profiling_issue28_with_openssl_summary.txt"
    found = detect(path.read_text(encoding="utf-8"), source_name=path.name)
    assert found.format == "bssl"
    assert found.reason == (
        "8 lines look like bssl speed (BoringSSL, AWS-LC) output (the first at line 15); read "
        "as that, not as the other 1 like openssl speed (format openssl, the first at line 10)"
    )


def test_openssl_tables_among_other_benchmarks_in_html_are_read_as_openssl():
    """issue 36: openssl 1.0.1 tables of four machines inside HTML <pre> with BYTEmark and
    Bonnie++ around them answered "ambiguous: lines of 2 formats, 345 like openssl speed"."""
    path = CORPUS / "openssl" / "rfinnie-jekyll-finnie_raspberry-pi-2-benchmarks.md"
    found = detect(path.read_text(encoding="utf-8"), source_name=path.name)
    assert found.format == "openssl"
    assert found.reason.startswith("345 lines look like openssl speed output"), found.reason


@pytest.mark.parametrize("kind", JSON_FORMATS)
def test_a_json_output_with_another_output_after_it_is_refused_not_half_read(kind):
    text = f"{first_output(*JSON_FORMATS[kind])}\n{first_output(*LINE_FORMATS['go'])}"
    with pytest.raises(ParseError):
        list(import_text(text, ImportOptions(source_name="paste"), received_at=AT).runs)
