"""Affine-coordinate point arithmetic: every addition and doubling pays one field inversion.

Stands in for seed 004's ECC.py. A point is a tuple (x, y); the point at infinity is None.
"""

from cryptobench_collect.runners.ecc.curves import CurveParams
from cryptobench_collect.runners.ecc.ladder import ladder

Point = tuple[int, int] | None


def add(curve: CurveParams, P: Point, Q: Point) -> Point:
    if P is None:
        return Q
    if Q is None:
        return P
    p = curve.p
    x1, y1 = P
    x2, y2 = Q
    if x1 == x2:
        return double(curve, P) if y1 == y2 else None
    slope = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (slope * slope - x1 - x2) % p
    return x3, (slope * (x1 - x3) - y1) % p


def double(curve: CurveParams, P: Point) -> Point:
    if P is None or P[1] == 0:
        return None
    p = curve.p
    x1, y1 = P
    slope = (3 * x1 * x1 + curve.a) * pow(2 * y1, -1, p) % p
    x3 = (slope * slope - 2 * x1) % p
    return x3, (slope * (x1 - x3) - y1) % p


def negate(curve: CurveParams, P: Point) -> Point:
    return None if P is None else (P[0], (-P[1]) % curve.p)


def multiply(curve: CurveParams, k: int, P: Point) -> Point:
    """k*P by a Montgomery ladder in affine coordinates."""
    return ladder(curve, k, P, None, add, double)
