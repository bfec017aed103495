"""parse_line: the firmware protocol, seed 002's lines, boot/log noise, and broken protocol lines."""

import pytest

from cryptobench_parsers.serial.lines import (
    Begin,
    End,
    Fact,
    LineError,
    Measurement,
    RawSamples,
    parse_line,
)

RUN = "ce7ffc9b-8d4d-436b-aaf3-e6071edc654b"
PSS_SIGN = (
    'BENCH {"v":1,"run":"'
    + RUN
    + '","seq":5,"name":"rsa-2048-pss-sign","family":"signature","alg":"RSA",'
    '"op":"sign","params":{"key_bits":2048,"padding":"pss","hash":"SHA-256"},"unit":"cycles","batch":1,'
    '"n":10,"min":8543210,"median":8671234,"max":9012345}'
)


def test_bench_line_becomes_a_cycles_result_with_min_median_max():
    item = parse_line(PSS_SIGN)
    assert isinstance(item, Measurement)
    assert (item.style, item.run_id, item.seq, item.name, item.error) == (
        "bench",
        RUN,
        5,
        "rsa-2048-pss-sign",
        None,
    )
    (result,) = item.results
    assert result.model_dump(exclude_none=True) == {
        "name": "rsa-2048-pss-sign",
        "family": "signature",
        "algorithm": "RSA",
        "operation": "sign",
        "library": "Mbed TLS",
        "params": {"key_bits": 2048, "padding": "pss", "hash": "SHA-256"},
        "metric": "cycles_per_op",
        "value": 8671234.0,
        "unit": "cycles/op",
        "samples": 10,
        "stats": {"min": 8543210.0, "median": 8671234.0, "max": 9012345.0},
    }


def test_host_lines_are_nanoseconds_and_junk_before_the_prefix_is_ignored():
    line = "\x00\xff" + PSS_SIGN.replace('"unit":"cycles"', '"unit":"ns"') + "\r"
    (result,) = parse_line(line).results
    assert (result.metric, result.unit, result.value) == ("ns_per_op", "ns/op", 8671234.0)


def test_emulator_lines_are_instructions_retired_never_cycles():
    line = PSS_SIGN.replace('"unit":"cycles"', '"unit":"instructions"')
    (result,) = parse_line(line).results
    assert (result.metric, result.unit, result.value) == (
        "instructions_per_op",
        "instructions/op",
        8671234.0,
    )


def test_error_line_reports_the_case_without_a_number():
    line = (
        'BENCH {"v":1,"run":"'
        + RUN
        + '","seq":7,"name":"rsa-4096-none-sign","family":"signature","alg":"RSA",'
        '"op":"sign","params":{"key_bits":4096,"padding":"none"},"error":"key generation failed (-0x4180)"}'
    )
    item = parse_line(line)
    assert (item.results, item.error, item.seq) == ((), "key generation failed (-0x4180)", 7)


def test_begin_and_end_markers_carry_the_run():
    begin = parse_line(
        'BENCH_BEGIN {"v":1,"run":"' + RUN + '","target":"esp32c6","cpu_mhz":160,"cases":56}'
    )
    end = parse_line(
        '\x1b[0mBENCH_END {"v":1,"run":"' + RUN.upper() + '","count":56,"errors":0}\r\n'
    )
    assert begin == Begin(
        "bench", RUN, {"v": 1, "run": RUN, "target": "esp32c6", "cpu_mhz": 160, "cases": 56}
    )
    assert end == End("bench", RUN, 56, 0)


LEAK_FIXED = (
    'BENCH {"v":2,"run":"' + RUN + '","seq":1,"name":"leak-compare-early-exit","family":"mac",'
    '"alg":"tag compare","op":"verify","lib":"CryptoBench fixture","params":{"variant":"early-exit",'
    '"message_bytes":64,"input_class":"fixed"},"unit":"instructions","batch":1,"n":100,"min":421,'
    '"median":421,"max":421,"raw":100}'
)


def test_leak_test_line_names_its_library_and_announces_its_samples():
    item = parse_line(LEAK_FIXED)
    assert (item.seq, item.raw, item.batch) == (1, 100, 1)
    (result,) = item.results
    assert (result.library, result.algorithm, result.params, result.raw) == (
        "CryptoBench fixture",
        "tag compare",
        {"variant": "early-exit", "message_bytes": 64, "input_class": "fixed"},
        None,
    )
    assert (result.metric, result.value, result.samples) == ("instructions_per_op", 421.0, 100)


def test_raw_line_carries_samples_of_one_result_from_an_offset():
    line = 'BENCH_RAW {"v":2,"run":"' + RUN + '","seq":2,"at":48,"samples":[42,42,54]}\r'
    assert parse_line(line) == RawSamples(RUN, 2, 48, (42, 42, 54))


