"""Exports of hostile data (issue 25): CSV for spreadsheets whose cells cannot run as formulas,
CSV for data (pandas, R) with every value exactly as stored (issue 37), LaTeX that prints what
was stored, and a bad filter key refused before the CSV stream starts. Both stores."""

import csv
import io

import pytest
from factories import make_result, make_run_doc

from cryptobench_server.query.export import tex

HOSTILE_PARAMS = {
    "key_bits": 2048,
    "offset": -3,
    "link": '=HYPERLINK("http://evil.example/","click")',
    "at": "@SUM(A1)",
}
HOSTILE_TAGS = {
    "opt_level": "-O2",
    "sum": "+1+1",
    "tab": "\tcmd",
    "cr": "\rcmd",
    "plain": "a=b",
    "neg": "-3.5e2",
    "row": "x\r=1+1",
}


def store(client, **overrides) -> str:
    doc = make_run_doc([make_result(params=HOSTILE_PARAMS, **overrides)], tags=HOSTILE_TAGS)
    response = client.post("/api/v1/runs", json=doc)
    assert response.status_code == 201, response.text
    return doc["run_id"]


def test_csv_for_data_loads_every_value_exactly(store_client):
    """format=csv is for pandas and R: `-O2` stays `-O2`, whatever a spreadsheet would do with it
    (a csv reader parses RFC 4180 as pandas' read_csv and R's read.csv do)."""
    run_id = store(store_client, library="=cmd|' /C calc'!A0")
    response = store_client.get("/api/v1/results", params={"format": "csv", "run": run_id})
    assert response.status_code == 200
    assert 'filename="results.csv"' in response.headers["content-disposition"]
    (row,) = csv.DictReader(io.StringIO(response.text, newline=""))
    assert {k: v for k, v in row.items() if k.startswith(("param.", "tag.", "library"))} == {
        "library": "=cmd|' /C calc'!A0",
        "library_version": "3.6.2",
        **{f"param.{k}": str(v) for k, v in HOSTILE_PARAMS.items()},
        **{f"tag.{k}": v for k, v in HOSTILE_TAGS.items()},
    }


def test_csv_for_spreadsheets_cannot_run_formulas_and_numbers_stay_numbers(store_client):
    run_id = store(store_client, library="=cmd|' /C calc'!A0")
    response = store_client.get("/api/v1/results", params={"format": "spreadsheet", "run": run_id})
    assert response.status_code == 200
    assert 'filename="results-for-spreadsheets.csv"' in response.headers["content-disposition"]
    (row,) = csv.DictReader(io.StringIO(response.text))
    assert {k: v for k, v in row.items() if k.startswith(("param.", "tag.", "library"))} == {
        "library": "'=cmd|' /C calc'!A0",
        "library_version": "3.6.2",
        "param.key_bits": "2048",
        "param.link": '\'=HYPERLINK("http://evil.example/","click")',
        "param.offset": "-3",
        "param.at": "'@SUM(A1)",
        "tag.cr": "'\rcmd",
        "tag.opt_level": "'-O2",
        "tag.neg": "-3.5e2",
        "tag.plain": "a=b",
        "tag.row": "x\r=1+1",
        "tag.sum": "'+1+1",
        "tag.tab": "'\tcmd",
    }
    assert row["value"] == "1600000.0"


def test_a_part_after_a_semicolon_cannot_be_a_formula_in_a_semicolon_locale(store_client):
    doc = make_run_doc(
        [make_result(library="a;=1+2")],
        tags={"list": "1;-3;x;@SUM(A1)", "opt": "-O2;+x", "plain": "a;b", "neg": "-1.5;2e3"},
    )
    assert store_client.post("/api/v1/runs", json=doc).status_code == 201
    params = {"format": "spreadsheet", "run": doc["run_id"]}
    header, line = store_client.get("/api/v1/results", params=params).text.splitlines()
    assert header.endswith(",tag.list,tag.neg,tag.opt,tag.plain")
    assert line.endswith(',"1;-3;x;\'@SUM(A1)","-1.5;2e3","\'-O2;\'+x","a;b"')
    assert ',"a;\'=1+2",' in line
    pieces = [piece.strip('"') for cell in line.split(",") for piece in cell.split(";")]
    assert [p for p in pieces if p.startswith(("=", "+", "@"))] == []


def test_a_key_the_filters_could_not_name_is_refused_on_upload(store_client):
    doc = make_run_doc([make_result(params={'we"ird': 1})], tags={"a\\b": "v"})
    response = store_client.post("/api/v1/runs", json=doc)
    assert response.status_code == 422
    assert {e["field"] for e in response.json()["errors"]} == {
        'results[0].params.we"ird.[key]',
        "tags.a\\b.[key]",
    }


@pytest.mark.parametrize("key", ['param.we"ird', "tag.a\\b", "param.x\x01", "tag."])
@pytest.mark.parametrize("format", ["csv", "json"])
def test_a_filter_key_outside_the_grammar_is_a_422_before_any_row(store_client, key, format):
    store(store_client)
    response = store_client.get("/api/v1/results", params={"format": format, key: "v"})
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["errors"][0]["field"] == key


def test_latex_prints_specials_from_data(store_client):
    store(store_client, library="Lib\\input{x}", algorithm="~^&%$#_{}")
    response = store_client.get(
        "/api/v1/results",
        params={"format": "latex", "metric": "cycles_per_op", "columns": "library"},
    )
    assert response.status_code == 200
    lines = response.text.splitlines()
    assert lines[4] == r"Benchmark & Lib\textbackslash{}input\{x\} [cycles/op] \\"
    assert lines[6] == (
        r"\multicolumn{2}{l}{\textbf{\textasciitilde{}\textasciicircum{}\&\%\$\#\_\{\}}} \\"
    )


def test_tex_escapes_every_special_once_and_blanks_control_characters():
    assert tex(r"a\b~c^d&e%f$g#h_i{j}") == (
        r"a\textbackslash{}b\textasciitilde{}c\textasciicircum{}d\&e\%f\$g\#h\_i\{j\}"
    )
    assert tex("two\n\nlines\x00") == "two  lines "
