"""query/distribution.py (pure): samples and stats follow the result's own conversion."""

from cryptobench_server.query.distribution import distribution


def convert(metric, reported, unit, *, raw=None, stats=None, clock_hz=None, params=None):
    return distribution(
        metric=metric,
        reported_metric=reported,
        unit=unit,
        clock_hz=clock_hz,
        params=params or {},
        raw=raw,
        stats=stats,
    )


def test_one_number_has_no_distribution():
    assert convert("ns_per_op", "ns_per_op", "ns/op") is None
    assert convert("ns_per_op", "ns_per_op", "ns/op", raw=[], stats={}) is None


def test_a_scale_keeps_every_name_and_the_order():
    out = convert(
        "ns_per_op", "ns_per_op", "us/op", raw=[2.0, 1.0], stats={"mean": 1.5, "p75": 2.0}
    )
    assert out["values"] == [2000.0, 1000.0] and out["forks"] is None
    assert out["marks"] == {"mean": 1500.0, "p75": 2000.0}
    assert (out["converted"], out["reciprocal"], out["left_out"]) == (True, False, [])


def test_a_reciprocal_mirrors_percentiles_and_leaves_out_what_has_no_counterpart():
    stats = {"p0": 1.0, "p25": 2.0, "p99.9": 4.0, "p100": 5.0, "mean": 3.0, "stddev": 1.0}
    out = convert("ops_per_s", "ns_per_op", "ns/op", stats=stats)
    assert out["marks"] == {"p0": 1e9 / 5.0, "p0.1": 1e9 / 4.0, "p75": 1e9 / 2.0, "p100": 1e9 / 1.0}
    assert out["left_out"] == ["mean", "stddev"] and out["reciprocal"] is True


def test_a_zero_sample_has_no_reciprocal_and_is_counted():
    out = convert("ops_per_s", "ns_per_op", "ns/op", raw=[[0.0, 4.0], [5.0]], stats={"min": 0.0})
    assert out["values"] == [2.5e8, 2e8] and out["forks"] == 2 and out["omitted"] == 1
    assert out["marks"] == {} and out["left_out"] == ["min"]


def test_unknown_stats_are_not_converted():
    out = convert("ns_per_op", "ns_per_op", "ns/op", stats={"cv": 0.1, "p101": 3.0, "median": 2.0})
    assert out["marks"] == {"median": 2.0} and out["left_out"] == ["cv", "p101"]


def test_bytes_per_op_and_clock_are_the_results_own():
    out = convert("bytes_per_s", "ns_per_op", "ns/op", raw=[1000.0], params={"block_bytes": 16})
    assert out["values"] == [16e9 / 1000.0]
    out = convert("ns_per_op", "cycles_per_op", "cycles/op", raw=[160.0], clock_hz=160e6)
    assert out["values"] == [1000.0]


def test_without_a_way_to_the_charts_metric_the_figures_stay_in_their_own():
    out = convert("ns_per_op", "cycles_per_op", "kcycles/op", raw=[2.0], stats={"max": 3.0})
    assert (out["metric"], out["unit"], out["converted"]) == ("cycles_per_op", "cycles/op", False)
    assert out["values"] == [2000.0] and out["marks"] == {"max": 3000.0}
