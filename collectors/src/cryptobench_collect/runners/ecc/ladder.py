"""The Montgomery ladder (the algorithm both of seed 004's libraries use), over any coordinates."""

from collections.abc import Callable
from typing import TypeVar

from cryptobench_collect.runners.ecc.curves import CurveParams

P = TypeVar("P")


def ladder(
    curve: CurveParams,
    k: int,
    point: P,
    infinity: P,
    add: Callable[[CurveParams, P, P], P],
    double: Callable[[CurveParams, P], P],
) -> P:
    """k*point with the `add` and `double` of its coordinates, `infinity` the point at infinity
    in them: one addition and one doubling per bit of k."""
    r0, r1 = infinity, point
    for bit in bin(k)[2:]:
        if bit == "1":
            r0, r1 = add(curve, r0, r1), double(curve, r1)
        else:
            r0, r1 = double(curve, r0), add(curve, r0, r1)
    return r0
