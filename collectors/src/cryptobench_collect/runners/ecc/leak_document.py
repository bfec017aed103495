"""The run document of a leak test (source `python-ecc`, tag `mode: leak-test`): per (curve,
operation, library) two results identical but for `params.input_class` (fixed, random), each
with every sample (ns, in the order taken) as `raw`, `samples` = their count and the median as
`value`. What was not measured (a library not installed, a curve or operation it lacks) is
listed in the artifact."""

import platform
import statistics

from cryptobench_collect.runners.ecc.adapters.base import MUL, own_version
from cryptobench_collect.runners.ecc.leak import CLASSES, LeakOutcome
from cryptobench_contract import Artifact, Machine, Result, RunDocument, Tool, new_run_id


def build_leak_run(outcome: LeakOutcome, machine: Machine) -> RunDocument:
    results = [
        _result(outcome, curve, operation, library, cls, samples)
        for (curve, operation, library), classes in outcome.cells.items()
        for cls in CLASSES
        for samples in (classes[cls],)
    ]
    c = outcome.config
    return RunDocument(
        run_id=new_run_id(),
        source="python-ecc",
        started_at=outcome.started_at,
        finished_at=outcome.finished_at,
        machine=machine,
        tool=Tool(
            name="cryptobench-ecc",
            version=own_version(),
            options=f"--leak-test --leak-samples {c.samples} --warmup {c.warmup} "
            f"--message-bytes {c.message_bytes} "
            + " ".join(f"--library {name}" for name in c.libraries)
            + " "
            + " ".join(f"--curve {name}" for name in c.curves),
        ),
        tags={
            "python_version": platform.python_version(),
            "python_implementation": platform.python_implementation(),
            "mode": "leak-test",
        },
        results=results,
        artifact=Artifact(media_type="text/plain", content=_not_measured(outcome)),
    )


def _not_measured(outcome: LeakOutcome) -> str:
    lines = ["leak test: fixed vs random scalar, interleaved; timing only, this machine"]
    lines += [f"not measured: {gap}" for gap in outcome.gaps] or ["not measured: nothing"]
    return "\n".join(lines) + "\n"


def _result(
    outcome: LeakOutcome, curve: str, operation: str, library: str, cls: str, samples: list[int]
) -> Result:
    info = outcome.infos[library]
    params: dict[str, str | int | float | bool] = {"curve": curve}
    if info.coordinates:
        params["coordinates"] = info.coordinates
    if operation != MUL:
        params["message_bytes"] = outcome.config.message_bytes
        params["hash"] = "SHA-256"
    if info.provider:
        params["provider"] = info.provider
    params["input_class"] = cls
    median = float(statistics.median(samples))
    return Result(
        name=f"leak-{operation}",
        family="ec-arith" if operation == MUL else "signature",
        algorithm="EC" if operation == MUL else "ECDSA",
        operation=operation,  # type: ignore[arg-type]
        library=library,
        library_version=info.version,
        params=params,
        metric="ns_per_op",
        value=median,
        unit="ns/op",
        samples=len(samples),
        stats={"median": median, "min": float(min(samples)), "max": float(max(samples))},
        raw=[float(s) for s in samples],
    )
