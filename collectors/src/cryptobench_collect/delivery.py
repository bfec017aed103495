"""What happens to a finished run: print it, save it, or spool it and upload it.

Every run that is meant for a server is first written to the spool's pending/ directory, then
uploaded, then moved to sent/ (or failed/ with the server's problem detail). If the server
cannot be reached, or fails on it, the run stays in pending/ and OnlySpooled (exit code 3) says
so. `flush` sends what waits in pending/, going on past a run that fails. With
--fail-on-regression the server is then asked for its verdicts on the run (gate.py:
RegressionFound, exit code 4; ActionRequired, exit code 5), written to the --report-* files
(gate_report.py); with --fail-on-leak for the verdicts of its leak screens (leak_gate.py:
LeakFound, exit code 6, only for counts that differ by class exactly).
"""

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError
from rich.console import Console

from cryptobench_collect.documents import write_atomically
from cryptobench_collect.errors import (
    CollectorError,
    OnlySpooled,
    RuntimeFailure,
    ServerUnreachable,
    UsageError,
)
from cryptobench_collect.gate import GateFailed, raise_found, report
from cryptobench_collect.gate_report import Reports
from cryptobench_collect.leak_gate import report_leaks
from cryptobench_collect.spool import Spool
from cryptobench_contract import RunDocument

if TYPE_CHECKING:
    import httpx

    from cryptobench_collect.uploader import Uploader


@dataclass(frozen=True)
class DeliveryOptions:
    spool_dir: Path
    server: str | None = None
    token: str | None = None
    no_upload: bool = False
    output: Path | None = None
    tags: dict[str, str] = field(default_factory=dict)
    machine_name: str | None = None
    fail_on_regression: bool = False
    fail_on_leak: bool = False
    reports: Reports | None = None
    deadline_s: float = 60.0
    timeout_s: float = 30.0
    transport: "httpx.BaseTransport | None" = None
    console: Console = field(default_factory=lambda: Console(stderr=True))

    def uploader(self) -> "Uploader":
        """The HTTP client, imported only when something is uploaded (httpx costs startup time)."""
        from cryptobench_collect.uploader import Uploader

        return Uploader(
            server=self.server or "",
            token=self.token,
            deadline_s=self.deadline_s,
            timeout_s=self.timeout_s,
            transport=self.transport,
        )


def deliver(run: RunDocument, options: DeliveryOptions) -> RunDocument:
    """Apply --tag/--machine-name, then print/save (--no-upload, -o) or spool and upload."""
    run = apply_overrides(run, tags=options.tags, machine_name=options.machine_name)
    if options.output is not None:
        write_atomically(options.output, run.to_json() + "\n")
        options.console.print(f"run document written to {options.output}")
    if options.no_upload:
        if options.output is None:
            sys.stdout.write(run.to_json() + "\n")
        return run
    spool = Spool(options.spool_dir)
    path = spool.add(run)
    with spool.claim(path) as claimed:
        if claimed:
            send(spool, path, run, options)
        else:
            options.console.print(f"run {run.run_id} is being sent by a `cryptobench spool flush`")
    return run


def apply_overrides(
    run: RunDocument, *, tags: dict[str, str], machine_name: str | None
) -> RunDocument:
    if not tags and machine_name is None:
        return run
    data = run.model_dump(by_alias=True)
    data["tags"] = {**data["tags"], **tags}
    if machine_name is not None:
        data["machine"]["name"] = machine_name
    try:
        return RunDocument.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise UsageError(
            f"--tag/--machine-name: {'.'.join(map(str, first['loc']))}: {first['msg']}"
        ) from None


def send(spool: Spool, path: Path, run: RunDocument, options: DeliveryOptions) -> None:
    """Upload one spooled run (its file claimed, Spool.claim) and move its file according to
    the server's answer."""
    if not options.server:
        raise OnlySpooled(
            f"no server configured (--server or CRYPTOBENCH_SERVER); run {run.run_id} waits in {path}"
        )
    outcome = options.uploader().upload(run.to_json(), run_id=str(run.run_id))
    if outcome.status == "accepted":
        spool.mark_sent(path)
        options.console.print(f"uploaded run {run.run_id} to {options.server} ({outcome.detail})")
        gates(str(run.run_id), options)
    elif outcome.status == "rejected":
        failed = spool.mark_failed(path, run, {"status": outcome.http_status, **outcome.problem})
        raise RuntimeFailure(
            f"the server rejected run {run.run_id}: {outcome.detail}; kept in {failed}"
        )
    elif outcome.status == "unauthorized":
        raise RuntimeFailure(
            f"the server refused the token ({outcome.detail}); run {run.run_id} waits in {path}; "
            "fix --token / CRYPTOBENCH_TOKEN and run `cryptobench spool flush`"
        )
    else:
        kind = ServerUnreachable if outcome.status == "unreachable" else OnlySpooled
        raise kind(
            f"{outcome.detail}; run {run.run_id} waits in {path} (`cryptobench spool flush`)"
        )


def gates(run_id: str, options: DeliveryOptions) -> None:
    """The gates asked for (--fail-on-regression, --fail-on-leak), each run even when the
    other failed; the worst failure is raised."""
    found: list[GateFailed] = []
    if options.fail_on_regression:
        try:
            gate(run_id, options)
        except GateFailed as exc:
            found.append(exc)
    if options.fail_on_leak:
        try:
            report_leaks(run_id, options.uploader().leaks(run_id), options.console)
        except GateFailed as exc:
            found.append(exc)
    raise_found(found)


def gate(run_id: str, options: DeliveryOptions) -> None:
    """Ask the server for its verdicts on the uploaded run (and its regression events when it
    regressed), add them to the reports, and print them (gate.report raises the failures)."""
    uploader = options.uploader()
    verdicts = uploader.verdicts(run_id)
    regressed = verdicts["status"] == "regressed"
    events = uploader.regressions(run_id) if regressed else []
    if options.reports is not None:
        options.reports.add(verdicts)
    report(run_id, verdicts, events, options.console)


@dataclass
class Flushed:
    """What one flush did: the runs pending when it began, those it sent, those another process
    had claimed (or moved away) first, and the problems met (their runs stay where they are)."""

    pending: int
    sent: int = 0
    taken: int = 0
    problems: list[CollectorError] = field(default_factory=list)


def flush(options: DeliveryOptions) -> Flushed:
    """Try every pending run, oldest first, each claimed by this process alone (Spool.claim).

    A run the server rejects (4xx) goes to failed/, one it fails on (5xx, 429, no answer) stays
    pending: each is a problem, and the flush goes on with the next run. Only a server that
    cannot be reached at all ends it; the runs after stay pending, untried, said in the problem.
    """
    spool = Spool(options.spool_dir)
    paths = spool.paths("pending")
    done = Flushed(pending=len(paths))
    for index, path in enumerate(paths):
        with spool.claim(path) as claimed:
            if not claimed:
                done.taken += 1
                continue
            try:
                send(spool, path, spool.load(path).run, options)
                done.sent += 1
            except GateFailed as exc:
                done.sent += 1
                done.problems.append(exc)
            except ServerUnreachable as exc:
                left = len(paths) - index - 1
                untried = f"; the {left} pending run(s) after it were not tried" if left else ""
                done.problems.append(ServerUnreachable(f"{exc}{untried}"))
                break
            except CollectorError as exc:
                done.problems.append(exc)
    return done
