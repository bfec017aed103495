"""pytest-benchmark JSON files (written by pytest-benchmark, parsers/tests/fixtures/
pytest_benchmark/PROVENANCE.md): the mean time with its deviation and statistics, the machine,
the date and the commit, detected as pytest-benchmark."""

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from published import AT, fixture_paths, parsed

from cryptobench_parsers.detect import detect
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.pytest_benchmark import parse_pytest_benchmark

PYTEST = Path(__file__).parent / "fixtures" / "pytest_benchmark"
FIXTURES = fixture_paths("pytest_benchmark")


def parse(name):
    [run] = parsed(parse_pytest_benchmark, "pytest_benchmark", name)
    return run


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_fixture_is_detected_saying_why(path):
    found = detect(path.read_text(), source_name=path.name)
    assert found.format == "pytest-benchmark"
    assert "machine_info" in found.reason


def test_the_mean_time_with_its_deviation_statistics_machine_and_commit():
    run = parse("ionelmc-pytest-benchmark_test_storage_0030.json")
    assert (run.source, run.tool.name, run.tool.version) == (
        "pytest-benchmark",
        "pytest-benchmark",
        "2.5.0",
    )
    assert run.started_at == datetime(2015, 8, 15, 0, 4, 18, 687119, tzinfo=UTC)
    assert run.tags == {"commit": "5b78858eb718649a31fb93d8dc96ca2cee41a4cd", "dirty": "true"}
    assert run.machine.model_dump(exclude_none=True) == {
        "name": "minibox",
        "arch": "x86_64",
        "os": "Linux 3.13.0-55-generic",
        "extra": {},
    }
    [result] = run.results
    assert (result.name, result.algorithm, result.params) == (
        "tests/test_normal.py::test_xfast_parametrized[0]",
        "test_xfast_parametrized[0]",
        {},
    )
    assert (result.metric, result.unit, result.value, result.error, result.error_kind) == (
        "ns_per_op",
        "s/op",
        2.61205074138546e-07,
        2.639842188231226e-07,
        "stddev",
    )
    assert result.samples == 9710
    assert result.stats == {
        "min": 2.1795109087242604e-07,
        "max": 1.329003796500009e-05,
        "median": 2.2016379230260297e-07,
        "q1": 2.1795109087242604e-07,
        "q3": 2.3675905302892982e-07,
        "iqr": 1.8807962156503776e-08,
        "ld15iqr": 2.1795109087242604e-07,
        "hd15iqr": 2.666305223363182e-07,
        "iterations": 431.0,
    }


def test_a_clean_commit_and_a_machine_without_node_details():
    run = parse("ionelmc-pytest-benchmark_test_histogram_0001.json")
    assert run.tags == {"commit": "b692275e28a23b5d4aae70f453079ba593e60290"}
    [result] = run.results
    assert (result.name, result.value, result.error, result.samples) == (
        "tests/test_func/test_perf.py::test_engine",
        20.03409411907196,
        0.5589409025806058,
        10,
    )
    other = parse("ionelmc-pytest-benchmark_test_storage_0001.json")
    assert (other.results[0].value, other.results[0].samples) == (2.337218507570386e-07, 2653)


def test_per_round_data_groups_params_and_the_cpu_of_newer_versions():
    data = json.loads((PYTEST / "ionelmc-pytest-benchmark_test_storage_0030.json").read_text())
    record = data["benchmarks"][0]
    record["stats"] |= {"data": [2.1e-07, 2.2e-07], "ops": 3828409.6}
    record |= {"group": "aes", "param": "0"}
    data["machine_info"]["cpu"] = {"brand_raw": "Apple M2", "count": 8, "hz_advertised": [3.5e9, 0]}
    [run] = parse_pytest_benchmark(json.dumps(data), source_name="x", started_at=AT)
    [result] = run.results
    assert (result.params, result.raw, result.stats["ops"]) == (
        {"group": "aes", "param": "0"},
        [2.1e-07, 2.2e-07],
        3828409.6,
    )
    assert (run.machine.cpu_model, run.machine.cores, run.machine.clock_hz) == (
        "Apple M2",
        8,
        3.5e9,
    )


def test_a_file_without_a_timed_benchmark_is_refused():
    with pytest.raises(ParseError, match="no pytest-benchmark record with a mean time"):
        parse_pytest_benchmark(
            '{"machine_info": {}, "commit_info": {}, "benchmarks": [{"name": "x"}]}',
            source_name="x",
            started_at=AT,
        )
