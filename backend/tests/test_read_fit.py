"""GET /api/v1/fit on PostgreSQL and SQLite over the demo data: the cost model t = a + b * bytes
against a hand computation from the seeds' published figures.

The hand computation: weights w = 1 / t^2, weighted means mx, my, then
b = sum w (x - mx)(t - my) / sum w (x - mx)^2, a = my - b mx, R^2 = 1 - sum w (t - a - b x)^2 /
sum w (t - my)^2, written out below with the figures as published.
"""

import math

import pytest
from fastapi.testclient import TestClient
from history_support import read_ok, store_app

from cryptobench_server.demo import load_demo

BLOCKS = (16, 64, 256, 1024, 8192, 16384)
#: Seed 003 "Doing aes-128-cbc for 3s on N size blocks: COUNT aes-128-cbc's in SECONDS s".
PROGRESS = {
    "none": (
        (5618835, 2.94),
        (1886183, 2.98),
        (517655, 2.98),
        (132735, 2.97),
        (16702, 2.99),
        (8359, 2.98),
    ),
    "devcrypto": (
        (410104, 0.38),
        (348184, 0.28),
        (37545, 0.02),
        (25658, 0.01),
        (5663, 0.01),
        (4040, 0.01),
    ),
}
#: Seed 001 SHA256withECDSA sign on secp256k1, ops/s by message bytes.
SIGN_K1 = {128: 1266.561, 256: 1254.327, 1024: 1237.482, 1048576: 318.589}


def by_hand(xs, ts):
    w = [1 / t**2 for t in ts]
    mx = sum(wi * x for wi, x in zip(w, xs, strict=True)) / sum(w)
    my = sum(wi * t for wi, t in zip(w, ts, strict=True)) / sum(w)
    b = sum(wi * (x - mx) * (t - my) for wi, x, t in zip(w, xs, ts, strict=True)) / sum(
        wi * (x - mx) ** 2 for wi, x in zip(w, xs, strict=True)
    )
    a = my - b * mx
    r2 = 1 - sum(wi * (t - a - b * x) ** 2 for wi, x, t in zip(w, xs, ts, strict=True)) / sum(
        wi * (t - my) ** 2 for wi, t in zip(w, ts, strict=True)
    )
    return a, b, r2


@pytest.fixture
def demo(store_url, tmp_path) -> TestClient:
    app = store_app(store_url, tmp_path)
    load_demo(app.state.engine)
    with TestClient(app) as client:
        yield client
    app.state.engine.dispose()


def fit(client, **params):
    return read_ok(client, "/api/v1/fit", **params)


def test_seed003_progress_lines_with_and_without_cryptodev(demo):
    body = fit(
        demo,
        x="param.block_bytes",
        series="tag.engine",
        algorithm="AES-128-CBC",
        **{"tag.seed": "003", "tag.timing": "cpu"},
    )
    assert body["unit"] == "ns/op" and body["min_r2"] == 0.99
    fits = {s["key"]["tag.engine"]: s for s in body["series"]}
    for engine, rows in PROGRESS.items():
        ts = [seconds / count * 1e9 for count, seconds in rows]
        assert [p["x"] for p in fits[engine]["points"]] == list(BLOCKS)
        for point, t in zip(fits[engine]["points"], ts, strict=True):
            assert math.isclose(point["value"], t, rel_tol=1e-12)
        a, b, r2 = by_hand(BLOCKS, ts)
        got = fits[engine]["fit"]
        assert math.isclose(got["a"], a, rel_tol=1e-9) and math.isclose(got["b"], b, rel_tol=1e-9)
        assert math.isclose(got["r2"], r2, rel_tol=1e-9)
        assert math.isclose(got["bytes_per_unit"], 1 / b, rel_tol=1e-9)
        assert math.isclose(got["half_size"], a / b, rel_tol=1e-9)
    plain = fits["none"]["fit"]
    # Without the module: 176 ns fixed, 21.79 ns/B, i.e. 45.9 MB/s; half of the time is fixed
    # cost at 8 B; a straight line (R^2 0.99998).
    assert (round(plain["a"]), round(plain["b"], 2), round(plain["half_size"], 1)) == (
        176,
        21.79,
        8.1,
    )
    assert round(plain["bytes_per_unit"] * 1e3, 1) == 45.9  # bytes per ns -> MB/s
    assert plain["good"] and plain["r2"] > 0.9999
    # With it the progress lines count CPU time only (0.01 s for thousands of blocks): no line.
    assert not fits["devcrypto"]["fit"]["good"] and round(fits["devcrypto"]["fit"]["r2"], 2) == 0.53


def test_seed001_signature_by_message_size(demo):
    body = fit(
        demo,
        x="param.message_bytes",
        series=["param.curve", "operation"],
        algorithm="ECDSA",
        library="SunEC",
        **{"tag.seed": "001"},
    )
    series = {tuple(s["key"].values()): s["fit"] for s in body["series"]}
    ts = [1e9 / ops for ops in SIGN_K1.values()]
    a, b, r2 = by_hand(list(SIGN_K1), ts)
    got = series[("secp256k1", "sign")]
    assert math.isclose(got["a"], a, rel_tol=1e-9) and math.isclose(got["b"], b, rel_tol=1e-9)
    assert math.isclose(got["r2"], r2, rel_tol=1e-9)
    # 797 us per signature plus 2.23 ns per hashed byte (448 MB/s of SHA-256); the per-byte
    # cost equals the fixed cost at 357 kB.
    assert (round(got["a"] / 1e3), round(got["b"], 2)) == (797, 2.23)
    assert round(got["bytes_per_unit"] * 1e3) == 448 and round(got["half_size"] / 1e3) == 357
    # Every curve and operation hashes at the same speed: one SHA-256 under all four.
    speeds = [f["bytes_per_unit"] * 1e3 for f in series.values()]
    assert len(speeds) == 4 and all(f["good"] for f in series.values())
    assert max(speeds) / min(speeds) < 1.1


def test_x_must_be_a_size(demo):
    response = demo.get("/api/v1/fit", params={"x": "param.key_bits"})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "x"
