"""JMH's JSON result file (`-rf json`, JMH 1.11 to 1.37) -> run document results. Pure: no I/O.

Every record becomes one result (score, scoreError as a 99.9% confidence interval, the
percentiles as stats, rawData as raw) plus one result per secondary metric (gc.alloc.rate.norm,
...). Benchmarks of the CryptoBench suite (agents/jvm, package dev.cryptobench.jmh) map to an
algorithm and operation; any other suite's class and method are read by bench_names.name_facts
(`MyBenchmark.signBenchmark`: operation sign), and the verbatim benchmark name stays the
algorithm unless they name one.
"""

import hashlib
import json
import math
import re
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from cryptobench_contract import Artifact, Machine, ParseWarning, Result, RunDocument, Tool
from cryptobench_contract.bounds import JSON_NUMBER_MAX, NUMBER_MIN
from cryptobench_contract.libraries import JDK_PROVIDERS, split_library
from cryptobench_contract.run import MAX_ARTIFACT_CHARS
from cryptobench_contract.units import canonical_unit_symbol, metric_of
from cryptobench_contract.vocabulary import canonical_algorithm, canonical_params
from cryptobench_parsers.bench_names import name_facts
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.figures import kept_warnings, warning
from cryptobench_parsers.limits import loads

SUITE_PACKAGE = "dev.cryptobench.jmh."
_RUN_NAMESPACE = uuid.UUID("5f0c3a52-6d2e-4c7e-9b1e-0f6a1d2c3b4a")
PERCENTILES = {
    "0.0": "min",
    "50.0": "median",
    "90.0": "p90",
    "95.0": "p95",
    "99.0": "p99",
    "99.9": "p99.9",
    "99.99": "p99.99",
    "99.999": "p99.999",
    "99.9999": "p99.9999",
    "100.0": "max",
}
_SAMPLE_PERCENTILE_METRIC = re.compile(r"^·?p\d\.\d+$")
_NO_SCORE = "no finite score (the benchmark failed or measured nothing); not stored"
#: The suite's classes: algorithm (None: taken from a parameter) and each method's family and operation.
_SIGN = {"sign": ("signature", "sign"), "verify": ("signature", "verify")}
SUITE: dict[str, tuple[str | None, dict[str, tuple[str, str]]]] = {
    "EcdsaBench": ("ECDSA", _SIGN),
    "EcdsaCurveBench": ("ECDSA", _SIGN),
    "EdDsaBench": ("EdDSA", _SIGN),
    "RsaBench": ("RSA", _SIGN),
    "Sm2SignatureBench": ("SM2", _SIGN),
    "Sm2Bench": ("SM2", {"keygen": ("keygen", "keygen"), "encode": ("encoding", "encode")}),
    "RsaKeyGenBench": ("RSA", {"keygen": ("keygen", "keygen")}),
    "KeyAgreementBench": (None, {"derive": ("key-exchange", "derive")}),
    "AeadBench": (None, {"encrypt": ("aead", "encrypt"), "decrypt": ("aead", "decrypt")}),
    "DigestBench": (None, {"hash": ("hash", "hash")}),
}


@dataclass(frozen=True)
class JmhParse:
    """What a JMH file says: the results and the JVM/JMH facts shared by its records."""

    results: list[Result]
    tool: Tool
    jvm: dict[str, Any] = field(default_factory=dict)
    warnings: list[ParseWarning] = field(default_factory=list)

    @property
    def skipped(self) -> int:
        return len(self.warnings)


def parse_jmh(
    text: str,
    *,
    source_name: str,
    machine: Machine,
    started_at: datetime,
    finished_at: datetime | None = None,
    run_id: uuid.UUID | None = None,
) -> RunDocument:
    """The run document for one JMH JSON file. Without `run_id` the id is derived from the text,
    so ingesting the same file twice is idempotent."""
    parsed = parse_jmh_results(text, source_name=source_name)
    extra = {**machine.extra, **parsed.jvm}
    artifact = (
        Artifact(media_type="application/json", content=text)
        if len(text) <= MAX_ARTIFACT_CHARS
        else None
    )
    return RunDocument(
        run_id=run_id or uuid.uuid5(_RUN_NAMESPACE, hashlib.sha256(text.encode()).hexdigest()),
        source="jmh",
        started_at=started_at,
        finished_at=finished_at,
        machine=machine.model_copy(update={"extra": extra}),
        tool=parsed.tool,
        results=parsed.results,
        artifact=artifact,
        warnings=kept_warnings(parsed.warnings),
    )


def parse_jmh_results(text: str, *, source_name: str) -> JmhParse:
    records = _records(text, source_name)
    lines = _record_lines(text)
    results: list[Result] = []
    warnings: list[ParseWarning] = []
    for index, record in enumerate(records):
        line = lines[index] if index < len(lines) else None
        try:
            produced, dropped = _record_results(record)
        except (KeyError, TypeError, ValueError, ValidationError) as exc:
            raise ParseError(source_name, line, f"JMH record {index + 1}: {_reason(exc)}") from None
        results.extend(produced)
        warnings += [
            warning(line, f"{name}: score {score}", _NO_SCORE, source_name)
            for name, score in dropped
        ]
    if not results:
        raise ParseError(source_name, None, "no JMH result has a finite score (every score is NaN)")
    return JmhParse(
        results=results, tool=_tool(records), jvm=_jvm_facts(records[0]), warnings=warnings
    )


