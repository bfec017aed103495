"""GET /api/v1/results: JSON pages, the whole set as CSV and as a LaTeX table, exact text."""

from test_read_support import JMH1, JMH2


def test_json_pages_with_every_canonical_metric(loaded):
    first = loaded.get("/api/v1/results", params={"algorithm": "ECDSA", "limit": 3}).json()
    second = loaded.get(
        "/api/v1/results", params={"algorithm": "ECDSA", "limit": 3, "cursor": first["next_cursor"]}
    ).json()
    assert [r["run_id"] for r in first["data"] + second["data"]] == [JMH1] * 3 + [JMH2] * 2
    assert second["next_cursor"] is None
    row = first["data"][0]
    assert isinstance(row.pop("id"), int)
    assert row == {
        "run_id": JMH1,
        "started_at": "2026-11-21T09:00:00Z",
        "source": "jmh",
        "machine": "jvm-host",
        "clock_hz": None,
        "tags": {"jvm": "21"},
        "name": "SHA256withECDSA sign",
        "family": "signature",
        "algorithm": "ECDSA",
        "operation": "sign",
        "library": "SunEC",
        "library_version": "21.0.2",
        "params": {"curve": "secp256r1", "message_bytes": 128},
        "metric": "ops_per_s",
        "value": 1000.0,
        "unit": "ops/s",
        "error": 20.0,
        "error_kind": "ci99.9",
        "samples": None,
        "ns_per_op": 1e6,
        "ops_per_s": 1000.0,
        "cycles_per_op": None,
        "bytes_per_s": 128000.0,
        "cycles_per_byte": None,
        "instructions_per_op": None,
        "instructions_per_byte": None,
        "derived": ["ns_per_op", "bytes_per_s"],
        "flags": [],
    }


def test_csv_is_whole_with_param_and_tag_columns(loaded):
    response = loaded.get("/api/v1/results", params={"format": "csv", "run": JMH2})
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.text == (
        "run_id,started_at,source,machine,clock_hz,name,family,algorithm,operation,library,library_version,metric,"
        "value,unit,error,error_kind,samples,ns_per_op,ops_per_s,cycles_per_op,bytes_per_s,cycles_per_byte,"
        "instructions_per_op,instructions_per_byte,derived,"
        "flags,param.curve,param.message_bytes,tag.jvm\n"
        f"{JMH2},2026-11-21T10:00:00+00:00,jmh,jvm-host,,SHA256withECDSA sign,signature,ECDSA,sign,SunEC,21.0.2,"
        f'ops_per_s,1100.0,ops/s,30.0,ci99.9,,{1e9 / 1100},1100.0,,140800.0,,,,"ns_per_op;bytes_per_s",,secp256r1,128,21\n'
        f"{JMH2},2026-11-21T10:00:00+00:00,jmh,jvm-host,,SHA256withECDSA sign,signature,ECDSA,sign,SunEC,21.0.2,"
        f'ops_per_s,850.0,ops/s,5.0,stddev,,{1e9 / 850},850.0,,108800.0,,,,"ns_per_op;bytes_per_s",,secp256k1,128,21\n'
    )


def test_latex_pivots_benchmarks_by_a_dimension(loaded):
    response = loaded.get(
        "/api/v1/results",
        params={
            "format": "latex",
            "algorithm": "RSA",
            "metric": "cycles_per_op",
            "columns": "tag.opt_level",
        },
    )
    assert response.status_code == 200
    assert (
        response.text
        == "\n".join(
            [
                r"\begin{table}[ht]",
                r"\centering",
                r"\begin{tabular}{lrr}",
                r"\hline",
                r"Benchmark & -O2 [cycles/op] & -Os [cycles/op] \\",
                r"\hline",
                r"\multicolumn{3}{l}{\textbf{RSA}} \\",
                r"verify (key\_bits=2048, padding=pkcs1v15) & 1,440,000.00 & 1,760,000.00 \\",
                r"verify (key\_bits=2048, padding=pss) & 1,920,000.00 & 2,000,000.00 \\",
                r"verify (key\_bits=4096, padding=pkcs1v15) & 4,000,000.00 & 5,600,000.00 \\",
                r"verify (key\_bits=4096, padding=pss) & 4,960,000.00 & 6,400,000.00 \\",
                r"\hline",
                r"\end{tabular}",
                r"\caption{Mean cycles\_per\_op [cycles/op] by tag.opt\_level}",
                r"\end{table}",
            ]
        )
        + "\n"
    )


def test_latex_marks_missing_cells(loaded):
    text = loaded.get(
        "/api/v1/results",
        params={"format": "latex", "metric": "cycles_per_op", "columns": "source"},
    ).text
    assert r"Benchmark & esp32c6-serial [cycles/op] \\" in text
    assert "ECDSA" not in text
    ns = loaded.get(
        "/api/v1/results", params={"format": "latex", "columns": "run", "key_bits": "4096"}
    ).text
    assert (
        r"verify (key\_bits=4096, padding=pkcs1v15) & 25,000,000.00 & 35,000,000.00 & -- \\" in ns
    )
    assert (
        r"verify (key\_bits=4096, padding=pss) & 30,000,000.00 & 40,000,000.00 & 32,000,000.00 \\"
        in ns
    )


def test_bad_export_parameters_are_422(loaded):
    assert loaded.get("/api/v1/results", params={"format": "xml"}).status_code == 422
    assert (
        loaded.get("/api/v1/results", params={"format": "latex", "columns": "colour"}).json()[
            "errors"
        ][0]["field"]
        == "columns"
    )
    assert loaded.get("/api/v1/results", params={"cursor": "WyJhIl0"}).status_code == 422
