"""What a machine, a series and a lineage are: the one definition of each (DESIGN "Identity").

- A *machine* is its fingerprint over (name, arch, cpu_model, cores, board); the clock is a
  run's, not the machine's.
- A *series* (what a chart line is made of) is a `series_key` (algorithm, operation, params,
  library and version, machine, clock, the run's tags) and, within one key, what the results
  report: metric, the run's source, family and the tool's verbatim name. `series_identity` is
  that whole identity as text, the read model's `series.identity`; `identity_of` the same in SQL.
- A *lineage* (what a nightly job measures again and again; changes/) is the series of one
  machine and source that share `LINEAGE_FIELDS`: a new library version, clock, tag or verbatim
  name continues a lineage instead of starting one, except the tags in `VARIANT_TAGS` (its
  `variant`): runs that differ by one (an -O2 and an -Os build, an engine, a provider) are
  variants of an experiment, compared side by side, never a step in time.

Names and params are canonical in all of them because the server's validator (the contract's
`Result`) made them so at the server's boundary; nothing here canonicalizes them again.
"""

import hashlib
from collections.abc import Mapping
from typing import Any

import orjson
from sqlalchemy import func, literal

from cryptobench_contract import Machine
from cryptobench_server.models import Result, Run

SERIES_KEY_CHARS = 32

#: What stays the same along a lineage, besides machine and source. Not the tool's verbatim
#: result name: openssl 1.0.2 prints "aes-128 cbc" where 3.0 prints "AES-128-CBC".
LINEAGE_FIELDS = ("family", "algorithm", "operation", "library", "params", "metric", "variant")
#: The tags that name a variant of an experiment (the run's build, engine, provider, openssl's
#: EVP or legacy code path, hardware acceleration, target, timing method, process count, quick
#: mode, implementation), unlike the tags of a run's circumstances (a seed, a comparison pair's
#: id, the seconds asked for, a JVM or Python version, which change from run to run and are
#: reported as what changed).
VARIANT_TAGS = frozenset(
    {
        "opt_level",
        "engine",
        "evp",
        "provider",
        "hw_accel",
        "target",
        "timing",
        "multi",
        "quick",
        "implementation",
        "python_implementation",
    }
)


def variant(tags: Mapping[str, str] | None) -> dict[str, str]:
    """The run's tags that make it a variant (VARIANT_TAGS), by name."""
    return {k: v for k, v in sorted((tags or {}).items()) if k in VARIANT_TAGS}


def _digest(value: Any) -> str:
    return hashlib.sha256(orjson.dumps(value, option=orjson.OPT_SORT_KEYS)).hexdigest()


def machine_fingerprint(machine: Machine) -> str:
    """64 hex chars over (name, arch, cpu_model, cores, board); the clock is not part of it."""
    return _digest([machine.name, machine.arch, machine.cpu_model, machine.cores, machine.board])


def series_key(
    *,
    algorithm: str,
    operation: str | None,
    params: Mapping[str, Any],
    library: str | None,
    library_version: str | None,
    machine: str,
    clock_hz: float | None,
    tags: Mapping[str, str],
) -> str:
    """32 hex chars over canonical JSON (sorted keys): results with equal keys and equal
    reported facts (`identity_of`) belong to one chart line."""
    parts = [algorithm, operation, params, library, library_version, machine, clock_hz, tags]
    return _digest(parts)[:SERIES_KEY_CHARS]


def series_identity(
    series_key: str, metric: str, source: str, family: str | None, name: str
) -> str:
    """The text that tells series apart: series key, reported metric, source, family, name
    (the read model's producer, store/series.py); `identity_of` is the same text in SQL."""
    return f"{series_key}|{metric}|{source}|{family or ''}|{name}"


def identity_of(result=Result, run=Run):
    """`series_identity` in SQL, for a query that joins results to their series."""
    sep = literal("|")
    family = func.coalesce(result.family, "")
    return (
        result.series_key
        + sep
        + result.metric
        + sep
        + run.source
        + sep
        + family
        + sep
        + result.name
    )
