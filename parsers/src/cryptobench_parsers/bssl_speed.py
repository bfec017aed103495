"""`bssl speed` output (BoringSSL and AWS-LC) -> run documents. Pure: no I/O.

A result line is `Did N NAME operations in Tus (R ops/sec)`, with `: M MB/s` after it for a
cipher, AEAD or hash (bssl's MB is 10^6 bytes). R is one result in ops/s (N and T kept as
stats `operations` and `elapsed_us`), M a second one in MB/s. NAME says the algorithm, the
operation (`signing`, `verify`, `key generation`, `seal` = encrypt, `open` = decrypt, `encap`,
`decap`) and the input size (`(16 bytes)`, as `block_bytes`); what it says beyond the vocabulary
(`(same key)`, `(fresh key)`) keeps its results apart as a `variant`. A comparison someone added
after the rate (`[+26.9%]`) is not a figure of the run. Lines may be quoted (`> `) or indented
(a README's code block). A name measured again after other names starts another run (a before
and an after pasted together). The library is AWS-LC when the text names it (its `bssl` prints
the same lines), BoringSSL otherwise; neither prints its version or the machine, but a Markdown
heading naming AWS-LC's commit (`### AWS-LC (5ede432...)`) is the version of the runs under it
(each heading starts a run: a page measuring several builds). The machine is
the CPU the text around the output names (`On an M1 Pro:`, `Benchmarks: Graviton 2`), else the
unknown machine.
"""

import re
from datetime import datetime
from functools import lru_cache
from typing import Any

from cryptobench_contract import Machine, ParseWarning, Result, RunDocument, Tool, new_run_id
from cryptobench_contract.run import UNKNOWN_MACHINE
from cryptobench_contract.vocabulary import Source
from cryptobench_parsers.bench_names import NameFacts, distinct_series, name_facts
from cryptobench_parsers.figures import kept_warnings, short
from cryptobench_parsers.harness_runs import NamedRun, add_results, measured, run_documents
from cryptobench_parsers.import_format import Format, harness, lines
from cryptobench_parsers.text_lines import filled_lines

SOURCE: Source = "bssl-speed"
TOOL = "bssl speed"
_NUMBER = r"\d+(?:\.\d+)?"
_LINE = re.compile(
    rf"^[\s>]*Did (?P<n>\d+) (?P<name>.+?) operations in (?P<us>\d+)us "
    rf"\((?P<rate>{_NUMBER}) ops/sec\)(?::\s*(?P<mbs>{_NUMBER}) MB/s)?"
)
#: Searched from the start of the blanks before `(` only (each blank of a run read the rest again).
_SIZE = re.compile(r"(?<!\s)\s*+\((\d+) bytes\)")
_AWS_LC = re.compile(r"aws-?lc", re.IGNORECASE)
#: A Markdown heading starts a run (a page of several builds measured one after the other); one
#: naming the commit AWS-LC was built from (`### AWS-LC (5ede432...)`) gives its runs that
#: version.
_HEADING = re.compile(r"^#{1,6}\s")
_VERSION = re.compile(r"aws-?lc\s*\((?P<version>[0-9a-f]{7,40})\)", re.IGNORECASE)
#: CPUs people name beside bssl speed output -> the CPU model (the first one named wins).
_CPUS = (
    (re.compile(r"\b(?:Apple )?(M[1-9](?: (?:Pro|Max|Ultra))?)\b"), r"Apple \1"),
    (re.compile(r"\bGraviton ?([1-9])\b"), r"AWS Graviton\1"),
)
#: Work timed with the operation (`generate + decap`, `encrypt init`, `private key parse`): the
#: name is kept as the result's `variant`, never one line with the bare operation.
_COMPOSITE = re.compile(r"\+|\binit\b|\bparse\b")
#: bssl's words for an operation -> the words bench_names reads.
_WORDS = {
    "signing": "sign",
    "key generation": "keygen",
    "seal": "encrypt",
    "open": "decrypt",
}


