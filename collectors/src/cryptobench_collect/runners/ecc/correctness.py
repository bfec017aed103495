"""Correctness before timing: every library must agree with the reference, and with each other.

Point results are compared with the affine reference (itself tested against SEC/NIST vectors);
every library's signature must verify in every library (low-s normalized for verifiers that
demand it) and a signature on another message must not. Any disagreement is an error.
"""

import secrets

from cryptobench_collect.runners.ecc import affine
from cryptobench_collect.runners.ecc.adapters.base import (
    ADD,
    DOUBLE,
    MUL,
    SIGN,
    VERIFY,
    Y_RECOVERY,
    CurveOps,
)
from cryptobench_collect.runners.ecc.curves import CurveParams
from cryptobench_collect.runners.ecc.experiments import CorrectnessError
from cryptobench_collect.runners.ecc.workload import existing_x, random_point, scalar


def check_curve(curve: CurveParams, bound: dict[str, CurveOps], message_bytes: int) -> None:
    """Raise CorrectnessError naming the library, curve and operation that disagrees."""
    if affine.multiply(curve, curve.n - 1, curve.generator) != affine.negate(
        curve, curve.generator
    ):
        raise CorrectnessError(f"reference arithmetic on {curve.name}: (n-1)G is not -G")
    for name, ops in bound.items():
        try:
            _check_points(curve, ops)
            _check_y(curve, ops)
        except CorrectnessError as exc:
            raise CorrectnessError(f"{name} on {curve.name}: {exc}") from None
    _check_signatures(
        curve, {n: o for n, o in bound.items() if SIGN in o.operations}, message_bytes
    )


def _check_points(curve: CurveParams, ops: CurveOps) -> None:
    P, Q, k = random_point(curve), random_point(curve), scalar(curve)
    checks = (
        (ADD, lambda: ops.add(ops.point(P), ops.point(Q)), affine.add(curve, P, Q)),
        (DOUBLE, lambda: ops.double(ops.point(P)), affine.double(curve, P)),
        (MUL, lambda: ops.multiply(k, ops.point(P)), affine.multiply(curve, k, P)),
    )
    for operation, compute, expected in checks:
        if operation in ops.operations and (got := ops.xy(compute())) != expected:
            raise CorrectnessError(f"{operation} gave {_fmt(got)}, the reference {_fmt(expected)}")


def _check_y(curve: CurveParams, ops: CurveOps) -> None:
    if Y_RECOVERY not in ops.operations:
        return
    x_with = existing_x(curve)
    x_without = next(
        x for x in iter(lambda: secrets.randbelow(curve.p), None) if not curve.has_y(x)
    )
    y = ops.y_of(ops.recover_y(x_with))
    if y is None or not curve.contains((x_with, y)):
        raise CorrectnessError(
            f"y recovery for x={x_with:#x} gave {y!r}, which is not on the curve"
        )
    if (y := ops.y_of(ops.recover_y(x_without))) is not None:
        raise CorrectnessError(f"y recovery for x={x_without:#x} (no y exists) gave {y:#x}")


def _check_signatures(curve: CurveParams, signers: dict[str, CurveOps], message_bytes: int) -> None:
    d = scalar(curve)
    Q = affine.multiply(curve, d, curve.generator)
    assert Q is not None
    message = secrets.token_bytes(message_bytes)
    other = secrets.token_bytes(message_bytes)
    made = {
        name: ops.signature_rs(ops.sign(ops.keypair(d)[0], message))
        for name, ops in signers.items()
    }
    for verifier, ops in signers.items():
        if VERIFY not in ops.operations:
            continue
        public = ops.public_from_xy(Q)
        for signer, (r, s) in made.items():
            if ops.low_s_only:
                s = min(s, curve.n - s)
            where = f"{verifier} on {curve.name}: the signature made by {signer}"
            if not ops.verify(public, message, ops.from_rs(r, s)):
                raise CorrectnessError(f"{where} does not verify")
            if ops.verify(public, other, ops.from_rs(r, s)):
                raise CorrectnessError(f"{where} verifies for a different message")


def _fmt(point: tuple[int, int] | None) -> str:
    return "infinity" if point is None else f"({point[0]:#x}, {point[1]:#x})"
