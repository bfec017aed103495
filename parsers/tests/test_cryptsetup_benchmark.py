"""`cryptsetup benchmark` output (captured files, parsers/tests/fixtures/cryptsetup/
PROVENANCE.md): every figure read exactly, the kernel as the ciphers' library, a prompt's host as
the machine, detected as cryptsetup."""

import re

import pytest
from published import AT, fixture_lines, fixture_paths, parsed, pasted

from cryptobench_parsers.cryptsetup_benchmark import parse_cryptsetup_benchmark, recognizes
from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import figure_like

FIXTURES = fixture_paths("cryptsetup")
MIB = re.compile(r"(\d+\.\d+) MiB/s")


def parse(name):
    return parsed(parse_cryptsetup_benchmark, "cryptsetup", name)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_figure_is_read_exactly_and_detected_as_cryptsetup(path):
    found = detect(path.read_text(), source_name=path.name)
    assert found.format == "cryptsetup" and "cryptsetup benchmark output" in found.reason
    runs = parse_cryptsetup_benchmark(path.read_text(), source_name=path.name, started_at=AT)
    assert [run.warnings for run in runs] == [[] for _ in runs]
    assert {run.source for run in runs} == {"cryptsetup-benchmark"}
    rates = [r.value for run in runs for r in run.results if r.unit == "MiB/s"]
    assert rates == [float(v) for v in MIB.findall(path.read_text())]


def test_pbkdf2_argon2_and_the_cipher_table():
    [run] = parse("bttger-my-linux_FDE.md")
    assert (run.machine.name, len(run.results)) == ("unknown machine", 31)
    assert [(r.algorithm, r.params, r.value, r.unit) for r in run.results[:7]] == [
        ("PBKDF2", {"hash": "SHA-1", "key_bits": 256}, 2205207.0, "iterations/s"),
        ("PBKDF2", {"hash": "SHA-256", "key_bits": 256}, 4088015.0, "iterations/s"),
        ("PBKDF2", {"hash": "SHA-512", "key_bits": 256}, 1685813.0, "iterations/s"),
        ("PBKDF2", {"hash": "RIPEMD160", "key_bits": 256}, 860899.0, "iterations/s"),
        ("PBKDF2", {"hash": "WHIRLPOOL", "key_bits": 256}, 678250.0, "iterations/s"),
        (
            "Argon2i",
            {"memory_kib": 1048576, "threads": 4, "key_bits": 256, "requested_ms": 2000},
            5.0,
            "iterations",
        ),
        (
            "Argon2id",
            {"memory_kib": 1048576, "threads": 4, "key_bits": 256, "requested_ms": 2000},
            5.0,
            "iterations",
        ),
    ]
    assert {(r.operation, r.library, r.metric) for r in run.results[:7]} == {
        ("derive", None, "other")
    }
    aes = [r for r in run.results if r.algorithm.startswith("AES")]
    assert [(r.algorithm, r.operation, r.params["key_bits"], r.value) for r in aes] == [
        ("AES-128-CBC", "encrypt", 128, 1105.1),
        ("AES-128-CBC", "decrypt", 128, 3125.5),
        ("AES-256-CBC", "encrypt", 256, 870.5),
        ("AES-256-CBC", "decrypt", 256, 2725.3),
        ("AES-128-XTS", "encrypt", 256, 2734.6),
        ("AES-128-XTS", "decrypt", 256, 2732.8),
        ("AES-256-XTS", "encrypt", 512, 2334.9),
        ("AES-256-XTS", "decrypt", 512, 2329.1),
    ]
    assert {(r.family, r.library, r.metric) for r in aes} == {
        ("cipher", "Linux kernel crypto API", "bytes_per_s")
    }


def test_two_commands_on_a_board_are_two_runs_on_the_prompts_host():
    runs = parse("bgnetworks-meta-essa-mx6ul_perf_sd_mx6ul.md")
    assert [(run.machine.name, [r.value for r in run.results]) for run in runs] == [
        ("imx6ulevk", [24.4, 23.6, 18.9, 18.8]),
        ("imx6ulevk", [8.5, 8.5, 11.6, 10.7]),
    ]


def test_a_header_without_hash_and_the_backend_and_version_when_printed():
    [run] = parse("Fendos-fendos_cryptsetup.md")
    assert len(run.results) == 24 and run.results[-1].algorithm == "Twofish-XTS"
    text = (
        "cryptsetup 2.3.7\n"
        "# cryptsetup benchmark --debug\n"
        "# Crypto backend (OpenSSL 3.0.2 15 Mar 2022) initialized in cryptsetup library version 2.3.7.\n"
        "PBKDF2-sha256    1839607 iterations per second for 256-bit key\n"
        "    serpent-cbc        128b           N/A           N/A\n"
        "        aes-cbc        128b       655.8 MiB/s      2272.4 MiB/s\n"
        "AES took 5 ms\n"
    )
    [run] = parse_cryptsetup_benchmark(text, source_name="x", started_at=AT)
    assert run.tool.version == "2.3.7"
    assert [(r.algorithm, r.library, r.library_version, r.value) for r in run.results] == [
        ("PBKDF2", "OpenSSL", "3.0.2", 1839607.0),
        ("AES-128-CBC", "Linux kernel crypto API", None, 655.8),
        ("AES-128-CBC", "Linux kernel crypto API", None, 2272.4),
    ]
    assert [(w.line, w.text) for w in run.warnings] == [(7, "AES took 5 ms")]
    with pytest.raises(ParseError, match="no cryptsetup benchmark figures"):
        parse_cryptsetup_benchmark("# cryptsetup benchmark\n", source_name="x", started_at=AT)


@pasted(
    fixture_lines("cryptsetup"),
    ["    aes-cbc   128b  ", "PBKDF2-sha1 took ", "argon2i  ", "  "],
    "12.5 MiB/s 3 iterations 2 ms",
)
def test_no_figure_like_line_vanishes(lines):
    """Each figure of cryptsetup output is a result (one per PBKDF2 or Argon2 line, one per
    MiB/s cell of the table) and each other figure-like line a warning."""
    try:
        runs = parse_cryptsetup_benchmark("\n".join(lines), source_name="fuzz", started_at=AT)
    except ParseError:
        assert not any(recognizes(line) and "Algorithm" not in line for line in lines)
        return
    warned = {w.line for run in runs for w in run.warnings}
    expected = 0
    for number, line in enumerate(lines, start=1):
        if recognizes(line) and "Algorithm" not in line:
            expected += len(MIB.findall(line)) or 1
        else:
            assert not figure_like(line) or number in warned, line
    assert sum(len(run.results) for run in runs) == expected
