"""GET /vocabulary: the contract's names, units and rules, so that the UI keeps no copy of them.

Metrics (in the order pickers offer them) with their unit, label, better direction, display
units (with scales to the canonical unit) and the prefix family a chart picks its unit from;
dimensions with labels (and the label pattern of keys without one), the key grammar of `param.*`
and `tag.*`, which are numeric (sizes: unit and log2 scale, from contract/sizes.py), which hold
versions (sorted as versions), which give the bytes per operation and the standard sizes; how
the canonical metrics convert into each other (contract/conversions.py); canonical names with
their aliases (libraries, curves, paddings, hashes, algorithms); the plausibility flags with
what each means; the comparison verdict rule; the formats POST /imports reads, by the tools that
print them.
"""

from functools import lru_cache
from typing import Literal, get_args

from fastapi import APIRouter
from pydantic import BaseModel, Field

from cryptobench_contract import conversions, libraries, sizes, units, versions, vocabulary
from cryptobench_parsers.formats import FORMATS
from cryptobench_server.api.tradeoff import Size as StandardSize
from cryptobench_server.auth import ReadAccess
from cryptobench_server.query.dimensions import FIXED, KEY_PATTERN, PARAM, TAG
from cryptobench_server.store.plausibility import FLAG_REASONS

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
    prefix: units.Prefix = Field(
        description="How a chart picks its display unit: decimal (B/s, kB/s, MB/s, GB/s), "
        "binary (KiB/s, MiB/s), time (ns, µs, ms, s) or count (cycles, kcycles, Mcycles)"
    )


class NumericDimension(BaseModel):
    unit: str = Field(description="B (bytes) or bit")
    scale: Literal["log2"] = Field(description="How an axis of it is drawn")


class Dimensions(BaseModel):
    fixed: list[str]
    prefixes: list[str] = Field(description="Open dimensions: a prefix followed by a key")
    key_pattern: str = Field(description="Regular expression every key after a prefix matches")
    labels: dict[str, str]
    unknown_labels: dict[str, str] = Field(
        description="Per prefix, the label of a key without one: `{key}` is the key with "
        "underscores as spaces"
    )
    numeric: dict[str, NumericDimension] = Field(
        description="Dimensions whose values are sizes: drawn on a numeric (log2) axis"
    )
    versions: list[str] = Field(
        description="Dimensions whose values sort as versions (3.9 < 3.10); so does any other "
        "whose name ends in `version_suffix`"
    )
    version_suffix: str
    param_prefix: str = Field(description="The prefix of a result's params: `param.<key>`")
    operation_bytes: list[str] = Field(
        description="Dimensions giving the bytes one operation processes, the first present "
        "wins: what `conversions` needing `bytes` take, the sizes GET /fit accepts as x"
    )
    standard_sizes: list[str] = Field(
        description="Param keys of the standard sizes GET /tradeoff draws (its `size`)"
    )


class ConversionInfo(BaseModel):
    """target = factor * source (factor / source when `reciprocal`), factor = k ** k_power *
    1e9 ** ns_power, k the quantity the conversion needs."""

    source: str
    target: str
    needs: Literal["", "clock", "bytes"] = Field(
        description='k: "" none (k = 1), "clock" the clock in Hz, "bytes" the bytes per operation'
    )
    reciprocal: bool
    k_power: Literal[-1, 0, 1]
    ns_power: Literal[-1, 0, 1] = Field(description="The power of 1e9 (nanoseconds per second)")


class Verdict(BaseModel):
    tolerance: float = Field(description="|ratio - 1| within this (in log terms) is 'same'")
    noise_z: float = Field(
        description="A difference within this many standard errors of its noise is 'within noise'"
    )
    rule: str


class ImportFormatInfo(BaseModel):
    name: str = Field(description="The value of POST /imports' `format`")
    tool: str = Field(description="The tool that prints it, as a person names it")
    looks_like: str = Field(description="What of its output is read")


class Vocabulary(BaseModel):
    metrics: list[MetricInfo]
    dimensions: Dimensions
    names: dict[str, dict[str, list[str]]] = Field(
        description="Per kind (library, curve, padding, hash, algorithm): canonical -> aliases"
    )
    operations: list[str]
    families: list[str]
    sources: list[str]
    conversions: list[ConversionInfo] = Field(
        description="How canonical metrics convert into each other (the table ingest derives "
        "every stored figure by)"
    )
    flags: dict[str, str] = Field(
        description="Plausibility flags a stored result may carry, with what each means"
    )
    verdict: Verdict
    import_formats: list[ImportFormatInfo] = Field(
        description="The formats POST /imports reads (besides `auto`, which detects them)"
    )


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
            prefix=units.METRIC_PREFIX[m],
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
            unknown_labels=vocabulary.UNKNOWN_KEY_LABELS,
            numeric={
                PARAM + key: NumericDimension(unit=unit, scale="log2")
                for key, unit in sizes.SIZE_PARAMS.items()
            },
            versions=list(versions.VERSION_DIMENSIONS),
            version_suffix=versions.VERSION_SUFFIX,
            param_prefix=PARAM,
            operation_bytes=[PARAM + key for key in sizes.OPERATION_BYTES],
            standard_sizes=list(get_args(StandardSize)),
        ),
        names={kind: {k: list(v) for k, v in table.items()} for kind, table in names.items()},
        operations=list(get_args(vocabulary.Operation)),
        families=list(get_args(vocabulary.Family)),
        sources=list(get_args(vocabulary.Source)),
        conversions=[ConversionInfo(**c._asdict()) for c in conversions.CONVERSIONS],
        flags=FLAG_REASONS,
        verdict=Verdict(
            tolerance=units.VERDICT_TOLERANCE,
            noise_z=units.NOISE_Z,
            rule=(
                "ratio = contender / baseline; 'same' when |ln ratio| < ln(1 + tolerance); "
                "'within noise' when the ratio's noise (standard error of ln ratio) is known and "
                "|ln ratio| < noise_z * noise; else 'better' when the ratio moves in the "
                "metric's better direction, 'worse' otherwise"
            ),
        ),
        import_formats=[
            ImportFormatInfo(name=f.name, tool=f.tool, looks_like=f.looks_like) for f in FORMATS
        ],
    )
