"""What happens to a finished run: print it, save it, or spool it and upload it.

Every run that is meant for a server is first written to the spool's pending/ directory, then
uploaded, then moved to sent/ (or failed/ with the server's problem detail). If the server
cannot be reached the run stays in pending/ and OnlySpooled (exit code 3) says so. With
--fail-on-regression the server is then asked which regressions it found at the run (gate.py;
RegressionFound, exit code 4).
"""

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError
from rich.console import Console

from cryptobench_collect.documents import write_atomically
from cryptobench_collect.errors import CollectorError, OnlySpooled, RuntimeFailure, UsageError
from cryptobench_collect.gate import RegressionFound, report
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
    send(spool, spool.add(run), run, options)
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
    """Upload one spooled run and move its file according to the server's answer."""
    if not options.server:
        raise OnlySpooled(
            f"no server configured (--server or CRYPTOBENCH_SERVER); run {run.run_id} waits in {path}"
        )
    outcome = options.uploader().upload(run.to_json())
    if outcome.status == "accepted":
        spool.mark_sent(path)
        options.console.print(f"uploaded run {run.run_id} to {options.server} ({outcome.detail})")
        if options.fail_on_regression:
            regressions = options.uploader().regressions(str(run.run_id))
            report(str(run.run_id), regressions, options.console)
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
        raise OnlySpooled(
            f"{outcome.detail}; run {run.run_id} waits in {path} (`cryptobench spool flush`)"
        )


def flush(options: DeliveryOptions) -> tuple[int, list[CollectorError]]:
    """Try the pending runs oldest first; stop at the first unreachable server.

    Returns how many were sent and the problems met (the runs concerned stay where they are).
    """
    spool = Spool(options.spool_dir)
    sent = 0
    problems: list[CollectorError] = []
    for path in spool.paths("pending"):
        try:
            send(spool, path, spool.load(path).run, options)
            sent += 1
        except RegressionFound as exc:
            sent += 1
            problems.append(exc)
        except OnlySpooled as exc:
            problems.append(exc)
            break
        except CollectorError as exc:
            problems.append(exc)
    return sent, problems
