"""The statistics of a timing-leak screen (leaks/statistics.py) and its verdicts (verdict.py),
against closed-form values, seeded samples of known distributions, and the figures of published
dudect runs (the dudect fixtures of the parsers' corpus, read by the dudect parser)."""

import math
import re
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from cryptobench_parsers.dudect import parse_dudect
from cryptobench_server.leaks import statistics as st
from cryptobench_server.leaks.verdict import judge, judge_dudect

DUDECT = Path(__file__).parents[2] / "parsers" / "tests" / "fixtures"
MLKEM = DUDECT / "corpus" / "dudect" / "itzmeanjan-ml-kem_README_dudect.md"
OREPARAZ = DUDECT / "heldout" / "dudect" / "oreparaz-dudect_README_typical_output.md"
MEAS = re.compile(
    r"meas:\s*(?P<meas>[\d.]+) M, max t:\s*\+(?P<t>[\d.]+), max tau: (?P<tau>[\d.e+-]+), "
    r"\(5/tau\)\^2: (?P<needed>[\d.]+e[+-]\d+)"
)


def normal(seed: int, centre: float, n: int, spread: float = 5.0) -> np.ndarray:
    return np.random.default_rng(seed).normal(centre, spread, n)


@pytest.mark.parametrize("t", [0.3, 1.0, 3.0, 38.2])
def test_student_t_against_closed_forms(t):
    """df 1 (Cauchy): 1 - 2 atan(t) / pi; df 2: 1 - t / sqrt(2 + t^2)."""
    assert st.student_two_sided(t, 1) == pytest.approx(1 - 2 * math.atan(t) / math.pi, rel=1e-12)
    assert st.student_two_sided(t, 2) == pytest.approx(1 - t / math.sqrt(2 + t * t), rel=1e-12)


def test_student_t_tends_to_the_normal_at_dudects_threshold():
    assert st.normal_two_sided(4.5) == pytest.approx(6.795346e-6, rel=1e-6)
    assert st.student_two_sided(4.5, 1e7) == pytest.approx(6.795346e-6, rel=1e-4)
    assert st.student_two_sided(2.0, 10) == pytest.approx(0.0733880, rel=1e-6)


def test_welch_by_hand():
    """means 2.5 and 5, variances 5/3 and 20/3 over 4: t = 2.5 / sqrt(25/12) = sqrt(3), df =
    (25/12)^2 / ((5/12)^2 / 3 + (5/3)^2 / 3) = 75 / 17."""
    found = st.welch(np.array([1.0, 2, 3, 4]), np.array([2.0, 4, 6, 8]))
    assert found.t == pytest.approx(math.sqrt(3), rel=1e-12)
    assert found.df == pytest.approx(75 / 17, rel=1e-12)


def test_welch_of_constant_classes():
    same, other = np.full(10, 7.0), np.full(10, 8.0)
    assert st.welch(same, same) == (0.0, 18.0, 1.0)
    assert st.welch(same, other).t == math.inf
    assert st.welch(same, other).p == 0.0


def test_rank_test_by_hand_and_by_pairs():
    """[1,2,3] vs [4,5,6]: U 9, z (9 - 4.5 - 0.5) / sqrt(5.25), p 0.0808556 (scipy's asymptotic
    mannwhitneyu gives the same); with ties U counts each tied pair as half."""
    found = st.rank_test(np.array([1.0, 2, 3]), np.array([4.0, 5, 6]))
    assert (found.u, found.z) == (9.0, pytest.approx(4 / math.sqrt(5.25)))
    assert found.p == pytest.approx(0.0808556, rel=1e-5)
    rng = np.random.default_rng(7)
    a, b = rng.integers(0, 6, 40).astype(float), rng.integers(1, 7, 30).astype(float)
    pairs = sum(float(y > x) + 0.5 * float(y == x) for x in a for y in b)
    assert st.rank_test(a, b).u == pairs


def test_no_difference_is_not_flagged_in_20_seeded_screens():
    """Two samples of one distribution: |t| and |z| stay under 4.5 in each of 20 screens."""
    for seed in range(20):
        a, b = normal(2 * seed, 1000, 5000), normal(2 * seed + 1, 1000, 5000)
        assert abs(st.welch(a, b).t) < st.T_THRESHOLD
        assert abs(st.rank_test(a, b).z) < st.T_THRESHOLD


