"""`botan speed` output (captured from Botan's own threads, parsers/tests/fixtures/botan/
PROVENANCE.md): every figure read exactly, providers, paddings and key sizes as params, a
command or a name measured again as a new run, a prompt's host as the machine (test_detect
detects them as botan)."""

import re
from pathlib import Path

import pytest
from published import AT, fixture_lines, parsed, pasted

from cryptobench_parsers.botan_speed import parse_botan_speed, recognizes
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import figure_like

BOTAN = Path(__file__).parent / "fixtures" / "botan"
FIXTURES = sorted(BOTAN.glob("*.txt"))
#: Each figure of a result line as the text prints it: (figure, unit word).
FIGURE = re.compile(r"(\d+(?:\.\d+)?) (MiB/sec|cycles/byte|cycles/op)|(?<= )(\d+) [^;]*/sec;")
UNITS = {"MiB/sec": "MiB/s", "cycles/byte": "cycles/B", "cycles/op": "cycles/op"}


def parse(name):
    return parsed(parse_botan_speed, "botan", name)


def printed(path):
    """Every figure of every result line, in order, read with a pattern of its own."""
    for line in path.read_text().splitlines():
        for number, unit, rate in FIGURE.findall(line):
            yield (float(rate), "ops/s") if rate else (float(number), UNITS[unit])


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_figure_is_read_exactly(path):
    runs = parse_botan_speed(path.read_text(), source_name=path.name, started_at=AT)
    assert [(run.source, run.warnings) for run in runs] == [("botan-speed", [])] * len(runs)
    results = [r for run in runs for r in run.results]
    assert [(r.value, r.unit) for r in results] == list(printed(path))
    assert {(r.library, r.library_version) for r in results} == {("Botan", None)}


def test_the_bulk_lines_of_botan_2_give_rate_block_size_and_the_totals():
    [run] = parse("randombit-botan_issue1146_armv8_aes_opteron.txt")
    assert (run.machine.name, run.tool.name, run.tool.version) == (
        "unknown machine",
        "botan speed",
        None,
    )
    assert run.results[0].model_dump(exclude_none=True) == {
        "name": "AES-128 [base] encrypt buffer size 4096 bytes",
        "family": "cipher",
        "algorithm": "AES-128",
        "operation": "encrypt",
        "library": "Botan",
        "params": {"block_bytes": 4096},
        "metric": "bytes_per_s",
        "value": 1414.382,
        "unit": "MiB/s",
        "stats": {"mib": 4243.188, "elapsed_ms": 3000.029},
    }
    assert [(r.algorithm, r.operation, r.value) for r in run.results[1:]] == [
        ("AES-128", "decrypt", 1414.546),
        ("AES-192", "encrypt", 1086.721),
        ("AES-192", "decrypt", 1086.507),
        ("AES-256", "encrypt", 931.761),
        ("AES-256", "decrypt", 931.845),
    ]


def test_each_command_of_a_paste_is_its_own_run_with_cycles_per_byte():
    runs = parse("randombit-botan_pr1459_power8_aes_gcc112.txt")
    assert [[(r.operation, r.metric, r.value) for r in run.results] for run in runs] == [
        [
            ("encrypt", "bytes_per_s", 1340.119),
            ("encrypt", "cycles_per_byte", 0.37),
            ("decrypt", "bytes_per_s", 1607.275),
            ("decrypt", "cycles_per_byte", 0.31),
        ],
        [
            ("encrypt", "bytes_per_s", 1756.595),
            ("encrypt", "cycles_per_byte", 0.28),
            ("decrypt", "bytes_per_s", 1711.983),
            ("decrypt", "cycles_per_byte", 0.29),
        ],
        [
            ("encrypt", "bytes_per_s", 1817.433),
            ("encrypt", "cycles_per_byte", 0.27),
            ("decrypt", "bytes_per_s", 1894.507),
            ("decrypt", "cycles_per_byte", 0.26),
        ],
    ]
    cycles = runs[0].results[1]
    assert (cycles.name, cycles.unit, cycles.params, cycles.stats) == (
        "AES-128 encrypt buffer size 1024 bytes cycles",
        "cycles/B",
        {"block_bytes": 1024},
        None,
    )


