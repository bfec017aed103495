"""Go benchstat tables as published (issue 36's corpus, fixtures/corpus/benchstat/PROVENANCE.md):
the old and the new format, a run per compared column and machine, each cell read exactly."""

import pytest
from published import AT, CORPUS, fixture_paths

from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.go.benchstat import parse_benchstat
from cryptobench_parsers.imports import ImportOptions, import_text

FIXTURES = fixture_paths("corpus/benchstat", "*.txt")


def runs_of(name):
    text = (CORPUS / "benchstat" / name).read_text(encoding="utf-8")
    return list(import_text(text, ImportOptions(source_name=name), received_at=AT).runs)


def cells(run, metric="ns_per_op"):
    return [
        (r.name, r.value, r.unit, r.error, r.error_kind, r.samples)
        for r in run.results
        if r.metric == metric
    ]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_published_table_is_detected_and_read_without_warnings(path):
    text = path.read_text(encoding="utf-8")
    assert detect(text, source_name=path.name).format == "benchstat"
    runs = runs_of(path.name)
    assert runs and all(run.results for run in runs)
    assert [run.warnings for run in runs] == [[] for _ in runs]
    assert {(run.source, run.tool.name) for run in runs} == {("benchstat", "benchstat")}


def test_old_format_columns_are_the_old_and_new_runs_with_their_spread_and_samples():
    old, new = runs_of("golang-crypto_10f366e7_sha3_old_format.txt")
    assert (old.tags, new.tags) == ({"config": "old"}, {"config": "new"})
    assert cells(old)[:2] == [
        ("PermutationFunction-4", 398.0, "ns/op", 0.0, "range", 9),
        ("Sha3_512_MTU-4", 8.34, "us/op", pytest.approx(0.0834), "range", 10),
    ]
    assert cells(new)[2] == ("Sha3_384_MTU-4", 6.02, "us/op", pytest.approx(0.0602), "range", 10)
    speed = cells(old, "bytes_per_s")
    assert speed[0] == ("PermutationFunction-4", 502.0, "MB/s", 0.0, "range", 9)
    sha = next(r for r in old.results if r.name == "Sha3_512_MTU-4")
    assert (sha.algorithm, sha.family, sha.operation, sha.params) == (
        "SHA3-512",
        "hash",
        "hash",
        {"gomaxprocs": 4},
    )


def test_new_format_columns_are_named_by_their_header_and_cells_keep_their_si_prefix():
    runs = runs_of("golang-crypto_5ed49447_poly1305_riscv64.txt")
    assert [run.tags["config"] for run in runs] == ["sum1305-old", "sum1305-new", "sum1305-new-3"]
    assert {(run.machine.name, run.machine.os, run.machine.arch) for run in runs} == {
        ("linux/riscv64", "linux", "riscv64")
    }
    old = runs[0]
    assert cells(old)[:3] == [
        ("64-4", 195.9, "ns/op", pytest.approx(1.959), "ci95", 10),
        ("1K-4", 1.853, "us/op", 0.0, "ci95", 10),
        ("2M-4", 3.627, "ms/op", 0.0, "ci95", 10),
    ]
    assert cells(old, "bytes_per_s")[0] == (
        "64-4",
        311.7,
        "MiB/s",
        pytest.approx(3.117),
        "ci95",
        10,
    )
    assert cells(runs[2], "bytes_per_s")[2] == ("2M-4", 1063.8, "MiB/s", 0.0, "ci95", 10)
    one_k = old.results[1]
    assert one_k.params == {
        "block_bytes": 1024,
        "gomaxprocs": 4,
        "package": "golang.org/x/crypto/internal/poly1305",
    }


def test_each_machine_of_a_paste_is_a_run_of_each_column():
    runs = runs_of("golang-crypto_c17aa50f_sha3_two_machines.txt")
    assert [(run.machine.name, run.tags["config"], len(run.results)) for run in runs] == [
        ("AMD Ryzen 7 PRO 8700GE w/ Radeon 780M Graphics", "v0.27.0-2-g42ee18b9637", 20),
        ("AMD Ryzen 7 PRO 8700GE w/ Radeon 780M Graphics", "v0.27.0-2-g42ee18b9637-dirty", 20),
        ("Apple M2", "old", 10),
        ("Apple M2", "new", 10),
    ]
    assert cells(runs[3])[9] == (
        "Sha3_512_1MiB-8",
        2.305,
        "ms/op",
        pytest.approx(0.02305),
        "ci95",
        10,
    )


def test_memory_tables_are_the_stats_of_the_time_figure():
    before, after = runs_of("golang-crypto_c247dead_x509roots_memory.txt")
    [init] = before.results
    assert (init.value, init.unit, init.samples) == (1.726, "ms/op", 30)
    assert init.stats == {"bytes_allocated_per_op": 1178.2 * 1024, "allocs_per_op": 11350.0}
    assert after.results[0].stats == {
        "bytes_allocated_per_op": 779.8 * 1024,
        "allocs_per_op": 10640.0,
    }
    assert before.machine.cpu_model == "AMD Ryzen 5 4600G with Radeon Graphics"


def test_pkg_rows_inside_an_old_table_name_each_benchmark_s_package():
    old, new = runs_of("golang-go_issue21525_boringcrypto_pkg_rows.txt")
    packages = {r.name: r.params["package"] for r in old.results}
    assert (packages["Expand-4"], packages["AESGCMSeal1K-4"]) == ("crypto/aes", "crypto/cipher")
    decrypt = next(r for r in new.results if r.name == "Decrypt-4")
    assert (decrypt.value, decrypt.unit, decrypt.samples) == (255.0, "ns/op", 4)


def test_geomean_rows_are_not_figures():
    old, new = runs_of("golang-go_issue57648_geomean_speed.txt")
    assert [(r.name, r.value, r.unit) for r in new.results] == [
        ("10-8", 13.7, "us/op"),
        ("100-8", 13.2, "us/op"),
        ("10-8", 743.0, "kB/s"),
        ("100-8", 7.56, "MB/s"),
    ]
    assert len(old.results) == 4


def test_a_row_whose_cells_are_not_read_is_refused_naming_its_line():
    """The published table with its new column cut off: the row is not read as old alone."""
    path = CORPUS / "benchstat" / "golang-go_issue57648_geomean_speed.txt"
    header = path.read_text(encoding="utf-8").splitlines()[11]
    text = f"{header}\n10-8          13.6µs ± 3%    ~     (p=0.700 n=3+3)\n"
    with pytest.raises(ParseError) as caught:
        parse_benchstat(text, source_name=path.name, started_at=AT)
    assert str(caught.value).startswith(f"{path.name}:2: no benchstat table")
