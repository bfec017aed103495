"""The run document of an ECC outcome (source `python-ecc`): one result per measured cell, its
timing samples (ns) kept as `raw` up to MAX_RAW_SAMPLES repetitions.

Gaps (unsupported, not installed) have no number, so they are not results; they are listed
in the artifact, next to the CSV table, so the document still says what was not measured.
"""

import platform

from cryptobench_collect.runners.ecc.adapters.base import own_version
from cryptobench_collect.runners.ecc.rows import ROWS, Row
from cryptobench_collect.runners.ecc.runner import EccOutcome, Measured
from cryptobench_collect.runners.ecc.stats import summarize
from cryptobench_collect.runners.ecc.tables import gaps_text, to_csv
from cryptobench_contract import Artifact, Machine, Result, RunDocument, Tool, new_run_id

TOOL_NAME = "cryptobench-ecc"
#: Samples kept per result (about 10 bytes of JSON each): every library, curve and row (231
#: results) at 2,000 repetitions is under 5 MB, far below the server's 32 MB body cap; at seed
#: 004's 25,000 repetitions it would be about 58 MB, so above this a result carries its stats only.
MAX_RAW_SAMPLES = 2000


def build_run(outcome: EccOutcome, machine: Machine) -> RunDocument:
    results = [
        _result(outcome, curve, row, library, cell.samples)
        for curve in outcome.config.curves
        for row in ROWS
        for library in outcome.config.libraries
        if isinstance(cell := outcome.cell(curve, row, library), Measured)
    ]
    return RunDocument(
        run_id=new_run_id(),
        source="python-ecc",
        started_at=outcome.started_at,
        finished_at=outcome.finished_at,
        machine=machine,
        tool=Tool(name=TOOL_NAME, version=own_version(), options=_options(outcome)),
        tags={
            "python_version": platform.python_version(),
            "python_implementation": platform.python_implementation(),
        },
        results=results,
        artifact=Artifact(media_type="text/plain", content=to_csv(outcome) + gaps_text(outcome)),
    )


def _result(outcome: EccOutcome, curve: str, row: Row, library: str, samples: list[int]) -> Result:
    info = outcome.infos[library]
    stats = summarize(samples)
    params: dict[str, str | int | float | bool] = {"curve": curve}
    if info.coordinates:
        params["coordinates"] = info.coordinates
    if row.variant:
        params["variant"] = row.variant
    if row.family == "signature":
        params["message_bytes"] = outcome.config.message_bytes
        params["hash"] = "SHA-256"
    if info.provider:
        params["provider"] = info.provider
    return Result(
        name=row.name,
        family=row.family,  # type: ignore[arg-type]
        algorithm="ECDSA" if row.family == "signature" else "EC",
        operation=row.operation,  # type: ignore[arg-type]
        library=library,
        library_version=info.version,
        params=params,
        metric="ns_per_op",
        value=stats["mean"],
        unit="ns/op",
        error=stats["stddev"],
        error_kind="stddev",
        samples=len(samples),
        stats=stats,
        raw=raw_samples(samples),
    )


def raw_samples(samples: list[int]) -> list[float] | None:
    """The samples as `raw`, or None when there are more than MAX_RAW_SAMPLES."""
    return [float(s) for s in samples] if len(samples) <= MAX_RAW_SAMPLES else None


def _options(outcome: EccOutcome) -> str:
    c = outcome.config
    return (
        f"--repetitions {c.repetitions} --warmup {c.warmup} --message-bytes {c.message_bytes} "
        + " ".join(f"--library {name}" for name in c.libraries)
        + " "
        + " ".join(f"--curve {name}" for name in c.curves)
    )
