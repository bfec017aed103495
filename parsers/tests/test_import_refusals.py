"""A value the contract refuses in a mangled real output (found by backend/tests/
test_imports_any_input's kind of mutations) is a ParseError naming the format and the field,
never an error of another kind (the server's 500)."""

from datetime import UTC, datetime
from pathlib import Path

import pytest

from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.imports import ImportOptions, import_text

ROOT = Path(__file__).parents[2]
CASES = [
    (
        "parsers/tests/fixtures/pytest_benchmark/ionelmc-pytest-benchmark_test_storage_0030.json",
        '"max": 1.329003796500009e-05',
        '"max": 1e999',
        "the pytest-benchmark output holds a value the contract refuses: "
        "stats.max: Input should be a finite number",
    ),
    (
        "collectors/tests/fixtures/openssl/openssl-3.0.19_mr_engine_padlock_md5.txt",
        'Engine "padlock" set.',
        f'Engine "{"A" * 300}" set.',
        "the openssl speed output holds a value the contract refuses: "
        "tags.engine: String should have at most 200 characters",
    ),
    (
        "parsers/tests/fixtures/pytest_benchmark/ionelmc-pytest-benchmark_test_storage_0030.json",
        '"machine": "x86_64"',
        '"machine": ["x86_64"]',
        "the pytest-benchmark output holds a value the contract refuses: "
        "arch: Input should be a valid string",
    ),
]


@pytest.mark.parametrize(("path", "real", "mangled", "message"), CASES)
def test_a_value_the_contract_refuses_is_a_parse_error_naming_format_and_field(
    path, real, mangled, message
):
    text = (ROOT / path).read_text()
    assert real in text
    with pytest.raises(ParseError) as refused:
        list(
            import_text(
                text.replace(real, mangled, 1),
                ImportOptions(source_name="x"),
                received_at=datetime(2026, 11, 25, tzinfo=UTC),
            ).runs
        )
    assert refused.value.message.startswith(message), refused.value.message


def test_a_botan_line_the_contract_refuses_is_warned_about_not_a_crash():
    path = ROOT / "parsers/tests/fixtures/botan/randombit-botan_issue1146_armv8_aes_opteron.txt"
    lines = path.read_text().splitlines()
    at, line = next((i, line) for i, line in enumerate(lines) if "buffer size 4096" in line)
    lines[at] = line.replace("size 4096", "size 123456789012345678901234567890")
    imported = import_text(
        "\n".join(lines),
        ImportOptions(source_name="x"),
        received_at=datetime(2026, 11, 25, tzinfo=UTC),
    )
    warned = [(w.line, w.text) for run in imported.runs for w in run.warnings]
    assert (at + 1, lines[at]) in warned


def test_a_wolfssl_line_the_contract_refuses_is_warned_about_naming_the_field():
    text = (ROOT / "collectors/tests/fixtures/serial/wolfssl_arm32_pk_tail.log").read_text()
    mangled = text.replace("RSA     2048", "RSA     123456789012345678901234567890", 1)
    runs = list(
        import_text(
            mangled, ImportOptions(source_name="x"), received_at=datetime(2026, 11, 25, tzinfo=UTC)
        ).runs
    )
    [(line, message)] = [(w.line, w.message) for run in runs for w in run.warnings]
    assert (line, message) == (
        1,
        "wolfssl line: result: Value error, params.key_bits: integer "
        "123456789012345678901234567890 does not fit in 64 bits",
    )
    assert sum(len(run.results) for run in runs) == 11
