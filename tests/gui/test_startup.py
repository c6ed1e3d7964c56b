"""What the window loads to start: only what the first sight of the pad needs.

Start-up time is measured by ``benchmarks/bench_startup.py``; this test keeps the modules
that are only needed later (dialogs, the meld helper, printing, statistics, exports, and
the standard library's slower helpers) from creeping back onto the start-up path.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, run_window_script

LATER = (
    "jojotte_score.gui.dialogs",  # New/Open sitting, Rename players, messages
    "jojotte_score.gui.meld_dialog",
    "jojotte_score.core.melds",  # the meld helper's rules
    "jojotte_score.gui.printing",
    "PySide6.QtPrintSupport",
    "jojotte_score.render.page_layout",
    "jojotte_score.core.stats",
    "jojotte_score.formats.csv_export",
    "jojotte_score.formats.ledger_json",
    "difflib",  # "did you mean" for a misspelt key in a sitting file
    "_strptime",  # reading backup names
)


def test_the_window_opens_a_sitting_without_what_is_needed_later(tmp_path: Path) -> None:
    data = tmp_path / "data"
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    example = "tests/data/german-example.json"
    imported = subprocess.run(
        [sys.executable, "-m", "jojotte_score", "import", example, "--data-dir", str(data)],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert imported.returncode == 0, imported.stderr
    code = (
        "import sys\n"
        "from jojotte_score.cli import main\n"
        f"status = main(['--quit-after-start', '--data-dir', {str(data)!r}])\n"
        "from jojotte_score.gui.main_window import MainWindow\n"
        f"print(status, *sorted(name for name in {LATER!r} if name in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0"]  # exit status 0, and none of LATER loaded


def test_the_collector_is_back_on_once_the_window_is_shown(tmp_path: Path) -> None:
    """The program starts with the garbage collector off (jojotte_score.__main__); the
    window turns it back on, with what start-up built frozen out of its reach."""
    result = run_window_script(
        tmp_path,
        "import gc\ngc.disable()\n",
        "print(status, gc.isenabled(), gc.get_freeze_count() > 1000)\n",
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0", "True", "True"]


@pytest.mark.parametrize(
    ("arguments", "status"),
    [
        (["--version"], 0),
        (["score", "no-such-file.json"], 2),  # a usage error: the file is missing
    ],
)
def test_the_program_exits_with_the_status_of_the_command(
    arguments: list[str], status: int
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "jojotte_score", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode == status, result.stderr
