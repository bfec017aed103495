import json
import os

import pytest
from collect_support import make_run
from hypothesis import given, settings
from hypothesis import strategies as st

from cryptobench_collect.errors import InputError
from cryptobench_collect.spool import Spool, decode_item, encode_item


def test_add_writes_a_versioned_item_to_pending_and_nothing_else(tmp_path):
    spool = Spool(tmp_path)
    path = spool.add(make_run())
    assert path == tmp_path / "pending" / "00000000-0000-4000-8000-000000000001.json"
    assert os.listdir(tmp_path / "pending") == [path.name]
    data = json.loads(path.read_text())
    assert data["spool_version"] == 1
    assert data["run"]["results"][0]["value"] == 30229130.0
    assert spool.load(path).run == make_run()


def test_sent_and_failed_moves(tmp_path):
    spool = Spool(tmp_path)
    first = spool.add(make_run())
    second = spool.add(make_run("00000000-0000-4000-8000-000000000002"))
    sent = spool.mark_sent(first)
    failed = spool.mark_failed(
        second,
        make_run("00000000-0000-4000-8000-000000000002"),
        {"status": 422, "detail": "results.0.unit: unknown"},
    )
    assert spool.paths("pending") == []
    assert spool.paths("sent") == [sent]
    item = spool.load(failed)
    assert (item.state, item.problem) == (
        "failed",
        {"status": 422, "detail": "results.0.unit: unknown"},
    )


def test_round_trip_is_byte_stable_so_retries_are_idempotent(tmp_path):
    run = make_run()
    text = encode_item(run)
    again, _ = decode_item(text, source_name="x")
    assert again.to_json() == run.to_json()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"spool_version": 2, "run": {}}',
            "x.json:1: spool_version 2 is not supported by this cryptobench",
        ),
        ('{"run": {}}', "x.json:1: not a spool file (no spool_version)"),
        ('{"spool_version": 1,\n "run": ', "x.json:2: not JSON: Expecting value"),
        (
            '{"spool_version": 1, "run": {"schema": "cryptobench.run/v1"}}',
            "x.json: not a run document: run_id: Field required",
        ),
        (
            '{"spool_version": 1, "run": {}, "problem": "gone"}',
            "x.json:1: spool file: problem must be an object",
        ),
        ("[" * 100_000 + "]" * 100_000, "x.json: not a run document: nested too deeply"),
    ],
)
def test_bad_spool_files_are_input_errors(text, message):
    with pytest.raises(InputError) as caught:
        decode_item(text, source_name="x.json")
    assert str(caught.value).startswith(message)


def test_interrupted_write_leaves_no_partial_file(tmp_path, monkeypatch):
    spool = Spool(tmp_path)

    def crash(fd):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError):
        spool.add(make_run())
    assert os.listdir(tmp_path / "pending") == []


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.text(),
        JSON.map(json.dumps),
        JSON.map(lambda run: json.dumps({"spool_version": 1, "run": run})),
    )
)
def test_any_text_is_a_spool_item_or_an_input_error(text):
    try:
        decode_item(text, source_name="fuzz.json")
    except InputError as exc:
        assert str(exc).startswith("fuzz.json")


def test_a_claimed_file_is_one_process_s_until_released_and_gone_once_moved(tmp_path):
    spool = Spool(tmp_path)
    path = spool.add(make_run())
    with spool.claim(path) as mine:
        with spool.claim(path) as theirs:
            assert (mine, theirs) == (True, False)
        spool.mark_sent(path)
    with spool.claim(path) as late:
        assert late is False
    again = spool.add(make_run("00000000-0000-4000-8000-000000000002"))
    with spool.claim(again) as first:
        assert first is True
    with spool.claim(again) as second:
        assert second is True
