"""The table display on a real X server with two screens: the installed program, its keys.

Xvfb gets two screens, 1280×800 (the scorekeeper's laptop) and 1920×1080 (the screen facing
the players). Ctrl+Shift+D, typed through the X server as a person types (xdotool), opens
the table display full screen on the second screen; the keyboard stays with the scorepad's
window, where the last hand of the German worked example is then typed key by key; the
display shows it. Both screens' screenshots, before and after the hand, are written into
$JOJOTTE_SCREENSHOTS when it names a folder (``table-display-xcb-*.png``). The hand ends
the rubber, so the scorepad asks who deals first in the next one; its box has the keyboard,
Enter answers it and the display names the dealer. Then View > Language > Deutsch, typed
too: the window is built again in German and the display, open again on the second screen,
speaks German while the keyboard stays on the first. It takes about twenty seconds; without
Xvfb, x11-utils or xdotool it is skipped, saying which.
"""

from __future__ import annotations

import dataclasses
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from jojotte_score.formats.sitting_file import load_sitting, save_sitting
from jojotte_score.gui.entry.entry_panel import entry_form_for
from jojotte_score.gui.entry.form_rules import FormValues

from ..gui.conftest import GERMAN, screenshot_folder, stored_hands
from .test_xcb_window import TITLE, installed_command
from .xserver import (
    TIMEOUT_S,
    Window,
    display_environment,
    require_tools,
    screenshot,
    wait_for_window,
    windows,
    xvfb,
)

LAPTOP, TABLE = (1280, 800), (1920, 1080)
# The names of the keystroke plan (gui/entry/form_rules.py) as X key names.
X_KEYS = {"Tab": "Tab", "Enter": "Return", "Space": "space", "Esc": "Escape"}


def x_key(name: str) -> str:
    """The X key for a keystroke plan's key: "Alt+M" → "alt+m", "A" → "a", "Enter" → "Return"."""
    if name in X_KEYS:
        return X_KEYS[name]
    modifier, plus, letter = name.partition("+")
    if plus and letter:
        return f"{modifier.lower()}+{letter.lower()}"
    return name.lower()


def press(display: str, *keys: str) -> None:
    """Type ``keys`` through the X server to whichever window has its keyboard focus."""
    environment = display_environment(display)
    subprocess.run(
        ["xdotool", "key", "--delay", "60", *keys], env=environment, check=True, timeout=TIMEOUT_S
    )


def press_focus(display: str, window: Window) -> None:
    """Give ``window`` the keyboard focus of the X server."""
    subprocess.run(
        ["xdotool", "windowfocus", "--sync", window.id],
        env=display_environment(display),
        check=True,
        timeout=TIMEOUT_S,
    )


def focused_window(display: str) -> int:
    """The X window that has the keyboard focus."""
    out = subprocess.run(
        ["xdotool", "getwindowfocus"],
        env=display_environment(display),
        capture_output=True,
        text=True,
        check=True,
        timeout=TIMEOUT_S,
    ).stdout
    return int(out.strip())


def root_window(display: str) -> int:
    """The root window of ``display``'s screen (":N.0")."""
    info = subprocess.run(
        ["xwininfo", "-root", "-display", display],
        capture_output=True,
        text=True,
        check=True,
        timeout=TIMEOUT_S,
    ).stdout
    return int(info.split("Window id:")[1].split()[0], 16)


def wait_for(display: str, title_part: str, program: subprocess.Popen[str]) -> Window:
    """The window titled ``title_part`` on ``display`` (a screen: ":N.1"), once mapped."""
    return wait_for_window(display, title_part, program)


def colour(image: QImage, x: int, y: int) -> tuple[int, int, int]:
    pixel: QColor = image.pixelColor(x, y)
    return (pixel.red(), pixel.green(), pixel.blue())


def differing_rows(before: QImage, after: QImage) -> int:
    """How many rows of pixels (sampled every 4th pixel) differ between two screenshots."""
    rows = 0
    for y in range(0, before.height(), 2):
        if any(before.pixel(x, y) != after.pixel(x, y) for x in range(0, before.width(), 4)):
            rows += 1
    return rows