def _records(text: str, source_name: str) -> list[dict[str, Any]]:
    if not text.strip():
        raise ParseError(source_name, None, "empty file (expected JMH's -rf json output)")
    try:
        data = loads(text, source_name=source_name)
    except json.JSONDecodeError as exc:
        reason = (
            f"not JSON: {exc.msg} (expected JMH's -rf json output)"
            if exc.pos < len(text.rstrip())
            else "truncated: the JSON ends early (was the JMH run interrupted?)"
        )
        raise ParseError(source_name, exc.lineno, reason) from None
    if not isinstance(data, list):
        raise ParseError(
            source_name,
            1,
            f"not a JMH result file: the top level is a JSON {_json_kind(data)}, "
            "JMH writes an array of benchmark records",
        )
    if not data:
        raise ParseError(
            source_name, 1, "no benchmark results (an empty array: did every benchmark fail?)"
        )
    for index, record in enumerate(data):
        problem = _not_a_record(record)
        if problem:
            raise ParseError(
                source_name,
                _record_line(text, index),
                f"not a JMH result file: record {index + 1} {problem}",
            )
    return data


def _json_kind(value: Any) -> str:
    kinds = {
        dict: "object",
        list: "array",
        str: "string",
        bool: "boolean",
        int: "number",
        float: "number",
    }
    return kinds.get(type(value), "null")


def _not_a_record(record: Any) -> str | None:
    if not isinstance(record, dict):
        return f"is a JSON {_json_kind(record)}, not an object"
    for key in ("benchmark", "mode", "primaryMetric"):
        if key not in record:
            return f'has no "{key}"'
    if not isinstance(record["primaryMetric"], dict) or "score" not in record["primaryMetric"]:
        return 'has no "primaryMetric.score"'
    return None


def _record_line(text: str, index: int) -> int | None:
    """1-based line where record `index` starts (the line of its "benchmark" key)."""
    lines = _record_lines(text)
    return lines[index] if index < len(lines) else None


def _record_lines(text: str) -> list[int]:
    """The 1-based line of each record's "benchmark" key, in one pass over `text`."""
    lines, line, counted = [], 1, 0
    for found in re.finditer(r'"benchmark"\s*:', text):
        line += text.count("\n", counted, found.start())
        counted = found.start()
        lines.append(line)
    return lines


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        return f"{'.'.join(map(str, first['loc']))}: {first['msg']}"
    if isinstance(exc, KeyError):
        return f"missing {exc.args[0]!r}"
    return str(exc)


def _record_results(record: dict[str, Any]) -> tuple[list[Result], list[tuple[str, Any]]]:
    """The record's primary result and one result per secondary metric; the names and scores
    of those without a finite score."""
    base = identity(record)
    mode = str(record["mode"])
    metrics = [(str(record["benchmark"]), record["primaryMetric"], base, True)]
    for key, metric in (record.get("secondaryMetrics") or {}).items():
        if mode == "sample" and _SAMPLE_PERCENTILE_METRIC.match(key):
            continue
        metrics.append((f"{record['benchmark']}:{key}", metric, secondary(base, key), False))
    results, dropped = [], []
    for name, metric, named, primary in metrics:
        result = _metric_result(name, metric, named, primary=primary)
        if result is None:
            dropped.append((name, metric.get("score")))
        else:
            results.append(result)
    return results, dropped


def identity(record: dict[str, Any]) -> dict[str, Any]:
    """family, algorithm, operation, library and params of one record."""
    name = str(record["benchmark"])
    params: dict[str, Any] = canonical_params(
        {str(k): v for k, v in (record.get("params") or {}).items()}
    )
    threads = record.get("threads")
    if isinstance(threads, int) and threads != 1:
        params["threads"] = threads
    found = {
        "family": None,
        "algorithm": name,
        "operation": None,
        "library": None,
        "library_version": None,
        "params": params,
    }
    if name.startswith(SUITE_PACKAGE):
        found.update(_suite_identity(name[len(SUITE_PACKAGE) :], params, record))
    else:
        found.update(_named_identity(name, params))
    return found


