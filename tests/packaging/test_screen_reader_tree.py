"""The window as a screen reader on Linux reads it: over AT-SPI, from the installed program.

The program runs on Xvfb's xcb platform with a D-Bus of its own (dbus-run-session),
the accessibility bus started on it (at-spi2-core's launcher) and Qt's bridge always on
(``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1``), as under a desktop with Orca running. Debian's
own Python then reads the window's accessible tree with pyatspi, as Orca does, and the
pad's node must hold every figure of the German rules' worked example, in reading order.
A second test types a hand with xdotool, as a scorekeeper does, while a listener waits for
AT-SPI's announcement events (Qt 6.8's): the hand recorded is announced by the pad.
The tools come with ``sh packaging/system-libraries.sh tests`` (at-spi2-core, dbus-bin,
python3-pyatspi, xdotool); without them the tests are skipped, saying which is missing.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from jojotte_score.formats.sitting_file import load_sitting, save_sitting
from jojotte_score.gui.entry.entry_panel import entry_form_for
from jojotte_score.gui.entry.form_rules import FormValues

from ..gui.conftest import GERMAN
from ..gui.pad.test_pad_accessible import GERMAN_PAD
from .conftest import packaging_script
from .test_table_display_xcb import x_key
from .test_xcb_window import TITLE, installed_command
from .xserver import TIMEOUT_S, display_environment, require_tools, xvfb

SYSTEM_PYTHON = "/usr/bin/python3"
LAUNCHER = "/usr/libexec/at-spi-bus-launcher"

# Run by Debian's Python (pyatspi is not in the virtual environment): waits for the
# program's pad to have children, then prints the pad's node, its children and the chain
# of nodes above it as JSON.
READER = """
import json, sys, time
import pyatspi

def find(node, depth=0):
    if node is None or depth > 40:
        return None
    if node.name == "Scorepad" and node.getRoleName() == "table":
        return node
    for index in range(node.childCount):
        found = find(node.getChildAtIndex(index), depth + 1)
        if found is not None:
            return found
    return None

deadline = time.monotonic() + float(sys.argv[1])
pad = None
while time.monotonic() < deadline:
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == "jojotte-score":
            pad = find(app)
    if pad is not None and pad.childCount:
        break
    time.sleep(0.3)
if pad is None:
    print(json.dumps({"error": "no node named Scorepad"}))
    sys.exit(1)
chain = []
node = pad.parent
while node is not None:
    chain.append([node.getRoleName(), node.name])
    node = node.parent
children = [pad.getChildAtIndex(i) for i in range(pad.childCount)]
print(json.dumps({
    "role": pad.getRoleName(),
    "description": pad.description,
    "children": [child.name for child in children],
    "roles": sorted({child.getRoleName() for child in children}),
    "chain": chain,
}))
"""

# Inside the private D-Bus: the accessibility bus, the program once that bus
# answers, the reader; then the program is asked to quit (Ctrl+C) and the launcher ends.
ON_THE_BUS = """
"$LAUNCHER" --launch-immediately & launcher=$!
tries=0
until dbus-send --session --dest=org.a11y.Bus --print-reply /org/a11y/bus \
    org.a11y.Bus.GetAddress >/dev/null 2>&1; do
  tries=$((tries + 1)); [ "$tries" -gt 100 ] && { echo "no accessibility bus" >&2; exit 3; }
  sleep 0.1
done
"$PROGRAM" & program=$!
"$SYSTEM_PYTHON" "$READER" "$WAIT"; status=$?
kill -INT "$program"; wait "$program"; quit=$?
echo "program quit with $quit" >&2
kill "$launcher" 2>/dev/null; wait "$launcher" 2>/dev/null
exit "$status"
"""


# Run by Debian's Python: prints each announcement as JSON lines until the pad has made one
# (or the time is up).
LISTENER = """
import json, sys
import pyatspi
from gi.repository import GLib

def heard(event):
    source = event.source
    print(json.dumps([source.getRoleName(), source.name, str(event.any_data)]), flush=True)
    if source.name == "Scorepad":
        pyatspi.Registry.stop()

pyatspi.Registry.registerEventListener(heard, "object:announcement")
GLib.timeout_add_seconds(int(float(sys.argv[1])), pyatspi.Registry.stop)
print("listening", flush=True)
pyatspi.Registry.start()
"""

# The listener first, then the program; once its window is there, the keys of hand 5.
TYPED = """
"$LAUNCHER" --launch-immediately & launcher=$!
until dbus-send --session --dest=org.a11y.Bus --print-reply /org/a11y/bus \
    org.a11y.Bus.GetAddress >/dev/null 2>&1; do sleep 0.1; done
