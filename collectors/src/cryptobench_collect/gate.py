"""`--fail-on-regression`: after an upload, ask the server for its verdicts on that run.

The server gives each series of the run a typed verdict and the run one status (GET
/api/v1/runs/{run_id}/verdicts, backend changes/verdicts.py), most urgent first: regressed,
action_required (a series not_comparable, insufficient or missing_baseline), acknowledged (a
regression a person marked expected or dismissed on the dashboard), improved, stable.

- regressed: the regressions, grouped into events by run and cause (GET
  /api/v1/changes/events?run=RUN_ID&direction=regression), one line each: the series it moved as
  the server summarises them, the machine, the evidence, and the run fields that differ by the
  lines that differ (each side cut to FACT_CHARS); then RegressionFound (exit 4).
- action_required: one line per verdict and reason ("insufficient: 2 of 3 baseline runs: 12
  series (AES-128-CBC, SHA-256)"); then ActionRequired (exit 5): the gate cannot say that
  nothing regressed.
- acknowledged, improved, stable: one line per word given ("acknowledged: expected by ops:
  AES-NI masked on purpose: 6 series (AES-128-CBC)"), then "no regression found
  at run RUN_ID: 6 acknowledged, 11 stable, 1 improved"; exit 0.

Either failure is raised once every run is delivered, its message the summary line.
"""

from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from cryptobench_collect.errors import CollectorError

#: Groups of series named on an event's line; the rest are counted.
GROUPS_SHOWN = 3
#: Characters of each side of a differing run field shown.
FACT_CHARS = 72
ACTION_VERDICTS = ("not_comparable", "insufficient", "missing_baseline")
#: Verdicts listed by reason before the summary line: what to act on, and the words people gave.
LISTED_VERDICTS = (*ACTION_VERDICTS, "acknowledged")


#: Algorithms named on an action-required line; the rest are counted.
ALGORITHMS_SHOWN = 3


class GateFailed(CollectorError):
    """Every run was uploaded, and the gate's verdict on one of them fails the command."""


class RegressionFound(GateFailed):
    """The server found at least one regression at one of the runs."""

    exit_code = 4


class LeakFound(GateFailed):
    """--fail-on-leak: a leak screen of the run differs by class exactly (leak_gate.py)."""

    exit_code = 6


class ActionRequired(GateFailed):
    """No regression, but a series of a run cannot be judged: not comparable (another CPU or
    clock), insufficient baseline runs, or none."""

    exit_code = 5


def report(
    run_id: str, verdicts: dict[str, Any], events: list[dict[str, Any]], console: Console
) -> None:
    """Print the gate's verdict on `run_id` (its verdicts, and its regression events when it
    regressed); raise RegressionFound or ActionRequired when the run fails the gate."""
    for (verdict, reason), algorithms in _reasons(verdicts["verdicts"]).items():
        head = "acknowledged" if verdict == "acknowledged" else "action required"
        console.print(f"[bold yellow]{head}:[/] {escape(reason)}: {algorithms}", soft_wrap=True)
    counts = verdicts["counts"]
    if verdicts["status"] == "regressed":
        _regressed(run_id, events, counts["regressed"], console)
    if verdicts["status"] == "action_required":
        judged = ", ".join(
            f"{n} {v.replace('_', ' ')}" for v, n in counts.items() if v in ACTION_VERDICTS
        )
        raise ActionRequired(
            f"{judged} series at run {run_id}: the gate cannot say that nothing regressed"
        )
    text = ", ".join(f"{n} {v}" for v, n in counts.items())
    console.print(f"no regression found at run {run_id}: {text or 'no series'}")


def _reasons(rows: list[dict[str, Any]]) -> dict[tuple[str, str], str]:
    """Per verdict and detail of the action-required and acknowledged rows (an acknowledged one by
    the word on it): how many series, which algorithms."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for row in rows:
        verdict = row["verdict"]
        if verdict in LISTED_VERDICTS:
            word = row.get("acknowledgement")
            if verdict == "acknowledged" and word:
                reason = f"{word['kind']} by {word['author']}: {word['note']}"
            else:
                reason = f"{verdict.replace('_', ' ')}: {row['detail']}"
            grouped.setdefault((verdict, reason), []).append(row["series"]["algorithm"])
    out: dict[tuple[str, str], str] = {}
    for key, algorithms in grouped.items():
        names = list(dict.fromkeys(algorithms))
        shown = ", ".join(names[:ALGORITHMS_SHOWN])
        if len(names) > ALGORITHMS_SHOWN:
            shown += f", +{len(names) - ALGORITHMS_SHOWN} more"
        out[key] = f"{len(algorithms)} series ({shown})"
    return out


def _regressed(run_id: str, events: list[dict[str, Any]], regressed: int, console: Console) -> None:
    """Print the regression events; raise RegressionFound. (Without events, the regressed series
    are the ones of the verdicts, which compare only runs at one clock.)"""
    # An event all of whose changes carry a person's word was acknowledged, not found.
    events = [e for e in events if e.get("acknowledged", 0) < len(e.get("changes", [None]))]
    for event in events:
        console.print(f"[bold red]regression:[/] {escape(describe(event))}", soft_wrap=True)
    changes = sum(event["regressions"] for event in events) or regressed
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


def worst(found: Sequence[GateFailed]) -> type[GateFailed]:
    """The failure of several runs that failed the gate: a regression when one regressed, then
    a leak found exactly, then action required."""
    for kind in (RegressionFound, LeakFound):
        if any(isinstance(exc, kind) for exc in found):
            return kind
    return ActionRequired


def raise_found(found: Sequence[GateFailed]) -> None:
    if found:
        raise worst(found)("; ".join(str(exc) for exc in found))
