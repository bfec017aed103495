"""y from x: the square root of x^3 + a*x + b modulo p by the Tonelli-Shanks algorithm."""

from cryptobench_collect.runners.ecc.curves import CurveParams


def tonelli_shanks(n: int, p: int) -> int | None:
    """A square root of n modulo the odd prime p, or None when n is not a square."""
    n %= p
    if n == 0:
        return 0
    if pow(n, (p - 1) // 2, p) != 1:
        return None
    q, s = p - 1, 0
    while q % 2 == 0:
        q, s = q // 2, s + 1
    z = 2
    while pow(z, (p - 1) // 2, p) != p - 1:
        z += 1
    m, c, t, r = s, pow(z, q, p), pow(n, q, p), pow(n, (q + 1) // 2, p)
    while t != 1:
        i, t2 = 1, t * t % p
        while t2 != 1:
            i, t2 = i + 1, t2 * t2 % p
        b = pow(c, 1 << (m - i - 1), p)
        m, c, t, r = i, b * b % p, t * b * b % p, r * b % p
    return r


def recover_y(curve: CurveParams, x: int) -> int | None:
    """The even y with (x, y) on the curve, or None when x has no y."""
    y = tonelli_shanks(curve.rhs(x), curve.p)
    if y is None:
        return None
    return y if y % 2 == 0 else curve.p - y
