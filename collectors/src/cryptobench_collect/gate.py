"""`--fail-on-regression`: after an upload, ask the server which regressions it found at that run.

The server detects step changes on ingest (GET /api/v1/changes?run=RUN_ID&direction=regression);
each one is printed as series, before -> after, ratio and what changed between the run before
and this one, and the command exits 4 (RegressionFound) once every run is delivered.
"""

from typing import Any

from rich.console import Console
from rich.markup import escape

from cryptobench_collect.errors import CollectorError


class RegressionFound(CollectorError):
    """Every run was uploaded, and the server found at least one regression at one of them."""

    exit_code = 4


def report(run_id: str, changes: list[dict[str, Any]], console: Console) -> None:
    """Print the regressions found at `run_id`; raise RegressionFound when there is one."""
    if not changes:
        console.print(f"no regression found at run {run_id}")
        return
    for change in changes:
        console.print(f"[bold red]regression:[/] {escape(describe(change))}", soft_wrap=True)
    raise RegressionFound(f"{len(changes)} regression(s) at run {run_id}")


def describe(change: dict[str, Any]) -> str:
    """`ECDSA sign curve=secp256r1 hash=SHA-256 (Mbed TLS) on board: 50,000 -> 55,000 ns/op
    (x1.100, +10.0%); library_version 3.6.2 -> 3.6.3`"""
    series = change["series"]
    params = " ".join(f"{k}={v}" for k, v in sorted(series.get("params", {}).items()))
    what = [series["algorithm"], series.get("operation") or "", params]
    name = " ".join(part for part in what if part)
    if series.get("library"):
        name += f" ({series['library']})"
    ratio = change["ratio"]
    unit = change.get("unit", change["metric"])
    text = (
        f"{name} on {series['machine']}: {_figure(change['before'])} -> "
        f"{_figure(change['after'])} {unit} (x{ratio:.3f}, {ratio - 1:+.1%})"
    )
    changed = "; ".join(
        f"{key} {_text(old)} -> {_text(new)}" for key, (old, new) in change["what_changed"].items()
    )
    return f"{text}; {changed or 'nothing recorded changed'}"


def _figure(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"


def _text(value: Any) -> str:
    return "(none)" if value is None else " / ".join(str(value).splitlines())


def raise_found(found: list[RegressionFound]) -> None:
    if found:
        raise RegressionFound("; ".join(str(exc) for exc in found))