def recognizes(line: str) -> bool:
    """A `Did N NAME operations in Tus (R ops/sec)` line."""
    return short(line) and _LINE.match(line) is not None


def parse_bssl_speed(text: str, *, source_name: str, started_at: datetime) -> list[RunDocument]:
    """One run document per run of `bssl speed` in `text`; ParseError when no result line."""
    library = "AWS-LC" if _AWS_LC.search(text) else "BoringSSL"
    machine = _machine(text)
    runs: list[NamedRun] = []
    context: dict[str, str] = {}
    understood: set[int] = set()
    numbered = list(filled_lines(text))
    for number, line in numbered:
        if _HEADING.match(line):
            named = _VERSION.search(line)
            context = {"version": named["version"]} if named else {}
            if runs and not runs[-1].results:
                runs.pop()
            runs.append(NamedRun(number, context=context))
            continue
        match = _LINE.match(line) if short(line) else None
        if match is None:
            continue
        understood.add(number)
        name = match["name"].strip()
        results = _results(match, library, context.get("version"))
        add_results(runs, number, name, results, _SIZE.sub("", name), context)
    missing = f"no {TOOL} result lines (`Did N NAME operations in Tus (R ops/sec)`)"
    return run_documents(
        measured(runs, source_name, missing),
        numbered,
        understood,
        source_name,
        lambda run, w: _document(run, machine, started_at, w),
    )


def _results(match: re.Match[str], library: str, version: str | None) -> list[Result]:
    name = match["name"].strip()
    facts, params = _named(name)
    time = Result(
        name=name,
        family=facts.family,
        algorithm=facts.algorithm,
        operation=facts.operation,
        library=library,
        library_version=version,
        params=dict(params),
        metric="ops_per_s",
        value=float(match["rate"]),
        unit="ops/s",
        stats={"operations": float(match["n"]), "elapsed_us": float(match["us"])},
    )
    if match["mbs"] is None:
        return [time]
    update = {"metric": "bytes_per_s", "value": float(match["mbs"]), "unit": "MB/s", "stats": None}
    return [time, time.model_copy(update=update)]


@lru_cache(maxsize=4096)
def _named(name: str) -> tuple[NameFacts, tuple[tuple[str, Any], ...]]:
    """What a result line's NAME says: its facts and params (memoized: a paste of many runs
    names the same few dozen things on every run)."""
    size = _SIZE.search(name)
    described = _SIZE.sub("", name)
    for word, plain in _WORDS.items():
        described = re.sub(rf"\b{word}\b", plain, described)
    facts = name_facts(described)
    params: dict[str, Any] = dict(facts.params)
    if size:
        params["block_bytes"] = int(size.group(1))
    if _COMPOSITE.search(described):
        params["variant"] = _SIZE.sub("", name)
    return facts, tuple(params.items())


def _machine(text: str) -> Machine:
    named = [
        (found.start(), found.expand(cpu))
        for pattern, cpu in _CPUS
        if (found := pattern.search(text))
    ]
    if not named:
        return Machine(name=UNKNOWN_MACHINE)
    _, cpu = min(named)
    return Machine(name=cpu, cpu_model=cpu)


def _document(
    run: NamedRun, machine: Machine, at: datetime, warnings: list[ParseWarning]
) -> RunDocument:
    return RunDocument(
        run_id=new_run_id(),
        source=SOURCE,
        started_at=at,
        machine=machine,
        tool=Tool(name=TOOL, version=run.context.get("version")),
        results=distinct_series(run.results, run.stems),
        warnings=kept_warnings(warnings),
    )


FORMAT = Format(
    name="bssl",
    tool="bssl speed (BoringSSL, AWS-LC)",
    looks_like="its Did N ... operations in Tus (R ops/sec) lines",
    parse=harness(parse_bssl_speed),
    sources=(SOURCE,),
    count=lines(recognizes),
)