def test_p_values_are_uniform_without_a_difference():
    p = [st.welch(normal(s, 10, 50), normal(s + 1000, 10, 50)).p for s in range(400)]
    assert 0.03 <= np.mean(np.array(p) < 0.05) <= 0.08


def test_detectable_difference_is_detected_four_times_in_five():
    """Shifted by exactly the power's difference, |t| > 4.5 in about 80% of 300 screens."""
    hits = 0
    for seed in range(300):
        a = normal(seed, 100, 400)
        shift = st.detectable_difference(a, normal(seed + 5000, 100, 400))
        hits += abs(st.welch(a, normal(seed + 5000, 100, 400) + shift).t) > st.T_THRESHOLD
    assert 0.72 <= hits / 300 <= 0.88


def test_bootstrap_interval_is_seeded_and_covers_the_shift():
    a, b = normal(1, 100, 3000), normal(2, 103, 3000)
    interval = st.median_difference_interval(a, b)
    assert interval == st.median_difference_interval(a, b)
    assert interval[0] < 3 < interval[1]
    assert interval[1] - interval[0] < 1.0


def test_t_progress_grows_with_a_leak():
    a, b = normal(3, 1000, 20000), normal(4, 1001, 20000)
    progress = st.t_progress(a, b)
    assert progress[0][0] == 10
    assert progress[-1] == (40000, st.welch(a, b).t)
    assert progress[-1][1] > 10 * abs(progress[0][1])


def test_histograms_share_bins_and_count_the_tails():
    """0..999 and 10..1009: the pooled 0.5th..99.5th percentiles are 9.995..999.005, so ten
    figures of each class fall outside, below for one, above for the other."""
    a, b = np.arange(1000.0), np.arange(1000.0) + 10
    found = st.histograms(a, b, bins=10)
    assert found.edges[0] == pytest.approx(9.995) and found.edges[-1] == pytest.approx(999.005)
    assert (found.below, found.above) == ((10, 0), (0, 10))
    assert sum(found.a) == sum(found.b) == 990


def test_verdicts_of_timing_samples():
    leak = judge("ns_per_op", ("fixed", "random"), normal(5, 1000, 10000), normal(6, 1000.5, 10000))
    assert leak.kind == "leak"
    assert leak.text == f"leak detected (t = {abs(leak.t):.1f}, 20,000 samples)"
    assert 5 < leak.t < 9.5  # expected 0.5 / (5 * sqrt(2 / 10000)) = 7.07
    none = judge("ns_per_op", ("fixed", "random"), normal(7, 1000, 10000), normal(8, 1000, 10000))
    assert none.kind == "none"
    # 5.34 standard errors of 5 / sqrt(10000) each, less the 1% tail crop takes off a normal's spread
    assert none.detectable_relative == pytest.approx(
        5.34 * 5 * math.sqrt(2 / 10000) / 1000, rel=0.05
    )
    assert none.cropped == 200
    assert none.text == (
        f"none detected: a difference below 0.036% would have been missed "
        f"(|t| = {abs(none.t):.1f}, 20,000 samples)"
    )
    noisy = judge("ns_per_op", ("fixed", "random"), normal(9, 100, 30, 50), normal(10, 100, 30, 50))
    assert noisy.kind == "inconclusive"
    assert noisy.text.startswith("inconclusive (noise): only a difference above ")


def test_verdicts_of_instruction_counts():
    fixed = np.full(500, 1200.0)
    random = np.random.default_rng(3).integers(1180, 1311, 500).astype(float)
    leak = judge("instructions_per_op", ("fixed", "random"), fixed, random)
    assert (leak.kind, leak.evidence) == ("leak", "counts")
    assert leak.text == (
        f"leak: instruction counts differ by class (fixed 1,200..1,200, random "
        f"{random.min():,.0f}..{random.max():,.0f})"
    )
    same = judge("instructions_per_op", ("fixed", "random"), fixed, np.full(300, 1200.0))
    assert (
        same.text
        == "none detected: the same instruction counts in both classes (1,200..1,200, 800 samples)"
    )


