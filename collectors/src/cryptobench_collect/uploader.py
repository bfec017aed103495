"""POST run documents to the dashboard, classifying every answer explicitly.

201/200: accepted (200 = the same run was already stored; run_id is the idempotency key), when
the answer is the stored run: a JSON object with the run's run_id. Any other 200/201 (a proxy's
or a portal's page, a body broken off) is failing: retried, and the run stays in the spool.
401/403: not authorized (the run is fine, the token is not: keep it pending).
409 and other 4xx: rejected, with the server's problem+json detail.
429, 5xx and an answer broken off: retried with exponential backoff until a deadline, then
failing (this run's upload failed; another one may still go through).
No connection at all: retried the same way, then unreachable (no upload can go through).
This module never configures logging; it only logs through its own logger.
"""

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import httpx

from cryptobench_collect.errors import RuntimeFailure

log = logging.getLogger(__name__)

RUNS_PATH = "/api/v1/runs"
EVENTS_PATH = "/api/v1/changes/events"
LEAKS_PATH = "/api/v1/leaks"
#: Leak screens asked for at once: more than any run holds (7 libraries x 3 curves x 2 operations).
LEAK_SCREENS = 500
Status = Literal["accepted", "unauthorized", "rejected", "failing", "unreachable"]
RETRIED: tuple[Status, ...] = ("failing", "unreachable")


@dataclass(frozen=True)
class UploadOutcome:
    status: Status
    http_status: int | None
    detail: str
    problem: dict[str, Any] = field(default_factory=dict)


@dataclass
class Uploader:
    server: str
    token: str | None
    deadline_s: float = 60.0
    timeout_s: float = 30.0
    transport: httpx.BaseTransport | None = None
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic

    def upload(self, body: str, *, run_id: str) -> UploadOutcome:
        """Send one run document (its JSON text, of run `run_id`); retry what is worth retrying
        until the deadline."""
        give_up_at = self.clock() + self.deadline_s
        with self._client() as client:
            attempt = 0
            while True:
                attempt += 1
                outcome, retry_after = self._attempt(client, body, run_id, attempt)
                if outcome.status not in RETRIED:
                    return outcome
                pause = (
                    retry_after if retry_after is not None else min(0.5 * 2 ** (attempt - 1), 8.0)
                )
                if self.clock() + pause >= give_up_at:
                    return outcome
                self.sleep(pause)

    def regressions(self, run_id: str) -> list[dict[str, Any]]:
        """The regressions the server found at run `run_id`, grouped into events by cause (GET
        /changes/events); RuntimeFailure when it cannot say (unreachable, an older server
        without change events)."""
        params = {"run": run_id, "direction": "regression"}
        try:
            with self._client() as client:
                response = client.get(EVENTS_PATH, params=params)
        except httpx.HTTPError as exc:
            raise RuntimeFailure(f"cannot ask {self.server} for regressions: {exc}") from None
        if response.status_code != 200:
            detail = _describe(response.status_code, _problem(response), response)
            raise RuntimeFailure(f"cannot ask {self.server} for regressions: {detail}")
        return response.json()["events"]

    def leaks(self, run_id: str) -> dict[str, Any]:
        """The server's leak screens of run `run_id`, each with its verdict (GET /leaks?run=);
        RuntimeFailure when it cannot say (unreachable, an older server without leak screens)."""
        try:
            with self._client() as client:
                response = client.get(LEAKS_PATH, params={"run": run_id, "limit": LEAK_SCREENS})
        except httpx.HTTPError as exc:
            raise RuntimeFailure(f"cannot ask {self.server} for leak screens: {exc}") from None
        if response.status_code != 200:
            detail = _describe(response.status_code, _problem(response), response)
            raise RuntimeFailure(f"cannot ask {self.server} for leak screens: {detail}")
        return response.json()

    def verdicts(self, run_id: str) -> dict[str, Any]:
        """The server's verdicts on run `run_id` (GET /runs/{run_id}/verdicts: its status and a
        typed verdict per series); RuntimeFailure when it cannot say (unreachable, an older
        server without verdicts)."""
        try:
            with self._client() as client:
                response = client.get(f"{RUNS_PATH}/{run_id}/verdicts")
        except httpx.HTTPError as exc:
            raise RuntimeFailure(f"cannot ask {self.server} for verdicts: {exc}") from None
        if response.status_code != 200:
            detail = _describe(response.status_code, _problem(response), response)
            raise RuntimeFailure(f"cannot ask {self.server} for verdicts: {detail}")
        return response.json()

    def _client(self) -> httpx.Client:
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json, application/problem+json",
        }
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return httpx.Client(
            base_url=self.server.rstrip("/"),
            headers=headers,
            timeout=self.timeout_s,
            transport=self.transport,
        )

    def _attempt(
        self, client: httpx.Client, body: str, run_id: str, attempt: int
    ) -> tuple[UploadOutcome, float | None]:
        started = self.clock()
        try:
            response = client.post(RUNS_PATH, content=body.encode("utf-8"))
        except httpx.HTTPError as exc:
            log.info(
                "upload attempt %d failed after %.2fs: %s", attempt, self.clock() - started, exc
            )
            if _no_connection(exc):
                return UploadOutcome(
                    "unreachable", None, f"cannot reach {self.server}: {exc}"
                ), None
            return UploadOutcome("failing", None, f"no answer from {self.server}: {exc}"), None
        log.info(
            "upload attempt %d: HTTP %d in %.2fs",
            attempt,
            response.status_code,
            self.clock() - started,
        )
        return classify(response, run_id), _retry_after(response)


def classify(response: httpx.Response, run_id: str) -> UploadOutcome:
    """The outcome of the server's `response` to the upload of run `run_id`."""
    code = response.status_code
    problem = _problem(response)
    detail = _describe(code, problem, response)
    if code in (200, 201):
        if problem.get("run_id") == run_id:
            return UploadOutcome("accepted", code, detail, problem)
        return UploadOutcome("failing", code, _not_the_run(code, problem, response))
    if code in (401, 403):
        return UploadOutcome("unauthorized", code, detail, problem)
    if code == 429 or code >= 500:
        return UploadOutcome("failing", code, detail, problem)
    return UploadOutcome("rejected", code, detail, problem)


def _no_connection(exc: httpx.HTTPError) -> bool:
    """No connection was made (refused, no route, unknown host): the request never reached the
    server."""
    return isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout)


def _problem(response: httpx.Response) -> dict[str, Any]:
    try:
        data = response.json()
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _describe(code: int, problem: dict[str, Any], response: httpx.Response) -> str:
    if code in (200, 201):
        return "stored" if code == 201 else "already stored"
    parts = [str(problem[key]) for key in ("title", "detail") if problem.get(key)]
    errors = problem.get("errors")
    if isinstance(errors, list) and errors:
        parts.append(f"{len(errors)} field error(s), first: {errors[0]}")
    text = "; ".join(parts) or response.text[:300].strip() or response.reason_phrase
    return f"HTTP {code}: {text}"


def _not_the_run(code: int, answer: dict[str, Any], response: httpx.Response) -> str:
    if not answer:
        what = f"not a JSON object: {response.text[:100].strip() or '(empty)'!r}"
    else:
        what = f"run_id {answer.get('run_id')!r}"
    return f"HTTP {code} without the stored run ({what}); not counted as sent"


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After", "")
    try:
        return min(max(float(value), 0.0), 60.0)
    except ValueError:
        return None
