"""No import circle among the modules of contract, parsers, collectors and backend (read from
their sources, cryptobench_testsupport.import_circles), and the reader finds the circles each
kind of import statement makes."""

from pathlib import Path

import pytest

from cryptobench_testsupport.import_circles import circle, import_graph

ROOT = Path(__file__).resolve().parents[2]
PARTS = ("contract", "parsers", "collectors", "backend")


def graph_of(tmp_path: Path, files: dict[str, str]) -> dict[str, set[str]]:
    for name, text in {"pkg/__init__.py": "", "pkg/sub/__init__.py": "", **files}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return import_graph([tmp_path])


def test_no_import_circle_in_any_part():
    graph = import_graph(ROOT / part / "src" for part in PARTS)
    assert {"cryptobench_contract", "cryptobench_server.app", "cryptobench_collect.cli.app"} <= set(
        graph
    )
    assert circle(graph) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("import pkg.b\n", "import pkg.a\n"),
        ("from pkg import b\n", "from pkg.a import NAME\n"),
        ("from . import b\n", "from .a import NAME\n"),
        ("from pkg.b import run\n", "def run():\n    from pkg import a\n"),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n",
            "from pkg.a import NAME\n",
        ),
    ],
    ids=["import", "from-package", "relative", "deferred", "type-checking"],
)
def test_a_circle_of_two_modules_is_found_whatever_the_import_statement(tmp_path, a, b):
    found = circle(graph_of(tmp_path, {"pkg/a.py": a, "pkg/b.py": b}))
    assert set(found) == {"pkg.a", "pkg.b"} and found[0] == found[-1] and len(found) == 3


def test_a_circle_through_a_parent_relative_import_and_a_self_import(tmp_path):
    assert set(
        circle(
            graph_of(
                tmp_path, {"pkg/a.py": "import pkg.sub.m\n", "pkg/sub/m.py": "from ..a import x\n"}
            )
        )
    ) == {"pkg.a", "pkg.sub.m"}
    assert circle(graph_of(tmp_path / "self", {"pkg/a.py": "from pkg.a import x\n"})) == [
        "pkg.a",
        "pkg.a",
    ]


def test_a_package_importing_its_modules_and_imports_from_outside_are_no_circle(tmp_path):
    graph = graph_of(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.a import NAME\n",
            "pkg/a.py": "import json\nNAME = 1\n",
            "pkg/b.py": "from pkg import a\nfrom pkg.a import NAME\nfrom pkg import NAME as AGAIN\n",
        },
    )
    assert graph["pkg"] == {"pkg.a"} and graph["pkg.a"] == set()
    assert graph["pkg.b"] == {"pkg", "pkg.a"}
    assert circle(graph) == []
