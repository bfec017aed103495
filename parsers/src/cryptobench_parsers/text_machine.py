"""The machine a pasted text names about itself, for every import format (DESIGN "Provenance of
imported figures"). Pure.

Read from lines a person pastes around a benchmark's output, never guessed:
    pi@raspberrypi:~ $ openssl speed ...            host raspberrypi (a shell prompt)
    Linux utilite 3.0.35 #1 SMP ... armv7l GNU/Linux host utilite, os Linux 3.0.35, arch armv7l
    Linux 6.5.0-14-generic x86_64                   os Linux 6.5.0-14-generic, arch x86_64
    model name : Intel(R) Xeon(R) ... / cpu: ...    the CPU model
    Model : Raspberry Pi 4 Model B Rev 1.1          the board
    AlmaLinux 10.2 x86_64, PRETTY_NAME="Ubuntu .."  the OS (and arch)
    - K32W148-EBB board, fsys=96000000, ...         board, CPU and clock (serial.boards)
The first statement of each fact counts. `import_machine` is the machine of an imported run:
the person's name when given, else what the parser read (a JSON context's host, a go header's
CPU), else the text's name, else an identity of the paste's own (`unknown machine (paste
<8 hex of its SHA-256>)`), so two pastes that name no machine never pool; the facts the parser
did not read are filled from the text.
"""

import re
from collections.abc import Iterator
from typing import Any

from cryptobench_contract import Machine
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_parsers.harness_runs import prompt_host
from cryptobench_parsers.serial.boards import named_fact

#: How much of a paste is read for its machine: what names it (a prompt, `uname`, `lscpu`)
#: comes before the figures; 64 KiB are read in about 20 ms, 1 MB took 0.33 s of a 5 MB paste's
#: 2 s budget (bench/import_paste.py).
_SCANNED_CHARS = 1 << 16
_ARCH = r"x86_64|amd64|i[3-6]86|aarch64|arm64|armv\d+\w*|riscv64|ppc64le|ppc64|s390x|mips\w*"
_KERNELS = r"Linux|Darwin|FreeBSD|OpenBSD|NetBSD"
_DISTROS = (
    r"AlmaLinux|Rocky Linux|Ubuntu|Debian(?: GNU/Linux)?|CentOS(?: Linux| Stream)?|"
    r"Fedora(?: Linux)?|Red Hat Enterprise Linux|Oracle Linux|Amazon Linux|Arch Linux|"
    r"Alpine Linux|Raspbian(?: GNU/Linux)?|Linux Mint|openSUSE(?: Leap| Tumbleweed)?|"
    r"FreeBSD|OpenBSD|NetBSD|macOS|Mac OS X|OpenWrt"
)
#: (fact, pattern): the fact is the named groups of the first line a pattern matches.
_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"^(?P<kernel>{_KERNELS}) (?P<host>[\w.\-]+) (?P<release>\d[\w.\-+]*) .*?"
        rf"\b(?P<arch>{_ARCH})(?: GNU/Linux)?\s*$"
    ),
    re.compile(rf"^(?P<kernel>{_KERNELS}) (?P<release>\d[\w.\-+]*) (?P<arch>{_ARCH})\s*$"),
    re.compile(r"^\s*(?:model name|cpu model|CPU|cpu|Processor)\s*:\s*(?P<cpu>\S.{2,}?)\s*$"),
    re.compile(r"^\s*(?:Model|Hardware Model|Board)\s*:\s*(?P<board>\S.{2,}?)\s*$"),
    re.compile(
        rf"^\s*(?:PRETTY_NAME=\"?|Description:\s*)?(?P<os>(?:{_DISTROS}) \d[\w.\-]*"
        rf"(?: (?!{_ARCH}\b)[\w()]+)*?)(?: (?P<arch>{_ARCH}))?\"?\s*$"
    ),
)
#: `[user@host dir]$ ` (the prompt of Red Hat's family), beside harness_runs.prompt_host's.
_BRACKET_PROMPT = re.compile(r"^\s*\[(?:[\w.\-]+@)?(?P<host>[\w.\-]+)[ :][^\]]*\][$#]\s")
_CLOCK = re.compile(r"^fsys=(?P<hz>\d+)$")


def text_facts(text: str) -> dict[str, str]:
    """What the text states of its machine: host, os, arch, cpu, board, clock_hz (Hz, with
    clock_source), each as first stated."""
    facts: dict[str, str] = {}
    for line in _lines(text[:_SCANNED_CHARS]):
        if "host" not in facts and (host := _prompt_host(line)):
            facts["host"] = host
        for pattern in _PATTERNS:
            if found := pattern.match(line):
                _add(facts, found.groupdict())
                break
        if (clock := _CLOCK.match(line.strip())) and "clock_hz" not in facts:
            facts |= {"clock_hz": clock["hz"], "clock_source": "configured"}
        if (fact := named_fact(line.strip())) is not None:
            key, value = fact
            if key == "measured_hz":
                facts.setdefault("clock_hz", value)
                facts.setdefault("clock_source", "measured")
            else:
                facts.setdefault(key, value)
    return facts


def import_machine(
    parsed: Machine, digest: str, *, person: str | None, facts: dict[str, str]
) -> Machine:
    """The machine of an imported run (module doc): `parsed` as the parser read it, `digest` the
    paste's SHA-256, `facts` the paste's `text_facts`."""
    named = facts.get("host") or facts.get("board") or facts.get("cpu") or _os_name(facts)
    if person:
        name = person
    elif parsed.name != UNKNOWN_MACHINE:
        name = parsed.name
    else:
        name = named or f"{UNKNOWN_MACHINE} (paste {digest[:8]})"
    data: dict[str, Any] = parsed.model_dump()
    data["name"] = name
    for field in ("arch", "os", "board"):
        data[field] = data[field] or facts.get(field)
    data["cpu_model"] = data["cpu_model"] or facts.get("cpu")
    if data["clock_hz"] is None and "clock_hz" in facts:
        data["clock_hz"] = float(facts["clock_hz"])
        data["extra"] = {**data["extra"], "clock_source": facts["clock_source"]}
    return Machine.model_validate(data)


def _prompt_host(line: str) -> str | None:
    bracketed = _BRACKET_PROMPT.match(line)
    return bracketed["host"] if bracketed else prompt_host(line)


def _lines(text: str) -> Iterator[str]:
    for line in text.splitlines():
        if line and len(line) < 300:
            yield line


def _add(facts: dict[str, str], found: dict[str, str | None]) -> None:
    kernel, release = found.pop("kernel", None), found.pop("release", None)
    if kernel and release:
        found["os"] = f"{kernel} {release}"
    for key, value in found.items():
        if value:
            facts.setdefault(key, value)


def _os_name(facts: dict[str, str]) -> str | None:
    if "os" not in facts:
        return None
    arch = facts.get("arch")
    return f"{facts['os']} {arch}" if arch and arch not in facts["os"] else facts["os"]
