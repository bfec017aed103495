"""`--fail-on-regression`: after an upload, ask the server which regressions it found at that run.

The server detects step changes on ingest and groups them into events, one per run and cause
(GET /api/v1/changes/events?run=RUN_ID&direction=regression). Each event is one line: the series
it moved as the server summarises them, the machine, the evidence, and the run fields that
differ by the lines that differ (each side cut to FACT_CHARS, so a 600-character tool build
never fills the terminal); then the command exits 4 (RegressionFound) once every run is
delivered, its message the summary line.
"""

from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.markup import escape

from cryptobench_collect.errors import CollectorError

#: Groups of series named on an event's line; the rest are counted.
GROUPS_SHOWN = 3
#: Characters of each side of a differing run field shown.
FACT_CHARS = 72


class RegressionFound(CollectorError):
    """Every run was uploaded, and the server found at least one regression at one of them."""

    exit_code = 4


def report(run_id: str, events: list[dict[str, Any]], console: Console) -> None:
    """Print the regression events found at `run_id`; raise RegressionFound when there is one."""
    if not events:
        console.print(f"no regression found at run {run_id}")
        return
    for event in events:
        console.print(f"[bold red]regression:[/] {escape(describe(event))}", soft_wrap=True)
    changes = sum(event["regressions"] for event in events)
    raise RegressionFound(
        f"{changes} regression(s) in {len(events)} event(s) at run {run_id}"
        " (the dashboard's Changes page lists each series)"
    )


def describe(event: dict[str, Any]) -> str:
    """`AES-128-CBC encrypt x0.21-0.25 on 6 block sizes on masked-box (few points: z >= 50,
    noise <= 1.9%); changed: tool_build CPUINFO: ...=0xfffa... -> CPUINFO: ...=0xfdfa...`"""
    groups = [group["text"] for group in event["groups"]]
    moved = "; ".join(groups[:GROUPS_SHOWN])
    if len(groups) > GROUPS_SHOWN:
        moved += f"; +{len(groups) - GROUPS_SHOWN} more groups"
    changed = "; ".join(_fact(fact) for fact in event["what_changed"])
    evidence = _evidence(event["evidence"])
    return (
        f"{moved} on {event['machine']} ({evidence}); "
        f"changed: {changed or 'nothing recorded changed'}"
    )


def _evidence(evidence: dict[str, Any]) -> str:
    if evidence["deterministic"]:
        return "deterministic count: any step beyond 0 is real"
    z = evidence["z_min"]
    text = (
        "no run-to-run noise"
        if z is None
        else f"z >= {z:.1f}, noise <= {evidence['noise_max']:.1%}"
    )
    return f"few points: {text}" if evidence["few_points"] else text


def _fact(fact: dict[str, Any]) -> str:
    hunks = fact["hunks"]
    before = _side(line for hunk in hunks for line in hunk["before"])
    after = _side(line for hunk in hunks for line in hunk["after"])
    return f"{fact['fact']} {before} -> {after}"


def _side(lines: Iterable[str]) -> str:
    text = " / ".join(lines) or "(none)"
    return text if len(text) <= FACT_CHARS else text[: FACT_CHARS - 1] + "…"


def raise_found(found: list[RegressionFound]) -> None:
    if found:
        raise RegressionFound("; ".join(str(exc) for exc in found))