"$SYSTEM_PYTHON" "$LISTENER" "$WAIT" > "$HEARD" & listener=$!
until grep -q listening "$HEARD" 2>/dev/null; do sleep 0.1; done
"$PROGRAM" "$SITTING" & program=$!
window=$(xdotool search --sync --name "$TITLE" | head -1)
sleep 1
xdotool windowactivate --sync "$window" 2>/dev/null || xdotool windowfocus --sync "$window"
xdotool key --delay 100 $KEYS
wait "$listener"; status=$?
kill -INT "$program"; wait "$program"; quit=$?
echo "program quit with $quit" >&2
kill "$launcher" 2>/dev/null; wait "$launcher" 2>/dev/null
exit "$status"
"""


def require_screen_reader_tools() -> None:
    """Skip, naming the package, when the accessibility bus or pyatspi is missing."""
    require_tools()
    if shutil.which("dbus-run-session") is None or shutil.which("dbus-send") is None:
        pytest.skip("dbus-run-session is not installed (dbus-bin: system-libraries.sh tests)")
    if not os.access(LAUNCHER, os.X_OK):
        pytest.skip(f"{LAUNCHER} is not installed (at-spi2-core: system-libraries.sh tests)")
    found = (
        subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, check=False)
        if os.access(SYSTEM_PYTHON, os.X_OK)
        else None
    )
    if found is None or found.returncode != 0:
        pytest.skip("pyatspi is not installed (python3-pyatspi: system-libraries.sh tests)")


def test_the_pad_s_node_holds_every_figure_of_the_german_example(tmp_path: Path) -> None:
    require_screen_reader_tools()
    command = installed_command()
    data = tmp_path / "data"
    reader = tmp_path / "reader.py"
    reader.write_text(READER, encoding="utf-8")
    extra = {
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "JOJOTTE_SCORE_DATA_DIR": str(data),
        "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
        "LAUNCHER": LAUNCHER,
        "PROGRAM": command,
        "SYSTEM_PYTHON": SYSTEM_PYTHON,
        "READER": str(reader),
        "WAIT": str(TIMEOUT_S),
        "LANGUAGE": "en",
    }
    with xvfb() as display:
        environment = display_environment(display, extra)
        environment.pop("DBUS_SESSION_BUS_ADDRESS", None)
        environment.pop("AT_SPI_BUS_ADDRESS", None)
        imported = subprocess.run(
            [command, "import", str(GERMAN)], env=environment, capture_output=True, text=True
        )
        assert imported.returncode == 0, imported.stderr
        run = subprocess.run(
            ["dbus-run-session", "--", "sh", "-c", ON_THE_BUS],
            env=environment,
            capture_output=True,
            text=True,
            timeout=3 * TIMEOUT_S,
            check=False,
        )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "program quit with 0" in run.stderr  # Ctrl+C: it closes cleanly, nodes and all
    read = json.loads(run.stdout.strip().splitlines()[-1])
    assert read["role"] == "table"
    assert read["children"] == GERMAN_PAD
    assert read["description"] == "Rubber 1 of 1; A leads 755 to 655"
    assert read["roles"] == ["label", "table column header"]
    # The pad's node is the window's: its frame, titled with the players, is above it.
    assert ["frame", f"A – B — {TITLE}"] in read["chain"]
    assert ["application", "jojotte-score"] in read["chain"]


def test_the_tests_group_installs_the_screen_reader_tools() -> None:
    """CI gets the tools through the script's tests group, so the test above runs there."""
    listed = packaging_script("qt_libraries").listed_packages("tests")
    assert {"at-spi2-core", "dbus-bin", "python3-pyatspi", "xvfb"} <= set(listed)


def test_a_hand_typed_is_announced_over_at_spi(tmp_path: Path) -> None:
    require_screen_reader_tools()
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed (xdotool: system-libraries.sh tests)")
    command = installed_command()
    example = load_sitting(GERMAN).sitting
    four = tmp_path / "four-hands.json"
    save_sitting(dataclasses.replace(example, hands=example.hands[:4]), four)
    form = entry_form_for(example.variant, example.players)
    keys = [x_key(key) for key in form.keystrokes(example.hands[4]._replace(note=""), FormValues())]
    listener = tmp_path / "listener.py"
    listener.write_text(LISTENER, encoding="utf-8")
    heard = tmp_path / "heard.jsonl"
    extra = {
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "JOJOTTE_SCORE_DATA_DIR": str(tmp_path / "data"),
        "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
        "LAUNCHER": LAUNCHER,
        "PROGRAM": command,
        "SYSTEM_PYTHON": SYSTEM_PYTHON,
        "LISTENER": str(listener),
        "HEARD": str(heard),
        "WAIT": str(TIMEOUT_S),
        "SITTING": str(four),
        "TITLE": TITLE,
        "KEYS": " ".join(keys),
        "LANGUAGE": "en",
    }
    with xvfb() as display:
        environment = display_environment(display, extra)
        environment.pop("DBUS_SESSION_BUS_ADDRESS", None)
        environment.pop("AT_SPI_BUS_ADDRESS", None)
        run = subprocess.run(
            ["dbus-run-session", "--", "sh", "-c", TYPED],
            env=environment,
            capture_output=True,
            text=True,
            timeout=3 * TIMEOUT_S,
            check=False,
        )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "program quit with 0" in run.stderr
    said = [json.loads(line) for line in heard.read_text("utf-8").splitlines()[1:]]
    # Each choice made with a key, then the hand as the pad says it.
    assert ["panel", "Bidder", "Bidder: A"] in said
    assert ["panel", "Trump", "Trump: Spades"] in said
    assert ["table", "Scorepad", "Hand 5: 90 to prison; B leads 615 to 155"] in said