def _published(path: Path) -> list[re.Match[str]]:
    return list(MEAS.finditer(path.read_text()))


def test_dudect_figures_of_a_published_run():
    """itzmeanjan/ml-kem's dudect lines: tau = t / sqrt(measurements) and (5/tau)^2 as dudect
    printed them (to their rounding: t to 0.01, tau and (5/tau)^2 to 3 digits)."""
    lines = _published(MLKEM)
    assert len(lines) > 10
    for line in lines:
        n, t, tau = float(line["meas"]) * 1e6, float(line["t"]), float(line["tau"])
        assert t / math.sqrt(n) == pytest.approx(tau, rel=0.01)
        assert st.measurements_for_t(tau) == pytest.approx(float(line["needed"]), rel=0.01)


def test_dudect_verdicts_of_published_runs():
    at = datetime(2026, 11, 29, tzinfo=UTC)
    (mlkem,) = parse_dudect(MLKEM.read_text(), source_name="ml-kem", started_at=at)
    last = mlkem.results[-1]
    found = judge_dudect(last.value, last.samples)
    assert (found.kind, found.t) == ("none", 2.64)
    assert found.text == (
        "none detected: a difference below 0.0014 standard deviations would have been missed "
        "(max t = 2.6, 59,970,000 samples)"
    )
    (oreparaz,) = parse_dudect(OREPARAZ.read_text(), source_name="dudect", started_at=at)
    verdicts = {r.name: judge_dudect(r.value, r.samples).text for r in oreparaz.results}
    assert verdicts == {
        "dudect_cmpmemcmp_-O2": "leak detected (t = 1271.1, 370,000 samples)",
        "dudect_aes32_-O2": "leak detected (t = 561.2, 590,000 samples)",
        "dudect_donnabad_-O2": "leak detected (t = 23.7, 20,000 samples)",
        "dudect_cmpct_-O2": "none detected: a difference below 0.0013 standard deviations would "
        "have been missed (max t = 2.8, 70,710,000 samples)",
    }


def test_the_tail_of_preemption_is_cropped():
    """1 in 200 samples preempted (+1 ms on 1 µs): the means and spreads would be the spikes', the
    power 'above 100%'; cropped at the pooled 99th percentile t and the power are the compare's."""
    rng = np.random.default_rng(11)

    def preempted(centre: float) -> np.ndarray:
        x = rng.normal(centre, 20, 10000)
        x[rng.random(10000) < 0.005] += 1e6
        return x

    a, b = preempted(1000), preempted(1000)
    kept_a, kept_b, cropped = st.crop(a, b)
    assert cropped == 200 and max(kept_a.max(), kept_b.max()) < 2000
    assert st.detectable_difference(a, b) / 1000 > 1.0
    verdict = judge("ns_per_op", ("fixed", "random"), a, b)
    assert verdict.kind == "none"
    assert verdict.detectable_relative < 0.002
    leak = judge("ns_per_op", ("fixed", "random"), a, preempted(1010))
    assert (leak.kind, leak.text[:19]) == ("leak", "leak detected (t = ")


def test_counts_of_a_randomized_operation_are_tested_as_timings():
    """RSA with blinding counts differently on every call, the fixed key too: two sets of such
    counts always differ, so they are no witness; the same distribution is none detected, a
    shifted one a leak, each saying why it was not compared exactly."""
    rng = np.random.default_rng(12)
    fixed = rng.integers(110_000_000, 112_000_000, 1000).astype(float)
    same = rng.integers(110_000_000, 112_000_000, 1000).astype(float)
    found = judge("instructions_per_op", ("fixed", "random"), fixed, same)
    assert (found.kind, found.evidence) == ("none", "counts")
    assert found.text.endswith(
        "; instruction counts vary within the fixed class (the operation draws randomness), "
        "so compared statistically"
    )
    shifted = judge("instructions_per_op", ("fixed", "random"), fixed, same + 200_000)
    assert shifted.kind == "leak" and shifted.text.startswith("leak detected (t = ")
