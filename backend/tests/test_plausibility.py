"""The plausibility checker (store/plausibility.py): each result's own flags and the run-wide
ones (RunChecks), on the figures of real logs where one is named."""

import pytest

from cryptobench_server.store.plausibility import (
    Checked,
    RunChecks,
    disagreeing_metrics,
    plausibility_flags,
    run_facts,
)


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        (
            {
                "value": 100.0,
                "error": 5.0,
                "stats": {"min": 90.0, "max": 110.0},
                "cycles_per_op": None,
                "metric": "ops_per_s",
            },
            [],
        ),
        (
            {
                "value": 100.0,
                "error": 150.0,
                "stats": None,
                "cycles_per_op": None,
                "metric": "ops_per_s",
            },
            ["error_exceeds_value"],
        ),
        (
            {
                "value": 0.5,
                "error": None,
                "stats": None,
                "cycles_per_op": 0.5,
                "metric": "cycles_per_op",
            },
            ["cycles_below_one"],
        ),
        (
            {
                "value": 100.0,
                "error": None,
                "stats": {"min": 120.0, "max": 80.0},
                "cycles_per_op": None,
                "metric": "ns_per_op",
            },
            ["stats_min_above_max"],
        ),
        (
            {
                "value": 100.0,
                "error": None,
                "stats": {"min": 101.0, "max": 120.0},
                "cycles_per_op": None,
                "metric": "ns_per_op",
            },
            ["value_outside_stats"],
        ),
        (
            {
                "value": 0.0,
                "error": None,
                "stats": None,
                "cycles_per_op": 0.0,
                "metric": "ns_per_op",
            },
            ["zero_value", "cycles_below_one"],
        ),
    ],
)
def test_plausibility_flags(kwargs, expected):
    assert plausibility_flags(**kwargs) == expected


def openssl(options: str | None, tags: dict[str, str], clock_hz=None, cores=None):
    facts = {"tool_options": options, "tags": tags, "clock_hz": clock_hz, "cores": cores}
    return run_facts(tool_name="openssl", **facts)


@pytest.mark.parametrize(
    ("run", "expected"),
    [
        (openssl("speed -evp aes-128-cbc -engine devcrypto", {"engine": "devcrypto"}), True),
        (openssl("speed -evp aes-128-cbc", {"engine": "none"}), False),
        (openssl("speed -elapsed -evp aes-128-cbc -engine devcrypto", {}), False),
        (openssl(None, {"engine": "afalg", "timing": "elapsed"}), False),
        (openssl("speed -engine afalg", {}), True),
        (openssl("speed", {"provider": "default,legacy"}), False),
        (openssl("speed", {"provider": "default,pkcs11"}), True),
        (
            run_facts(
                tool_name="jmh", tool_options=None, tags={"engine": "x"}, clock_hz=None, cores=None
            ),
            False,
        ),
    ],
)
def test_cpu_time_of_work_outside_openssl_is_flagged(run, expected):
    flags = plausibility_flags(
        value=1e9, error=None, stats=None, cycles_per_op=None, metric="bytes_per_s", run=run
    )
    assert ("cpu_time" in flags) is expected


def test_throughput_beyond_the_clock_and_saturated_counters_are_flagged():
    one_ghz = openssl("speed -elapsed", {}, clock_hz=1e9, cores=2)
    check = {"error": None, "stats": None, "cycles_per_op": None, "run": one_ghz}
    ok = plausibility_flags(value=1e9, metric="bytes_per_s", bytes_per_s=128e9, **check)
    too_fast = plausibility_flags(value=1e9, metric="bytes_per_s", bytes_per_s=129e9, **check)
    assert (ok, too_fast) == ([], ["exceeds_clock"])
    for value in (4194304.0, 2.0**32 - 1):
        assert plausibility_flags(value=value, metric="cycles_per_op", **check) == ["saturated"]
    for value in (4194304.5, 65535.0, 3_000_000.0):
        assert plausibility_flags(value=value, metric="cycles_per_op", **check) == []


@pytest.mark.parametrize(
    ("reported", "expected"),
    [
        ({"ops_per_s": [1_000_000.0], "ns_per_op": [1_100_000.0]}, False),
        ({"ops_per_s": [1_000_000.0], "ns_per_op": [1000.0]}, True),
        ({"ops_per_s": [1000.0, 1010.0]}, False),
        ({"ops_per_s": [1000.0], "bytes_per_s": [None]}, False),
        ({"ns_per_op": [100.0], "cycles_per_op": [151.0], "other": [None]}, True),
    ],
)
def test_disagreeing_metrics(reported, expected):
    assert disagreeing_metrics(reported) is expected


