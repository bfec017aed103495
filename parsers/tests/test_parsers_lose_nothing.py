"""Parsers lose nothing (issue 12): sessions of several commands, tables without their header,
Mbed TLS handshakes and DRBGs, and a warning for every figure-like line not understood."""

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from captured import CAPTURED
from hypothesis import given, settings
from hypothesis import strategies as st
from published import fixture_lines, pasted

from cryptobench_parsers import criterion, google_benchmark
from cryptobench_parsers.criterion import parse_criterion
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import NOT_UNDERSTOOD, figure_like
from cryptobench_parsers.go import bench as go_bench
from cryptobench_parsers.go.bench import parse_go_bench
from cryptobench_parsers.google_benchmark import parse_google_benchmark
from cryptobench_parsers.jmh.text_tables import looks_like_header, parse_jmh_text, table_line
from cryptobench_parsers.openssl.session import command, parse_openssl_session
from cryptobench_parsers.serial.runs import assemble_text

OPENSSL = CAPTURED / "openssl"
SERIAL = CAPTURED / "serial"
AT = datetime(2026, 11, 23, tzinfo=UTC)


def session(name):
    return parse_openssl_session((OPENSSL / name).read_text(), source_name=name)


def test_a_session_with_two_commands_gives_two_runs_with_their_own_versions():
    runs = session("openssl-1.1.1d_3.0.0-dev_session_two_commands.txt").runs
    assert [(c.line, c.args, out.version) for c, out in runs] == [
        (1, "-evp aes-128-gcm", "1.1.1d"),
        (5, "-evp aes-128-gcm", "3.0.0-dev"),
    ]
    assert [[(r.params["block_bytes"], r.value) for r in out.results] for _, out in runs] == [
        [
            (16, 690985950.0),
            (64, 1638819750.0),
            (256, 3692466180.0),
            (1024, 5292674140.0),
            (8192, 6350113450.0),
            (16384, 6408912900.0),
        ],
        [
            (16, 287625140.0),
            (64, 997425240.0),
            (256, 2703344980.0),
            (1024, 4564637880.0),
            (8192, 5626322940.0),
            (16384, 5711025490.0),
        ],
    ]
    assert {r.algorithm for _, out in runs for r in out.results} == {"AES-128-GCM"}
    assert [out.warnings for _, out in runs] == [[], []]


@pytest.mark.parametrize(
    ("line", "typed", "env"),
    [
        (
            '# OPENSSL_ia32cap="~0x200000200000000" openssl speed -elapsed -evp aes-128-cbc',
            'OPENSSL_ia32cap="~0x200000200000000" openssl speed -elapsed -evp aes-128-cbc',
            {"OPENSSL_ia32cap": "~0x200000200000000"},
        ),
        (
            "bash-4.2#  LD_LIBRARY_PATH=/usr/local/lib64 && usr/local/bin/openssl speed -evp aes-128-gcm",
            "LD_LIBRARY_PATH=/usr/local/lib64 && usr/local/bin/openssl speed -evp aes-128-gcm",
            {"LD_LIBRARY_PATH": "/usr/local/lib64"},
        ),
        (
            r"C:\Users\Richard\Work\_openssl-1.1.1-32>apps\openssl speed -evp aes-128-ctr",
            r"apps\openssl speed -evp aes-128-ctr",
            {},
        ),
        ("openssl speed rsa2048", "openssl speed rsa2048", {}),
    ],
)
def test_command_lines_with_prompts_and_environment(line, typed, env):
    found = command(line, 7)
    assert (found.line, found.text, found.env) == (7, typed, env)


@pytest.mark.parametrize(
    "line",
    ["Doing aes-128-cbc for 3s on 16 size blocks: 1 aes's in 3.00s", "+DT:openssl speed:3:16"],
)
def test_output_lines_are_not_commands(line):
    assert command(line, 1) is None


@pytest.mark.parametrize(
    ("name", "basis", "figures"),
    [
        (
            "openssl-3.0.19_human_elapsed_evp_tail1.txt",
            "openssl 1.1.0 and later (16, 64, 256, 1024, 8192, 16384 bytes)",
            [26567650.0, 98062020.0, 387572480.0, 887131140.0, 2175123460.0, 2705653760.0],
        ),
        (
            "openssl-1.0.2o-freebsd_aes-128-cbc_tail1.txt",
            "openssl 1.0.x (16, 64, 256, 1024, 8192 bytes)",
            [48385410.0, 53685990.0, 55502690.0, 123802970.0, 125829120.0],
        ),
    ],
)
def test_a_table_row_without_its_header_takes_the_default_block_sizes_and_says_so(
    name, basis, figures
):
    [(_, out)] = session(name).runs
    sizes = [16, 64, 256, 1024, 8192, 16384][: len(figures)]
    assert [(r.params["block_bytes"], r.value) for r in out.results] == list(
        zip(sizes, figures, strict=True)
    )
    [warning] = out.warnings
    assert (warning.line, warning.file) == (1, name)
    assert warning.message == (
        "the table's header line (`type 16 bytes ...`) is missing; block sizes taken from the "
        f"default set of {basis}"
    )


