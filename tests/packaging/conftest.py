"""Shared by the packaging tests: the repository's folders and the packaging scripts."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGING = ROOT / "packaging"


def packaging_script(name: str) -> ModuleType:
    """A Python script of packaging/ loaded as a module (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, PACKAGING / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
