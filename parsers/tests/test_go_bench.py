"""`go test -bench` output (captured READMEs, parsers/tests/fixtures/go/PROVENANCE.md): every
figure read exactly, the machine from the goos/goarch/cpu lines, detected as Go."""

from pathlib import Path

import pytest
from published import AT, parsed

from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.go.bench import parse_go_bench

GO = Path(__file__).parent / "fixtures" / "go"


def parse(name):
    return parsed(parse_go_bench, "go", name)


@pytest.mark.parametrize("path", sorted(GO.glob("*.txt")), ids=lambda path: path.name)
def test_every_fixture_is_detected_as_go_and_saying_why(path):
    found = detect(path.read_text(), source_name=path.name)
    assert found.format == "go"
    assert "look like go test -bench output" in found.reason


def test_names_map_to_the_vocabulary_and_variants_keep_them_apart():
    [run] = parse("tmthrgd-chacha20poly1305_README.txt")
    assert (run.source, run.tool.name, run.machine.name) == (
        "go-test-bench",
        "go test -bench",
        "unknown machine",
    )
    assert [(r.algorithm, r.family, r.params, r.unit, r.value) for r in run.results] == [
        (a, "aead", {"gomaxprocs": 8, **v}, unit, value)
        for a, v, unit, value in [
            (
                "ChaCha20-Poly1305",
                {"variant": "DraftChaCha20Poly1305Codahale"},
                "ns/op",
                11554288.0,
            ),
            ("ChaCha20-Poly1305", {"variant": "DraftChaCha20Poly1305Codahale"}, "MB/s", 90.75),
            ("ChaCha20-Poly1305", {"variant": "RFCChaCha20Poly1305"}, "ns/op", 1155191.0),
            ("ChaCha20-Poly1305", {"variant": "RFCChaCha20Poly1305"}, "MB/s", 907.71),
            ("ChaCha20-Poly1305", {"variant": "DraftChaCha20Poly1305"}, "ns/op", 1185364.0),
            ("ChaCha20-Poly1305", {"variant": "DraftChaCha20Poly1305"}, "MB/s", 884.6),
            ("AES-GCM", {}, "ns/op", 877037.0),
            ("AES-GCM", {}, "MB/s", 1195.59),
        ]
    ]
    assert [r.metric for r in run.results][:2] == ["ns_per_op", "bytes_per_s"]
    assert run.warnings == []


def test_benchmem_figures_sizes_operations_and_a_second_pasted_run():
    first, second = parse("meysam81-x_cryptox_README.txt")
    assert first.machine.model_dump(exclude_none=True) == {
        "name": "Intel(R) Core(TM) i9-9880H CPU @ 2.30GHz",
        "arch": "amd64",
        "os": "darwin",
        "cpu_model": "Intel(R) Core(TM) i9-9880H CPU @ 2.30GHz",
        "clock_hz": 2.3e9,
        "extra": {"clock_source": "nominal"},
    }
    assert [len(first.results), len(second.results)] == [23, 23]
    aes = first.results[0]
    assert (aes.name, aes.algorithm, aes.operation, aes.params, aes.value, aes.stats) == (
        "BenchmarkAESGCM_Encrypt_1KB-16",
        "AES-GCM",
        "encrypt",
        {"block_bytes": 1024, "gomaxprocs": 16, "package": "github.com/meysam81/x/crypto"},
        2316.0,
        {"iterations": 459598.0, "bytes_allocated_per_op": 2448.0, "allocs_per_op": 4.0},
    )
    assert [
        (r.algorithm, r.operation, r.params.get("block_bytes"), r.unit, r.value)
        for r in second.results
        if r.family is not None
    ] == [
        ("AES-GCM", "encrypt", 1024, "ns/op", 2195.0),
        ("AES-GCM", "encrypt", 1024, "MB/s", 466.52),
        ("AES-GCM", "decrypt", 1024, "ns/op", 1262.0),
        ("AES-GCM", "decrypt", 1024, "MB/s", 811.72),
        ("AES-GCM", "encrypt", 1048576, "ns/op", 857826.0),
        ("AES-GCM", "encrypt", 1048576, "MB/s", 1222.36),
        ("ChaCha20", "encrypt", 1024, "ns/op", 1869.0),
        ("ChaCha20", "encrypt", 1024, "MB/s", 547.94),
        ("ChaCha20", "decrypt", 1024, "ns/op", 1206.0),
        ("ChaCha20", "decrypt", 1024, "MB/s", 848.94),
        ("ChaCha20", "encrypt", 1048576, "ns/op", 1493090.0),
        ("ChaCha20", "encrypt", 1048576, "MB/s", 702.29),
        ("AES-GCM", None, None, "ns/op", 2920.0),
        ("AES-GCM", None, None, "MB/s", 350.63),
        ("ChaCha20", None, None, "ns/op", 2241.0),
        ("ChaCha20", None, None, "MB/s", 456.91),
    ]
    unknown = [
        (r.algorithm, r.operation, r.params.get("variant"), r.value)
        for r in second.results
        if r.family is None
    ]
    # Key derivations by name (issue 36), their settings told apart by the rest of the name.
    assert unknown == [
        ("Argon2id", "encrypt", "Argon2id_Encrypt_Default", 94655010.0),
        ("Argon2id", "decrypt", None, 63925862.0),
        ("Argon2id", "encrypt", "Argon2id_Encrypt_HighSecurity", 210695180.0),
        ("PBKDF2", "encrypt", "PBKDF2_Encrypt_Default", 398225141.0),
        ("PBKDF2", "decrypt", None, 390489881.0),
        ("PBKDF2", "encrypt", "PBKDF2_Encrypt_HighIterations", 654102038.0),
        ("GenerateKey256", None, None, 619.7),
    ]