def _named_identity(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """What the class and method of another suite's benchmark state (bench_names.name_facts:
    `MyBenchmark.signBenchmark` is operation sign); the full name stays the algorithm unless
    they state one."""
    facts = name_facts(".".join(name.split(".")[-2:]))
    named = facts.algorithm != ".".join(name.split(".")[-2:])
    return {
        "family": facts.family,
        "algorithm": facts.algorithm if named else name,
        "operation": facts.operation,
        "params": {**facts.params, **params} if named else params,
    }


def secondary(base: dict[str, Any], key: str) -> dict[str, Any]:
    """The identity of secondary metric `key` (`·gc.alloc.rate`) of the benchmark `base` names."""
    return {**base, "params": {**base["params"], "jmh_metric": key.lstrip("·")}}


def _suite_identity(short: str, params: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    cls, _, method = short.rpartition(".")
    algorithm, methods = SUITE.get(cls, (None, {}))
    if method not in methods:
        return {}
    family, operation = methods[method]
    if algorithm is None:
        algorithm = _algorithm_from_params(cls, params)
    provider = str(params.get("provider", ""))
    library, version = split_library(provider) if provider else (None, None)
    if library in JDK_PROVIDERS:
        version = record.get("jdkVersion")
    return {
        "family": family,
        "algorithm": algorithm,
        "operation": operation,
        "library": library,
        "library_version": version,
    }


def _algorithm_from_params(cls: str, params: dict[str, Any]) -> str:
    if cls == "KeyAgreementBench":
        curve = str(params.get("curve", ""))
        return {"x25519": "X25519", "x448": "X448"}.get(curve, "ECDH")
    return canonical_algorithm(str(params.get("cipher") or params.get("hash") or cls))


def _metric_result(
    name: str, metric: dict[str, Any], base: dict[str, Any], *, primary: bool
) -> Result | None:
    value = finite_number(metric.get("score"))
    if value is None:
        return None
    unit = canonical_unit_symbol(str(metric.get("scoreUnit") or "?"))
    error = finite_number(metric.get("scoreError"))
    raw = metric.get("rawData")
    histogram = metric.get("rawDataHistogram")
    return Result(
        name=name,
        **base,
        metric=metric_of(unit),
        value=value,
        unit=unit,
        error=error,
        error_kind="ci99.9" if error is not None else None,
        samples=_sample_count(raw, histogram),
        stats=_stats(metric.get("scorePercentiles")) if primary else None,
        raw=_raw(raw),
    )


def finite_number(value: Any) -> float | None:
    """A number the contract stores in every place a JMH figure goes (0 or of a magnitude
    within [NUMBER_MIN, JSON_NUMBER_MAX], cryptobench_contract.bounds), or None for JMH's
    "NaN"/"Infinity" strings, null, non-numbers and numbers beyond that."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    if not math.isfinite(number) or not (
        number == 0 or NUMBER_MIN <= abs(number) <= JSON_NUMBER_MAX
    ):
        return None
    return number


def _stats(percentiles: Any) -> dict[str, float] | None:
    if not isinstance(percentiles, dict):
        return None
    stats = {
        PERCENTILES[k]: v
        for k, raw in percentiles.items()
        if k in PERCENTILES and (v := finite_number(raw)) is not None and v >= 0
    }
    return stats or None


def _raw(raw: Any) -> list[list[float]] | None:
    """rawData (one list per fork) when every figure in it is a finite number."""
    if not isinstance(raw, list) or not raw or not all(isinstance(fork, list) for fork in raw):
        return None
    forks = [[finite_number(v) for v in fork] for fork in raw]
    if any(v is None or v < 0 for fork in forks for v in fork) or not any(forks):
        return None
    return [[float(v) for v in fork if v is not None] for fork in forks]


def _sample_count(raw: Any, histogram: Any) -> int | None:
    """Measurements behind the score: iterations over all forks, or sampled calls in sample mode."""
    if isinstance(histogram, list):
        counts = [
            pair[1]
            for fork in histogram
            for iteration in fork
            for pair in iteration
            if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], int)
        ]
        return sum(counts) or None
    if isinstance(raw, list):
        return sum(len(fork) for fork in raw if isinstance(fork, list)) or None
    return None


def _tool(records: list[dict[str, Any]]) -> Tool:
    first = records[0]
    vm = " ".join(str(first[k]) for k in ("vmName", "vmVersion") if first.get(k))
    build = ", ".join(
        part
        for part in (vm, f"JDK {first['jdkVersion']}" if first.get("jdkVersion") else "")
        if part
    )
    options = sorted({_options(record) for record in records})
    return Tool(
        name="JMH",
        version=first.get("jmhVersion"),
        build=build or None,
        options="; ".join(options)[:4000],
    )


def _options(record: dict[str, Any]) -> str:
    """JMH's command-line spelling of the settings a record ran with."""
    parts = [f"-bm {record['mode']}"]
    for flag, key in (
        ("-f", "forks"),
        ("-t", "threads"),
        ("-wi", "warmupIterations"),
        ("-w", "warmupTime"),
        ("-i", "measurementIterations"),
        ("-r", "measurementTime"),
    ):
        if record.get(key) is not None:
            parts.append(f"{flag} {str(record[key]).replace(' ', '')}")
    return " ".join(parts)


def _jvm_facts(record: dict[str, Any]) -> dict[str, Any]:
    keys = {
        "jvm": "jvm",
        "jdkVersion": "jdk_version",
        "vmName": "vm_name",
        "vmVersion": "vm_version",
        "jvmArgs": "jvm_args",
    }
    return {
        name: record[key] for key, name in keys.items() if record.get(key) not in (None, "", [])
    }
