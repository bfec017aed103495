"""`openssl speed`'s own timing (issue 27): each figure of a progress line keeps the seconds
openssl measured and the seconds it was asked to run, so ingest can see CPU time far below the
requested time (seed 003's devcrypto run: 0.01 s of 3 s). Captured fixtures (SOURCES.md)."""

from captured import CAPTURED

from cryptobench_parsers.openssl.session import parse_openssl_session

OPENSSL = CAPTURED / "openssl"


def timings(name):
    ((_, out),) = parse_openssl_session((OPENSSL / name).read_text(), source_name=name).runs
    return [(r.params["block_bytes"], r.stats) for r in out.results]


def test_progress_figures_keep_measured_and_requested_seconds():
    assert timings("seed003_beaglebone_1.1.1_with_devcrypto.txt") == [
        (size, {"seconds": seconds, "requested_seconds": 3.0})
        for size, seconds in zip(
            (16, 64, 256, 1024, 8192, 16384), (0.38, 0.28, 0.02, 0.01, 0.01, 0.01), strict=True
        )
    ]
    without = timings("seed003_beaglebone_1.1.1_without_engine.txt")
    assert [stats["seconds"] for _, stats in without] == [2.94, 2.98, 2.98, 2.97, 2.99, 2.98]


def test_a_table_figure_takes_the_timing_of_its_progress_line():
    ((_, out),) = parse_openssl_session(
        (OPENSSL / "openssl-3.0.19_human_elapsed_evp.txt").read_text(), source_name="evp"
    ).runs
    assert {r.stats["requested_seconds"] for r in out.results} == {1.0}