def test_public_key_lines_give_ops_per_second_with_scheme_curve_and_padding():
    [run] = parse("randombit-botan_pr696_eckcdsa_ecgdsa.txt")
    assert len(run.results) == 17
    assert [r.model_dump(exclude_none=True) for r in run.results[:2]] == [
        {
            "name": "ECKCDSA-secp256r1 keygen",
            "family": "signature",
            "algorithm": "ECKCDSA",
            "operation": "keygen",
            "library": "Botan",
            "params": {"curve": "secp256r1"},
            "metric": "ops_per_s",
            "value": 48.0,
            "unit": "ops/s",
            "stats": {"ms_per_op": 20.52, "operations": 1.0, "elapsed_ms": 20.52},
        },
        {
            "name": "ECKCDSA-secp256r1 EMSA1(SHA-256) sign",
            "family": "signature",
            "algorithm": "ECKCDSA",
            "operation": "sign",
            "library": "Botan",
            "params": {"padding": "EMSA1(SHA-256)", "curve": "secp256r1"},
            "metric": "ops_per_s",
            "value": 65.0,
            "unit": "ops/s",
            "stats": {"ms_per_op": 15.3, "operations": 20.0, "elapsed_ms": 305.94},
        },
    ]
    assert {(r.algorithm, r.params["curve"]) for r in run.results} == {
        (scheme, curve)
        for scheme in ("ECKCDSA", "ECGDSA")
        for curve in ("secp256r1", "secp384r1", "secp521r1")
    }


def test_rsa_lines_give_key_bits_padding_and_cycles_per_op():
    [run] = parse("randombit-botan_issue1761_rsa_windows.txt")
    assert [
        (r.algorithm, r.operation, r.params, r.metric, r.value, (r.stats or {}).get("ms_per_op"))
        for r in run.results
    ] == [
        ("RSA", "keygen", {"key_bits": 1024}, "ops_per_s", 3.0, 256.35),
        ("RSA", "keygen", {"key_bits": 1024}, "cycles_per_op", 703591.0, None),
        (
            "RSA",
            "encrypt",
            {"padding": "EME-PKCS1-v1_5", "key_bits": 1024},
            "ops_per_s",
            5517.0,
            0.18,
        ),
        (
            "RSA",
            "encrypt",
            {"padding": "EME-PKCS1-v1_5", "key_bits": 1024},
            "cycles_per_op",
            110.29,
            None,
        ),
        (
            "RSA",
            "decrypt",
            {"padding": "EME-PKCS1-v1_5", "key_bits": 1024},
            "ops_per_s",
            648.0,
            1.54,
        ),
        (
            "RSA",
            "decrypt",
            {"padding": "EME-PKCS1-v1_5", "key_bits": 1024},
            "cycles_per_op",
            4176.11,
            None,
        ),
        ("RSA", "encrypt", {"padding": "OAEP(SHA-1)", "key_bits": 1024}, "ops_per_s", 5039.0, 0.2),
        (
            "RSA",
            "encrypt",
            {"padding": "OAEP(SHA-1)", "key_bits": 1024},
            "cycles_per_op",
            126.99,
            None,
        ),
    ]
    assert {r.family for r in run.results} == {None}


def test_hashes_of_botan_3_are_hash_results_by_provider():
    [run] = parse("randombit-botan_issue3837_m2pro_commoncrypto.txt")
    assert [
        (r.family, r.algorithm, r.operation, r.params.get("provider"), r.value)
        for r in run.results[:4]
    ] == [
        ("hash", "SHA-1", "hash", None, 2063.318),
        ("hash", "SHA-1", "hash", "commoncrypto", 1484.645),
        ("hash", "SHA-224", "hash", None, 1999.951),
        ("hash", "SHA-224", "hash", "commoncrypto", 2058.053),
    ]
    assert run.results[-1].stats == {"mib": 5034.642, "elapsed_ms": 500.0}
    assert len(run.results) == 13


def test_the_older_bulk_format_and_a_prompt_naming_the_machine():
    [run] = parse("randombit-botan_issue1004_camellia_skylake.txt")
    assert run.machine.name == "skylake"
    assert [(r.name, r.algorithm, r.operation, r.params, r.value) for r in run.results[::2]] == [
        ("Camellia-128 [base] encrypt", "Camellia-128", "encrypt", {}, 109.764),
        ("Camellia-128 [base] decrypt", "Camellia-128", "decrypt", {}, 110.215),
        ("Camellia-256 [base] encrypt", "Camellia-256", "encrypt", {}, 89.666),
        ("Camellia-256 [base] decrypt", "Camellia-256", "decrypt", {}, 89.592),
    ]


