"""What both databases can hold: numbers in range, no NUL, a bounded number of tags and params."""

import json
import re

import pytest
from pydantic import ValidationError
from test_run_document import _doc

from cryptobench_contract import RunDocument
from cryptobench_contract.run import KEY_PATTERN, MAX_PARAMS, MAX_TAGS


def _errors(doc) -> list[tuple[str, str]]:
    with pytest.raises(ValidationError) as info:
        RunDocument.model_validate_json(json.dumps(doc))
    return [(".".join(map(str, e["loc"])), e["msg"]) for e in info.value.errors()]


def _result(**overrides):
    return {**_doc()["results"][0], **overrides}


@pytest.mark.parametrize("value", [0.0, 1e-30, 1.0, 1e30])
def test_figures_at_the_bounds_are_accepted(value):
    doc = RunDocument.model_validate(_doc(results=[_result(value=value)]))
    assert doc.results[0].value == value


@pytest.mark.parametrize(
    ("field", "value"),
    [("value", 1e-31), ("value", 1e31), ("value", 1e308), ("value", 5e-324), ("error", 1e300)],
)
def test_figures_out_of_range_are_refused_saying_the_range(field, value):
    extra = {"error_kind": "stddev"} if field == "error" else {}
    errors = _errors(_doc(results=[_result(**{field: value}, **extra)]))
    assert errors == [
        (
            f"results.0.{field}",
            f"Value error, {value!r} is out of range: "
            "a number here is 0 or a magnitude within [1e-30, 1e+30]",
        )
    ]


@pytest.mark.parametrize("where", ["stats", "raw"])
def test_stats_and_raw_figures_are_bounded_too(where):
    given = {"stats": {"min": 1e-40}, "raw": [1.0, 1e20]}[where]
    messages = [m for _, m in _errors(_doc(results=[_result(**{where: given})]))]
    assert any("out of range" in m for m in messages)


@pytest.mark.parametrize("number", [1e300, 1e-300, -1e20, 1e19, 1e-5, 0.1 + 0.2, 1 / 3])
def test_a_param_number_both_databases_would_print_differently_is_refused(number):
    errors = _errors(_doc(results=[_result(params={"ratio": number})]))
    assert all(field.startswith("results.0.params.ratio") for field, _ in errors)
    messages = [m for _, m in errors if "significant digits" in m or "64 bits" in m]
    assert messages or any("exceeded maximum size" in m for _, m in errors), errors


@pytest.mark.parametrize(
    ("number", "kept"),
    [(1e-4, 1e-4), (-0.5, -0.5), (123456789012345.0, 123456789012345.0), (-0.0, 0.0)],
)
def test_a_param_number_both_databases_print_alike_is_kept(number, kept):
    doc = RunDocument.model_validate(_doc(results=[_result(params={"ratio": number})]))
    assert repr(doc.results[0].params["ratio"]) == repr(kept)


def test_an_integral_param_number_beyond_the_decimals_is_an_integer():
    doc = RunDocument.model_validate(_doc(results=[_result(params={"block_bytes": 2.0**60})]))
    assert doc.results[0].params["block_bytes"] == 2**60


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"x": float("nan")}, "extra.x: nan is not a finite number"),
        ({"x": {"y": [1e308]}}, "extra.x.y[0]: 1e+308 is out of range"),
        ({"x": 1e20}, "extra.x: 1e+20 is out of range: a number here is 0 or a magnitude within"),
        ({"x": "a\u0000b"}, "extra.x: a string with a NUL character"),
        ({"x": {"y\u0000": 1}}, "extra.x key: a string with a NUL character"),
    ],
)
def test_machine_extra_holds_only_what_both_databases_store(extra, message):
    doc = _doc()
    doc["machine"]["extra"] = extra
    with pytest.raises(ValidationError) as info:
        RunDocument.model_validate_json(json.dumps(doc, allow_nan=True))
    assert message in str(info.value)


@pytest.mark.parametrize(
    "place",
    ["results.0.name", "results.0.library", "results.0.params.curve", "tags.engine", "tool.build"],
)
def test_a_nul_character_is_refused_naming_its_field(place):
    doc = _doc(tags={"engine": "x"})
    doc["tool"]["build"] = "gcc"
    doc["results"][0]["library"] = "OpenSSL"
    doc["results"][0]["params"]["curve"] = "secp256r1"
    *path, last = [int(p) if p.isdigit() else p for p in place.split(".")]
    target = doc
    for part in path:
        target = target[part]
    target[last] = f"a\u0000{target[last]}"
    fields = [field for field, _ in _errors(doc)]
    assert fields and all(f.startswith(place) for f in fields), fields


def test_at_most_max_tags_tags_and_max_params_params():
    assert MAX_TAGS == 64 and MAX_PARAMS == 32
    RunDocument.model_validate(_doc(tags={f"k{i}": "v" for i in range(MAX_TAGS)}))
    errors = _errors(_doc(tags={f"k{i}": "v" for i in range(20_000)}))
    assert errors == [
        ("tags", "Dictionary should have at most 64 items after validation, not more")
    ]
    params = {f"p{i}": i for i in range(MAX_PARAMS + 1)}
    assert _errors(_doc(results=[_result(params=params)])) == [
        ("results.0.params", "Dictionary should have at most 32 items after validation, not more")
    ]


def test_tag_and_param_keys_are_at_most_64_characters():
    fields = [f for f, _ in _errors(_doc(tags={"k" * 65: "v"}))]
    assert fields == ["tags." + "k" * 65 + ".[key]"]
    fields = [f for f, _ in _errors(_doc(tags={"k": "v" * 201}))]
    assert fields == ["tags.k"]


@pytest.mark.parametrize("key", ['we"ird', "back\\slash", "tab\there", "line\nbreak"])
def test_keys_follow_the_read_apis_key_grammar(key):
    """A key the filters (`tag.<key>=`, `param.<key>=`) could not name is refused on upload."""
    assert re.match(KEY_PATTERN, key) is None
    assert [f for f, _ in _errors(_doc(tags={key: "v"}))] == [f"tags.{key}.[key]"]
    params = {key: 1}
    assert [f for f, _ in _errors(_doc(results=[_result(params=params)]))] == [
        f"results.0.params.{key}.[key]"
    ]


def test_clock_is_at_least_the_smallest_number():
    doc = _doc()
    doc["machine"]["clock_hz"] = 1e-300
    assert [f for f, _ in _errors(doc)] == ["machine.clock_hz"]


def test_text_kept_only_to_be_read_has_a_nul_replaced():
    doc = _doc(
        artifact={"media_type": "text/plain", "content": "speed\u0000 output"},
        warnings=[{"line": 3, "text": "1.5\u0000 ops/s", "message": "not read"}],
    )
    stored = RunDocument.model_validate(doc)
    assert stored.artifact is not None
    assert stored.artifact.content == "speed\ufffd output"
    assert stored.warnings[0].text == "1.5\ufffd ops/s"