def test_a_known_version_picks_its_default_set():
    text = (
        "OpenSSL 1.1.1d  10 Sep 2019\n"
        + (OPENSSL / "openssl-3.0.19_human_elapsed_evp_tail1.txt").read_text()
    )
    [(_, out)] = parse_openssl_session(text, source_name="x").runs
    assert "default set of openssl 1.1.1d (16, 64, 256, 1024, 8192, 16384 bytes)" in (
        out.warnings[0].message
    )


def test_an_rsa_row_of_four_rates_without_header_keeps_encrypt_and_decrypt():
    row = "rsa 2048 bits 0.000523s 0.000015s 0.000016s 0.000500s 1912.0 65236.4 62000.0 2000.0\n"
    [(_, out)] = parse_openssl_session(row, source_name="x").runs
    assert [(r.operation, r.value) for r in out.results] == [
        ("sign", 1912.0),
        ("verify", 65236.4),
        ("encrypt", 62000.0),
        ("decrypt", 2000.0),
    ]


def test_figure_like_lines_not_understood_are_warnings_with_file_line_and_text():
    text = (OPENSSL / "openssl-3.0.19_human_elapsed_evp.txt").read_text()
    text += "AES-256-GCM (median of 3): 2705.65 MB/s\n"
    [(_, out)] = parse_openssl_session(text, source_name="pasted.txt").runs
    [warning] = out.warnings
    assert (warning.file, warning.line, warning.text, warning.message) == (
        "pasted.txt",
        len(text.splitlines()),
        "AES-256-GCM (median of 3): 2705.65 MB/s",
        NOT_UNDERSTOOD,
    )
    assert len(out.results) == 6


def mbedtls_k230():
    assembler = assemble_text(
        (SERIAL / "mbedtls_benchmark_k230_3.6.3.log").read_text(), source_name="k230.log", at=AT
    )
    [run] = assembler.runs
    return assembler, {
        (r.algorithm, r.operation, r.metric, *sorted(r.params.items())): r.value
        for r in run.results
    }


def test_mbedtls_3_handshakes_are_ecdh_derive_by_variant():
    assembler, got = mbedtls_k230()
    assert (
        got[("ECDH", "derive", "ops_per_s", ("curve", "secp256r1"), ("variant", "ephemeral"))]
        == 30.0
    )
    assert got[("ECDH", "derive", "ops_per_s", ("curve", "secp256r1"))] == 67.0
    assert got[("ECDH", "derive", "ops_per_s", ("curve", "x448"), ("variant", "ephemeral"))] == 23.0
    assert got[("ECDH", "derive", "ops_per_s", ("curve", "x25519"))] == 129.0
    assert got[("FFDH", "derive", "ops_per_s", ("key_bits", 2048), ("variant", "ephemeral"))] == 3.0
    assert got[("FFDH", "derive", "ops_per_s", ("key_bits", 3072))] == 1.0
    assert assembler.warnings == [] and len(got) == 160


def test_mbedtls_drbg_lines_are_random_generation_with_and_without_prediction_resistance():
    _, got = mbedtls_k230()
    drbg = {key: value for key, value in got.items() if key[0].endswith("DRBG")}
    assert drbg == {
        ("CTR-DRBG", "generate", "bytes_per_s", ("prediction_resistance", False)): 19909.0,
        ("CTR-DRBG", "generate", "cycles_per_byte", ("prediction_resistance", False)): 1.0,
        ("CTR-DRBG", "generate", "bytes_per_s", ("prediction_resistance", True)): 14686.0,
        ("CTR-DRBG", "generate", "cycles_per_byte", ("prediction_resistance", True)): 1.0,
        **{
            ("HMAC-DRBG", "generate", metric, ("hash", h), ("prediction_resistance", pr)): value
            for h, pr, metric, value in [
                ("SHA-1", False, "bytes_per_s", 4640.0),
                ("SHA-1", False, "cycles_per_byte", 5.0),
                ("SHA-1", True, "bytes_per_s", 4296.0),
                ("SHA-1", True, "cycles_per_byte", 6.0),
                ("SHA-256", False, "bytes_per_s", 3263.0),
                ("SHA-256", False, "cycles_per_byte", 8.0),
                ("SHA-256", True, "bytes_per_s", 3271.0),
                ("SHA-256", True, "cycles_per_byte", 8.0),
            ]
        },
    }


