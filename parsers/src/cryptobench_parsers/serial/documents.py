"""SerialRun -> RunDocument: the machine, tool and tags each console format tells about itself.

The source is the program that printed the lines: the CryptoBench firmware (and seed 002's) is
`esp32c6-serial`; a Mbed TLS or wolfSSL benchmark log is `mbedtls-benchmark` or
`wolfssl-benchmark` whatever it ran on. Its machine is the board, CPU or chip the text names
(serial/boards.py, ESP-IDF's boot lines), else UNKNOWN_MACHINE; never a device it does not name.
"""

import uuid
from typing import Any

from cryptobench_contract import Artifact, Machine, Result, RunDocument, Tool
from cryptobench_contract.run import MAX_ARTIFACT_CHARS, UNKNOWN_MACHINE
from cryptobench_contract.vocabulary import Source
from cryptobench_parsers.figures import kept_warnings
from cryptobench_parsers.serial.boards import board_cpu
from cryptobench_parsers.serial.lines import MBEDTLS
from cryptobench_parsers.serial.runs import SerialRun

SOURCES: dict[str, Source] = {
    "bench": "esp32c6-serial",
    "seed002": "esp32c6-serial",
    "mbedtls": "mbedtls-benchmark",
    "wolfssl": "wolfssl-benchmark",
}
SEED002_NOTE = (
    "seed 002 firmware: the printed 'cycles' are the cycle delta divided by 160, "
    "i.e. microseconds at 160 MHz; stored as us/op"
)
_TOOLS = {
    "mbedtls": "mbedtls programs/test/benchmark",
    "wolfssl": "wolfcrypt benchmark",
    "seed002": "ESP32C6-RSA_mbedtls (seed 002)",
}


def build_document(run: SerialRun, *, machine_name: str | None = None) -> RunDocument:
    if run.style == "bench":
        machine, tool, tags = _from_begin(run, machine_name)
    else:
        machine, tool, tags = _from_facts(run, machine_name)
    if run.partial:
        tags["partial"] = "true"
    results = [_with_context(result, run) for result in run.results]
    content = "\n".join(run.lines)[:MAX_ARTIFACT_CHARS]
    return RunDocument(
        run_id=uuid.UUID(run.identity()),
        source=SOURCES[run.style],
        started_at=run.started_at,
        finished_at=run.finished_at,
        machine=machine,
        tool=tool,
        tags=tags,
        results=results,
        artifact=Artifact(media_type="text/plain", content=content) if content else None,
        warnings=kept_warnings(run.warnings),
    )


def _from_begin(run: SerialRun, machine_name: str | None) -> tuple[Machine, Tool, dict[str, str]]:
    info = run.begin
    if not info:
        name = machine_name or "esp32c6-unknown"
        return (
            Machine(name=name, extra={"note": "BEGIN line not received"}),
            Tool(name="cryptobench-firmware"),
            {},
        )
    target, device, mhz = info.get("target"), info.get("device"), info.get("cpu_mhz")
    extra: dict[str, Any] = {
        key: info[key]
        for key in (
            "target",
            "device",
            "chip_rev",
            "flash_bytes",
            "mpi_max_bits",
            "clock",
            "unit",
            "entropy",
        )
        if info.get(key)
    }
    if mhz:
        extra["clock_source"] = "configured"
    machine = Machine(
        name=machine_name or _device_name(target, device),
        arch=info.get("arch"),
        cpu_model=info.get("chip"),
        cores=info.get("cores") or None,
        clock_hz=float(mhz) * 1e6 if mhz else None,
        os=info.get("sdk"),
        board=None,
        extra=extra,
    )
    leak_test = info.get("mode") == "leak-test"
    counts = ("samples", "slow_samples") if leak_test else ("iterations", "keygen_iterations")
    tool = Tool(
        name="cryptobench-firmware",
        version=f"protocol v{info.get('v')}",
        build=" ".join(str(info[key]) for key in ("compiler", "opt") if info.get(key)) or None,
        options=" ".join(f"{key}={info.get(key)}" for key in counts),
    )
    reported = info.get("accel")
    accel = reported if isinstance(reported, list) else []
    tags = {"target": str(target or "unknown"), "hw_accel": "+".join(map(str, accel)) or "none"}
    if leak_test:
        tags["mode"] = "leak-test"
    if info.get("opt"):
        tags["opt_level"] = str(info["opt"])
    return machine, tool, tags


def _device_name(target: Any, device: Any) -> str:
    if target and device and target != "host":
        return f"{target}-{str(device).replace(':', '')[-6:]}"
    return str(device or target or "serial-device")


def _from_facts(run: SerialRun, machine_name: str | None) -> tuple[Machine, Tool, dict[str, str]]:
    facts = run.facts
    target = facts.get("target") or ("esp32c6" if run.style == "seed002" else None)
    board = facts.get("board")
    cpu = facts.get("cpu") or board_cpu(board) or target
    clock_hz, clock_source = _clock(run)
    extra: dict[str, Any] = {"clock_source": clock_source} if clock_source else {}
    if facts.get("chip_rev"):
        extra["chip_rev"] = facts["chip_rev"]
    machine = Machine(
        name=machine_name or board or cpu or UNKNOWN_MACHINE,
        arch="riscv32" if target in ("esp32c6", "esp32c3") else None,
        cpu_model=cpu,
        clock_hz=clock_hz,
        board=board,
        os=f"ESP-IDF {facts['idf']}" if facts.get("idf") else None,
        extra=extra,
    )
    tool = Tool(
        name=_TOOLS[run.style],
        version=facts.get("library_version"),
        options=SEED002_NOTE if run.style == "seed002" else None,
    )
    return machine, tool, {"target": target} if target else {}


def _clock(run: SerialRun) -> tuple[float | None, str]:
    """The clock a log states (a configured frequency, or one its SDK measured at boot), else
    seed 002's nominal 160 MHz; (None, "") when the text gives none."""
    if run.facts.get("cpu_hz"):
        return float(run.facts["cpu_hz"]), "configured"
    if run.facts.get("measured_hz"):
        return float(run.facts["measured_hz"]), "measured"
    if run.style == "seed002":
        return 160e6, "nominal"
    return None, ""


def _with_context(result: Result, run: SerialRun) -> Result:
    update: dict[str, Any] = {}
    version = run.begin.get("mbedtls") if run.style == "bench" else run.facts.get("library_version")
    of_another = run.style == "bench" and result.library != MBEDTLS  # a leak test's fixture
    if version and result.library_version is None and not of_another:
        update["library_version"] = str(version)
    block = run.facts.get("block_bytes")
    if run.style == "wolfssl" and block and result.metric in ("bytes_per_s", "cycles_per_byte"):
        update["params"] = {**result.params, "block_bytes": int(block)}
    return result.model_copy(update=update) if update else result
