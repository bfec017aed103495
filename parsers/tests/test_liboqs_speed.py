"""liboqs speed_kem / speed_sig output (captured files, parsers/tests/fixtures/liboqs/
PROVENANCE.md): every row read exactly, the configuration as library, build and machine,
detected as liboqs."""

from datetime import UTC, datetime
from pathlib import Path

import pytest
from published import fixture_lines, fixture_paths, pasted

from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import figure_like
from cryptobench_parsers.liboqs_speed import parse_liboqs_speed, recognizes

LIBOQS = Path(__file__).parent / "fixtures" / "liboqs"
AT = datetime(2026, 11, 25, tzinfo=UTC)
FIXTURES = fixture_paths("liboqs")
OPERATIONS = ("keygen", "keypair", "encaps", "decaps", "sign", "verify")


def parse(name):
    return parse_liboqs_speed((LIBOQS / name).read_text(), source_name=name, started_at=AT)


def figures(run):
    return [(r.algorithm, r.family, r.operation, r.unit, r.value, r.error) for r in run.results]


def algorithm_line(line):
    """`Kyber512-90s  |  |  |  |  |  |`: an algorithm's name (`90s` is no figure)."""
    cells = line.split("|")
    return len(cells) == 7 and cells[0].strip() and not "".join(cells[1:]).strip()


def rows(path):
    """Each result row of the table as its cells, read by splitting on `|`."""
    algorithm = None
    for line in path.read_text().splitlines():
        cells = [cell.strip() for cell in line.split("|")]
        if len(cells) == 7 and cells[0] in OPERATIONS:
            yield algorithm, cells
        elif algorithm_line(line):
            algorithm = cells[0]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_row_is_read_exactly_and_detected_as_liboqs(path):
    found = detect(path.read_text(), source_name=path.name)
    assert found.format == "liboqs" and "liboqs speed_kem / speed_sig output" in found.reason
    [run] = parse_liboqs_speed(path.read_text(), source_name=path.name, started_at=AT)
    assert (run.source, run.warnings) == ("liboqs-speed", [])
    times = {r.name: r for r in run.results if r.unit == "us/op"}
    expected = list(rows(path))
    assert len(times) == len(expected) > 0
    for algorithm, (op, n, total, mean, stdev, last_mean, last_stdev) in expected:
        time = times[f"{algorithm} {op}"]
        assert (time.algorithm, time.value, time.error, time.samples) == (
            algorithm,
            float(mean),
            float(stdev),
            int(n),
        )
        assert time.stats is not None and time.stats["total_s"] == float(total)
        assert time.stats.get("ns_mean", float(last_mean)) == float(last_mean)
        assert time.stats.get("ns_stdev", float(last_stdev)) == float(last_stdev)


def test_speed_sig_on_a_board_names_library_version_build_and_machine():
    [run] = parse("DynamicDevices-meta-quantum-safe_README_speed_sig_imx8mm.txt")
    assert run.machine.model_dump(exclude_none=True) == {
        "name": "imx8mm-jaguar-sentai-7130a09dab86563",
        "arch": "aarch64",
        "os": "Linux 6.8.0-40-generic",
        "extra": {},
    }
    assert (str(run.started_at), run.tool.version) == ("2024-09-13 23:39:04+00:00", "0.10.2-dev")
    assert run.tool.build is not None and "OpenSSL enabled: Yes (OpenSSL 3.0.14" in run.tool.build
    assert len(run.results) == 141 and {r.family for r in run.results} == {"signature"}
    first = run.results[0]
    assert first.model_dump(exclude_none=True) == {
        "name": "Dilithium2 keypair",
        "family": "signature",
        "algorithm": "Dilithium2",
        "operation": "keygen",
        "library": "liboqs",
        "library_version": "0.10.2-dev",
        "params": {},
        "metric": "ns_per_op",
        "value": 647.187,
        "unit": "us/op",
        "error": 13.761,
        "error_kind": "stddev",
        "samples": 4636,
        "stats": {"total_s": 3.0, "ns_mean": 646988.0, "ns_stdev": 13704.0},
    }
    assert {r.algorithm for r in run.results} >= {"ML-DSA-44", "ML-DSA-44-ipd", "Falcon-512"}


def test_speed_kem_without_configuration_gives_time_and_cycles_results():
    [run] = parse("wolfSSL-documentation_appendix07_speed_kem.md")
    assert (run.machine.name, run.tool.version, run.started_at) == ("unknown machine", None, AT)
    assert figures(run)[:6] == [
        ("Kyber512", "kem", "keygen", "us/op", 6.769, 3.282),
        ("Kyber512", "kem", "keygen", "cycles/op", 20223.0, 9715.0),
        ("Kyber512", "kem", "encaps", "us/op", 8.834, 4.557),
        ("Kyber512", "kem", "encaps", "cycles/op", 26411.0, 13574.0),
        ("Kyber512", "kem", "decaps", "us/op", 6.251, 3.594),
        ("Kyber512", "kem", "decaps", "cycles/op", 18672.0, 10669.0),
    ]
    assert len(run.results) == 36 and run.results[-1].value == 29945.0


