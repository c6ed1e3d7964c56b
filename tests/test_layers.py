"""The layers of docs/architecture.md, checked on the source: which part of the package may
import which, where Qt may be imported, and no import loops anywhere in the package.

Every import counts, at the top of a module, inside a function (a late import) or for the
type checker only: a loop hidden behind a late import is still two modules that each need
the other. Where Qt may be loaded, only the imports that run count. The imports are read
from the source (``ast``), so nothing is imported to check them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "jojotte_score"
QT = "PySide6"


@dataclass(frozen=True, slots=True)
class Import:
    """One module's import of another of ours, or of Qt (``PySide6``)."""

    importer: str
    imported: str
    runs: str  # "top": when the module is imported; "late": in a function; "typing": never


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _ours(name: str) -> str | None:
    """The module of ours ``name`` is, or is in (an imported class, function or constant)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The nodes under the module's ``if TYPE_CHECKING:`` blocks (read by mypy, never run)."""
    hidden: set[int] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) in {
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        }:
            hidden.update(id(inner) for child in node.body for inner in ast.walk(child))
    return hidden


def _imported_names(node: ast.AST, package: str) -> list[str]:
    """What an import statement names: ``from package import module`` names the module,
    ``from module import name`` the module."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        parent = ".".join(parts[: len(parts) - node.level + 1])
        base = f"{parent}.{base}" if base else parent
    return [
        f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
        for alias in node.names
    ]


def _imports_of(module: str) -> list[Import]:
    path = MODULES[module]
    tree = ast.parse(path.read_text("utf-8"))
    top = {id(node) for node in tree.body}
    typing_only = _type_checking_only(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Import] = []
    for node in ast.walk(tree):
        runs = "typing" if id(node) in typing_only else "top" if id(node) in top else "late"
        for name in _imported_names(node, package):
            if name.split(".")[0] == QT:
                found.append(Import(module, QT, runs))
            elif (imported := _ours(name)) is not None and imported != module:
                found.append(Import(module, imported, runs))
    return found


IMPORTS = [found for module in MODULES for found in _imports_of(module)]


def _part(module: str) -> str:
    """The part of the package a module belongs to: ``core``, ``gui``, ``labels``, ... (the
    package's own ``__init__`` is ``jojotte_score``; Qt is ``PySide6``)."""
    parts = module.split(".")
    return parts[1] if parts[0] == "jojotte_score" and len(parts) > 1 else parts[0]


BELOW = {
    "jojotte_score": {"i18n"},
    "i18n": set(),
    "core": {"i18n"},
    "formats": {"core", "i18n"},
    "storage": {"formats", "core", "i18n"},
    "labels": {"core", "i18n"},
    "stats_labels": {"labels", "core", "i18n"},
    "render": {"jojotte_score", "labels", "formats", "core", "i18n", QT},
    "presenters": {"jojotte_score", "render", "storage", "labels", "formats", "core", "i18n"},
    "share": {"presenters", "render", "storage", "labels", "formats", "core", "i18n"},
    "sync": {"storage", "formats", "core", "i18n"},
    "cli": {
        *("jojotte_score", "gui", "share", "sync", "presenters", "render", "storage"),
        *("stats_labels", "labels", "formats", "core", "i18n"),
    },
    "gui": {
        *("jojotte_score", "share", "sync", "presenters", "render", "storage"),
        *("stats_labels", "labels", "formats", "core", "i18n", QT),
    },
    "__main__": {"cli", "gui"},
}
"""What each part may import besides itself: the layers of docs/architecture.md, each only
downwards. The core imports nothing of ours but ``i18n``; formats and storage import the
core (storage also formats); render imports neither gui nor cli nor storage; presenters and
share import neither Qt nor anything of gui."""

QT_FREE = ("core", "formats", "storage", "labels", "stats_labels", "presenters", "share", "sync")
"""The parts that never load Qt, through any import that runs."""

GUI_FEATURES = ("display", "entry", "history", "pad", "sharing", "sitting")

SHARED_RULES = (
    *("core.corrections", "core.errors", "core.explanation", "core.game_facts", "core.ledger"),
    *("core.melds", "core.model", "core.scoring", "core.sentences", "core.tables"),
    "core.validation",
)
"""The core's shared rules: the games' modules import them, and they import no game and
not the registry. Where one needs a game's fact or behaviour its caller hands the game in,
read as ``core.game_facts.GameFacts``."""


def _loops(graph: Mapping[str, Iterable[str]]) -> list[set[str]]:
    """The loops of ``graph``: each group of modules that all reach each other (Tarjan's
    strongly connected components of two modules or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    loops: list[set[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for other in sorted(graph[name]):
            if other not in index:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            group = {stack.pop()}
            while name not in group:
                group.add(stack.pop())
            if len(group) > 1:
                loops.append(group)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return loops


def _runs_on_import(modules: Iterable[str], kinds: set[str]) -> set[str]:
    """Every module (and Qt) that importing ``modules`` loads, following imports of
    ``kinds`` ("top", "late")."""
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        module = todo.pop()
        for found in IMPORTS:
            if found.importer == module and found.runs in kinds and found.imported not in seen:
                seen.add(found.imported)
                todo.append(found.imported)
    return seen


def test_the_loop_finder_finds_a_loop() -> None:
    graph = {"a.app": {"a.main_window"}, "a.main_window": {"a.app"}, "a.dialogs": {"a.app"}}

    assert _loops(graph) == [{"a.app", "a.main_window"}]


def test_the_import_reader_sees_every_kind_of_import() -> None:
    imports = {(i.imported, i.runs) for i in IMPORTS if i.importer == "jojotte_score.share.view"}
    main_window = {
        (i.imported, i.runs)
        for i in IMPORTS
        if i.importer == "jojotte_score.gui.window.main_window"
    }

    assert ("jojotte_score.presenters.table_words", "top") in imports
    assert ("jojotte_score.presenters.session", "typing") in imports
    assert ("jojotte_score.gui.display.table_display", "late") in main_window
    assert (QT, "top") in main_window


def test_every_part_of_the_package_has_its_place_in_the_layers() -> None:
    assert {_part(module) for module in MODULES} == set(BELOW)


@pytest.mark.parametrize("part", sorted(BELOW))
def test_each_part_imports_only_the_layers_below_it(part: str) -> None:
    wrong = sorted(
        f"{found.importer} imports {found.imported}"
        for found in IMPORTS
        if _part(found.importer) == part and _part(found.imported) not in {part, *BELOW[part]}
    )

    assert wrong == []


@pytest.mark.parametrize("part", QT_FREE)
def test_the_parts_below_the_window_never_load_qt(part: str) -> None:
    modules = [module for module in MODULES if _part(module) == part]

    assert QT not in _runs_on_import(modules, {"top", "late"})


def test_the_command_line_loads_qt_only_when_a_command_needs_it() -> None:
    """``pdf`` and the window import Qt late; the parser and every command's module never
    load it when they are imported."""
    cli = [module for module in MODULES if _part(module) in {"cli", "__main__"}]

    assert QT not in _runs_on_import(cli, {"top"})


@pytest.mark.parametrize("feature", GUI_FEATURES)
def test_no_feature_folder_of_the_window_imports_the_main_window_s_folder(feature: str) -> None:
    """The feature folders use gui's own shared modules (``gui/messages.py``,
    ``gui/action_names.py``); the main window's folder imports them, never the reverse."""
    folder = f"jojotte_score.gui.{feature}"
    upwards = sorted(
        f"{found.importer} imports {found.imported}"
        for found in IMPORTS
        if found.importer.startswith(f"{folder}.")
        and found.imported.startswith("jojotte_score.gui.window")
    )

    assert [module for module in MODULES if module.startswith(f"{folder}.")]
    assert upwards == []


