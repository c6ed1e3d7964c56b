"""No import loops between the modules of one folder of gui/ (each folder one feature).

Every import counts, at the top of a module, inside a function (a late import) or for the
type checker only: a loop hidden behind a late import is still two modules that each need
the other. The imports are read from the source, so nothing is imported to check them.
"""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[2] / "jojotte_score" / "gui"


def _module_name(path: Path) -> str:
    parts = path.relative_to(GUI.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the module at ``path`` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found & modules


def _import_graph() -> dict[str, set[str]]:
    """Each module of gui/ → the modules of its own folder it imports."""
    paths = {_module_name(path): path for path in GUI.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        folder = name if path.name == "__init__.py" else name.rpartition(".")[0]
        siblings = {other for other in paths if other.rpartition(".")[0] == folder}
        graph[name] = _imports(path, siblings) - {name}
    return graph


def _loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The loops of ``graph``, each as the path that comes back to its first module."""
    loops: list[list[str]] = []
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            loops.append([*path[path.index(name) :], name])
            return
        if name in done:
            return
        for imported in sorted(graph[name]):
            visit(imported, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    return loops


def test_the_loop_finder_finds_a_loop() -> None:
    graph = {"a.app": {"a.main_window"}, "a.main_window": {"a.app"}, "a.dialogs": set()}

    assert _loops(graph) == [["a.app", "a.main_window", "a.app"]]


def test_no_module_of_a_gui_folder_imports_one_that_imports_it_back() -> None:
    graph = _import_graph()

    assert "jojotte_score.gui.window.main_window" in graph["jojotte_score.gui.window.app"]
    assert _loops(graph) == []
