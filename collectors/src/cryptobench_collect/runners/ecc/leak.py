"""`cryptobench run ecc --leak-test`: a timing-leak screen (dudect's fixed-vs-random test) of
scalar multiplication and ECDSA signing in each library.

Per (curve, library, operation) the secret is either one fixed scalar (class `fixed`) or a fresh
random scalar per sample (class `random`); the two classes' samples are taken interleaved in a
random order (each class exactly `samples` times), so drift in machine load falls on both alike.
The fixed scalar is a corner case, as dudect advises for arithmetic (low Hamming weight): the top
bit of the group order's length and bit 0, nothing else (2**255 + 1 on the 256-bit curves), so it
is as long as a random scalar but a double-and-add or window method skips nearly every addition.
Scalar multiplication is k*G (the generator, one point object for both classes); signing signs
one fixed message (its nonce is the library's own). Every sample's input is prepared before the
first timed call, in the order of the samples and the same way for both classes: a signing key
object is made from the scalar for every sample, the fixed one too, so neither class signs with a
warmer key object than the other. `perf_counter_ns` brackets only the library call. Before
timing, the fixed scalar's product must equal the reference's and its signature must verify. The
statistics (is there a difference, how small a difference these samples would have found) are
the server's.
"""

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from time import perf_counter_ns
from typing import Any

from cryptobench_collect.runners.ecc import adapters, jacobian, workload
from cryptobench_collect.runners.ecc.adapters.base import MUL, SIGN, CurveOps, Library, LibraryInfo
from cryptobench_collect.runners.ecc.curves import CurveParams
from cryptobench_collect.runners.ecc.experiments import CorrectnessError
from cryptobench_contract import utc_now

CLASSES = ("fixed", "random")
OPERATIONS = (MUL, SIGN)
#: Samples per class at most: every result keeps all of them as `raw` (7 libraries x 2 curves x
#: 2 operations x 2 classes x 10,000 samples is about 6 MB of JSON, within the 32 MB body cap).
MAX_SAMPLES = 10_000
#: Samples per class of `--quick` (tests and smoke runs).
QUICK_SAMPLES = 20


@dataclass(frozen=True)
class LeakConfig:
    samples: int = 1000
    warmup: int = 10
    message_bytes: int = 32
    libraries: tuple[str, ...] = adapters.LIBRARY_NAMES
    curves: tuple[str, ...] = ("secp256k1", "secp256r1")


@dataclass
class LeakOutcome:
    config: LeakConfig
    started_at: datetime
    finished_at: datetime | None = None
    infos: dict[str, LibraryInfo] = field(default_factory=dict)
    #: (curve, operation, library) -> class -> samples (ns) in the order taken
    cells: dict[tuple[str, str, str], dict[str, list[int]]] = field(default_factory=dict)
    #: what was not measured and why, one line each
    gaps: list[str] = field(default_factory=list)


def run_leak_test(config: LeakConfig, tick: Callable[[str], None] = lambda _: None) -> LeakOutcome:
    outcome = LeakOutcome(config=config, started_at=utc_now())
    loaded = {name: adapters.load(name) for name in config.libraries}
    outcome.infos = {n: lib.info() for n, lib in loaded.items() if isinstance(lib, Library)}
    for curve in config.curves:
        for name, lib in loaded.items():
            if isinstance(lib, adapters.NotInstalled):
                outcome.gaps.append(f"{curve} {name}: not installed ({lib.install})")
            elif not lib.supports_curve(curve):
                outcome.gaps.append(f"{curve} {name}: unsupported ({name} has no {curve})")
            else:
                _screen_library(curve, name, lib.bind(curve), outcome, tick)
    outcome.finished_at = utc_now()
    return outcome


def _screen_library(
    curve: str, name: str, ops: CurveOps, outcome: LeakOutcome, tick: Callable[[str], None]
) -> None:
    for operation in OPERATIONS:
        if operation not in ops.operations:
            outcome.gaps.append(f"{curve} {name}: unsupported ({name} has no {operation})")
            continue
        tick(f"{curve} {operation}: {name}")
        try:
            outcome.cells[(curve, operation, name)] = screen(ops, operation, outcome.config)
        except CorrectnessError as exc:
            raise CorrectnessError(f"{name} on {curve}: {exc}") from None


def class_order(samples: int) -> list[int]:
    """`samples` zeros (fixed) and ones (random) in a uniformly random order."""
    order = [0] * samples + [1] * samples
    secrets.SystemRandom().shuffle(order)
    return order


def fixed_scalar(curve: CurveParams) -> int:
    """The fixed class's scalar: the top bit of the order's length and bit 0 (weight 2)."""
    return (1 << (curve.n.bit_length() - 1)) | 1


def screen(ops: CurveOps, operation: str, config: LeakConfig) -> dict[str, list[int]]:
    """The two classes' samples (ns) of one operation, taken interleaved, after `warmup`
    untimed calls of the fixed class; every input is prepared before the first timed call."""
    fixed = fixed_scalar(ops.curve)
    message = secrets.token_bytes(config.message_bytes)
    _check(ops, operation, fixed, message)
    call, prepare = _plan(ops, operation, message)
    for _ in range(config.warmup):
        call(*prepare(fixed))
    order = class_order(config.samples)
    inputs = [prepare(fixed if cls == 0 else workload.scalar(ops.curve)) for cls in order]
    taken: dict[str, list[int]] = {name: [] for name in CLASSES}
    for cls, args in zip(order, inputs, strict=True):
        t0 = perf_counter_ns()
        call(*args)
        t1 = perf_counter_ns()
        taken[CLASSES[cls]].append(t1 - t0)
    return taken


def _plan(
    ops: CurveOps, operation: str, message: bytes
) -> tuple[Callable[..., Any], Callable[[int], tuple[Any, ...]]]:
    """The timed call and the untimed preparation of its arguments from a scalar: the same
    for both classes (a signing key object made for every sample)."""
    if operation == MUL:
        base = ops.point(ops.curve.generator)
        return ops.multiply, lambda k: (k, base)
    return ops.sign, lambda k: (ops.keypair(k)[0], message)


def _check(ops: CurveOps, operation: str, fixed: int, message: bytes) -> None:
    curve = ops.curve
    if operation == MUL:
        got = ops.xy(ops.multiply(fixed, ops.point(curve.generator)))
        if got != jacobian.multiply(curve, fixed, curve.generator):
            raise CorrectnessError("k*G disagrees with the reference")
        return
    private, public = ops.keypair(fixed)
    if not ops.verify(public, message, ops.sign(private, message)):
        raise CorrectnessError("its own fresh signature did not verify")
