"""Issue 36's development corpus (fixtures/corpus/<tool>, PROVENANCE.md beside each): outputs as
people published them, read through `import_text` as `POST /api/v1/imports` reads them."""

from typing import Any

from published import AT, CORPUS

from cryptobench_contract import Result
from cryptobench_parsers.imports import ImportOptions, import_text
from cryptobench_parsers.serial.wolfssl import parse_wolfssl_line


def imported(tool: str, name: str) -> list[list[Result]]:
    """The results of each run `format=auto` makes of fixtures/corpus/`tool`/`name`."""
    text = (CORPUS / tool / name).read_text(encoding="utf-8")
    runs = import_text(text, ImportOptions(source_name=name), received_at=AT).runs
    return [run.results for run in runs]


def row(results: list[Result], name: str, metric: str = "") -> Result:
    return next(r for r in results if r.name == name and r.metric.startswith(metric))


def labels(result: Result) -> tuple[Any, ...]:
    return (result.algorithm, result.operation, result.family, result.metric, result.unit)


def test_thousands_separators_of_go_bench_lines_are_read_as_one_number():
    """`1,735,334 ns/op` (a person's digit grouping) was not a supported output."""
    runs = imported("go", "flashbots-go-boost-utils_pr16_thousands_separators.txt")
    values = [(r.name, r.value) for results in runs for r in results]
    assert values == [
        ("BenchmarkSignatureVerification-2", 1735334.0),
        ("BenchmarkSignatureVerification-16", 5377079.0),
        ("BenchmarkSignatureVerification-10", 1502121.0),
        ("BenchmarkSignatureVerification-16", 1313259.0),
    ]


def test_a_wolfcrypt_table_a_person_made_markdown_of_is_read_amount_over_time():
    """`| RNG |  235 MiB took 1.011 seconds |` rows (blockquoted header, no rate printed) were
    "not a supported output"."""
    (results,) = imported("wolfssl", "repitae-stuff_wolfssl-hw.md")
    assert len(results) == 36
    rng = row(results, "RNG")
    assert (rng.value, rng.unit) == (235 / 1.011, "MiB/s")
    keygen = row(results, "RSA 2048 key gen")
    assert (keygen.value, keygen.unit, keygen.samples) == (34 / 1.027, "ops/s", 34)
    assert labels(keygen)[:2] == ("RSA", "keygen")


def test_wolfcrypt_lines_behind_a_logcat_tag_are_read():
    (results,) = imported("wolfssl", "wolfSSL-wolfssl-examples_android_README.md")
    assert len(results) == 76
    assert [(r.metric, r.value) for r in results if r.name == "RNG"] == [
        ("bytes_per_s", 13.052),
        ("cycles_per_byte", 218.79),
    ]


def test_post_quantum_rows_of_wolfcrypt_are_named_by_their_parameter_set():
    first, second = imported("wolfssl", "avlk-pqc-esp32-c3_README.md")
    assert len(first) == len(second) == 55
    expected = {
        "KYBER512 128 encap": ("Kyber512", "encaps", "kem", 7.477),
        "FALCON 1 verify": ("Falcon-512", "verify", "signature", 16.071),
        "ML-DSA 44 sign": ("ML-DSA-44", "sign", "signature", 1.961),
        "ML-DSA 87 key gen": ("ML-DSA-87", "keygen", "keygen", 0.797),
        "SPHINCS-FAST-SHA2 3 verify": ("SPHINCS+-SHA2-192f", "verify", "signature", 0.292),
    }
    for name, want in expected.items():
        found = [r for r in first if r.name == name]
        assert [(r.algorithm, r.operation, r.family, r.value) for r in found] == [want], name


