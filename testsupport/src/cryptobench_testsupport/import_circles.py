"""Import circles among the modules of source trees, read with `ast` (nothing is imported).

A module depends on every module it names in an `import` or `from ... import`, wherever the
statement stands (inside a function or under `if TYPE_CHECKING:` too: the dependency is there
even when the import is deferred); `from package import name` depends on the submodule `name`
when there is one, else on the package. A circle is a path of imports back to where it started.
"""

import ast
from collections.abc import Iterable
from graphlib import CycleError, TopologicalSorter
from pathlib import Path


def module_names(root: Path) -> dict[str, Path]:
    """Dotted name -> file of every module under a source root (`src/`)."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The known modules that module `name` (its file at `path`) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(package, node.module, node.level)
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.add(child if child in known else base)
    return found & known


def _absolute(package: str, module: str | None, level: int) -> str:
    if level == 0:
        return module or ""
    parts = package.split(".")
    return ".".join([*parts[: len(parts) - level + 1], *([module] if module else [])])


def import_graph(roots: Iterable[Path]) -> dict[str, set[str]]:
    """Module -> the modules it imports, over every module under the roots."""
    files = {name: path for root in roots for name, path in module_names(root).items()}
    known = set(files)
    return {name: imported(name, path, known) for name, path in files.items()}


def circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle (its modules in import order, the first again at the end), or []."""
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as exc:
        return list(exc.args[1])
    return []
