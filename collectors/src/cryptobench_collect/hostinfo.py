"""What machine this is: `collect_host_info()` reads it explicitly, never as a side effect.

Reading (`read_host_facts`) and interpreting (`machine_from_facts`, pure) are separate so the
interpretation is tested on captured /proc/cpuinfo texts of other machines.
"""

import os
import platform
import re
import socket
from dataclasses import dataclass
from pathlib import Path

from cryptobench_contract import Machine

ARM_PARTS = {
    "0xb76": "ARM1176",
    "0xc07": "Cortex-A7",
    "0xc08": "Cortex-A8",
    "0xc09": "Cortex-A9",
    "0xc0f": "Cortex-A15",
    "0xd03": "Cortex-A53",
    "0xd04": "Cortex-A35",
    "0xd05": "Cortex-A55",
    "0xd07": "Cortex-A57",
    "0xd08": "Cortex-A72",
    "0xd09": "Cortex-A73",
    "0xd0b": "Cortex-A76",
    "0xd0c": "Neoverse-N1",
    "0xd40": "Neoverse-V1",
    "0xd49": "Neoverse-N2",
}
_GHZ_IN_NAME = re.compile(r"@\s*([0-9.]+)\s*GHz", re.IGNORECASE)


@dataclass(frozen=True)
class HostFacts:
    hostname: str
    arch: str
    system: str
    release: str
    cores: int | None
    cpuinfo: str = ""
    max_freq_khz: str | None = None
    device_tree_model: str | None = None
    os_pretty_name: str | None = None


def collect_host_info(name: str | None = None) -> Machine:
    """The machine this process runs on; `name` overrides the host name."""
    return machine_from_facts(read_host_facts(), name=name)


def read_host_facts() -> HostFacts:
    return HostFacts(
        hostname=socket.gethostname() or "unknown-host",
        arch=platform.machine() or "unknown",
        system=platform.system(),
        release=platform.release(),
        cores=os.cpu_count(),
        cpuinfo=_read("/proc/cpuinfo") or "",
        max_freq_khz=_read("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"),
        device_tree_model=_read("/proc/device-tree/model"),
        os_pretty_name=_os_pretty_name(_read("/etc/os-release") or ""),
    )


def machine_from_facts(facts: HostFacts, *, name: str | None = None) -> Machine:
    fields = _cpuinfo_fields(facts.cpuinfo)
    clock_hz, clock_source = _clock(facts.max_freq_khz, fields)
    extra: dict[str, object] = {}
    if clock_source:
        extra["clock_source"] = clock_source
    if facts.os_pretty_name:
        extra["distribution"] = facts.os_pretty_name
    board = (facts.device_tree_model or "").strip("\x00 \n") or None
    return Machine(
        name=name or facts.hostname,
        arch=facts.arch,
        cpu_model=_cpu_model(fields),
        cores=facts.cores,
        clock_hz=clock_hz,
        os=f"{facts.system} {facts.release}".strip() or None,
        board=board,
        extra=extra,
    )


def _cpuinfo_fields(cpuinfo: str) -> dict[str, str]:
    """The first value of each key in /proc/cpuinfo (the first processor's block wins)."""
    fields: dict[str, str] = {}
    for line in cpuinfo.splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip() and key.strip() not in fields:
            fields[key.strip()] = value.strip()
    return fields


def _cpu_model(fields: dict[str, str]) -> str | None:
    part = ARM_PARTS.get(fields.get("CPU part", "").lower())
    model = fields.get("model name") or fields.get("Processor") or fields.get("cpu model")
    hardware = fields.get("Hardware")
    if part:
        model = f"ARM {part}" + (f" ({hardware})" if hardware else "")
    return model or hardware or None


def _clock(max_freq_khz: str | None, fields: dict[str, str]) -> tuple[float | None, str | None]:
    if max_freq_khz and max_freq_khz.strip().isdigit():
        return int(max_freq_khz.strip()) * 1000.0, "nominal"
    in_name = _GHZ_IN_NAME.search(fields.get("model name", ""))
    if in_name:
        return round(float(in_name.group(1)) * 1e9), "nominal"
    mhz = fields.get("cpu MHz", "")
    try:
        return (round(float(mhz) * 1e6), "measured") if float(mhz) > 0 else (None, None)
    except ValueError:
        return None, None


def _os_pretty_name(os_release: str) -> str | None:
    for line in os_release.splitlines():
        if line.startswith("PRETTY_NAME="):
            return line.partition("=")[2].strip().strip('"') or None
    return None


def _read(path: str) -> str | None:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace").strip("\x00\n ")
    except OSError:
        return None
