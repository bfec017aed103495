"""JMH records with any mix of finite and missing scores: every metric is a result or a warning
naming its record's line, never silently dropped."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.jmh.json_results import parse_jmh_results

SCORES = st.one_of(
    st.floats(min_value=0, max_value=1e12, allow_nan=False),
    st.sampled_from(["NaN", "Infinity", None, "-Infinity"]),
)
METRIC = st.fixed_dictionaries({"score": SCORES, "scoreUnit": st.sampled_from(["ops/s", "us/op"])})
RECORD = st.fixed_dictionaries(
    {
        "benchmark": st.sampled_from(["a.B.sign", "a.B.verify", "x.Y.z"]),
        "mode": st.sampled_from(["thrpt", "avgt"]),
        "primaryMetric": METRIC,
        "secondaryMetrics": st.dictionaries(
            st.sampled_from(["gc.alloc.rate", "gc.count", "·gc.time"]), METRIC, max_size=3
        ),
    }
)


@settings(max_examples=200, deadline=None)
@given(st.lists(RECORD, min_size=1, max_size=6))
def test_every_metric_is_a_result_or_a_warning(records):
    text = json.dumps(records, indent=2)
    metrics = sum(1 + len(record["secondaryMetrics"]) for record in records)
    try:
        parsed = parse_jmh_results(text, source_name="fuzz.json")
    except ParseError as exc:
        assert "no JMH result has a finite score" in str(exc)
        return
    assert len(parsed.results) + len(parsed.warnings) == metrics
    lines = text.splitlines()
    for warning in parsed.warnings:
        assert '"benchmark"' in lines[warning.line - 1] and warning.file == "fuzz.json"
