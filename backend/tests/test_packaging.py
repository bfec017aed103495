"""The service wheel and image carry no test code: the pytest plugin and the throwaway PostgreSQL
helper live in testsupport/ (installed by `make install`, never by backend/Dockerfile)."""

import importlib.util
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_service_package_has_no_test_code_nor_pytest_entry_point():
    assert importlib.util.find_spec("cryptobench_server.testing") is None
    project = tomllib.loads((ROOT / "backend" / "pyproject.toml").read_text())["project"]
    assert "entry-points" not in project
    assert importlib.util.find_spec("cryptobench_testsupport.pytest_plugin") is not None


def test_the_image_build_context_leaves_testsupport_out():
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert "testsupport" in ignored
    dockerfile = (ROOT / "backend" / "Dockerfile").read_text()
    assert "testsupport" not in dockerfile
