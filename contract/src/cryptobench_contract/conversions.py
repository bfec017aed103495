"""How canonical figures convert into each other (DESIGN "Normalization"): the one table.

A conversion is target = factor * source, or factor / source when `reciprocal`, where factor is
k ** k_power * 1e9 ** ns_power: k the quantity the conversion `needs` ("" nothing, "clock" the
clock in Hz, "bytes" the bytes one operation processes, sizes.OPERATION_BYTES), 1e9 the
nanoseconds of a second. The backend derives every stored figure by it (store/normalize.py) and
GET /vocabulary serves it, so the UI converts by the same table.
"""

from typing import Literal, NamedTuple

NS_PER_S = 1e9
Needs = Literal["", "clock", "bytes"]


class Conversion(NamedTuple):
    source: str
    target: str
    needs: Needs
    reciprocal: bool
    k_power: Literal[-1, 0, 1]
    ns_power: Literal[-1, 0, 1]


CONVERSIONS: tuple[Conversion, ...] = (
    Conversion("ns_per_op", "ops_per_s", "", True, 0, 1),
    Conversion("ops_per_s", "ns_per_op", "", True, 0, 1),
    Conversion("ns_per_op", "cycles_per_op", "clock", False, 1, -1),
    Conversion("cycles_per_op", "ns_per_op", "clock", False, -1, 1),
    Conversion("ops_per_s", "bytes_per_s", "bytes", False, 1, 0),
    Conversion("bytes_per_s", "ops_per_s", "bytes", False, -1, 0),
    Conversion("cycles_per_op", "cycles_per_byte", "bytes", False, -1, 0),
    Conversion("cycles_per_byte", "cycles_per_op", "bytes", False, 1, 0),
    # Instructions retired: only per op <-> per byte, never to cycles or time.
    Conversion("instructions_per_op", "instructions_per_byte", "bytes", False, -1, 0),
    Conversion("instructions_per_byte", "instructions_per_op", "bytes", False, 1, 0),
)


def factor(conv: Conversion, k: float) -> float:
    """k ** k_power * 1e9 ** ns_power as one division (k / 1e9, 1e9 / k), so it rounds once."""
    up = (k if conv.k_power > 0 else 1.0) * (NS_PER_S if conv.ns_power > 0 else 1.0)
    down = (k if conv.k_power < 0 else 1.0) * (NS_PER_S if conv.ns_power < 0 else 1.0)
    return up / down
