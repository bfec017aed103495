"""Pastes (issue 27): a mailing-list reply quoting two `openssl speed` runs with `> ` and
wrapped table lines is read as the two runs, line numbers those of the paste; text with a
figure no format reads is refused naming that line. fixtures/pastes/PROVENANCE.md."""

from datetime import UTC, datetime
from pathlib import Path

import pytest
from captured import CAPTURED

from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.imports import ImportOptions, import_text
from cryptobench_parsers.openssl.session import parse_openssl_session
from cryptobench_parsers.pastes import unwrapped

QUOTED = Path(__file__).parent / "fixtures" / "pastes" / "linux-crypto_geode-aes_afalg_quoted.txt"
SIZES = (16, 64, 256, 1024, 8192, 16384)


def test_a_quoted_and_wrapped_reply_gives_both_runs():
    text = QUOTED.read_text(encoding="utf-8")
    imported = import_text(
        text,
        ImportOptions(source_name=QUOTED.name),
        received_at=datetime(2026, 11, 25, 20, 0, tzinfo=UTC),
    )
    cbc, ecb = imported.runs
    assert imported.detection.format == "openssl"
    assert (cbc.tool.options, ecb.tool.options) == (
        "-evp aes-128-cbc -elapsed -engine afalg",
        "-evp aes-128-ecb -elapsed -engine afalg",
    )
    thousands = {
        "aes-128-cbc": (135.82, 539.29, 2087.90, 7491.16, 29221.69, 34943.67),
        "aes-128-ecb": (4480.65, 5137.66, 5336.94, 5410.19, 5409.91, 5409.91),
    }
    for run, name in ((cbc, "aes-128-cbc"), (ecb, "aes-128-ecb")):
        got = {r.params["block_bytes"]: r.value for r in run.results if r.name == name}
        assert got == pytest.approx(
            {size: k * 1000 for size, k in zip(SIZES, thousands[name], strict=True)}, rel=1e-12
        )
        assert run.warnings == []
    assert cbc.artifact is not None and cbc.artifact.content == text


def test_unwrapping_keeps_every_line_where_it_was():
    text = QUOTED.read_text(encoding="utf-8")
    paste = unwrapped(text)
    lines = paste.text.splitlines()
    assert len(lines) == len(text.splitlines())
    assert lines[41:45] == [
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes",
        "",
        "aes-128-cbc        135.82k      539.29k     2087.90k     7491.16k 29221.69k    34943.67k",
        "",
    ]
    plain = "Doing sha256 for 1s on 16 size blocks: 3720585 sha256's in 0.99s\n"
    assert unwrapped(plain).text is plain
    assert paste.joined[43] == (42, "bytes  16384 bytes") and paste.joined[45][0] == 44
    assert paste.understood({44}) == {44, 45}


def test_a_wrapped_end_is_warned_about_with_its_line():
    """Hypothesis found it: a table row wrapped inside a figure (`115009` / `0.31k`) is joined
    again into a row of seven figures under six sizes; the row is not read, and its wrapped end
    is warned about with it instead of vanishing (the lose-nothing property)."""
    real = CAPTURED / "openssl" / "openssl-3.0.19_invalid_engine_afalg.txt"
    text = real.read_text().replace("1150090.31k", "115009\n0.31k")
    parsed = parse_openssl_session(text, source_name="mail")
    warned = {w.line: w.message for w in parsed.warnings}
    assert 21 in warned and warned[22] == "the wrapped end of line 21, which was not understood"


def test_a_refusal_names_the_line_where_no_parser_followed():
    text = "Here is what I measured on the router:\n\nAES   about 540.1 MB/s\n"
    with pytest.raises(ParseError) as caught:
        detect(text, source_name="mail")
    assert caught.value.line == 3
    assert "Line 3 holds a figure that none of them reads" in str(caught.value)