def test_the_2018_nist_branch_table_gives_each_row_its_time_and_cycles():
    [run] = parse("open-quantum-safe-liboqs_pr283_nist-branch_speed_kem.txt")
    assert (run.machine.name, run.tool.version, run.warnings) == ("unknown machine", None, [])
    assert figures(run) == [
        ("NewHope1024-CCA-KEM", "kem", "keygen", "us/op", 9988.854, 1175.787),
        ("NewHope1024-CCA-KEM", "kem", "keygen", "cycles/op", 25911471.0, 3049850.0),
        ("NewHope1024-CCA-KEM", "kem", "encaps", "us/op", 5061.513, 658.041),
        ("NewHope1024-CCA-KEM", "kem", "encaps", "cycles/op", 13129536.0, 1706943.0),
        ("NewHope1024-CCA-KEM", "kem", "decaps", "us/op", 167.384, 43.782),
        ("NewHope1024-CCA-KEM", "kem", "decaps", "cycles/op", 433997.0, 112015.0),
        ("FrodoKEM-640-AES", "kem", "keygen", "us/op", 21154.986, 1715.938),
        ("FrodoKEM-640-AES", "kem", "keygen", "cycles/op", 54877166.0, 4451114.0),
        ("FrodoKEM-640-AES", "kem", "encaps", "us/op", 22123.632, 1738.369),
        ("FrodoKEM-640-AES", "kem", "encaps", "cycles/op", 57390029.0, 4509444.0),
        ("FrodoKEM-640-AES", "kem", "decaps", "us/op", 16594.486, 1296.351),
        ("FrodoKEM-640-AES", "kem", "decaps", "cycles/op", 43046785.0, 3362847.0),
    ]
    assert [r.samples for r in run.results[::2]] == [301, 593, 17923, 142, 136, 181]


def test_a_second_output_is_its_own_run_and_a_stray_figure_is_a_warning():
    text = (LIBOQS / "wolfSSL-documentation_appendix07_speed_kem.md").read_text()
    pasted = text + "Kyber took 12.5 ms on my laptop\n" + text
    first, second = parse_liboqs_speed(pasted, source_name="x", started_at=AT)
    assert [len(first.results), len(second.results)] == [36, 36]
    assert [(w.line, w.text) for w in first.warnings] == [(29, "Kyber took 12.5 ms on my laptop")]
    with pytest.raises(ParseError, match="no liboqs speed_kem / speed_sig result rows"):
        parse_liboqs_speed(
            "Configuration info\nOQS version: 0.12.0\n", source_name="x", started_at=AT
        )


def test_a_table_pasted_without_its_header_gives_times_and_says_what_it_left_out():
    """The 2018 table from its second algorithm on: the last two columns (CPU cycles in this
    output, nanoseconds in others) are named only by the header, so they are not stored."""
    lines = (LIBOQS / "open-quantum-safe-liboqs_pr283_nist-branch_speed_kem.txt").read_text()
    text = "\n".join(lines.splitlines()[5:]) + "\n"
    [run] = parse_liboqs_speed(text, source_name="x", started_at=AT)
    assert figures(run) == [  # NewHope's decaps row comes before any algorithm line: a warning
        ("FrodoKEM-640-AES", "kem", "keygen", "us/op", 21154.986, 1715.938),
        ("FrodoKEM-640-AES", "kem", "encaps", "us/op", 22123.632, 1738.369),
        ("FrodoKEM-640-AES", "kem", "decaps", "us/op", 16594.486, 1296.351),
    ]
    assert [(w.line, w.text.split()[0]) for w in run.warnings] == [
        (1, "decaps"),
        (2, "FrodoKEM-640-AES"),
    ]
    assert "the last two columns are CPU cycles or nanoseconds" in run.warnings[1].message


@pasted(
    fixture_lines("liboqs"),
    ["keygen | 10 | 3.0 | ", "Kyber512 took ", "  "],
    "12.5 | 1.5 | 7 | 2 ms",
)
def test_no_figure_like_line_or_result_row_vanishes(lines):
    """Each result row of liboqs output is a result or a warning (a row before its table's
    header or algorithm line), each other figure-like line a warning; a text without a table
    row is refused."""
    try:
        runs = parse_liboqs_speed("\n".join(lines), source_name="fuzz", started_at=AT)
    except ParseError:
        return
    warned = {w.line for run in runs for w in run.warnings}
    read = [
        number
        for number, line in enumerate(lines, start=1)
        if (recognizes(line) and "Iterations" not in line)
        or (figure_like(line) and not algorithm_line(line))
    ]
    times = sum(1 for run in runs for r in run.results if r.unit == "us/op")
    assert times == len([number for number in read if number not in warned])
