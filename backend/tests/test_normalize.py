"""Normalization table: hand-computed canonical figures for each unit and context."""

import pytest

from cryptobench_contract.units import CANONICAL_METRICS
from cryptobench_server.store.normalize import bytes_per_op, result_figures

MHZ160 = 160e6


def figures(metric, value, unit, clock=None, op_bytes=None):
    got = result_figures(metric, value, unit, clock_hz=clock, op_bytes=op_bytes)
    return dict(zip(CANONICAL_METRICS, got.figures, strict=True)), list(got.derived)


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
