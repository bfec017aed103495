"""The demo data's leak screens (captured: the RV32 firmware's leak-O2 build under QEMU and
`cryptobench run ecc --leak-test` on a 2-core VM) as GET /api/v1/leaks judges them, on
PostgreSQL and SQLite: `make dashboard` shows "leak" and "none detected" verdicts, every
screen with its scope and power."""

import pytest
from fastapi.testclient import TestClient
from history_support import read_ok, store_app
from sqlalchemy import create_engine

from cryptobench_server.demo import load_demo
from cryptobench_server.migrate import upgrade

RV32 = "qemu-riscv32-virt"


@pytest.fixture(scope="module", params=["postgresql", "sqlite"])
def screens(request, tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp(request.param)
    if request.param == "postgresql":
        url = request.getfixturevalue("make_database")()
    else:
        url = f"sqlite:///{tmp_path / 'demo.sqlite'}"
        upgrade(url)
    engine = create_engine(url)
    load_demo(engine)
    engine.dispose()
    app = store_app(url, tmp_path)
    with TestClient(app) as client:
        yield read_ok(client, "/api/v1/leaks")["screens"]
    app.state.engine.dispose()


def test_rv32_fixtures_exactly(screens):
    found = {
        (s["algorithm"], s["params"].get("variant")): s["verdict"]["text"]
        for s in screens
        if s["machine"] == RV32
    }
    assert found[("tag compare", "early-exit")] == (
        "leak: instruction counts differ by class (fixed 421..421, random 42..54)"
    )
    assert found[("tag compare", "constant-time")] == (
        "none detected: the same instruction counts in both classes (616..616, 2,000 samples)"
    )
    assert found[("AES-128-CBC", None)] == (
        "none detected: the same instruction counts in both classes (1,477..1,477, 2,000 samples)"
    )
    for randomized in (("RSA", None), ("ECDSA", None)):
        assert found[randomized].endswith(
            "; instruction counts vary within the fixed class (the operation draws randomness), "
            "so compared statistically"
        )


def test_every_python_ecc_library_has_a_verdict_with_its_power(screens):
    ecc = [s for s in screens if s["source"] == "python-ecc"]
    libraries = {s["library"] for s in ecc}
    assert {"ECpy", "python-ecdsa", "coincurve", "cryptography", "fastecdsa"} <= libraries
    for s in ecc:
        assert s["verdict"]["detectable_relative"] > 0, s["verdict"]["text"]
        assert s["verdict"]["samples"] == 600
    kinds = {s["verdict"]["kind"] for s in screens}
    assert {"leak", "none"} <= kinds
