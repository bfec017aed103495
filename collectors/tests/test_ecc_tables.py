"""Seed 004's CSV and LaTeX formats, checked byte for byte on the seed's published means."""

from collect_support import FIXTURES

from cryptobench_collect.runners.ecc.rows import ROWS
from cryptobench_collect.runners.ecc.stats import summarize
from cryptobench_collect.runners.ecc.tables import Table, TableRow, csv_text, format_ns, latex_text

SEED_004 = [  # (ECpy, ECC.py) mean ns, 25,000 repetitions, in seed 004's table order
    (6420571.18, 23060506.52),
    (12904788.91, 46025457.98),
    (6457965.82, 22673621.53),
    (12939980.20, 45040922.67),
    (6390056.55, 22997217.87),
    (12820902.94, 45690935.96),
    (389843.32, 386594.24),
    (471788.96, 532413.66),
    (267983.28, 47641.32),
    (287278.40, 148769.96),
    (6186594.40, 23093736.81),
]


def seed_table() -> Table:
    rows = tuple(
        TableRow("secp256k1", row.name, row.label, values)
        for row, values in zip(ROWS, SEED_004, strict=True)
    )
    return Table(("ecpy", "ecc"), rows, 25000)


def test_csv_matches_seed_004_format():
    assert csv_text(seed_table()) == (FIXTURES / "ecc" / "seed004_means.csv").read_text()


def test_latex_table_matches_fixture():
    assert latex_text(seed_table()) == (FIXTURES / "ecc" / "seed004_means.tex").read_text()


def test_gaps_are_words_and_library_names_are_escaped_in_latex():
    table = Table(
        ("my_lib", "coincurve"),
        (TableRow("secp256r1", "point-add", "point addition", (1234.5, "unsupported")),),
        5,
    )
    assert (
        csv_text(table) == "benchmark;my_lib;coincurve\nsecp256r1/point-add;1,234.50;unsupported\n"
    )
    latex = latex_text(table)
    assert r"Benchmark & my\_lib [ns] & coincurve [ns] \\" in latex
    assert r"point addition & 1,234.50 & unsupported \\" in latex
    assert r"\caption{Mean time per operation in nanoseconds, 5 repetitions}" in latex


def test_number_format_and_summary_statistics():
    assert [format_ns(v) for v in (0.0, 999.994, 1000.0, 6420571.176)] == [
        "0.00",
        "999.99",
        "1,000.00",
        "6,420,571.18",
    ]
    assert format_ns("not installed") == "not installed"
    assert summarize([4, 1, 3, 2, 10]) == {
        "mean": 4.0,
        "median": 3.0,
        "min": 1.0,
        "max": 10.0,
        "stddev": 3.5355339059327378,
    }
    assert summarize([7])["stddev"] == 0.0
