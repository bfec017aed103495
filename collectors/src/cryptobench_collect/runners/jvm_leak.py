"""`cryptobench run jmh --leak-test`: the JVM suite's leak-test harness (agents/jvm's
`dev.cryptobench.jmh.LeakTest`, in the same jar as the JMH benchmarks) into one run document.

The harness prints JSON Lines (agents/jvm/README.md "Leak test"): a header object, then one
object per screen and class with the result's identity, `params.input_class` and every sample in
ns as `raw`. `leak_run` turns them into the leak convention: one run (source `jmh`, tag
`mode: leak-test`), each class a result with `raw` = every sample, `samples` = their count and
`value` = their median. `run_harness` runs the process; everything else is pure.
"""

import json
import shutil
import statistics
import subprocess
from datetime import datetime
from pathlib import Path
from typing import Any

from cryptobench_collect.errors import RuntimeFailure
from cryptobench_contract import Machine, Result, RunDocument, Tool, new_run_id

MAIN_CLASS = "dev.cryptobench.jmh.LeakTest"
HARNESS = "cryptobench-jvm-leak"
#: Samples per class by default, of --quick, and at most (every sample is uploaded).
SAMPLES, QUICK_SAMPLES, MAX_SAMPLES = 2000, 20, 10_000
#: Untimed samples per class before the timed ones (the JIT compiles both classes' paths).
WARMUP, QUICK_WARMUP = 1000, 20
_RESULT_FIELDS = ("name", "family", "algorithm", "operation", "library", "library_version")


def harness_command(jar: Path, samples: int, warmup: int, java: str = "java") -> list[str]:
    return [java, "-cp", str(jar), MAIN_CLASS, "--samples", str(samples), "--warmup", str(warmup)]


def run_harness(command: list[str]) -> str:
    """The harness's output; a failure names its exit code and the end of what it printed."""
    if shutil.which(command[0]) is None:
        raise RuntimeFailure(f"`{command[0]}` is not installed (the leak test needs Java 17+)")
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-15:])
        raise RuntimeFailure(f"the JVM leak test failed (exit {done.returncode}):\n{tail}")
    return done.stdout


def leak_run(
    text: str, *, machine: Machine, started_at: datetime, finished_at: datetime
) -> RunDocument:
    """The run document of the harness's output `text`."""
    lines = [_object(number, line) for number, line in enumerate(text.splitlines(), 1) if line]
    if not lines or lines[0].get("harness") != HARNESS:
        raise RuntimeFailure(f"the JVM leak test printed no {HARNESS} header")
    header, classes = lines[0], lines[1:]
    return RunDocument(
        run_id=new_run_id(),
        source="jmh",
        started_at=started_at,
        finished_at=finished_at,
        machine=machine,
        tool=Tool(
            name=HARNESS,
            version=str(header["format"]),
            build=f"Java {header['java']}",
            options=f"--samples {header['samples']} --warmup {header['warmup']}",
        ),
        tags={"mode": "leak-test", "jvm": str(header["java"])},
        results=[_result(entry) for entry in classes],
    )


def _object(number: int, line: str) -> dict[str, Any]:
    try:
        found = json.loads(line)
    except json.JSONDecodeError as exc:
        raise RuntimeFailure(
            f"the JVM leak test's output line {number} is not JSON: {exc}"
        ) from None
    if not isinstance(found, dict):
        raise RuntimeFailure(f"the JVM leak test's output line {number} is not a JSON object")
    return found


def _result(entry: dict[str, Any]) -> Result:
    raw = [float(sample) for sample in entry["raw"]]
    median = float(statistics.median(raw))
    return Result(
        **{name: entry[name] for name in _RESULT_FIELDS},
        params=entry["params"],
        metric="ns_per_op",
        value=median,
        unit="ns/op",
        samples=len(raw),
        stats={"median": median, "min": min(raw), "max": max(raw)},
        raw=raw,
    )
