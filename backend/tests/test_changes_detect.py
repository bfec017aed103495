"""The step detector on its own: synthetic series with known noise, steps and outliers."""

import math
import random

import pytest

from cryptobench_server.changes.detect import Point, find_steps
from cryptobench_server.stats import relative_error

STEP_AT = 8  # the ninth run (index 8)


def stepped(n: int = 12, step: float = 1.10, jitter: float = 0.01, seed: int = 1) -> list[float]:
    rnd = random.Random(seed)
    return [
        1000.0 * (step if i >= STEP_AT else 1.0) * (1 + rnd.uniform(-jitter, jitter))
        for i in range(n)
    ]


def noisy(n: int = 12, seed: int = 2, outlier_at: int = 5) -> list[float]:
    rnd = random.Random(seed)
    values = [2000.0 * (1 + rnd.choice((-1, 1)) * rnd.uniform(0.01, 0.03)) for _ in range(n)]
    values[outlier_at] *= 1.25
    return values


def points(values: list[float]) -> list[Point]:
    return [Point(v) for v in values]


@pytest.mark.parametrize("seed", range(20))
def test_a_ten_percent_step_is_found_once_at_its_run(seed):
    steps = find_steps(points(stepped(seed=seed)))
    assert [s.index for s in steps] == [STEP_AT]
    assert steps[0].baseline == STEP_AT - 1
    assert steps[0].ratio == pytest.approx(1.10, abs=0.02)
    assert (steps[0].before_n, steps[0].after_n, steps[0].few_points) == (STEP_AT, 4, False)
    assert 0.001 < steps[0].noise < 0.02


@pytest.mark.parametrize("seed", range(20))
def test_noise_of_one_to_three_percent_and_an_outlier_report_nothing(seed):
    assert find_steps(points(noisy(seed=seed))) == []


def test_a_step_is_reported_as_soon_as_its_run_arrives():
    values = stepped()
    for n in range(STEP_AT + 1, len(values) + 1):
        assert [s.index for s in find_steps(points(values[:n]))] == [STEP_AT]


def test_an_outlier_is_reported_while_newest_and_withdrawn_by_the_next_run():
    values = noisy(outlier_at=7)
    assert [s.index for s in find_steps(points(values[:8]))] == [7]
    assert find_steps(points(values[:9])) == []


def test_small_steps_and_short_histories_report_nothing():
    assert find_steps(points(stepped(step=1.04, jitter=0.0))) == []
    assert find_steps(points([100.0, 100.0, 130.0, 130.0])) == []


def test_figures_that_never_move_change_by_the_threshold_alone():
    steps = find_steps(points([500.0] * 6 + [540.0] * 3))
    assert [(s.index, s.ratio, s.z, s.noise) for s in steps] == [(6, 1.08, math.inf, 0.0)]


def test_a_wide_error_from_the_tool_makes_a_step_not_significant():
    values = [100.0] * 6 + [112.0] * 3
    wide = [Point(v, rel_error=0.08) for v in values]
    assert find_steps(wide) == []
    narrow = [Point(v, rel_error=0.002) for v in values]
    assert [s.index for s in find_steps(narrow)] == [6]


def test_steps_down_and_a_later_second_step():
    values = [100.0] * 5 + [80.0] * 5 + [100.0] * 4
    steps = find_steps(points(values))
    assert [(s.index, round(s.ratio, 3)) for s in steps] == [(5, 0.8), (10, 1.25)]


def test_relative_error_from_what_tools_report():
    assert relative_error(100.0, 3.2905, "ci99.9", 5) == pytest.approx(0.01)
    assert relative_error(100.0, 4.0, "stddev", 16) == pytest.approx(0.01)
    assert relative_error(100.0, 4.0, "stddev", None) == pytest.approx(0.04)
    assert relative_error(100.0, 1.96, "ci95", None) == pytest.approx(0.01)
    assert relative_error(100.0, 1.0, "stderr", 9) == pytest.approx(0.01)
    assert relative_error(100.0, None, None, None) is None
    assert relative_error(100.0, 1.0, "weird", None) is None
    assert math.isclose(relative_error(50.0, 1.0, "stddev", 1), 0.02)


def test_a_step_over_a_handful_of_runs_is_few_points_not_certainty():
    """Four runs of single 1-second samples and a 5.9% step at the fifth: z is large against a
    noise measured from three differences, which is what the evidence says."""
    (step,) = find_steps(points([1000.0, 1003.0, 999.0, 1001.0, 1059.0]))
    assert (step.index, step.before_n, step.after_n) == (4, 4, 1)
    assert step.few_points and step.z > 3 and 0 < step.noise < 0.01
    (settled,) = find_steps(points(stepped(n=12)))
    assert not settled.few_points


def drifting(n: int = 20, rate: float = 0.01, step: float = 1.0, seed: int = 3) -> list[float]:
    """A figure that creeps `rate` per run (a slow drift), with 0.2% jitter and an optional
    `step` at STEP_AT."""
    rnd = random.Random(seed)
    return [
        1000.0
        * (1 + rate) ** i
        * (step if i >= STEP_AT else 1.0)
        * (1 + rnd.uniform(-0.002, 0.002))
        for i in range(n)
    ]


def test_a_slow_drift_is_not_a_step_but_a_step_on_top_of_it_is():
    """1% a run for 20 runs: the median of the ten runs before any run is 5.5% behind it, but the
    runs on either side of it are 1% apart, so nothing is a step (without the level-shift test:
    steps at runs 10 and 19); a 10% step on top of the same drift is found at its run, once
    (without it: also at 17)."""
    assert find_steps(points(drifting())) == []
    (step,) = find_steps(points(drifting(step=1.10)))
    assert step.index == STEP_AT
