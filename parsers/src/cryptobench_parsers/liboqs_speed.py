"""liboqs `speed_kem` / `speed_sig` output -> run documents. Pure: no I/O.

The table is `Operation | Iterations | Total time (s) | Time (us): mean | pop. stdev | ...`: a
row with only a name starts an algorithm (`ML-KEM-768`, `Falcon-512`, kept as liboqs names it),
each following `keygen`/`keypair`, `encaps`, `decaps`, `sign` or `verify` row is a result: the
mean time in us/op with the population standard deviation as its error (`stddev`), the
iterations as `samples` and the total seconds as stat `total_s`. The last two columns are
`CPU cycles: mean | pop. stdev` (a second result in cycles/op) or, in later liboqs, `High-prec
time (ns): mean | pop. stdev` (the same time, kept as stats `ns_mean` and `ns_stdev`).

The `Configuration info` block names the library (`OQS version`: liboqs and its version), the
compiler and options (tool build) and the target platform (`aarch64-Linux-6.8.0-40-generic`:
arch and OS); `Started at` is the run's start (liboqs prints local time without a zone: taken
as UTC). A shell prompt `user@host:...$` before the output names the machine, else it is the
unknown machine. `--info` lines (key and signature sizes), `Ended at` and warnings liboqs
prints are read and left out. Each `Configuration info` or table header after results starts
another run (a paste of several outputs).
"""

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

from cryptobench_contract import Machine, ParseWarning, Result, RunDocument, Tool, new_run_id
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_contract.vocabulary import Operation, Source
from cryptobench_parsers.figures import kept_warnings, short, warning
from cryptobench_parsers.harness_runs import measured, prompt_host, run_documents
from cryptobench_parsers.import_format import Format, harness, lines
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "liboqs-speed"
TOOL = "liboqs speed_kem / speed_sig"
LIBRARY = "liboqs"
_CELL = r"\s*([^|]*?)\s*"
_HEADER = re.compile(r"^\s*Operation\s*\|\s*Iterations\s*\|\s*Total time")
_NUMBER = r"\d+(?:\.\d+)?"
_ROW = re.compile(
    rf"^\s*(?P<op>keygen|keypair|encaps|decaps|sign|verify)\s*\|\s*(?P<n>\d+)\s*\|"
    rf"\s*(?P<total>{_NUMBER})\s*\|\s*(?P<mean>{_NUMBER})\s*\|\s*(?P<stdev>{_NUMBER})\s*\|"
    rf"\s*(?P<last_mean>{_NUMBER})\s*\|\s*(?P<last_stdev>{_NUMBER})\s*$"
)
_ALGORITHM = re.compile(r"^\s*(?P<name>[A-Za-z][\w+.\-]*)\s*(?:\|\s*){6}$")
_RULE = re.compile(r"^\s*-+\s*(?:\|\s*-+:?\s*){6}$")
_CONFIG = re.compile(
    r"^\s*(?P<key>Target platform|Compiler|Compile options|OQS version|Git commit|OpenSSL enabled"
    r"|AES|SHA-2|SHA-3|OQS build flags|CPU exts active|CPU exts compile-time):\s*(?P<value>.*?)\s*$"
)
_STARTED = re.compile(r"^\s*Started at (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\s*$")
_SKIPPED = re.compile(
    r"^\s*(?:Configuration info|Speed test|=+|Ended at .*|public key bytes:.*|"
    r"Actual signature length returned .*)\s*$"
)
_STRAY = "a result row before its table's header or algorithm line: not stored"
_HEADERLESS = (
    "a table without its header line (pasted from the middle of an output): the last two "
    "columns are CPU cycles or nanoseconds, which only the header says; not stored"
)
_OPERATIONS: dict[str, Operation] = {
    "keygen": "keygen",
    "keypair": "keygen",
    "encaps": "encaps",
    "decaps": "decaps",
    "sign": "sign",
    "verify": "verify",
}


@dataclass
class _Run:
    first_line: int
    config: dict[str, str]
    #: What the last two columns hold: CPU cycles, nanoseconds (False) or unknown (None: no header)
    cycles: bool | None = True
    started: datetime | None = None
    algorithm: str | None = None
    results: list[Result] = field(default_factory=list)


def recognizes(line: str) -> bool:
    """The table's header or one of its result rows."""
    return short(line) and bool(_HEADER.match(line) or _ROW.match(line))