KIB = 1024.0
AT_32_MHZ = run_facts(tool_name="mbedtls", tool_options=None, tags={}, clock_hz=32e6, cores=None)
UNKNOWN_CLOCK = run_facts(
    tool_name="wolfssl", tool_options=None, tags={}, clock_hz=None, cores=None
)


def mbedtls_line(checks, at, series, kib_s, cycles_per_byte):
    """One `NAME : N KiB/s, M cycles/byte` line: two results of one series."""
    checks.add(Checked(at, series, "bytes_per_s", kib_s * KIB, None, []), kib_s, "KiB/s")
    checks.add(
        Checked(at + 1, series, "cycles_per_byte", cycles_per_byte, None, []),
        cycles_per_byte,
        "cycles/B",
    )


def test_throughput_contradicting_its_cycles_per_byte():
    """Nuclei's 32 MHz board: 14562 KiB/s at 2 cycles/byte is 29.8 Mcycles/s (sound), 14690 KiB/s
    at 1 is 15 Mcycles/s (a slower counter, sound); 4194304 KiB/s at 1 is 4.3 Gcycles/s."""
    checks = RunChecks(AT_32_MHZ)
    mbedtls_line(checks, 0, "md5", 14562.0, 2.0)
    mbedtls_line(checks, 2, "aes-cbc-192", 14690.0, 1.0)
    mbedtls_line(checks, 4, "sha1", 4194304.0, 1.0)
    assert checks.late_flags() == [(4, ["cycles_disagree"]), (5, ["cycles_disagree"])]
    unknown = RunChecks(UNKNOWN_CLOCK)
    mbedtls_line(unknown, 0, "sha1", 4194304.0, 1.0)
    mbedtls_line(unknown, 2, "aes", 4194304.0, 3.0)
    assert unknown.late_flags() == [(2, ["cycles_disagree"]), (3, ["cycles_disagree"])]


def test_a_figure_repeated_to_its_last_digit_in_three_series():
    checks = RunChecks(UNKNOWN_CLOCK)
    for at, series in enumerate(("md5", "sha1", "sha256")):
        checks.add(
            Checked(at, series, "bytes_per_s", 4194304.0 * KIB, None, ["saturated"]),
            4194304.0,
            "KiB/s",
        )
    for at, series in enumerate(("aes-192-gcm-dec", "aes-256-gcm-dec", "sha256-wolf"), start=3):
        checks.add(Checked(at, series, "bytes_per_s", 8.691e6, None, []), 8.691, "MiB/s")
    checks.add(Checked(6, "camellia-192", "bytes_per_s", 498.08 * KIB, None, []), 498.08, "KiB/s")
    checks.add(Checked(7, "camellia-256", "bytes_per_s", 498.08 * KIB, None, []), 498.08, "KiB/s")
    assert checks.late_flags() == [
        (0, ["saturated", "repeated_value"]),
        (1, ["saturated", "repeated_value"]),
        (2, ["saturated", "repeated_value"]),
    ]


def test_a_repeated_figure_is_certain_from_its_third_series_on():
    """`add` says a row's repeated_value as soon as its figure stands in three series (ingest
    writes the row with it then, not again after the last row); a series twice counts once."""
    checks = RunChecks(UNKNOWN_CLOCK)
    said = [
        checks.add(
            Checked(at, series, "bytes_per_s", 4194304.0 * KIB, None, []), 4194304.0, "KiB/s"
        )
        for at, series in enumerate(("md5", "md5", "sha1", "sha256", "sha512"))
    ]
    assert said == [(), (), (), ("repeated_value",), ("repeated_value",)]
    assert [position for position, _ in checks.late_flags()] == [0, 1, 2, 3, 4]


def test_cpu_time_far_below_the_requested_time_is_flagged_whatever_the_command_said():
    check = {"value": 1e9, "error": None, "cycles_per_op": None, "metric": "bytes_per_s"}
    offloaded = {"seconds": 0.01, "requested_seconds": 3.0}
    busy = {"seconds": 0.8, "requested_seconds": 3.0}
    assert plausibility_flags(stats=offloaded, **check) == ["cpu_time"]
    assert plausibility_flags(stats=busy, **check) == []
