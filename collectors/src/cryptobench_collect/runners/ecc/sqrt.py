"""y from x: the square root of x^3 + a*x + b modulo p by the Tonelli-Shanks algorithm.

The loop's first test doubles as Euler's criterion (a non-square shows up as i == m), and the
non-residue power c is only computed when the loop needs it, so for p = 3 (mod 4), as in
secp256k1 and secp256r1, a square root costs one exponentiation and one inversion.
"""

from cryptobench_collect.runners.ecc.curves import CurveParams


def tonelli_shanks(n: int, p: int) -> int | None:
    """A square root of n modulo the odd prime p, or None when n is not a square."""
    n %= p
    if n == 0:
        return 0
    q, s = p - 1, 0
    while q % 2 == 0:
        q, s = q // 2, s + 1
    r = pow(n, (q + 1) // 2, p)
    t = r * r * pow(n, -1, p) % p
    m, c = s, None
    while t != 1:
        i, t2 = 1, t * t % p
        while t2 != 1 and i < m:
            i, t2 = i + 1, t2 * t2 % p
        if i >= m:
            return None
        c = pow(_non_residue(p), q, p) if c is None else c
        b = pow(c, 1 << (m - i - 1), p)
        m, c, t, r = i, b * b % p, t * b * b % p, r * b % p
    return r


def _non_residue(p: int) -> int:
    z = 2
    while pow(z, (p - 1) // 2, p) != p - 1:
        z += 1
    return z


def recover_y(curve: CurveParams, x: int) -> int | None:
    """The even y with (x, y) on the curve, or None when x has no y."""
    y = tonelli_shanks(curve.rhs(x), curve.p)
    if y is None:
        return None
    return y if y % 2 == 0 else curve.p - y