def test_a_provider_other_than_botans_own_is_the_provider_param():
    [run] = parse("randombit-botan_pr1673_commoncrypto.txt")
    rates = [r for r in run.results if r.unit == "MiB/s"]
    assert [(r.algorithm, r.operation, r.params.get("provider"), r.value) for r in rates] == [
        ("AES-128", "encrypt", None, 3828.951),
        ("AES-128", "decrypt", None, 3714.736),
        ("AES-128", "encrypt", "OpenSSL", 3972.596),
        ("AES-128", "decrypt", "OpenSSL", 3413.471),
        ("AES-128", "encrypt", "commoncrypto", 5183.914),
        ("AES-128", "decrypt", "commoncrypto", 4784.314),
        ("AES-192", "encrypt", None, 2821.365),
        ("AES-192", "decrypt", None, 2737.043),
        ("AES-192", "encrypt", "OpenSSL", 6011.008),
        ("AES-192", "decrypt", "OpenSSL", 4251.150),
        ("AES-192", "encrypt", "commoncrypto", 3099.855),
    ]
    assert {r.library for r in run.results} == {"Botan"}


def test_the_version_line_names_the_library_version_and_a_name_measured_again_starts_a_run():
    text = (BOTAN / "randombit-botan_issue1146_armv8_aes_opteron.txt").read_text()
    version = (
        "Botan 3.5.0 (release, dated 20240708, revision git:8d6d8b5e, distribution unspecified)\n"
    )
    noise = "AES took 5 ms on my laptop\nSHA-1 buffer size 64 bytes: N/A (0.00 MiB in 500.00 ms)\n"
    first, second = parse_botan_speed(
        version + text + noise + text.split("\n", 1)[1], source_name="x", started_at=AT
    )
    assert (first.tool.version, first.results[0].library_version) == ("3.5.0", "3.5.0")
    assert [len(first.results), len(second.results)] == [6, 6]
    assert [(w.line, w.text) for w in first.warnings] == [(9, "AES took 5 ms on my laptop")]
    assert second.tool.version == "3.5.0"
    with pytest.raises(ParseError, match="no botan speed result lines"):
        parse_botan_speed("$ ./botan speed AES-128\n", source_name="x", started_at=AT)


def test_the_lines_botans_own_cli_test_quotes_and_a_later_prompt():
    """Lines quoted in Botan's src/scripts/test_cli.py (the formats its CI checks), after two
    commands of which only the later one ran."""
    text = "\n".join(
        [
            "alice@box1:~$ ./botan speed ECDSA",
            "bob@box2:~/botan$ ./botan speed ECDSA SRP6 RNG",
            "ECDSA-secp256r1 106 keygen/sec; 9.35 ms/op 37489733 cycles/op (1 op in 9 ms)",
            "SRP6-2048 1200 server step1/sec; 0.83 ms/op 2988134 cycles/op (2 ops in 1.67 ms)",
            "ChaCha_RNG generate buffer size 1024 bytes: 954.431 MiB/sec 4.01 cycles/byte "
            "(477.22 MiB in 500.00 ms)",
            "SHA-256 hash buffer size 64 bytes: N/A (0.00 MiB in 100.00 ms)",
        ]
    )
    [run] = parse_botan_speed(text, source_name="x", started_at=AT)
    assert (run.machine.name, run.warnings) == ("box2", [])
    assert [(r.family, r.algorithm, r.operation, r.params, r.value) for r in run.results] == [
        (None, "ECDSA", "keygen", {"curve": "secp256r1"}, 106.0),
        (None, "ECDSA", "keygen", {"curve": "secp256r1"}, 37489733.0),
        (None, "SRP6-2048", None, {"variant": "server step1"}, 1200.0),
        (None, "SRP6-2048", None, {"variant": "server step1"}, 2988134.0),
        ("rng", "ChaCha_RNG", "generate", {"block_bytes": 1024}, 954.431),
        ("rng", "ChaCha_RNG", "generate", {"block_bytes": 1024}, 4.01),
    ]
    assert run.results[0].stats == {"ms_per_op": 9.35, "operations": 1.0, "elapsed_ms": 9.0}


@pasted(
    fixture_lines("botan", "*.txt"),
    ["AES-128 encrypt buffer size 16 bytes: ", "RSA-2048 ", "took ", "  "],
    "12 sign/sec; 1.50 MiB/sec 3.5 ms/op (2 ops in 3.00 ms)",
)
def test_no_figure_like_line_vanishes(lines):
    """Each result line of botan speed output is a result (a rate, with its cycles when it
    prints them) and each other figure-like line a warning; a text without a result line is
    refused, never an empty run."""
    try:
        runs = parse_botan_speed("\n".join(lines), source_name="fuzz", started_at=AT)
    except ParseError:
        assert not any(recognizes(line) for line in lines)
        return
    warned = {w.line for run in runs for w in run.warnings}
    rates = [r for run in runs for r in run.results if r.unit in ("MiB/s", "ops/s")]
    assert len(rates) == len([line for line in lines if recognizes(line)])
    for number, line in enumerate(lines, start=1):
        assert not figure_like(line) or recognizes(line) or number in warned, line
