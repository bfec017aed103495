"""The benchmarks of seed 004, one row each in the CSV and LaTeX tables, in the seed's order."""

from dataclasses import dataclass

from cryptobench_collect.runners.ecc.adapters.base import ADD, DOUBLE, MUL, SIGN, VERIFY, Y_RECOVERY


@dataclass(frozen=True)
class Row:
    name: str
    label: str
    family: str
    operation: str
    variant: str | None
    experiment: str


def _ecdsa(short: str, label: str, variant: str) -> tuple[Row, Row]:
    return (
        Row(
            f"ecdsa-{short}-sign",
            f"ECDSA sign, {label}",
            "signature",
            SIGN,
            variant,
            f"ecdsa-{short}",
        ),
        Row(
            f"ecdsa-{short}-verify",
            f"ECDSA verify, {label}",
            "signature",
            VERIFY,
            variant,
            f"ecdsa-{short}",
        ),
    )


ROWS: tuple[Row, ...] = (
    *_ecdsa("const-key", "constant key", "constant-key"),
    *_ecdsa("const-message", "constant message", "constant-message"),
    *_ecdsa("new-message", "variable message", "new-message-new-key"),
    Row("y-recovery", "y recovery", "ec-arith", Y_RECOVERY, "any-x", "y-recovery"),
    Row(
        "y-recovery-existing",
        "y recovery, existing y only",
        "ec-arith",
        Y_RECOVERY,
        "existing-y",
        "y-recovery-existing",
    ),
    Row("point-add", "point addition", "ec-arith", ADD, None, "point-add"),
    Row("point-double", "point doubling", "ec-arith", DOUBLE, None, "point-double"),
    Row("point-mul", "scalar multiplication", "ec-arith", MUL, None, "point-mul"),
)

#: experiment name -> the rows it fills (ECDSA experiments time sign and verify together)
EXPERIMENTS: dict[str, tuple[Row, ...]] = {}
for _row in ROWS:
    EXPERIMENTS[_row.experiment] = (*EXPERIMENTS.get(_row.experiment, ()), _row)
