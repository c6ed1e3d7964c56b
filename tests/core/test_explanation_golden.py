"""What ``jojotte-score explain`` prints for each example sitting, in each language, checked
byte for byte against the golden files ``tests/data/<example>.explain.<language>.txt``.

Regenerate them after a deliberate change to the explanations or the catalogue with the one
command of ``tests/golden.py``:

    JOJOTTE_REGENERATE_GOLDEN=1 python3 -m pytest tests/core/test_explanation_golden.py

and read the difference before committing (the German ones against the German rules text).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from jojotte_score.core.games import explain_ledger, find_game, replay
from jojotte_score.core.model import Sitting
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.i18n import use_language
from tests.golden import check_golden

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "data"
EXAMPLES = (
    "german-example",
    "partnership-example",
    "small-example",
    "three-player-example",
    "chouette-example",
    "cutthroat-example",
)


def explain_file(path: Path) -> str:
    """The whole explanation of a sitting file, as ``jojotte-score explain`` prints it."""
    sitting = load_sitting(path).sitting
    if isinstance(sitting, Sitting) and not find_game(sitting.variant).per_player:
        text = explain_ledger(replay(sitting))
    else:
        text = explain_ledger(replay(sitting))
    return text + "\n"


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("example", EXAMPLES)
def test_explanation_matches_golden_file(example: str, language: str) -> None:
    use_language(language)
    text = explain_file(DATA / f"{example}.json")
    golden = DATA / f"{example}.explain.{language}.txt"
    check_golden(text, golden, "tests/core/test_explanation_golden.py")


@pytest.mark.parametrize(
    ("variable", "value"),
    [("LANGUAGE", "de"), ("LC_ALL", "de_DE.UTF-8"), ("LANG", "de_AT.UTF-8")],
)
def test_the_command_explains_the_german_example_in_german(variable: str, value: str) -> None:
    environment = {
        name: setting
        for name, setting in os.environ.items()
        if name not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    environment[variable] = value
    printed = subprocess.run(
        [sys.executable, "-m", "jojotte_score", "explain", "tests/data/german-example.json"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        check=True,
    )
    golden = DATA / "german-example.explain.de.txt"
    assert printed.stdout.decode("utf-8") == golden.read_text(encoding="utf-8")
    assert printed.stderr == b""
