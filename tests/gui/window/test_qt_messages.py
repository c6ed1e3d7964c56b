"""Qt's own messages on stderr: warnings always, debug output when the user asks for it
with QT_DEBUG_PLUGINS or QT_LOGGING_RULES (to send in a report), as the installed
program prints them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

DEBUG_LINE = "jojotte-score: Qt: qt."


def started(tmp_path: Path, **variables: str) -> list[str]:
    """The stderr lines of the program started and quit, offscreen, with ``variables``."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("QT_DEBUG_PLUGINS", "QT_LOGGING_RULES")
    }
    environment.update(
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        JOJOTTE_SCORE_DATA_DIR=str(tmp_path / "data"),
        **variables,
    )
    result = subprocess.run(
        [sys.executable, "-m", "jojotte_score", "--quit-after-start"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stderr.splitlines()


def test_qt_debug_output_is_left_out_unasked(tmp_path: Path) -> None:
    assert not [line for line in started(tmp_path) if line.startswith(DEBUG_LINE)]


@pytest.mark.parametrize(
    ("variable", "value", "expected"),
    [
        ("QT_DEBUG_PLUGINS", "1", "qt.core.plugin.factoryloader: checking directory path"),
        (
            "QT_LOGGING_RULES",
            "qt.qpa.*=true",
            'qt.qpa.plugin: Successfully loaded Qt platform plugin "offscreen"',
        ),
    ],
)
def test_qt_debug_output_passes_through_when_asked(
    tmp_path: Path, variable: str, value: str, expected: str
) -> None:
    lines = started(tmp_path, **{variable: value})
    assert any(line.startswith(f"jojotte-score: Qt: {expected}") for line in lines), lines[:20]
