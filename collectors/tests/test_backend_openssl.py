"""Every openssl fixture's run document is accepted by the real backend (201), once (200 after)."""

from datetime import UTC, datetime

import httpx
import pytest
from collect_support import FIXTURES
from rich.console import Console

from cryptobench_collect.delivery import DeliveryOptions, deliver
from cryptobench_collect.spool import Spool
from cryptobench_contract import Machine
from cryptobench_parsers.openssl.documents import session_documents
from cryptobench_parsers.openssl.session import parse_openssl_session

OPENSSL_FIXTURES = sorted((FIXTURES / "openssl").glob("*.txt"))


def documents_of(path):
    text = path.read_text()
    session = parse_openssl_session(text, source_name=path.name)
    return session_documents(
        text,
        session,
        machine=Machine(name="fixture-host"),
        started_at=datetime(2026, 11, 20, tzinfo=UTC),
    )


def document_of(path):
    [run] = documents_of(path)
    return run


def test_every_openssl_fixture_is_stored_by_the_backend(live_server, tmp_path):
    runs = {
        f"{path.name}#{number}": run
        for path in OPENSSL_FIXTURES
        for number, run in enumerate(documents_of(path), start=1)
    }
    stored_results = 0
    with httpx.Client(
        base_url=live_server.url, headers={"Authorization": f"Bearer {live_server.token}"}
    ) as client:
        for name, run in runs.items():
            response = client.post(
                "/api/v1/runs", content=run.to_json(), headers={"Content-Type": "application/json"}
            )
            assert response.status_code == 201, (name, response.text)
            stored = client.get(f"/api/v1/runs/{run.run_id}").json()
            assert len(stored["results"]) == len(run.results), name
            stored_results += len(stored["results"])
    assert (len(runs), stored_results) == (28, sum(len(run.results) for run in runs.values()))


def test_deliver_through_the_spool_sends_once_and_a_repeat_is_already_stored(live_server, tmp_path):
    run = document_of(FIXTURES / "openssl" / "seed003_beaglebone_1.1.1_table.txt")
    options = DeliveryOptions(
        spool_dir=tmp_path / "spool",
        server=live_server.url,
        token=live_server.token,
        console=Console(stderr=True, quiet=True),
    )
    deliver(run, options)
    deliver(run, options)
    spool = Spool(tmp_path / "spool")
    assert [p.stem for p in spool.paths("sent")] == [str(run.run_id)]
    assert spool.paths("pending") == [] and spool.paths("failed") == []


@pytest.mark.parametrize("token_ok", [True, False])
def test_a_changed_document_under_the_same_run_id_lands_in_failed_with_the_409_detail(
    live_server, tmp_path, token_ok
):
    run = document_of(FIXTURES / "openssl" / "openssl-3.0.19_mr_mixed.txt")
    options = DeliveryOptions(
        spool_dir=tmp_path / "spool",
        server=live_server.url,
        token=live_server.token if token_ok else "wrong-token",
        console=Console(stderr=True, quiet=True),
    )
    spool = Spool(tmp_path / "spool")
    if not token_ok:
        with pytest.raises(Exception, match="refused the token"):
            deliver(run, options)
        assert len(spool.paths("pending")) == 1
        return
    deliver(run, options)
    changed = run.model_copy(update={"tags": {**run.tags, "edited": "yes"}})
    with pytest.raises(Exception, match="HTTP 409"):
        deliver(changed, options)
    [failed] = spool.paths("failed")
    assert spool.load(failed).problem["status"] == 409
