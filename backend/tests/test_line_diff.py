"""The line diff of run fields (query/line_diff.py): only the lines that differ, in order."""

from cryptobench_server.query.line_diff import line_diff

BUILD = (
    "built on: Fri Apr  3 12:29:32 2026 UTC\nplatform: debian-amd64\noptions: bn(64,64)\n"
    "compiler: gcc -O2\nCPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab"
)
MASKED = BUILD.replace(
    "0xfffa3203078bffff:0x405fc6f1bf07ab",
    "0xfdfa3201078bffff:0x405fc6d1bf07ab env:~0x200000200000000:~0x20000000",
)


def test_a_multi_line_build_shows_only_its_differing_line():
    assert line_diff("tool_build", BUILD, MASKED) == {
        "fact": "tool_build",
        "hunks": [
            {
                "before": ["CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab"],
                "after": [MASKED.splitlines()[-1]],
            }
        ],
        "unchanged": 4,
    }


def test_lines_added_removed_and_apart_are_hunks_of_their_own():
    before = "a\nb\nc\nd\ne"
    after = "a\nB\nc\nd\ne\nf"
    assert line_diff("x", before, after)["hunks"] == [
        {"before": ["b"], "after": ["B"]},
        {"before": [], "after": ["f"]},
    ]


def test_single_values_absent_values_and_numbers():
    assert line_diff("library_version", "3.6.2", "3.6.3")["hunks"] == [
        {"before": ["3.6.2"], "after": ["3.6.3"]}
    ]
    assert line_diff("tool_options", "-mr", None) == {
        "fact": "tool_options",
        "hunks": [{"before": ["-mr"], "after": []}],
        "unchanged": 0,
    }
    assert line_diff("clock_hz", 80e6, 160e6)["hunks"] == [
        {"before": ["80000000"], "after": ["160000000"]}
    ]
    assert line_diff("tag.note", None, "")["hunks"] == [{"before": [], "after": []}]
