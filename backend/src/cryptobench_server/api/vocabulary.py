"""GET /vocabulary: the contract's names, units and rules, so that the UI keeps no copy of them.

Metrics (in the order pickers offer them) with their unit, label, better direction and display units (with scales to the canonical
unit); dimensions with labels and the key grammar of `param.*` and `tag.*`; canonical names with
their aliases (libraries, curves, paddings, hashes, algorithms); the comparison verdict rule.
"""

from functools import lru_cache
from typing import Literal, get_args

from fastapi import APIRouter
from pydantic import BaseModel, Field

from cryptobench_contract import libraries, units, vocabulary
from cryptobench_server.auth import ReadAccess
from cryptobench_server.query.dimensions import FIXED, KEY_PATTERN, PARAM, TAG

router = APIRouter(tags=["vocabulary"])


class DisplayUnit(BaseModel):
    unit: str
    scale: float = Field(description="One of this unit is `scale` of the canonical unit")


class MetricInfo(BaseModel):
    name: str
    unit: str = Field(description="The canonical unit")
    label: str
    better: Literal["lower", "higher"]
    display_units: list[DisplayUnit]


class Dimensions(BaseModel):
    fixed: list[str]
    prefixes: list[str] = Field(description="Open dimensions: a prefix followed by a key")
    key_pattern: str = Field(description="Regular expression every key after a prefix matches")
    labels: dict[str, str]


class Verdict(BaseModel):
    tolerance: float = Field(description="|ratio - 1| within this (in log terms) is 'same'")
    rule: str


class Vocabulary(BaseModel):
    metrics: list[MetricInfo]
    dimensions: Dimensions
    names: dict[str, dict[str, list[str]]] = Field(
        description="Per kind (library, curve, padding, hash, algorithm): canonical -> aliases"
    )
    operations: list[str]
    families: list[str]
    sources: list[str]
    verdict: Verdict


@router.get("/vocabulary", description=__doc__)
def get_vocabulary(_: ReadAccess) -> Vocabulary:
    return _vocabulary()


@lru_cache(maxsize=1)
def _vocabulary() -> Vocabulary:
    metrics = [
        MetricInfo(
            name=m,
            unit=units.CANONICAL_UNIT[m],
            label=units.METRIC_LABELS[m],
            better="lower" if units.LESS_IS_BETTER[m] else "higher",
            display_units=[
                DisplayUnit(unit=u, scale=units.UNITS[u].scale) for u in units.DISPLAY_UNITS[m]
            ],
        )
        for m in units.DISPLAY_UNITS
    ]
    names = {
        "library": libraries.LIBRARIES,
        "curve": vocabulary.CURVE_NAMES,
        "padding": vocabulary.PADDING_NAMES,
        "hash": vocabulary.HASH_NAMES,
        "algorithm": vocabulary.ALGORITHM_NAMES,
    }
    return Vocabulary(
        metrics=metrics,
        dimensions=Dimensions(
            fixed=list(FIXED),
            prefixes=[PARAM, TAG],
            key_pattern=KEY_PATTERN,
            labels=vocabulary.DIMENSION_LABELS,
        ),
        names={kind: {k: list(v) for k, v in table.items()} for kind, table in names.items()},
        operations=list(get_args(vocabulary.Operation)),
        families=list(get_args(vocabulary.Family)),
        sources=list(get_args(vocabulary.Source)),
        verdict=Verdict(
            tolerance=units.VERDICT_TOLERANCE,
            rule=(
                "ratio = contender / baseline; 'same' when |ln ratio| < ln(1 + tolerance), "
                "else 'better' when the ratio moves in the metric's better direction"
            ),
        ),
    )
