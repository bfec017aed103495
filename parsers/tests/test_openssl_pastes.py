"""Pasted `openssl speed` outputs (issue 27): a table pasted without its command after a
`-multi` run is a run of its own with a warning naming its line, never merged into the run before
it. The pieces are the captured outputs of collectors/tests/fixtures/openssl (SOURCES.md)."""

from captured import CAPTURED

from cryptobench_parsers.openssl.session import WITHOUT_COMMAND, parse_openssl_session

OPENSSL = CAPTURED / "openssl"


def figures(out):
    return {(r.name, r.params.get("block_bytes"), r.operation): r.value for r in out.results}


def test_a_table_without_its_command_after_a_multi_run_is_its_own_run():
    multi = (OPENSSL / "openssl-3.0.19_human_multi2.txt").read_text()
    single = (OPENSSL / "openssl-3.0.19_human_elapsed_evp.txt").read_text()
    table = single[single.index("The 'numbers' are in") :]
    alone = parse_openssl_session(multi, source_name="multi.txt").runs
    (_, before), (command, after) = parse_openssl_session(
        multi + table, source_name="paste.txt"
    ).runs
    assert figures(before) == figures(alone[0][1]) and len(before.results) == 8
    assert before.warnings == []
    heading = len(multi.splitlines()) + 1
    assert command is None
    assert [(w.line, w.text, w.message) for w in after.warnings] == [
        (heading, "The 'numbers' are in 1000s of bytes per second processed.", WITHOUT_COMMAND)
    ]
    assert figures(after) == {
        ("AES-256-GCM", size, "encrypt"): value
        for size, value in zip(
            (16, 64, 256, 1024, 8192, 16384),
            (26567650.0, 98062020.0, 387572480.0, 887131140.0, 2175123460.0, 2705653760.0),
            strict=True,
        )
    }
