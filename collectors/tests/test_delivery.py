import json

import httpx
import pytest
from collect_support import make_run
from rich.console import Console

from cryptobench_collect.delivery import DeliveryOptions, deliver, flush
from cryptobench_collect.errors import OnlySpooled, RuntimeFailure, ServerUnreachable, UsageError
from cryptobench_collect.spool import Spool


def options(tmp_path, handler=None, **fields):
    transport = httpx.MockTransport(handler) if handler else None
    return DeliveryOptions(
        spool_dir=tmp_path / "spool",
        transport=transport,
        deadline_s=0.01,
        console=Console(stderr=True, quiet=True),
        **fields,
    )


def test_no_upload_prints_the_document_with_tags_and_machine_name(tmp_path, capsys):
    deliver(
        make_run(),
        options(tmp_path, no_upload=True, tags={"engine": "devcrypto"}, machine_name="bbb-02"),
    )
    printed = json.loads(capsys.readouterr().out)
    assert printed["tags"] == {"engine": "devcrypto"}
    assert printed["machine"]["name"] == "bbb-02"
    assert not (tmp_path / "spool").exists()


def test_no_upload_with_output_writes_the_file_only(tmp_path, capsys):
    out = tmp_path / "run.json"
    deliver(make_run(), options(tmp_path, no_upload=True, output=out))
    assert capsys.readouterr().out == ""
    assert json.loads(out.read_text())["run_id"] == "00000000-0000-4000-8000-000000000001"


def stored(request: httpx.Request) -> httpx.Response:
    """The server's answer to an upload it stored: the run's summary."""
    return httpx.Response(201, json={"run_id": json.loads(request.content)["run_id"]})


def test_accepted_run_ends_in_sent(tmp_path):
    deliver(make_run(), options(tmp_path, stored, server="http://s"))
    spool = Spool(tmp_path / "spool")
    assert [p.name for p in spool.paths("sent")] == ["00000000-0000-4000-8000-000000000001.json"]
    assert spool.paths("pending") == []


def test_a_201_whose_answer_is_not_the_run_leaves_it_pending_and_says_why(tmp_path):
    portal = httpx.Response(201, text="<html>sign in to the network</html>")
    with pytest.raises(OnlySpooled) as raised:
        deliver(make_run(), options(tmp_path, lambda r: portal, server="http://s"))
    assert str(raised.value).startswith(
        "HTTP 201 without the stored run (not a JSON object: '<html>sign in to the network</html>'); "
        "not counted as sent; run 00000000-0000-4000-8000-000000000001 waits in "
    )
    spool = Spool(tmp_path / "spool")
    assert [p.name for p in spool.paths("pending")] == ["00000000-0000-4000-8000-000000000001.json"]
    assert spool.paths("sent") == []


def test_rejected_run_ends_in_failed_with_the_problem(tmp_path):
    answer = httpx.Response(
        422, json={"title": "Unprocessable", "detail": "results.0.unit: unknown unit"}
    )
    with pytest.raises(
        RuntimeFailure, match="rejected run 00000000-0000-4000-8000-000000000001: HTTP 422"
    ):
        deliver(make_run(), options(tmp_path, lambda r: answer, server="http://s"))
    item = Spool(tmp_path / "spool").load(Spool(tmp_path / "spool").paths("failed")[0])
    assert item.problem == {
        "status": 422,
        "title": "Unprocessable",
        "detail": "results.0.unit: unknown unit",
    }


def test_unreachable_or_no_server_leaves_it_pending_and_says_so(tmp_path):
    def refuse(request):
        raise httpx.ConnectError("refused")

    with pytest.raises(OnlySpooled, match="waits in"):
        deliver(make_run(), options(tmp_path, refuse, server="http://s"))
    with pytest.raises(OnlySpooled, match="no server configured"):
        deliver(make_run("00000000-0000-4000-8000-000000000002"), options(tmp_path))
    assert len(Spool(tmp_path / "spool").paths("pending")) == 2


def test_flush_sends_pending_runs_oldest_first(tmp_path):
    spool = Spool(tmp_path / "spool")
    spool.add(make_run())
    spool.add(make_run("00000000-0000-4000-8000-000000000002"))
    seen = []

    def accept(request):
        seen.append(json.loads(request.content)["run_id"])
        return stored(request)

    done = flush(options(tmp_path, accept, server="http://s"))
    assert (done.pending, done.sent, done.taken, done.problems) == (2, 2, 0, [])
    assert seen == ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"]
    assert len(spool.paths("sent")) == 2


def test_bad_tag_value_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="tags"):
        deliver(make_run(), options(tmp_path, no_upload=True, tags={"k": "v" * 300}))


def test_flush_stops_only_when_no_connection_can_be_made(tmp_path):
    """A 503 for one run leaves it pending and the flush goes on; a refused connection ends
    it, the runs after it untried."""
    spool = Spool(tmp_path / "spool")
    for n in range(1, 5):
        spool.add(make_run(f"00000000-0000-4000-8000-00000000000{n}"))
    seen = []

    def answer(request):
        seen.append(json.loads(request.content)["run_id"][-1])
        if seen[-1] == "1":
            return httpx.Response(503, json={"title": "Database busy"})
        if seen[-1] == "2":
            return stored(request)
        raise httpx.ConnectError("refused")

    done = flush(options(tmp_path, answer, server="http://s"))
    assert seen == ["1", "2", "3"]
    assert (done.pending, done.sent, done.taken) == (4, 1, 0)
    assert [type(p) for p in done.problems] == [OnlySpooled, ServerUnreachable]
    assert "HTTP 503: Database busy; run 00000000-0000-4000-8000-000000000001 waits" in str(
        done.problems[0]
    )
    assert str(done.problems[1]).endswith("the 1 pending run(s) after it were not tried")
    assert len(spool.paths("pending")) == 3