def test_mbedtls_2_full_handshake_and_heap_figures():
    text = (
        "  ECDHE-Curve25519         :     145 full handshake/s\n"
        "  AES-CBC-128              :  2842.23 KB/s,   41.02 cycles/byte, 1203 heap bytes/s\n"
    )
    assembler = assemble_text(text, source_name="m.log", at=AT)
    [run] = assembler.runs
    assert [(r.algorithm, r.params, r.value) for r in run.results] == [
        ("ECDH", {"curve": "x25519", "variant": "full-handshake"}, 145.0)
    ]
    assert [(w.line, w.message) for w in run.warnings] == [(2, NOT_UNDERSTOOD)]


def test_wolfssl_public_key_tail_every_line_a_figure():
    assembler = assemble_text(
        (SERIAL / "wolfssl_arm32_pk_tail.log").read_text(), source_name="w.log", at=AT
    )
    [run] = assembler.runs
    assert [(r.algorithm, r.operation, r.params, r.value, r.samples) for r in run.results] == [
        ("RSA", "decrypt", {"key_bits": 2048}, 39.13, 100),
        ("FFDH", "keygen", {"key_bits": 2048}, 83.519, 84),
        ("FFDH", "derive", {"key_bits": 2048}, 83.939, 100),
        ("ECDH", "keygen", {"curve": "secp256r1"}, 1416.276, 1500),
        ("ECDH", "derive", {"curve": "secp256r1"}, 656.727, 700),
        ("ECDSA", "sign", {"curve": "secp256r1"}, 1070.103, 1100),
        ("ECDSA", "verify", {"curve": "secp256r1"}, 588.944, 600),
        ("X25519", "keygen", {"curve": "x25519"}, 1363.598, 1364),
        ("X25519", "derive", {"curve": "x25519"}, 1351.904, 1400),
        ("EdDSA", "keygen", {"curve": "ed25519"}, 3287.816, 3288),
        ("EdDSA", "sign", {"curve": "ed25519"}, 2461.282, 2500),
        ("EdDSA", "verify", {"curve": "ed25519"}, 1124.509, 1200),
    ]
    assert assembler.warnings == [] and not run.partial


def test_two_outputs_pasted_one_after_the_other_without_prompts_are_two_runs():
    first = (OPENSSL / "openssl-3.0.19_human_elapsed_evp.txt").read_text()
    second = (OPENSSL / "openssl-1.0.2o-freebsd_aes-128-cbc.txt").read_text()
    runs = parse_openssl_session(first + second, source_name="two.txt").runs
    assert [(c, out.version, len(out.results)) for c, out in runs] == [
        (None, "3.0.19", 6),
        (None, "1.0.2o-freebsd", 5),
    ]
    assert [out.warnings for _, out in runs] == [[], []]
    assert runs[1][1].results[0].value == 48385410.0


@pasted(
    fixture_lines("go", "*.txt"),
    ["BenchmarkX-4  ", "Benchmark ", "  ", "pkg: "],
    "12.5 widgets/s 3 ns/op",
)
def test_no_figure_like_line_of_go_bench_output_vanishes(lines):
    """Each figure-like line of `go test -bench` output is a result (its name among the
    results), the `ok PKG 1.2s` summary, or a warning; a text with no result line is refused
    (a ParseError: nothing stored, and the person is told), never an empty run."""
    try:
        runs = parse_go_bench("\n".join(lines), source_name="fuzz", started_at=AT)
    except ParseError:
        assert not any(go_bench.recognizes(line) and "Benchmark" in line for line in lines)
        return
    warned = {w.line for run in runs for w in run.warnings}
    names = {r.name for run in runs for r in run.results}
    for number, line in enumerate(lines, start=1):
        if figure_like(line) and number not in warned:
            assert line.split()[0] in names or line.split()[0] == "ok", line