def parse_liboqs_speed(text: str, *, source_name: str, started_at: datetime) -> list[RunDocument]:
    """One run document per run of speed_kem / speed_sig in `text`; ParseError when none."""
    runs: list[_Run] = []
    config: dict[str, str] = {}
    started: datetime | None = None
    understood: set[int] = set()
    stray: list[ParseWarning] = []
    numbered = list(filled_lines(text))
    for number, line in numbered:
        if not short(line):
            continue
        row = _ROW.match(line)
        if _HEADER.match(line):
            if not runs or runs[-1].results:
                runs.append(_Run(number, config))
            runs[-1].cycles = "cycles" in line.rpartition("|")[0].rpartition("|")[2]
            runs[-1].started = started
        elif row is not None and runs and runs[-1].algorithm:
            runs[-1].results.extend(_results(runs[-1], row))
        elif row is not None:
            stray.append(warning(number, line, _STRAY, source_name))
        elif (algorithm := _ALGORITHM.match(line)) is not None:
            if not runs:
                runs.append(_Run(number, config, cycles=None, started=started))
                stray.append(warning(number, line, _HEADERLESS, source_name))
            runs[-1].algorithm = algorithm["name"]
        elif (start := _STARTED.match(line)) is not None:
            started = datetime.fromisoformat(start.group(1)).replace(tzinfo=UTC)
        elif (host := prompt_host(line)) is not None:
            config = {"host": host}
        elif line.strip() == "Configuration info":
            config = {key: value for key, value in config.items() if key == "host"}
        elif (pair := _CONFIG.match(line)) is not None:
            config[pair["key"]] = pair["value"]
        elif not (_RULE.match(line) or _SKIPPED.match(line)):
            continue
        understood.add(number)
    missing = f"no {TOOL} result rows (`keygen | 1000 | 3.000 | 12.3 | ...`)"
    return run_documents(
        measured(runs, source_name, missing),
        numbered,
        understood,
        source_name,
        lambda run, w: _document(run, started_at, w),
        warned=stray,
    )


def _results(run: _Run, row: re.Match[str]) -> list[Result]:
    operation = _OPERATIONS[row["op"]]
    name = f"{run.algorithm} {row['op']}"
    common = Result(
        name=name,
        algorithm=run.algorithm or "",
        operation=operation,
        library=LIBRARY,
        library_version=_version(run.config.get("OQS version")),
        metric="ns_per_op",
        value=float(row["mean"]),
        unit="us/op",
        error=float(row["stdev"]),
        error_kind="stddev",
        samples=int(row["n"]),
    )
    stats = {"total_s": float(row["total"])}
    if run.cycles is False:
        stats |= {"ns_mean": float(row["last_mean"]), "ns_stdev": float(row["last_stdev"])}
    time = common.model_copy(update={"stats": stats})
    if not run.cycles:
        return [time]
    cycles = common.model_copy(
        update={
            "name": f"{name} cycles",
            "metric": "cycles_per_op",
            "value": float(row["last_mean"]),
            "unit": "cycles/op",
            "error": float(row["last_stdev"]),
        }
    )
    return [time, cycles]


def _version(value: str | None) -> str | None:
    return value.split()[0] if value else None


def _with_families(results: list[Result]) -> list[Result]:
    """A KEM (speed_kem: encaps and decaps) or a signature scheme (speed_sig)."""
    kems = {r.algorithm for r in results if r.operation in ("encaps", "decaps")}
    return [
        r.model_copy(update={"family": "kem" if r.algorithm in kems else "signature"})
        for r in results
    ]


def _document(run: _Run, at: datetime, warnings: list[ParseWarning]) -> RunDocument:
    config = run.config
    platform = config.get("Target platform", "")
    arch, _, system = platform.partition("-")
    os_name, _, release = system.partition("-")
    build = "; ".join(
        f"{key}: {config[key]}"
        for key in ("Compiler", "Compile options", "OQS build flags", "OpenSSL enabled")
        if key in config
    )
    return RunDocument(
        run_id=new_run_id(),
        source=SOURCE,
        started_at=run.started or at,
        machine=Machine(
            name=config.get("host") or UNKNOWN_MACHINE,
            arch=arch or None,
            os=f"{os_name} {release}".strip() or None,
        ),
        tool=Tool(
            name=TOOL,
            version=_version(config.get("OQS version")),
            build=build or None,
        ),
        results=_with_families(run.results),
        warnings=kept_warnings(warnings),
    )


FORMAT = Format(
    name="liboqs",
    tool="liboqs speed_kem / speed_sig",
    looks_like="its Operation | Iterations | ... table and the Configuration info block",
    parse=harness(parse_liboqs_speed),
    sources=(SOURCE,),
    count=lines(recognizes),
)
