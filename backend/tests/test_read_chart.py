"""GET /api/v1/chart on PostgreSQL and SQLite: exact points, aggregates and error rules."""

from history_support import read_ok


def chart(client, **params):
    return read_ok(client, "/api/v1/chart", **params)


def test_median_by_key_bits_and_opt_level(loaded):
    body = chart(
        loaded,
        metric="ns_per_op",
        x="param.key_bits",
        series=["tag.opt_level"],
        algorithm="RSA",
        **{"param.padding": "pss"},
    )
    assert body == {
        "metric": "ns_per_op",
        "unit": "ns/op",
        "x": "param.key_bits",
        "split": [],
        "series": [
            {
                "key": {"tag.opt_level": "-O2"},
                "points": [
                    {
                        "x": 2048,
                        "value": 11e6,
                        "min": 10e6,
                        "max": 15e6,
                        "n": 3,
                        "error": None,
                        "error_kind": None,
                        "pooled": {},
                        "flagged": 0,
                        "flags": {},
                    },
                    {
                        "x": 4096,
                        "value": 31e6,
                        "min": 30e6,
                        "max": 32e6,
                        "n": 2,
                        "error": None,
                        "error_kind": None,
                        "pooled": {},
                        "flagged": 0,
                        "flags": {},
                    },
                ],
            },
            {
                "key": {"tag.opt_level": "-Os"},
                "points": [
                    {
                        "x": 2048,
                        "value": 12.5e6,
                        "min": 12.5e6,
                        "max": 12.5e6,
                        "n": 1,
                        "error": None,
                        "error_kind": None,
                        "pooled": {},
                        "flagged": 0,
                        "flags": {},
                    },
                    {
                        "x": 4096,
                        "value": 40e6,
                        "min": 40e6,
                        "max": 40e6,
                        "n": 1,
                        "error": None,
                        "error_kind": None,
                        "pooled": {},
                        "flagged": 0,
                        "flags": {},
                    },
                ],
            },
        ],
    }


def test_error_kept_only_for_single_kind_and_reported_metric(loaded):
    body = chart(
        loaded, metric="ops_per_s", x="param.message_bytes", series="param.curve", source="jmh"
    )
    assert body["series"] == [
        {
            "key": {"param.curve": "secp256k1"},
            "points": [
                {
                    "x": 128,
                    "value": 825.0,
                    "min": 800.0,
                    "max": 850.0,
                    "n": 2,
                    "error": None,
                    "error_kind": None,
                    "pooled": {},
                    "flagged": 0,
                    "flags": {},
                }
            ],
        },
        {
            "key": {"param.curve": "secp256r1"},
            "points": [
                {
                    "x": 128,
                    "value": 1050.0,
                    "min": 1000.0,
                    "max": 1100.0,
                    "n": 2,
                    "error": 30.0,
                    "error_kind": "ci99.9",
                    "pooled": {},
                    "flagged": 0,
                    "flags": {},
                },
                {
                    "x": 1024,
                    "value": 900.0,
                    "min": 900.0,
                    "max": 900.0,
                    "n": 1,
                    "error": 10.0,
                    "error_kind": "ci99.9",
                    "pooled": {},
                    "flagged": 0,
                    "flags": {},
                },
            ],
        },
    ]
    converted = chart(
        loaded,
        metric="ns_per_op",
        x="param.message_bytes",
        source="jmh",
        **{"param.curve": "P-256"},
    )
    assert converted["series"] == [
        {
            "key": {},
            "points": [
                {
                    "x": 128,
                    "value": (1e6 + 1e9 / 1100) / 2,
                    "min": 1e9 / 1100,
                    "max": 1e6,
                    "n": 2,
                    "error": None,
                    "error_kind": None,
                    "pooled": {},
                    "flagged": 0,
                    "flags": {},
                },
                {
                    "x": 1024,
                    "value": 1e9 / 900,
                    "min": 1e9 / 900,
                    "max": 1e9 / 900,
                    "n": 1,
                    "error": None,
                    "error_kind": None,
                    "pooled": {},
                    "flagged": 0,
                    "flags": {},
                },
            ],
        }
    ]


def test_mean_min_max_and_text_x_sorted(loaded):
    points = {
        agg: chart(
            loaded,
            metric="cycles_per_op",
            x="tag.opt_level",
            agg=agg,
            algorithm="RSA",
            key_bits="2048",
            padding="pss",
        )["series"][0]["points"]
        for agg in ("mean", "min", "max")
    }
    assert [(p["x"], p["value"], p["n"]) for p in points["mean"]] == [
        ("-O2", 1_920_000.0, 3),
        ("-Os", 2_000_000.0, 1),
    ]
    assert [p["value"] for p in points["min"]] == [1_600_000.0, 2_000_000.0]
    assert [p["value"] for p in points["max"]] == [2_400_000.0, 2_000_000.0]


