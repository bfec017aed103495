"""What both databases (SQLite, PostgreSQL) and every aggregate over a document can hold.

Figures (a result's `value` and `error`, the machine's clock): 0 or within [NUMBER_MIN,
NUMBER_MAX]. Through the unit scales (at most 60e9) and the conversions (a reciprocal with
1e9, times or over a clock and a byte count bounded the same way), every canonical figure the
backend derives lies within [FIGURE_MIN, FIGURE_MAX], so a square, a product or quotient of two
figures, or a sum of 2^63 of them is a finite, non-zero float64. PostgreSQL's double precision
raises on overflow and on underflow to 0 where SQLite stores infinity or 0: anything wider
makes the two databases answer differently (a 500 on one, a number on the other).

Numbers kept inside JSON (machine.extra, stats, raw): integers within 64 bits, other numbers 0
or of a magnitude within [NUMBER_MIN, JSON_NUMBER_MAX]. Beyond 2^53 a float is written in
exponent form (1e+20), which PostgreSQL's jsonb gives back as an integer (100000000000000000000)
and SQLite as the float.

A param's number is a dimension value (facets, filters, chart x), compared and shown as the text
each database prints for it: an integer within 64 bits, or a decimal of at most 15 significant
digits with a magnitude within [PARAM_NUMBER_MIN, PARAM_NUMBER_MAX) (or 0), where PostgreSQL's
jsonb and SQLite (which prints a JSON real with 15 digits: 0.30000000000000004 as 0.3, 1e-05 as
1.0e-05) print the same text.

Strings: no NUL character (PostgreSQL's text and JSON cannot hold one; SQLite can). A string
that names something (a result, a tag, a param) is refused with one; text kept only to be read
(the artifact, a warning's line) has each NUL replaced by U+FFFD, as undecodable bytes are.
"""

from collections.abc import Callable
from typing import Annotated, Any, Final

from pydantic import AfterValidator, BeforeValidator, Field

NUMBER_MIN: Final = 1e-30
NUMBER_MAX: Final = 1e30
JSON_NUMBER_MAX: Final = float(2**53)
PARAM_NUMBER_MIN: Final = 1e-4
PARAM_NUMBER_MAX: Final = 1e15
PARAM_DIGITS: Final = 15
#: Bounds of every canonical figure derived from numbers within the bounds above.
FIGURE_MIN: Final = 1e-100
FIGURE_MAX: Final = 1e100
#: Integers anywhere in a document fit in 64 bits (what JSON tools and databases store exactly).
INT64_MAX: Final = 2**63 - 1
#: A string without a NUL character.
NO_NUL: Final = r"^[^\x00]*$"


def _nul_replaced(value: Any) -> Any:
    return value.replace("\x00", "\ufffd") if isinstance(value, str) else value


#: Text kept only to be read: a NUL in it reads as U+FFFD.
NulReplaced = BeforeValidator(_nul_replaced)


def _range(top: float) -> str:
    return f"0 or a magnitude within [{NUMBER_MIN:g}, {top:g}]"


def _within(top: float) -> Callable[[float], float]:
    def in_range(value: float) -> float:
        if value != 0 and not NUMBER_MIN <= abs(value) <= top:
            raise ValueError(f"{value!r} is out of range: a number here is {_range(top)}")
        return value

    return in_range


#: A result's value or error: 0 or within [NUMBER_MIN, NUMBER_MAX]. One function checks the
#: range, so the 422 says it whichever bound was crossed.
Figure = Annotated[
    float,
    Field(ge=0, allow_inf_nan=False, json_schema_extra={"maximum": NUMBER_MAX}),
    AfterValidator(_within(NUMBER_MAX)),
]
#: A figure kept inside JSON (stats, raw): 0 or within [NUMBER_MIN, JSON_NUMBER_MAX].
JsonFigure = Annotated[
    float,
    Field(ge=0, allow_inf_nan=False, json_schema_extra={"maximum": JSON_NUMBER_MAX}),
    AfterValidator(_within(JSON_NUMBER_MAX)),
]


def _param_number(value: float) -> float:
    if value == 0:
        return 0.0
    digits = repr(abs(value)).split("e")[0].replace(".", "").strip("0")
    if not PARAM_NUMBER_MIN <= abs(value) < PARAM_NUMBER_MAX or len(digits) > PARAM_DIGITS:
        raise ValueError(
            f"{value!r} is out of range: a param's number is an integer, or 0, or a decimal of "
            f"at most {PARAM_DIGITS} significant digits with a magnitude within "
            f"[{PARAM_NUMBER_MIN:g}, {PARAM_NUMBER_MAX:g})"
        )
    return value


#: A param's real number: 0 or a decimal both databases print alike (see the module doc).
ParamNumber = Annotated[
    float,
    Field(
        allow_inf_nan=False,
        json_schema_extra={"minimum": -PARAM_NUMBER_MAX, "maximum": PARAM_NUMBER_MAX},
    ),
    AfterValidator(_param_number),
]
_json_number = _within(JSON_NUMBER_MAX)


def check_storable(value: Any, where: str) -> None:
    """Raises ValueError naming the first thing in `value` (nested dicts and lists of JSON
    values) that the databases do not store alike: an integer beyond 64 bits, a float that is
    not finite or out of JsonNumber's range, a string or key with a NUL character."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        if not -INT64_MAX - 1 <= value <= INT64_MAX:
            raise ValueError(f"{where}: integer {value} does not fit in 64 bits")
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{where}: {value!r} is not a finite number")
        try:
            _json_number(value)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
    elif isinstance(value, str):
        if "\x00" in value:
            raise ValueError(f"{where}: a string with a NUL character")
    elif isinstance(value, dict):
        for key, inner in value.items():
            check_storable(key, f"{where} key")
            check_storable(inner, f"{where}.{key}")
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            check_storable(inner, f"{where}[{index}]")


__all__ = [
    "FIGURE_MAX",
    "FIGURE_MIN",
    "INT64_MAX",
    "JSON_NUMBER_MAX",
    "NO_NUL",
    "NUMBER_MAX",
    "NUMBER_MIN",
    "PARAM_NUMBER_MAX",
    "PARAM_NUMBER_MIN",
    "Figure",
    "JsonFigure",
    "NulReplaced",
    "ParamNumber",
    "check_storable",
]
