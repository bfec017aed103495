"""The operands of one curve's experiments, drawn once and shared by every library.

Points are random multiples kG of the generator (k < n), so they stay in its subgroup (seed
004 5.2); x values for y recovery are random field elements, and for the "existing y only"
variant draws without a y are skipped and not counted (seed 004 5.3).
"""

import secrets
from dataclasses import dataclass, replace

from cryptobench_collect.runners.ecc import jacobian
from cryptobench_collect.runners.ecc.curves import CurveParams


@dataclass(frozen=True)
class Workload:
    curve: CurveParams
    fixed_key: int
    fixed_message: bytes
    keys: tuple[int, ...]
    messages: tuple[bytes, ...]
    points_p: tuple[tuple[int, int], ...]
    points_q: tuple[tuple[int, int], ...]
    scalars: tuple[int, ...]
    any_x: tuple[int, ...]
    existing_x: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.keys)

    def part(self, start: int, stop: int) -> "Workload":
        """Repetitions start..stop-1, with the same fixed key and message."""
        fields = ("keys", "messages", "points_p", "points_q", "scalars", "any_x", "existing_x")
        return replace(self, **{name: getattr(self, name)[start:stop] for name in fields})


def scalar(curve: CurveParams) -> int:
    """Uniform in [1, n - 1]."""
    return 1 + secrets.randbelow(curve.n - 1)


def random_point(curve: CurveParams) -> tuple[int, int]:
    point = jacobian.multiply(curve, scalar(curve), curve.generator)
    assert point is not None
    return point


def existing_x(curve: CurveParams) -> int:
    while True:
        x = secrets.randbelow(curve.p)
        if curve.has_y(x):
            return x


def draw(curve: CurveParams, count: int, message_bytes: int) -> Workload:
    return Workload(
        curve=curve,
        fixed_key=scalar(curve),
        fixed_message=secrets.token_bytes(message_bytes),
        keys=tuple(scalar(curve) for _ in range(count)),
        messages=tuple(secrets.token_bytes(message_bytes) for _ in range(count)),
        points_p=tuple(random_point(curve) for _ in range(count)),
        points_q=tuple(random_point(curve) for _ in range(count)),
        scalars=tuple(scalar(curve) for _ in range(count)),
        any_x=tuple(secrets.randbelow(curve.p) for _ in range(count)),
        existing_x=tuple(existing_x(curve) for _ in range(count)),
    )
