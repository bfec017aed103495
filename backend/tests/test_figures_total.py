"""Every derived figure is total: change detection, the median and the canonical figures give an
answer (never an exception, never a non-finite figure) for any finite positive input, over the
whole float range; within the contract's bounds the figures stay where both databases and every
aggregate can hold them (cryptobench_contract.bounds)."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from cryptobench_contract.bounds import FIGURE_MAX, FIGURE_MIN, NUMBER_MAX, NUMBER_MIN
from cryptobench_contract.units import UNITS
from cryptobench_server.changes.detect import Point, find_steps
from cryptobench_server.stats import median, relative_error
from cryptobench_server.store.normalize import result_figures

POSITIVE = st.floats(min_value=0, exclude_min=True, allow_nan=False, allow_infinity=False)
EXTREMES = st.sampled_from([5e-324, 2.2250738585072014e-308, 1e-300, 1.0, 1e300, 1.79e308])
ANY_POSITIVE = POSITIVE | EXTREMES
IN_RANGE = st.floats(min_value=NUMBER_MIN, max_value=NUMBER_MAX) | st.sampled_from(
    [NUMBER_MIN, NUMBER_MAX]
)
POINTS = st.lists(
    st.builds(Point, ANY_POSITIVE, st.none() | st.floats(min_value=0, allow_infinity=False)),
    max_size=16,
)


def test_neighbours_1e308_then_1e_308_are_an_answer_not_an_exception():
    """The issue's lineage: math.log(1e-308 / 1e308) raised on every later upload."""
    values = [100.0, 101.0, 99.0, 1e308, 1e-308]
    (step,) = find_steps([Point(v) for v in values])
    assert (step.index, step.before, step.after) == (3, 100.0, 1e308)
    assert step.ratio == 1e306 and step.z > 1000
    assert find_steps([Point(v) for v in [*values, 100.0]]) == []


@settings(max_examples=400, deadline=None)
@given(POINTS)
def test_find_steps_is_total_and_finite(points):
    for step in find_steps(points):
        assert all(math.isfinite(x) for x in (step.before, step.after, step.ratio))
        assert step.before > 0 and step.after > 0 and step.ratio > 0
        assert math.isfinite(step.noise) and step.noise >= 0 and not math.isnan(step.z)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(min_value=0, allow_infinity=False), min_size=1, max_size=12))
def test_the_median_of_finite_figures_is_finite_and_between_them(values):
    middle = median(values)
    assert min(values) <= middle <= max(values)


@settings(max_examples=300, deadline=None)
@given(ANY_POSITIVE, ANY_POSITIVE, st.none() | st.integers(min_value=1, max_value=10**12))
def test_relative_error_never_raises(value, error, samples):
    for kind in ("ci99.9", "stddev", "range", None):
        relative_error(value, error, kind, samples)


UNIT = st.sampled_from(sorted(UNITS))


@settings(max_examples=400, deadline=None)
@given(UNIT, ANY_POSITIVE, st.none() | ANY_POSITIVE, st.none() | ANY_POSITIVE)
def test_canonical_figures_never_raise(unit, value, clock, op_bytes):
    result_figures(UNITS[unit].metric, value, unit, clock_hz=clock, op_bytes=op_bytes)


@settings(max_examples=600, deadline=None)
@given(
    UNIT,
    IN_RANGE | st.just(0.0),
    st.none() | st.floats(min_value=NUMBER_MIN, max_value=1e12),
    st.none() | IN_RANGE | st.integers(min_value=1, max_value=2**63 - 1).map(float),
)
def test_figures_of_documents_in_range_fit_every_aggregate(unit, value, clock, op_bytes):
    """Within the contract's bounds every figure is 0 or within [FIGURE_MIN, FIGURE_MAX]: its
    square, a product or quotient of two and a sum of 2^63 of them are finite and non-zero."""
    figures, _ = result_figures(UNITS[unit].metric, value, unit, clock_hz=clock, op_bytes=op_bytes)
    for figure in figures:
        assert figure is None or figure == 0 or FIGURE_MIN <= figure <= FIGURE_MAX, figures
    assert math.isfinite(FIGURE_MAX**2 * 2**63) and FIGURE_MIN**2 > 0
