import json

import httpx
import pytest
from collect_support import make_run

from cryptobench_collect.uploader import Uploader


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0
        self.pauses: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.pauses.append(seconds)
        self.now += seconds


def uploader(answers, *, deadline_s=10.0, token="tok-1"):
    """An Uploader whose server answers from `answers` in turn (a response or an exception)."""
    seen = []
    fake = FakeTime()

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        answer = answers[min(len(seen), len(answers)) - 1]
        if isinstance(answer, Exception):
            raise answer
        return answer

    up = Uploader(
        server="http://dash:8000/",
        token=token,
        deadline_s=deadline_s,
        transport=httpx.MockTransport(handler),
        sleep=fake.sleep,
        clock=fake.clock,
    )
    return up, seen, fake


RUN_ID = "00000000-0000-4000-8000-000000000001"
STORED = {"run_id": RUN_ID, "source": "openssl-speed", "result_count": 1}


def problem(status, **fields):
    return httpx.Response(status, json=fields, headers={"Content-Type": "application/problem+json"})


def test_201_is_accepted_and_the_request_is_the_document_with_a_bearer_token():
    up, seen, _ = uploader([httpx.Response(201, json=STORED)])
    body = make_run().to_json()
    outcome = up.upload(body, run_id=RUN_ID)
    assert (outcome.status, outcome.http_status, outcome.detail) == ("accepted", 201, "stored")
    assert seen[0].url == "http://dash:8000/api/v1/runs"
    assert seen[0].headers["Authorization"] == "Bearer tok-1"
    assert json.loads(seen[0].content) == json.loads(body)


def test_200_means_already_stored():
    up, _, _ = uploader([httpx.Response(200, json=STORED)])
    assert up.upload("{}", run_id=RUN_ID).detail == "already stored"


def test_409_is_rejected_with_the_problem_detail_and_not_retried():
    up, seen, _ = uploader(
        [problem(409, title="Conflict", detail="run_id already stored with other content")]
    )
    outcome = up.upload("{}", run_id=RUN_ID)
    assert (outcome.status, outcome.http_status) == ("rejected", 409)
    assert outcome.detail == "HTTP 409: Conflict; run_id already stored with other content"
    assert outcome.problem["title"] == "Conflict"
    assert len(seen) == 1


def test_401_is_unauthorized_not_rejected():
    up, _, _ = uploader([problem(401, title="Unauthorized")], token=None)
    assert up.upload("{}", run_id=RUN_ID).status == "unauthorized"


def test_429_and_5xx_and_network_errors_are_retried_with_backoff_until_success():
    answers = [
        httpx.Response(429, headers={"Retry-After": "3"}),
        httpx.Response(503),
        httpx.ConnectError("refused"),
        httpx.Response(201, json=STORED),
    ]
    up, seen, fake = uploader(answers)
    assert up.upload("{}", run_id=RUN_ID).status == "accepted"
    assert len(seen) == 4
    assert fake.pauses == [3.0, 1.0, 2.0]


def test_gives_up_at_the_deadline_and_says_unreachable():
    up, seen, fake = uploader([httpx.ConnectError("refused")], deadline_s=5.0)
    outcome = up.upload("{}", run_id=RUN_ID)
    assert outcome.status == "unreachable"
    assert outcome.detail.startswith("cannot reach http://dash:8000/: refused")
    assert fake.pauses == [0.5, 1.0, 2.0]
    assert len(seen) == 4
    assert fake.now < 5.0


@pytest.mark.parametrize("status", [400, 404, 413, 422])
def test_other_4xx_are_rejected(status):
    up, _, _ = uploader([problem(status, detail="nope")])
    assert up.upload("{}", run_id=RUN_ID).status == "rejected"


@pytest.mark.parametrize(
    "answer", [httpx.Response(503), httpx.Response(429), httpx.ReadTimeout("no answer")]
)
def test_a_server_that_answers_badly_is_failing_not_unreachable(answer):
    up, seen, _ = uploader([answer], deadline_s=5.0)
    assert up.upload("{}", run_id=RUN_ID).status == "failing"
    assert len(seen) > 1


@pytest.mark.parametrize(
    ("answer", "what"),
    [
        (
            httpx.Response(201, text="<html>Welcome to the hotel wifi</html>"),
            "not a JSON object: '<html>Welcome to the hotel wifi</html>'",
        ),
        (httpx.Response(201), "not a JSON object: '(empty)'"),
        (httpx.Response(200, json=[RUN_ID]), f"not a JSON object: '[\"{RUN_ID}\"]'"),
        (
            httpx.Response(201, json={"run_id": "00000000-0000-4000-8000-000000000002"}),
            "run_id '00000000-0000-4000-8000-000000000002'",
        ),
    ],
)
def test_a_2xx_without_the_stored_run_is_failing_and_retried_not_sent(answer, what):
    up, seen, _ = uploader([answer], deadline_s=5.0)
    outcome = up.upload(make_run().to_json(), run_id=RUN_ID)
    assert (outcome.status, outcome.http_status, outcome.detail) == (
        "failing",
        answer.status_code,
        f"HTTP {answer.status_code} without the stored run ({what}); not counted as sent",
    )
    assert len(seen) > 1
