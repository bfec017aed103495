"""POST /api/v1/imports never answers 5xx (issue 27): every captured output under
parsers/tests/fixtures and collectors/tests/fixtures, named as each format and detected (a dry
run), stored on both databases, and hypothesis' mutations of them (cut, lines joined or
repeated, truncated JSON, a value replaced by an extreme one, a wrong format named) are a 2xx
or a 4xx problem+json naming the body's line or the option."""

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_imports import store  # noqa: F401

from cryptobench_parsers.formats import NAMES
from cryptobench_server.errors import PROBLEM_JSON

ROOT = Path(__file__).parents[2]
OUTPUTS = [
    path
    for folder in ("parsers/tests/fixtures", "collectors/tests/fixtures")
    for path in sorted((ROOT / folder).rglob("*"))
    if path.is_file() and path.name not in ("PROVENANCE.md", "SOURCES.md")
]
CHOICES = ("auto", *NAMES)
LARGE = 64 * 1024
#: A figure or a quoted string of an output, and what a mangled paste holds in its place.
_VALUE = re.compile(r'-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"[^"\n]{1,40}"')
_EXTREMES = (
    "null",
    "-1",
    "0",
    "1e999",
    "123456789012345678901234567890",
    "[]",
    '"' + "A" * 300 + '"',
)


def post(client, body: bytes, choice: str, *, dry_run: bool):
    return client.post(
        "/api/v1/imports",
        params={"format": choice, "dry_run": str(dry_run).lower()},
        content=body,
        headers={"Content-Type": "text/plain"},
    )


def assert_answered(response) -> None:
    """A 2xx, or a 4xx problem+json whose errors name the field (the body with its line)."""
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert response.headers["content-type"].startswith(PROBLEM_JSON)
        problem = response.json()
        assert problem["detail"] and problem["errors"], problem
        assert all(error["field"] for error in problem["errors"]), problem


def test_the_outputs_are_many_and_of_every_folder():
    folders = {path.relative_to(ROOT).parts[3] for path in OUTPUTS}
    assert len(OUTPUTS) >= 100
    assert {"action_benchmark", "botan", "jmh", "openssl", "serial", "libressl"} <= folders


def test_every_output_named_as_every_format_is_answered(client):
    """Outputs over LARGE bytes (12 of 232 now: github-action-benchmark stores, JMH and Google
    Benchmark JSON, pqm4 tables) are named as `auto` only: they are longer, not other, shapes of
    their formats, and were half of this test's time (the 876 KB data.js alone, x17 formats)."""
    for path in OUTPUTS:
        body = path.read_bytes()
        for choice in CHOICES if len(body) <= LARGE else ("auto",):
            assert_answered(post(client, body, choice, dry_run=True))


def test_every_output_detected_is_stored_or_refused(store):  # noqa: F811
    client, _, _ = store
    for path in OUTPUTS:
        assert_answered(post(client, path.read_bytes(), "auto", dry_run=False))


def _mutated(draw) -> tuple[bytes, str]:
    body = draw(st.sampled_from(OUTPUTS)).read_text(errors="replace")
    lines = body.splitlines(keepends=True) or [""]
    at = draw(st.integers(0, len(lines) - 1))
    kind = draw(st.sampled_from(["cut", "join", "repeat", "truncate", "value"]))
    if kind == "cut":
        lines = lines[at : at + draw(st.integers(1, 60))]
    elif kind == "join" and at + 1 < len(lines):
        lines[at : at + 2] = [lines[at].rstrip("\r\n") + lines[at + 1]]
    elif kind == "repeat":
        lines[at:at] = [lines[at]] * draw(st.integers(1, 3))
    text = "".join(lines)
    if kind == "truncate":
        text = text[: draw(st.integers(0, len(text)))]
    if kind == "value" and (values := list(_VALUE.finditer(text))):
        found = values[draw(st.integers(0, len(values) - 1))]
        text = text[: found.start()] + draw(st.sampled_from(_EXTREMES)) + text[found.end() :]
    return text.encode(), draw(st.sampled_from(CHOICES))


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.composite(_mutated)())
def test_a_mutated_output_is_answered(client, mutated):
    body, choice = mutated
    assert_answered(post(client, body, choice, dry_run=True))


def test_two_outputs_pasted_together_ask_for_the_format_naming_both(client):
    """Close in number of lines (5 go, 6 bssl): a guess would lose one of them."""
    go = (ROOT / "parsers/tests/fixtures/go/alextanhongpin-go-obfuscate_README.txt").read_text()
    bssl = ROOT / "parsers/tests/fixtures/bssl_speed/boringssl-500fa1f_ml-kem_commit_message.txt"
    paste = f"{bssl.read_text()}\n{go}"
    response = post(client, paste.encode(), "auto", dry_run=True)
    assert response.status_code == 422
    assert_answered(response)
    problem = response.json()
    assert problem["detail"].startswith("line ")
    assert "like go test -bench (format go," in problem["detail"]
    assert "like bssl speed (BoringSSL, AWS-LC) (format bssl," in problem["detail"]
    assert problem["errors"][0]["line"] > bssl.read_text().count("\n")  # the fewer's first
    assert post(client, paste.encode(), "bssl", dry_run=True).status_code == 200


def test_an_output_with_a_few_lines_of_another_is_read_as_the_one_holding_most(client):
    """issue 36: 32 go lines and 6 bssl lines are a go output with something pasted after it
    (was refused as ambiguous); the reason names the lines not read."""
    go = (ROOT / "parsers/tests/fixtures/go/meysam81-x_cryptox_README.txt").read_text()
    bssl = ROOT / "parsers/tests/fixtures/bssl_speed/boringssl-500fa1f_ml-kem_commit_message.txt"
    response = post(client, f"{go}\n{bssl.read_text()}".encode(), "auto", dry_run=True)
    assert response.status_code == 200, response.text
    assert_answered(response)
