"""pytest-benchmark's JSON file (`--benchmark-json`, or one it saved under `.benchmarks/`) -> a
run document. Pure: no I/O.

Each benchmark is one result: its mean time per round in s/op, the standard deviation as error
(`stddev`), `rounds` as samples, the other statistics (`min`, `max`, `median`, `q1`, `q3`, `iqr`,
`ld15iqr`, `hd15iqr`, `ops`, `total`, `iterations`, in seconds where they are times) as stats and
the per-round times (`data`, with `--benchmark-save-data`) as raw. The name is the test's full
name (`tests/test_x.py::test_sign[p256]`); its `group` and its parametrize id (`param`) are
params. The machine is `machine_info` (node, machine, CPU brand, count and advertised clock,
system and release), the run's start is `datetime` (UTC when it carries no offset), the commit
it measured (`commit_info`) is the tag `commit` (and `dirty` when it had uncommitted changes).
"""

import json
from datetime import UTC, datetime
from typing import Any

from cryptobench_contract import Machine, Result, RunDocument, Tool, new_run_id
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_contract.vocabulary import Source
from cryptobench_parsers.bench_names import name_facts
from cryptobench_parsers.dates import iso_datetime
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import kept_warnings, warning
from cryptobench_parsers.import_format import Format, WholeText, harness
from cryptobench_parsers.limits import loads

SOURCE: Source = "pytest-benchmark"
TOOL = "pytest-benchmark"
_KEYS = ('"machine_info"', '"commit_info"', '"benchmarks"')
NO_MEAN = "a benchmark without a mean time (it failed or was skipped?); not stored"
_STATS = ("min", "max", "median", "q1", "q3", "iqr", "ld15iqr", "hd15iqr", "ops", "total")


def is_json(text: str) -> bool:
    """The JSON file of `--benchmark-json` (its `machine_info`, `commit_info` and `benchmarks`)."""
    head = text.lstrip()[:1_000_000]
    return head.startswith("{") and all(key in head for key in _KEYS)


def parse_pytest_benchmark(
    text: str, *, source_name: str, started_at: datetime
) -> list[RunDocument]:
    """The run document of a pytest-benchmark JSON file; ParseError when it holds no result."""
    try:
        data = loads(text, source_name=source_name)
    except json.JSONDecodeError as exc:
        raise ParseError(source_name, exc.lineno, f"not JSON: {exc.msg}") from None
    records = data.get("benchmarks") if isinstance(data, dict) else None
    if not isinstance(records, list):
        raise ParseError(source_name, None, 'no "benchmarks" list in the pytest-benchmark JSON')
    results, skipped = [], []
    for record in records:
        if (result := _result(record)) is not None:
            results.append(result)
        else:
            skipped.append(warning(None, json.dumps(record)[:500], NO_MEAN, source_name))
    if not results:
        raise ParseError(source_name, None, "no pytest-benchmark record with a mean time")
    commit = data.get("commit_info") if isinstance(data.get("commit_info"), dict) else {}
    tags = {"commit": str(commit["id"])} if commit.get("id") else {}
    if commit.get("dirty") is True:
        tags["dirty"] = "true"
    version = data.get("version")
    return [
        RunDocument(
            run_id=new_run_id(),
            source=SOURCE,
            started_at=iso_datetime(data.get("datetime"), naive=UTC) or started_at,
            machine=_machine(data.get("machine_info")),
            tool=Tool(name=TOOL, version=str(version) if version else None),
            tags=tags,
            results=results,
            warnings=kept_warnings(skipped),
        )
    ]


def _result(record: Any) -> Result | None:
    stats = record.get("stats") if isinstance(record, dict) else None
    mean = stats.get("mean") if isinstance(stats, dict) else None
    if not isinstance(mean, int | float) or isinstance(mean, bool) or not isinstance(stats, dict):
        return None
    name = str(record.get("fullname") or record.get("name") or "")
    facts = name_facts(str(record.get("name") or name))
    params: dict[str, Any] = dict(facts.params)
    for key in ("group", "param"):
        if record.get(key) is not None:
            params[key] = str(record[key])
    figures = {key: float(stats[key]) for key in _STATS if _number(stats.get(key))}
    if _number(stats.get("iterations")):
        figures["iterations"] = float(stats["iterations"])
    data = stats.get("data")
    stddev = float(stats["stddev"]) if _number(stats.get("stddev")) else None
    rounds = stats.get("rounds")
    return Result(
        name=name,
        family=facts.family,
        algorithm=facts.algorithm,
        operation=facts.operation,
        params=params,
        metric="ns_per_op",
        value=float(mean),
        unit="s/op",
        error=stddev,
        error_kind="stddev" if stddev is not None else None,
        samples=rounds if isinstance(rounds, int) and rounds > 0 else None,
        stats=figures or None,
        raw=[float(v) for v in data]
        if isinstance(data, list) and all(map(_number, data))
        else None,
    )


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _machine(info: Any) -> Machine:
    info = info if isinstance(info, dict) else {}
    cpu = info.get("cpu") if isinstance(info.get("cpu"), dict) else {}
    hz = cpu.get("hz_advertised")
    clock = float(hz[0]) if isinstance(hz, list) and hz and _number(hz[0]) and hz[0] > 0 else None
    count = cpu.get("count")
    system = " ".join(str(info[k]) for k in ("system", "release") if info.get(k))
    return Machine(
        name=str(info.get("node") or UNKNOWN_MACHINE),
        arch=info.get("machine") or None,
        cpu_model=cpu.get("brand_raw") or cpu.get("brand") or None,
        cores=count if isinstance(count, int) and count >= 1 else None,
        clock_hz=clock,
        os=system or None,
        extra={"clock_source": "nominal"} if clock else {},
    )


FORMAT = Format(
    name="pytest-benchmark",
    tool="pytest-benchmark",
    looks_like="the JSON file of --benchmark-json",
    parse=harness(parse_pytest_benchmark),
    sources=(SOURCE,),
    whole=WholeText(
        is_json, 'a pytest-benchmark JSON file ("machine_info", "commit_info", "benchmarks")'
    ),
    json_artifact=True,
)
