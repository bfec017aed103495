"""Normalization table: hand-computed canonical figures for each unit and context."""

import pytest

from cryptobench_server.store.normalize import (
    bytes_per_op,
    canonical_figures,
    disagreeing_metrics,
    plausibility_flags,
    run_facts,
)

MHZ160 = 160e6


def figures(metric, value, unit, clock=None, op_bytes=None):
    got, derived = canonical_figures(metric, value, unit, clock_hz=clock, op_bytes=op_bytes)
    return got, derived


@pytest.mark.parametrize(
    ("value", "unit", "ops_per_s"),
    [
        (2.0, "ops/ns", 2e9),
        (2.0, "ops/us", 2e6),
        (2.0, "ops/ms", 2e3),
        (2.0, "ops/s", 2.0),
        (120.0, "ops/min", 2.0),
    ],
)
def test_jmh_throughput_units(value, unit, ops_per_s):
    got, derived = figures("ops_per_s", value, unit)
    assert got["ops_per_s"] == pytest.approx(ops_per_s, rel=1e-15)
    assert got["ns_per_op"] == pytest.approx(1e9 / ops_per_s, rel=1e-15)
    assert (got["cycles_per_op"], got["bytes_per_s"], got["cycles_per_byte"]) == (None, None, None)
    assert derived == ["ns_per_op"]


@pytest.mark.parametrize(
    ("value", "unit", "ns"),
    [
        (4.0, "ns/op", 4.0),
        (4.0, "us/op", 4e3),
        (4.0, "ms/op", 4e6),
        (4.0, "s/op", 4e9),
    ],
)
def test_jmh_time_units(value, unit, ns):
    got, derived = figures("ns_per_op", value, unit)
    assert got["ns_per_op"] == ns
    assert got["ops_per_s"] == pytest.approx(1e9 / ns, rel=1e-15)
    assert derived == ["ops_per_s"]


def test_esp32_verify_in_ms_at_160_mhz():
    got, derived = figures("ns_per_op", 11.8, "ms/op", clock=MHZ160)
    assert got["ns_per_op"] == pytest.approx(11_800_000.0, rel=1e-15)
    assert got["cycles_per_op"] == pytest.approx(1_888_000.0, rel=1e-12)
    assert got["ops_per_s"] == pytest.approx(84.74576271186440, rel=1e-12)
    assert derived == ["ops_per_s", "cycles_per_op"]


def test_cycles_without_clock_give_only_cycle_figures():
    got, derived = figures("cycles_per_op", 1_888_000.0, "cycles/op")
    assert got == {
        "ops_per_s": None,
        "ns_per_op": None,
        "cycles_per_op": 1_888_000.0,
        "bytes_per_s": None,
        "cycles_per_byte": None,
        "instructions_per_op": None,
        "instructions_per_byte": None,
    }
    assert derived == []


def test_instruction_counts_give_per_byte_and_never_cycles_or_time():
    got, derived = figures("instructions_per_op", 1_280_000.0, "instructions/op", op_bytes=16384)
    assert got == {
        "ops_per_s": None,
        "ns_per_op": None,
        "cycles_per_op": None,
        "bytes_per_s": None,
        "cycles_per_byte": None,
        "instructions_per_op": 1_280_000.0,
        "instructions_per_byte": 78.125,
    }
    assert derived == ["instructions_per_byte"]
    clocked, _ = figures("instructions_per_op", 3.5, "Minstructions/op", clock=MHZ160)
    assert [name for name, value in clocked.items() if value is not None] == ["instructions_per_op"]
    assert clocked["instructions_per_op"] == 3_500_000.0
    per_byte, derived = figures("instructions_per_byte", 50.0, "instructions/B", op_bytes=64)
    assert (per_byte["instructions_per_op"], derived) == (3200.0, ["instructions_per_op"])


def test_cycles_with_clock_and_bytes_give_every_figure():
    got, derived = figures("cycles_per_op", 3200.0, "cycles/op", clock=MHZ160, op_bytes=64)
    assert got["ns_per_op"] == pytest.approx(20_000.0, rel=1e-15)
    assert got["ops_per_s"] == pytest.approx(50_000.0, rel=1e-12)
    assert got["bytes_per_s"] == pytest.approx(3_200_000.0, rel=1e-12)
    assert got["cycles_per_byte"] == pytest.approx(50.0, rel=1e-15)
    assert derived == ["ops_per_s", "ns_per_op", "bytes_per_s", "cycles_per_byte"]


def test_openssl_k_is_1000_bytes_per_second():
    got, derived = figures("bytes_per_s", 30229.13, "kB/s", clock=1e9, op_bytes=16)
    assert got["bytes_per_s"] == pytest.approx(30_229_130.0, rel=1e-15)
    assert got["ops_per_s"] == pytest.approx(1_889_320.625, rel=1e-12)
    assert got["ns_per_op"] == pytest.approx(529.2907867345, rel=1e-12)
    assert got["cycles_per_op"] == pytest.approx(529.2907867345, rel=1e-12)
    assert got["cycles_per_byte"] == pytest.approx(33.0806741709, rel=1e-12)
    assert derived == ["ops_per_s", "ns_per_op", "cycles_per_op", "cycles_per_byte"]


def test_bytes_per_second_without_block_size_stays_bytes_only():
    got, derived = figures("bytes_per_s", 5.0, "MiB/s")
    assert got["bytes_per_s"] == 5 * 1048576.0
    assert derived == []


def test_cycles_per_byte_times_bytes_is_cycles_per_op():
    got, _ = figures("cycles_per_byte", 12.5, "cycles/B", clock=MHZ160, op_bytes=1024)
    assert got["cycles_per_op"] == 12_800.0
    assert got["ns_per_op"] == pytest.approx(80_000.0, rel=1e-15)


def test_other_metric_gets_no_canonical_figures():
    got, derived = figures("other", 3.0, "percent", clock=MHZ160, op_bytes=16)
    assert set(got.values()) == {None} and derived == []


def test_zero_time_has_no_reciprocal():
    got, derived = figures("ns_per_op", 0.0, "ns/op", clock=MHZ160)
    assert (got["ns_per_op"], got["ops_per_s"], got["cycles_per_op"]) == (0.0, None, 0.0)
    assert derived == ["cycles_per_op"]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"block_bytes": 16, "message_bytes": 32}, 16.0),
        ({"message_bytes": 1048576}, 1048576.0),
        ({"block_bytes": "16"}, None),
        ({"message_bytes": True}, None),
        ({"block_bytes": 0}, None),
        ({}, None),
    ],
)
def test_bytes_per_op(params, expected):
    assert bytes_per_op(params) == expected


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
        (openssl(None, {"engine": "afalg", "elapsed": "true"}), False),
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