JMH_TEXT = Path(__file__).parent / "fixtures" / "jmh_text"
JMH_OUTPUT = [
    line
    for path in sorted(JMH_TEXT.glob("*.txt"))
    for line in path.read_text(encoding="utf-8-sig").splitlines()
]
JMH_ROWS = [line for line in JMH_OUTPUT if table_line(line) and not looks_like_header(line)] + [
    "Aes.gcm  ss  1  0,410  ms/op",
    "Aes.gcm:p0.50  sample  0.015  ms/op",
    "Aes.gcm  sample  100  0.016 ± 0.001  ms/op",
    "Aes.gcm:gc.alloc.rate.norm  avgt  5  ≈ 10⁻⁴  B/op",
    "Aes.gcm  avgt  5  NaN  ms/op",
    "Aes.gcm  thrpt  5  12.5 widgets/s",
]
JMH_HEADERS = [line for line in JMH_OUTPUT if looks_like_header(line)] + [
    "Benchmark   Mode  Cnt  Score   Error  Units"
]
JMH_AROUND = st.lists(
    st.one_of(
        st.sampled_from(JMH_OUTPUT),
        st.sampled_from(["on my laptop it was ", "Result: ", "  "]).map(
            lambda prefix: prefix + "1500 ops/s"
        ),
    ),
    max_size=10,
)
JMH_TABLE = st.tuples(
    st.sampled_from(JMH_HEADERS), st.lists(st.sampled_from(JMH_ROWS), max_size=12)
)


@settings(max_examples=200, deadline=None)
@given(JMH_AROUND, st.lists(st.tuples(JMH_TABLE, JMH_AROUND), max_size=3))
def test_no_figure_like_line_of_jmh_tables_vanishes(before, tables):
    """Each figure-like line of real JMH output, tables with rows of any form and prose between,
    is read (a row stored as a result or a stat, a header, the run log the table sums up) or a
    warning; a text without a readable table is a ParseError, never an empty run."""
    lines = [*before]
    for (header, rows), after in tables:
        lines += [header, *rows, *after]
    try:
        parsed = parse_jmh_text("\n".join(lines), source_name="fuzz")
    except ParseError as error:
        assert "no JMH result table" in str(error) or "holds no finite score" in str(error)
        return
    warned = {w.line for table in parsed.tables for w in table.warnings}
    figures = {number for number, line in enumerate(lines, start=1) if figure_like(line)}
    assert figures <= parsed.understood | warned
    names = {r.name for table in parsed.tables for r in table.results}
    for number in parsed.understood - warned:
        line = lines[number - 1]
        if table_line(line) and not looks_like_header(line) and not line.startswith("#"):
            name = line.split()[0]
            percentile = re.search(r"[:·]p[01]\.\d+$", name) and " sample " in line
            assert name in names or (percentile and name.partition(":")[0] in names), line


@pasted(
    fixture_lines("criterion", "*.txt"),
    ["x  time: ", "  thrpt: ", "change: ", "Benchmarking y: "],
    "[1.5 widgets/s 2 ns 3 ns] 4 ms",
)
def test_no_figure_like_line_of_criterion_output_vanishes(lines):
    """Each figure-like line of criterion output is a result's time or thrpt line, a line left
    out on purpose (a change block, progress, criterion's sample-count advice) or a warning."""
    try:
        runs = parse_criterion("\n".join(lines), source_name="fuzz", started_at=AT)
    except ParseError:
        named = [
            line for line in lines if criterion.recognizes(line) and line.split()[0] != "time:"
        ]
        assert not [line for line in named if "time:" in line], named
        return
    warned = {w.line for run in runs for w in run.warnings}
    for number, line in enumerate(lines, start=1):
        if figure_like(line) and number not in warned:
            assert criterion.recognizes(line) or line.lstrip().startswith(
                ("change:", "Benchmarking ", "Warning: Unable to complete")
            ), line


@pasted(
    fixture_lines("google_benchmark", "itzmeanjan-tinyjambu_bench_README.txt"),
    ["BM_x  ", "BM_y_mean  ", "Run on ", "  "],
    "12 ns 13 widgets/s 1000 k=2M/s",
)
def test_no_figure_like_line_of_a_google_benchmark_table_vanishes(lines):
    """Each figure-like line of a Google Benchmark console table is a result row (its name
    among the results) or a warning; a text without a row is refused."""
    try:
        runs = parse_google_benchmark("\n".join(lines), source_name="fuzz", started_at=AT)
    except ParseError:
        # the header (`Benchmark  Time  CPU  Iterations`) is recognized too, but is no row
        rows = [line for line in lines if not line.lstrip().startswith("Benchmark ")]
        assert not any(google_benchmark.recognizes(line) and " ns" in line for line in rows)
        return
    warned = {w.line for run in runs for w in run.warnings}
    names = {r.name.split(" ")[0] for run in runs for r in run.results}
    for number, line in enumerate(lines, start=1):
        if figure_like(line) and number not in warned:
            assert line.split()[0].removesuffix("_mean") in names, line