def test_wolfcrypt_csv_rows_are_read_as_its_human_lines():
    """`benchmark -csv` prints `Algorithm,MB/s,Cycles per byte,` and `Algorithm,key size,
    operation,avg ms,ops/sec,` blocks (wolfcrypt/benchmark/benchmark.c, `%s,%f,` `%.*f,` and
    `%s,%d,%s%s,%.*f,%.*f,`). No published capture outside the held-out set was found, so the
    rows here are written in those formats; the CSV one is read like its human line."""
    sym = parse_wolfssl_line("AES-128-CBC-enc,1306.732160,2.043421,")
    assert [(labels(r), r.value) for r in sym] == [
        (("AES-128-CBC", "encrypt", "cipher", "bytes_per_s", "MiB/s"), 1306.73216),
        (("AES-128-CBC", "encrypt", "cipher", "cycles_per_byte", "cycles/B"), 2.043421),
    ]
    (ecc,) = parse_wolfssl_line("ECC   [      SECP256R1],256,key gen,0.016,63765.44,")
    human = (
        "ECC   [      SECP256R1]   256  key gen      2500 ops took 1.036 sec, avg 0.415 ms, "
        "2412.047 ops/sec"
    )
    (same,) = parse_wolfssl_line(human)
    assert (ecc.name, labels(ecc), ecc.params) == (same.name, labels(same), same.params)
    assert ecc.value == 63765.44
    assert parse_wolfssl_line("scrypt,17,,44.080,22.686,") == []
    assert parse_wolfssl_line("1.96,1.96,raspberrypi,1,1424560958,1G,,42,99,") == []


def test_google_benchmark_tabular_counters_are_read_by_their_header_columns():
    """`--benchmark_counters_tabular=true` prints counters as columns (`CYCLES
    items_per_second`), not `key=value`: the CYCLES of every benchmark were lost."""
    (results,) = imported("gbench", "itzmeanjan-falcon_README.md")
    assert len(results) == 24
    cycles = row(results, "falcon_sign_single<512>/32 CYCLES")
    assert (cycles.metric, cycles.value, cycles.unit) == ("cycles_per_op", 1460160.0, "cycles/op")
    assert cycles.stats == {"median": 1460340.0, "cv": 0.0012, "min": 1455640.0, "max": 1462610.0}
    time = row(results, "falcon_sign_single<512>/32")
    assert (time.value, time.unit) == (320.0, "us/op")


def test_jmh_rows_whose_plusminus_became_a_question_mark_and_lost_their_header_are_read():
    """`674.589 ?   21.290  ns/op` rows pasted without the header: "not a supported output"."""
    first, second = imported("jmh", "openjdk-jdk_pr17130_question_mark_for_plusminus.txt")
    assert [(r.name, r.value, r.error, r.unit, r.params) for r in first + second] == [
        ("GetMessageDigest.getInstance", 674.589, 21.29, "ns/op", {"param1": "SHA-1"}),
        ("GetMessageDigest.getInstance", 715.351, 16.302, "ns/op", {"param1": "SHA-1"}),
        ("GetMessageDigest.getInstance", 744.618, 14.846, "ns/op", {"param1": "SHA-1"}),
    ]


def test_jmh_rows_cut_below_their_header_are_a_table_of_their_own():
    """Eight rows without an Error column above a header with one row: 1 of 9 read."""
    rows, headed = imported("jmh", "openjdk-jdk_pr28894_riscv_gcm_no_error_column.txt")
    assert len(rows) == 8 and len(headed) == 1
    assert (rows[0].value, rows[0].unit, rows[0].params) == (
        238530.436,
        "ops/s",
        {"param1": "1500", "param2": "192"},
    )
    assert (headed[0].value, headed[0].params) == (
        840531.954,
        {"message_bytes": 128, "key_bits": 128},
    )


def test_jmh_groups_separated_by_blank_lines_stay_one_table():
    """Under `Data Size:` four rows apart by blank lines (their header mangled by hand) are one
    table, not four rows warned about; rows with a column a person added after the unit stay
    warnings."""
    runs = imported("jmh", "gerritjvv-encode_encode-perf_README.md")
    assert [len(results) for results in runs] == [1, 1, 1, 1, 4, 6]
    assert [(r.name, r.value) for r in runs[-2]] == [
        ("KryoBench.encodeRaw", 667163.954),
        ("FSTBench.encodeFastRaw", 775964.368),
        ("FSTBench.encodeRaw", 716760.613),
        ("NippyBench.encodeRaw", 190582.664),
    ]
