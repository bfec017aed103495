"""Jacobian-coordinate point arithmetic: (X, Y, Z) stands for the affine (X/Z^2, Y/Z^3).

The isolated `add` and `double` take and return affine points, converting on every call (as
ECpy does, seed 004); `multiply` converts once, runs the whole ladder in Jacobian coordinates
and converts the result back.
"""

from cryptobench_collect.runners.ecc.affine import Point
from cryptobench_collect.runners.ecc.curves import CurveParams
from cryptobench_collect.runners.ecc.ladder import ladder

Jacobian = tuple[int, int, int]
INFINITY: Jacobian = (1, 1, 0)


def to_jacobian(P: Point) -> Jacobian:
    return INFINITY if P is None else (P[0], P[1], 1)


def to_affine(curve: CurveParams, J: Jacobian) -> Point:
    X, Y, Z = J
    if Z == 0:
        return None
    p = curve.p
    z_inv = pow(Z, -1, p)
    z_inv2 = z_inv * z_inv % p
    return X * z_inv2 % p, Y * z_inv2 * z_inv % p


def jdouble(curve: CurveParams, J: Jacobian) -> Jacobian:
    X1, Y1, Z1 = J
    if Z1 == 0 or Y1 == 0:
        return INFINITY
    p = curve.p
    YY = Y1 * Y1 % p
    ZZ = Z1 * Z1 % p
    S = 4 * X1 * YY % p
    M = (3 * X1 * X1 + curve.a * ZZ * ZZ) % p
    X3 = (M * M - 2 * S) % p
    Y3 = (M * (S - X3) - 8 * YY * YY) % p
    Z3 = 2 * Y1 * Z1 % p
    return X3, Y3, Z3


def jadd(curve: CurveParams, J1: Jacobian, J2: Jacobian) -> Jacobian:
    X1, Y1, Z1 = J1
    X2, Y2, Z2 = J2
    if Z1 == 0:
        return J2
    if Z2 == 0:
        return J1
    p = curve.p
    Z1Z1 = Z1 * Z1 % p
    Z2Z2 = Z2 * Z2 % p
    U1 = X1 * Z2Z2 % p
    U2 = X2 * Z1Z1 % p
    S1 = Y1 * Z2 * Z2Z2 % p
    S2 = Y2 * Z1 * Z1Z1 % p
    H = (U2 - U1) % p
    R = (S2 - S1) % p
    if H == 0:
        return jdouble(curve, J1) if R == 0 else INFINITY
    HH = H * H % p
    HHH = H * HH % p
    V = U1 * HH % p
    X3 = (R * R - HHH - 2 * V) % p
    Y3 = (R * (V - X3) - S1 * HHH) % p
    Z3 = Z1 * Z2 * H % p
    return X3, Y3, Z3


def jmultiply(curve: CurveParams, k: int, J: Jacobian) -> Jacobian:
    """k*J by a Montgomery ladder, entirely in Jacobian coordinates."""
    return ladder(curve, k, J, INFINITY, jadd, jdouble)


def add(curve: CurveParams, P: Point, Q: Point) -> Point:
    return to_affine(curve, jadd(curve, to_jacobian(P), to_jacobian(Q)))


def double(curve: CurveParams, P: Point) -> Point:
    return to_affine(curve, jdouble(curve, to_jacobian(P)))


def multiply(curve: CurveParams, k: int, P: Point) -> Point:
    return to_affine(curve, jmultiply(curve, k, to_jacobian(P)))


def multiply_add(curve: CurveParams, u1: int, P: Point, u2: int, Q: Point) -> Point:
    """u1*P + u2*Q with a single conversion back to affine (ECDSA verification)."""
    total = jadd(curve, jmultiply(curve, u1, to_jacobian(P)), jmultiply(curve, u2, to_jacobian(Q)))
    return to_affine(curve, total)