@pytest.mark.parametrize(
    "line, message",
    [
        ('BENCH {"v":1,"run":"' + RUN + '","seq":1', "not valid JSON"),
        (
            'BENCH_BEGIN {"v":3,"run":"' + RUN + '"}',
            "protocol version 3, this reader knows 1 and 2",
        ),
        ('BENCH_BEGIN {"v":true,"run":"' + RUN + '"}', "protocol version True"),
        (
            'BENCH_RAW {"v":1,"run":"' + RUN + '","seq":1,"at":0,"samples":[1]}',
            "protocol version 1 has no BENCH_RAW lines",
        ),
        (
            'BENCH_RAW {"v":2,"run":"' + RUN + '","seq":1,"at":0,"samples":[1,-2]}',
            "'samples' is not a list of non-negative integers",
        ),
        (
            'BENCH_RAW {"v":2,"run":"' + RUN + '","seq":1,"samples":[1]}',
            "'at' missing or not a non-negative integer",
        ),
        (PSS_SIGN.replace('"max":9012345}', '"max":9012345,"raw":10}'), "raw 10 needs protocol 2"),
        (
            PSS_SIGN.replace('"v":1', '"v":2').replace('"max":9012345}', '"max":9012345,"raw":9}'),
            "raw 9 needs protocol 2, a batch and n = raw",
        ),
        ('BENCH_END {"v":1,"run":"not-a-uuid","count":1,"errors":0}', "is not a UUID"),
        (
            'BENCH {"v":1,"run":"'
            + RUN
            + '","seq":1,"name":"x","alg":"RSA","params":{},"unit":"ms",'
            '"n":1,"min":1,"median":1,"max":1}',
            "none of cycles, ns, instructions",
        ),
        (
            'BENCH {"v":1,"run":"' + RUN + '","seq":-1,"name":"x"}',
            "'seq' missing or not a non-negative integer",
        ),
        (
            'BENCH {"v":1,"run":"'
            + RUN
            + '","seq":1,"name":"x","family":"bogus","alg":"RSA","op":"sign","params":{},'
            '"unit":"ns","n":1,"min":1,"median":1,"max":1}',
            "x: family:",
        ),
    ],
)
def test_broken_protocol_lines_raise_line_error(line, message):
    with pytest.raises(LineError, match=message):
        parse_line(line)


@pytest.mark.parametrize(
    "line",
    [
        "ESP-ROM:esp32c6-20220919",
        "rst:0x1 (POWERON),boot:0x6c (SPI_FAST_FLASH_BOOT)",
        "\x1b[0;32mI (310) main_task: Calling app_main()\x1b[0m",
        "W (282) spi_flash: Detected size(4096k) larger than the size in the binary image header(2048k).",
        "BENCHMARK done",
        "",
        "\ufffd\ufffd\x00",
    ],
)
def test_noise_is_none(line):
    assert parse_line(line) is None


def test_seed002_verify_line_is_microseconds_not_cycles():
    item = parse_line("RSA-4096 PSS Verify (mbedtls_rsa_rsassa_pss_verify): 207780 cycles")
    (result,) = item.results
    assert item.style == "seed002"
    assert (result.name, result.metric, result.value, result.unit) == (
        "RSA-4096 PSS Verify (mbedtls_rsa_rsassa_pss_verify)",
        "ns_per_op",
        207780.0,
        "us/op",
    )
    assert result.params == {"key_bits": 4096, "padding": "pss", "hash": "SHA-256"}


def test_seed002_no_padding_and_markers():
    (result,) = parse_line("RSA-2048 No Padding Verify (mbedtls_rsa_public): 53970 cycles").results
    assert (result.params, result.value) == ({"key_bits": 2048, "padding": "none"}, 53970.0)
    assert parse_line("Starting RSA Time Comparison") == Begin("seed002")
    assert parse_line("Time Comparison Completed Successfully!") == End("seed002")
    failure = parse_line("Signature verification failed (PSS): -0x4380")
    assert (failure.style, failure.error) == (
        "seed002",
        "Signature verification failed (PSS): -0x4380",
    )


@pytest.mark.parametrize(
    "line, fact",
    [
        ("I (199) cpu_start: cpu freq: 160000000 Hz", Fact("cpu_hz", "160000000")),
        ("I (242) cpu_start: Chip rev:         v0.4", Fact("chip_rev", "v0.4")),
        ("I (455) esp32_util: CONFIG_IDF_TARGET = esp32c3", Fact("target", "esp32c3")),
        (" wolfSSL version 5.6.3", Fact("library_version", "5.6.3")),
        ("mbedTLS version 2.3.0", Fact("library_version", "2.3.0")),
        ("wolfCrypt Benchmark (block bytes 1024, min 1.0 sec each)", Fact("block_bytes", "1024")),
    ],
)
def test_boot_log_facts(line, fact):
    assert parse_line(line) == fact
