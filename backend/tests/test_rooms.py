"""The backend's rooms import one way (backend/README.md, "Architecture"): a module imports
from its own room or one below it, never from one above, read from the sources with `ast`."""

from pathlib import Path

from cryptobench_testsupport.import_circles import import_graph

SOURCES = Path(__file__).parents[1] / "src"
#: Top to bottom; the shared definitions are modules at the package's root.
ROOMS = ("api", "query", "store", "changes", "definitions")
DEFINITIONS = ("identity", "stats", "sqlfuncs", "models", "locks")


def _room(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != "cryptobench_server":
        return None
    if parts[1] in DEFINITIONS:
        return ROOMS.index("definitions")
    return ROOMS.index(parts[1]) if parts[1] in ROOMS else None


def test_no_room_imports_a_room_above_it():
    upward = []
    for module, imports in import_graph([SOURCES]).items():
        here = _room(module)
        for name in imports:
            there = _room(name)
            if here is not None and there is not None and there < here:
                upward.append(f"{module} -> {name}")
    assert upward == []


def test_every_room_has_modules():
    rooms = {_room(module) for module in import_graph([SOURCES])}
    assert set(range(len(ROOMS))) <= rooms
