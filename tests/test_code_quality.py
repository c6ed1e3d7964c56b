"""The code-quality gates run with the tests: ruff lint, ruff format, mypy --strict."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.parametrize(
    "command",
    [
        ("ruff", "check", "."),
        ("ruff", "format", "--check", "."),
    ],
    ids=["ruff-check", "ruff-format"],
)
def test_ruff(command: tuple[str, ...]) -> None:
    """The ruff installed with this Python (not whichever is first on PATH, if any)."""
    result = run(sys.executable, "-m", "ruff", *command[1:])
    assert "No module named ruff" not in result.stderr, "ruff is in the test extra: '.[test]'"
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_outside_gui() -> None:
    """mypy --strict over the package (gui/ excluded), the tests and the benchmarks."""
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr
