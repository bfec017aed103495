"""`--fail-on-leak`: after an upload, ask the server for the verdicts of the run's leak screens
(GET /api/v1/leaks?run=RUN_ID; backend leaks/README.md) and fail only on an exact witness.

A screen of deterministic counts (instructions under an emulator, RV32 under QEMU) whose
reference class counts one value every time is compared exactly: a count the other class shows
that it never does is a secret-dependent path on that build, whatever the machine's load, so
"leak: instruction counts differ by class" fails the command (LeakFound, exit 6). Every other
verdict informs and never gates: timings on a shared machine (a CI runner) flag or miss by
noise, and counts that vary within the reference class (RSA blinding, an ECDSA nonce) are
compared statistically, as timings are. The server marks an exact comparison by evidence
`counts` without a t statistic. A run without leak screens passes with a line saying so.
"""

from typing import Any

from rich.console import Console
from rich.markup import escape

from cryptobench_collect.gate import LeakFound


def exact(verdict: dict[str, Any]) -> bool:
    """True for a verdict of counts compared exactly (no statistics behind it)."""
    return verdict["evidence"] == "counts" and verdict.get("t") is None


def report_leaks(run_id: str, body: dict[str, Any], console: Console) -> None:
    """Print one line per leak screen of `run_id`; raise LeakFound when a screen's counts
    differ by class exactly."""
    witnesses = 0
    for screen in body["screens"]:
        verdict = screen["verdict"]
        what = (
            f"{screen['algorithm']} {screen['operation'] or ''} {screen['library'] or ''} "
            f"({screen['name']}) on {screen['machine']}: {verdict['text']}"
        )
        if verdict["kind"] == "leak" and exact(verdict):
            witnesses += 1
            console.print(f"[bold red]leak:[/] {escape(what)}", soft_wrap=True)
        else:
            console.print(f"leak screen (informs, never gates): {escape(what)}", soft_wrap=True)
    screens = len(body["screens"])
    if witnesses:
        raise LeakFound(
            f"{witnesses} of {screens} leak screen(s) at run {run_id} differ by class exactly "
            "(deterministic counts)"
        )
    console.print(
        f"no deterministic leak at run {run_id}: {screens} leak screen(s)"
        + ("" if screens else " (the run has none)"),
        soft_wrap=True,
    )
