"""Probes of odd fields (issue 25, items 6, 10 and 11): a `+05:00` timestamp, NaN in
machine.extra, NUL in a note, a fullwidth library name, a run with 20,000 tags and an import
with a blank machine name."""

from datetime import UTC, datetime

from cryptobench_testsupport.reliability_harness import make_run, run_id_for
from cryptobench_testsupport.reliability_hostile import RUNS, Bound, Outcome, Stack, exchange
from cryptobench_testsupport.reliability_hostile_bodies import OPENSSL_SESSION
from cryptobench_testsupport.reliability_hostile_values import one_result, stored_document

FULLWIDTH_OPENSSL = "\uff2f\uff50\uff45\uff4e\uff33\uff33\uff2c"
MANY_TAGS = 20_000


def offset_timestamps(stack: Stack) -> list[Outcome]:
    document = one_result(54, 0, 1000.0)
    document.update(started_at="2026-11-20T15:00:00+05:00", finished_at="2026-11-20T15:30:00+05:00")
    outcome, run = stored_document(
        stack, "offset_timestamp_roundtrip", "started_at 2026-11-20T15:00:00+05:00", document
    )
    if outcome.check(run is not None, "not stored") and run is not None:
        served = {key: _instant(run[key]) for key in ("started_at", "finished_at")}
        outcome.figures["served"] = served
        outcome.check(
            served["started_at"] == "2026-11-20T10:00:00+00:00"
            and served["finished_at"] == "2026-11-20T10:30:00+00:00",
            "served as another instant",
        )
        outcome.answer = served
    return [outcome]


def _instant(value: str) -> str:
    return datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(UTC).isoformat()


def nan_in_extra(stack: Stack) -> list[Outcome]:
    document = one_result(55, 0, 1000.0)
    document["machine"]["extra"] = {"temperature": float("nan")}
    outcome, run = stored_document(
        stack, "nan_in_machine_extra", 'machine.extra {"temperature": NaN}', document
    )
    outcome.answer = {
        "status": outcome.figures.get("status"),
        "extra": run["machine"].get("extra") if run else None,
    }
    return [outcome]


def nul_in_note(stack: Stack) -> list[Outcome]:
    outcome, _ = exchange(
        stack,
        "nul_in_note",
        'POST /api/v1/runs/{id}/notes {"text": "before\\u0000after"}',
        Bound(statuses=("4xx",), nothing_stored=True),
        lambda client: client.post(
            f"{RUNS}/{run_id_for(1, 0)}/notes", json={"text": "before\u0000after"}
        ),
        token=stack.upload_token,
    )
    outcome.answer = outcome.figures.get("status")
    return [outcome]


def fullwidth_library(stack: Stack) -> list[Outcome]:
    document = one_result(56, 0, 1000.0)
    document["results"][0]["library"] = FULLWIDTH_OPENSSL
    outcome, run = stored_document(
        stack, "fullwidth_library_name", f"library {FULLWIDTH_OPENSSL!r}", document
    )
    if outcome.check(run is not None, "not stored") and run is not None:
        libraries = sorted({result["library"] for result in run["results"]})
        outcome.figures["stored_library"] = libraries
        outcome.check(libraries == ["OpenSSL"], f"stored as {libraries}")
        outcome.answer = libraries
    return [outcome]


def many_tags(stack: Stack) -> list[Outcome]:
    document = make_run(57, 0)
    document["tags"] = {f"k{i}": "v" for i in range(MANY_TAGS)}
    outcome, response = exchange(
        stack,
        "tags_20000_in_one_run",
        f"POST /api/v1/runs with {MANY_TAGS:,} tags",
        Bound(statuses=("4xx",), nothing_stored=True),
        lambda client: client.post(RUNS, json=document),
        token=stack.upload_token,
    )
    if response is not None and response.status_code < 500:
        outcome.check("tags" in response.text, "the 4xx does not name tags")
    return [outcome]


def blank_machine_name(stack: Stack) -> list[Outcome]:
    outcome, _ = exchange(
        stack,
        "import_blank_machine_name",
        "POST /api/v1/imports?machine_name=%20%20 with one openssl speed session",
        Bound(statuses=("4xx",), nothing_stored=True),
        lambda client: client.post(
            "/api/v1/imports",
            params={"machine_name": "  "},
            content=OPENSSL_SESSION.encode(),
            headers={"Content-Type": "text/plain"},
        ),
        token=stack.upload_token,
    )
    return [outcome]