def test_gui_s_shared_modules_import_no_feature_folder() -> None:
    shared = [
        module
        for module, path in MODULES.items()
        if module.count(".") == 2 and _part(module) == "gui" and path.name != "__init__.py"
    ]
    upwards = sorted(
        f"{found.importer} imports {found.imported}"
        for found in IMPORTS
        if found.importer in shared and found.imported.count(".") > 2 and found.imported != QT
    )

    assert "jojotte_score.gui.messages" in shared
    assert upwards == []


def test_no_import_loops_in_the_package() -> None:
    """No module imports, through any chain of imports, one that imports it back: the
    graph of every import of the package (at the top, late, for the type checker) has no
    loop, inside a part or across parts. Storage, from the bottom: the rows read and
    written on a connection (the cached figures, ``storage/stored_figures.py``), the schema
    whose migrations refill them, the backups, the database that opens and upgrades, the
    store of sittings, the statistics over it."""
    graph = {
        module: {i.imported for i in IMPORTS if i.importer == module and i.imported in MODULES}
        for module in MODULES
    }

    loops = [
        sorted(
            f"{found.importer} imports {found.imported} ({found.runs})"
            for found in IMPORTS
            if found.importer in loop and found.imported in loop
        )
        for loop in _loops(graph)
    ]

    assert loops == []


def test_the_shared_rules_import_no_game_and_not_the_registry() -> None:
    """Not even for the type checker or inside a function: the loop through ``Sitting.game``
    and the ledger's ``find_game`` stays broken."""
    shared = {f"jojotte_score.{name}" for name in SHARED_RULES}
    upwards = sorted(
        f"{found.importer} imports {found.imported}"
        for found in IMPORTS
        if found.importer in shared and found.imported.startswith("jojotte_score.core.games")
    )

    assert shared <= set(MODULES)
    assert upwards == []


def test_no_game_s_module_imports_the_registry() -> None:
    """The games sit below the registry: a game's own modules are handed what they need."""
    registry = "jojotte_score.core.games"
    upwards = sorted(
        f"{found.importer} imports {found.imported}"
        for found in IMPORTS
        if found.importer.startswith(f"{registry}.") and found.imported == registry
    )

    assert [module for module in MODULES if module.startswith(f"{registry}.")]
    assert upwards == []
