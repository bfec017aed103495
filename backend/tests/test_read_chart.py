"""GET /api/v1/chart on PostgreSQL and SQLite: exact points, aggregates and error rules."""

from test_read_support import loaded  # noqa: F401


def chart(client, **params):
    response = client.get("/api/v1/chart", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def test_median_by_key_bits_and_opt_level(loaded):
    body = chart(loaded, metric="ns_per_op", x="param.key_bits", series=["tag.opt_level"],
                 algorithm="RSA", **{"param.padding": "pss"})
    assert body == {"metric": "ns_per_op", "unit": "ns/op", "x": "param.key_bits", "series": [
        {"key": {"tag.opt_level": "-O2"}, "points": [
            {"x": 2048, "value": 11e6, "min": 10e6, "max": 15e6, "n": 3, "error": None, "error_kind": None},
            {"x": 4096, "value": 31e6, "min": 30e6, "max": 32e6, "n": 2, "error": None, "error_kind": None}]},
        {"key": {"tag.opt_level": "-Os"}, "points": [
            {"x": 2048, "value": 12.5e6, "min": 12.5e6, "max": 12.5e6, "n": 1, "error": None, "error_kind": None},
            {"x": 4096, "value": 40e6, "min": 40e6, "max": 40e6, "n": 1, "error": None, "error_kind": None}]},
    ]}