def test_the_table_display_opens_on_the_second_screen_and_follows_a_typed_hand(
    qtbot: QtBot, tmp_path: Path
) -> None:
    require_tools()
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed (xdotool: sh packaging/system-libraries.sh tests)")
    command = installed_command()
    example = load_sitting(GERMAN).sitting
    last = example.hands[-1]
    five = tmp_path / "five-hands.json"
    save_sitting(dataclasses.replace(example, hands=example.hands[:-1]), five)
    # The keys the scorekeeper types: the panel's own keystroke plan for the last hand.
    form = entry_form_for(example.variant, example.players)
    plan = [x_key(key) for key in form.keystrokes(last._replace(note=""), FormValues())]
    data = tmp_path / "data"
    extra = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "JOJOTTE_SCORE_DATA_DIR": str(data)}
    folder = screenshot_folder(tmp_path)
    shots = {
        name: folder / f"table-display-xcb-{name}.png"
        for name in (
            "laptop-before",
            "table-before",
            "laptop-after",
            "table-after",
            "table-dealer",
            "table-german",
        )
    }
    with xvfb((LAPTOP, TABLE)) as display:
        program = subprocess.Popen(
            [command, str(five)],
            env=display_environment(display, extra),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            main = wait_for(f"{display}.0", TITLE, program)
            qtbot.wait(1000)  # let it paint
            # The scorekeeper's window gets the keyboard, as a click in it gives it on a
            # desktop (Xvfb has no window manager to give it).
            press_focus(display, main)
            assert focused_window(display) == int(main.id, 16)
            press(display, "ctrl+shift+d")  # View > Table display
            table = wait_for(f"{display}.1", "Table display", program)
            qtbot.wait(1000)
            assert not [w for w in windows(f"{display}.0") if "Table display" in w.title]
            assert focused_window(display) == int(main.id, 16)  # the keyboard stays
            screenshot(f"{display}.0", shots["laptop-before"])
            screenshot(f"{display}.1", shots["table-before"])
            press(display, *plan)
            deadline = time.monotonic() + TIMEOUT_S
            while len(stored_hands(data, 1)) < len(example.hands):
                assert time.monotonic() < deadline, "the typed hand was not recorded"
                qtbot.wait(200)
            qtbot.wait(1000)  # the display repaints
            # The hand ended the rubber: the scorepad asks who deals first in the next one,
            # in a box of its own on the scorekeeper's screen, which has the keyboard.
            asking = focused_window(display)
            laptop = [int(window.id, 16) for window in windows(f"{display}.0")]
            assert asking != int(table.id, 16)
            assert asking in laptop
            screenshot(f"{display}.0", shots["laptop-after"])
            screenshot(f"{display}.1", shots["table-after"])
            press(display, "Return")  # A, the box's first choice, deals first
            qtbot.wait(1000)
            screenshot(f"{display}.1", shots["table-dealer"])
            # The box closed, the keyboard goes back to the scorepad's screen: to its window
            # on a desktop, to the root window here (no window manager gives it back).
            assert focused_window(display) in (int(main.id, 16), root_window(f"{display}.0"))
            # View > Language > Deutsch, from the keyboard: the window is built again in
            # German, and the display with it, on the same screen.
            press_focus(display, main)
            press(display, "alt+v", "g", "d")
            german = wait_for(f"{display}.1", "Tischanzeige", program)
            qtbot.wait(1000)
            screenshot(f"{display}.1", shots["table-german"])
            table_screen = [int(window.id, 16) for window in windows(f"{display}.1")]
            assert focused_window(display) not in table_screen  # the keyboard stays
        finally:
            program.send_signal(signal.SIGINT)  # the program quits cleanly on Ctrl+C
            _out, err = program.communicate(timeout=30)
    assert program.returncode == 0, err

    assert (table.x, table.y, table.width, table.height) == (0, 0, *TABLE)
    assert (german.x, german.y, german.width, german.height) == (0, 0, *TABLE)
    typed = last._replace(note="")  # the example's last hand, without its note
    assert stored_hands(data, 1) == (*example.hands[:-1], typed)
    images = {name: QImage(str(path)) for name, path in shots.items()}
    for name in ("table-before", "table-after", "table-german"):
        image = images[name]
        assert (image.width(), image.height()) == TABLE
        corners = [(0, 0), (TABLE[0] - 1, 0), (0, TABLE[1] - 1), (TABLE[0] - 1, TABLE[1] - 1)]
        for x, y in corners:  # the display covers the screen: no black root shows
            assert colour(image, x, y) != (0, 0, 0), (name, x, y)
    # The new hand is drawn on the table's screen: the pad, the totals and the last hand;
    # then the dealer chosen (one line of the display).
    assert differing_rows(images["table-before"], images["table-after"]) > TABLE[1] // 20
    assert differing_rows(images["table-after"], images["table-dealer"]) > 0
    assert differing_rows(images["table-dealer"], images["table-german"]) > TABLE[1] // 20