def test_the_result_name_is_a_dimension(loaded):
    body = chart(
        loaded,
        metric="cycles_per_op",
        x="name",
        agg="max",
        algorithm="RSA",
        **{"param.key_bits": "4096"},
    )
    # the -O2 and -Os builds are two experiments: split, each its own max
    assert body["split"] == ["tag.opt_level"]
    assert [
        (s["key"], [(p["x"], p["value"], p["n"]) for p in s["points"]]) for s in body["series"]
    ] == [
        (
            {"tag.opt_level": "-O2"},
            [("RSA-4096 verify pkcs1v15", 4_000_000.0, 1), ("RSA-4096 verify pss", 5_120_000.0, 2)],
        ),
        (
            {"tag.opt_level": "-Os"},
            [("RSA-4096 verify pkcs1v15", 5_600_000.0, 1), ("RSA-4096 verify pss", 6_400_000.0, 1)],
        ),
    ]


def test_results_without_the_metric_are_absent_not_zero(loaded):
    assert chart(loaded, metric="cycles_per_op", x="machine", source="jmh")["series"] == []
    body = chart(loaded, metric="cycles_per_op", x="source", series="machine")
    # what the board measured is eight experiments (key size x padding x build), never one
    # figure over all of them: 11 results, each point one experiment, none pooled
    assert body["split"] == ["param.key_bits", "param.padding", "tag.opt_level"]
    assert [
        (
            tuple(s["key"].values()),
            [(p["x"], p["value"], p["n"], p["pooled"]) for p in s["points"]],
        )
        for s in body["series"]
    ] == [
        (("esp32c6-devkit-1", bits, padding, opt), [("esp32c6-serial", value, n, {})])
        for bits, padding, opt, value, n in (
            ("2048", "pkcs1v15", "-O2", 1_440_000.0, 1),
            ("2048", "pkcs1v15", "-Os", 1_760_000.0, 1),
            ("2048", "pss", "-O2", 1_760_000.0, 3),
            ("2048", "pss", "-Os", 2_000_000.0, 1),
            ("4096", "pkcs1v15", "-O2", 4_000_000.0, 1),
            ("4096", "pkcs1v15", "-Os", 5_600_000.0, 1),
            ("4096", "pss", "-O2", 4_960_000.0, 2),
            ("4096", "pss", "-Os", 6_400_000.0, 1),
        )
    ]


def test_or_within_a_key_and_across_keys(loaded):
    body = chart(
        loaded,
        metric="cycles_per_op",
        x="param.key_bits",
        series="run",
        run=["00000000-0000-4000-8000-0000000000a2", "00000000-0000-4000-8000-0000000000a3"],
        padding="pss",
    )
    assert [
        (s["key"]["run"], [(p["x"], p["value"]) for p in s["points"]]) for s in body["series"]
    ] == [
        ("00000000-0000-4000-8000-0000000000a2", [(2048, 2_000_000.0), (4096, 6_400_000.0)]),
        ("00000000-0000-4000-8000-0000000000a3", [(2048, 2_080_000.0), (4096, 5_120_000.0)]),
    ]


def test_bad_parameters_are_422_naming_them(loaded):
    cases = [
        ({"metric": "ns_per_op", "x": "colour"}, "x"),
        ({"metric": "ns_per_op", "x": "algorithm", "series": "tag."}, "series"),
        ({"metric": "ns_per_op", "x": "algorithm", "colour": "red"}, "colour"),
        ({"metric": "watts", "x": "algorithm"}, "metric"),
        ({"metric": "ns_per_op", "x": "run", "run": "nope"}, "run"),
    ]
    for params, field in cases:
        response = loaded.get("/api/v1/chart", params=params)
        assert response.status_code == 422, params
        assert response.headers["content-type"] == "application/problem+json"
        assert response.json()["errors"][0]["field"] == field


def test_open_dimensions_of_the_same_shape_do_not_share_compiled_sql(loaded):
    by_bits = chart(
        loaded, metric="cycles_per_op", x="param.key_bits", series="param.padding", algorithm="RSA"
    )
    by_padding = chart(
        loaded, metric="cycles_per_op", x="param.padding", series="param.key_bits", algorithm="RSA"
    )
    assert [p["x"] for p in by_bits["series"][0]["points"]] == [2048, 4096]
    assert [p["x"] for p in by_padding["series"][0]["points"]] == ["pkcs1v15", "pss"]
    assert [s["key"] for s in by_padding["series"]] == [
        {"param.key_bits": "2048", "tag.opt_level": "-O2"},
        {"param.key_bits": "2048", "tag.opt_level": "-Os"},
        {"param.key_bits": "4096", "tag.opt_level": "-O2"},
        {"param.key_bits": "4096", "tag.opt_level": "-Os"},
    ]