def test_the_test_summary_line_is_not_a_lost_figure():
    [run] = parse("alextanhongpin-go-obfuscate_README.txt")
    assert [(r.algorithm, r.value) for r in run.results] == [
        ("HashID", 8760.0),
        ("Daead", 3939.0),
        ("AES-GCM", 2951.0),
    ]
    assert run.machine.clock_hz == 2.9e9 and run.warnings == []


def test_count_repeats_are_one_result_with_the_median_and_every_figure():
    text = "".join(
        f"BenchmarkSHA256/8192-4\t{n}\t{t} ns/op\t{mb} MB/s\n"
        for n, t, mb in [(1000, 20000, 409.6), (1000, 21000, 390.1), (1000, 19000, 431.2)]
    )
    [run] = parse_go_bench(text, source_name="x", started_at=AT)
    time, rate = run.results
    assert (time.algorithm, time.operation, time.params) == (
        "SHA-256",
        "hash",
        {"block_bytes": 8192, "gomaxprocs": 4},
    )
    assert (time.value, time.samples, time.raw) == (20000.0, 3, [20000.0, 21000.0, 19000.0])
    assert (rate.value, rate.raw) == (409.6, [409.6, 390.1, 431.2])


def test_a_figure_it_does_not_read_is_a_warning_and_no_result_line_is_refused():
    text = "BenchmarkX-2  10  5 ns/op\nAES-GCM took 12.5 ms per MB\n"
    [run] = parse_go_bench(text, source_name="x", started_at=AT)
    assert [(w.line, w.text) for w in run.warnings] == [(2, "AES-GCM took 12.5 ms per MB")]
    with pytest.raises(ParseError, match="no go test -bench result lines"):
        parse_go_bench("goos: linux\nPASS\n", source_name="x", started_at=AT)


def test_two_result_lines_joined_into_one_are_a_warning_not_a_unit():
    """A paste that lost a line break (hypothesis found it on meysam81's README) glues the next
    name to the last unit: `allocs/opBenchmarkX` is no unit, the joined line is warned about."""
    lines = (GO / "meysam81-x_cryptox_README.txt").read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if "allocs/op" in line)
    joined = lines[first] + lines[first + 1]
    text = "\n".join([*lines[:first], joined, *lines[first + 2 :]])
    runs = parse_go_bench(text, source_name="x", started_at=AT)
    warned = [(w.line, w.text) for run in runs for w in run.warnings]
    assert (first + 1, joined) in warned
    assert all(len(r.unit) <= 32 for run in runs for r in run.results)
