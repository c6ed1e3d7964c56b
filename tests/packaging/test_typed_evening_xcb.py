"""An evening typed in a real window: the installed program on Xvfb's xcb platform, keyboard
only, over the five ways to play.

For each game's worked example (``tests/data/*-example.json``) the program starts on a
fresh data folder, shared by the five, with the example's players and no hand yet (the
sitting file given on its command line, as a scorekeeper opens one); its window gets the
keyboard, and the example's first hands of its first rubber (up to four, before the hand
that ends it, whose next cut a box of its own asks for) are typed through the X server key
by key with xdotool, each by the panel's own keystroke plan (notes left out); Ctrl+Q quits.
Then the stored sitting, written out by the program's ``export`` command, must hold exactly
those hands, and its ledger (the ``score`` command) must be the example's ledger over the
same hands, figure for figure. A screenshot of the window after each game's hands goes
into $JOJOTTE_SCREENSHOTS when it names a folder (``typed-evening-<game>.png``).

It takes about a minute; without Xvfb, x11-utils or xdotool it is skipped, saying which.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game, replay
from jojotte_score.core.ledger import Scorer
from jojotte_score.core.model import AnyHand, Sitting
from jojotte_score.formats.sitting_file import load_sitting, save_sitting
from jojotte_score.gui.entry.entry_panel import entry_form_for
from jojotte_score.gui.entry.form_rules import FormValues

from ..gui.conftest import screenshot_folder
from .test_table_display_xcb import focused_window, press, press_focus, x_key
from .test_xcb_window import TITLE, installed_command
from .xserver import (
    TIMEOUT_S,
    display_environment,
    require_tools,
    screenshot,
    wait_for_window,
    xvfb,
)

DATA = Path(__file__).resolve().parents[1] / "data"
EXAMPLES = {
    "two-player": "german-example.json",
    "partnership": "partnership-example.json",
    "three-player": "three-player-example.json",
    "chouette": "chouette-example.json",
    "cutthroat": "cutthroat-example.json",
}
MOST_HANDS = 4


def first_hands(sitting: Sitting) -> tuple[AnyHand, ...]:
    """The example's first hands typed: those of its first rubber before the hand that
    ends it, at most :data:`MOST_HANDS`, their notes left out."""
    first = replay(sitting).rubbers[0]
    count = len(first.hands) - (1 if first.winner is not None else 0)
    return tuple(hand._replace(note="") for hand in sitting.hands[: min(count, MOST_HANDS)])


def plan(sitting: Sitting, hands: tuple[AnyHand, ...]) -> list[str]:
    """The keys of ``hands``, one after another, as X key names: each hand's keystroke plan
    from the panel the window shows for it (the dealer prefilled after the first hand; in
    the chouette the rubber's roles name the sides)."""
    keys: list[str] = []
    scorer = Scorer.of(find_game(sitting.variant), dataclasses.replace(sitting, hands=()))
    for position, hand in enumerate(hands):
        form = entry_form_for(sitting.variant, sitting.players, scorer.roles)
        start = FormValues(dealer=hand.dealer if position else None)
        keys.extend(x_key(key) for key in form.keystrokes(hand, start))
        scorer.add(hand)
    return keys


def cli(command: str, *arguments: str, environment: dict[str, str]) -> str:
    """What the program's command prints; it must succeed."""
    done = subprocess.run(
        [command, *arguments], env=environment, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_an_evening_typed_in_a_real_window(qtbot: QtBot, tmp_path: Path) -> None:
    require_tools()
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed (xdotool: sh packaging/system-libraries.sh tests)")
    command = installed_command()
    data = tmp_path / "data"
    extra = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "JOJOTTE_SCORE_DATA_DIR": str(data)}
    folder = screenshot_folder(tmp_path)
    typed: dict[str, tuple[Sitting, tuple[AnyHand, ...]]] = {}
    with xvfb() as display:
        environment = display_environment(display, extra)
        for game, name in EXAMPLES.items():
            example = load_sitting(DATA / name).sitting
            hands = first_hands(example)
            empty = tmp_path / f"{game}.json"
            save_sitting(dataclasses.replace(example, hands=()), empty)
            program = subprocess.Popen(
                [command, str(empty)],
                env=environment,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            try:
                window = wait_for_window(display, TITLE, program)
                qtbot.wait(1000)  # let it paint
                # The window gets the keyboard, as a click in it gives it on a desktop
                # (Xvfb has no window manager to give it).
                press_focus(display, window)
                assert focused_window(display) == int(window.id, 16)
                press(display, *plan(example, hands))
                qtbot.wait(1500)  # the last hand recorded and drawn
                screenshot(display, folder / f"typed-evening-{game}.png")
                press(display, "ctrl+q")
                _out, err = program.communicate(timeout=TIMEOUT_S)
            finally:
                if program.poll() is None:
                    program.kill()
                    program.communicate(timeout=TIMEOUT_S)
            assert program.returncode == 0, err
            typed[game] = (example, hands)
            shot = QImage(str(folder / f"typed-evening-{game}.png"))
            assert shot.pixelColor(window.x + 20, window.y + 20).lightness() > 100

    environment = {**display_environment(":0", extra), "QT_QPA_PLATFORM": "offscreen"}
    assert cli(command, "sittings", environment=environment).count("\n") >= len(EXAMPLES)
    for number, (game, (example, hands)) in enumerate(typed.items(), start=1):
        stored = tmp_path / f"stored-{game}.json"
        cli(command, "export", "-o", str(stored), str(number), environment=environment)
        assert load_sitting(stored).sitting.hands == hands, game
        expected = tmp_path / f"expected-{game}.json"
        save_sitting(dataclasses.replace(example, hands=hands), expected)
        ledger = json.loads(cli(command, "score", str(stored), environment=environment))
        wanted = json.loads(cli(command, "score", str(expected), environment=environment))
        assert ledger == wanted, game
        nothing = json.loads(
            cli(command, "score", str(tmp_path / f"{game}.json"), environment=environment)
        )
        assert ledger != nothing, game  # the typed hands scored
