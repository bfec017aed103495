import json

import pytest
from pydantic import ValidationError

from cryptobench_contract import Result, RunDocument, run


def _doc(**overrides):
    doc = {
        "schema": "cryptobench.run/v1",
        "run_id": "0b6f3a1e-0000-4000-8000-000000000001",
        "source": "openssl-speed",
        "started_at": "2026-11-20T10:00:00Z",
        "machine": {"name": "bbb-01", "clock_hz": 1e9},
        "tool": {"name": "openssl", "version": "1.1.1g"},
        "results": [
            {
                "name": "aes-128-cbc",
                "family": "cipher",
                "algorithm": "AES-128-CBC",
                "operation": "encrypt",
                "params": {"block_bytes": 16},
                "metric": "bytes_per_s",
                "value": 30229.13,
                "unit": "kB/s",
            }
        ],
    }
    doc.update(overrides)
    return doc


def _error_locs(doc) -> list[tuple]:
    with pytest.raises(ValidationError) as info:
        RunDocument.model_validate_json(json.dumps(doc) if not isinstance(doc, str) else doc)
    return [e["loc"] for e in info.value.errors()]


def test_valid_document_round_trips_with_schema_alias():
    run = RunDocument.model_validate(_doc())
    again = RunDocument.model_validate_json(run.to_json())
    assert again == run
    assert json.loads(run.to_json())["schema"] == "cryptobench.run/v1"


def test_unknown_top_level_field_is_rejected():
    assert _error_locs(_doc(bogus=1)) == [("bogus",)]


def test_nan_value_is_rejected_with_its_path():
    text = json.dumps(_doc()).replace("30229.13", "NaN")
    assert _error_locs(text) == [("results", 0, "value")]


def test_negative_value_and_unknown_unit_are_rejected():
    doc = _doc()
    doc["results"][0]["value"] = -1
    assert _error_locs(doc) == [("results", 0, "value")]
    doc = _doc()
    doc["results"][0]["unit"] = "furlongs/fortnight"
    assert _error_locs(doc) == [("results", 0)]


def test_unit_must_belong_to_metric():
    doc = _doc()
    doc["results"][0]["unit"] = "ns/op"
    with pytest.raises(ValidationError, match="measures ns_per_op, not bytes_per_s"):
        RunDocument.model_validate(doc)


def test_unit_alias_is_canonicalized():
    doc = _doc()
    doc["results"][0].update(metric="ns_per_op", unit="µs/op")
    assert RunDocument.model_validate(doc).results[0].unit == "us/op"


def test_naive_timestamp_and_empty_results_are_rejected():
    assert _error_locs(_doc(started_at="2026-11-20T10:00:00", results=[])) == [
        ("started_at",),
        ("results",),
    ]


def test_a_result_is_checked_once_however_many_documents_hold_it(monkeypatch):
    """A parser's document, then the import's: the Result made once is not checked again (its
    identity folded again per document: three times per result of bench/import_paste)."""
    folded = []
    fold = run._canonical
    monkeypatch.setattr(run, "_canonical", lambda *given: folded.append(given) or fold(*given))
    parsed = RunDocument.model_validate(_doc())
    again = RunDocument.model_validate(
        {**parsed.model_dump(exclude={"results"}), "results": parsed.results}
    )
    assert again.results[0] is parsed.results[0]
    assert Result.model_validate(parsed.results[0]) is parsed.results[0]
    assert len(folded) == 1
