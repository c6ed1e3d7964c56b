"""The tests' own X server (xserver.xvfb) stays as it is when its last client leaves.

By default Xvfb resets itself whenever its last client disconnects, and a client that
connects during the reset is dropped before it is answered: the window tests' many short
clients (xwininfo, xprop, xdotool) made the program on Qt's xcb platform fail to start now
and then with "no display server answers". A reset also clears the root window's
properties, which is what this test watches.
"""

from __future__ import annotations

import subprocess

from .xserver import require_tools, xvfb

PROPERTY = "_JOJOTTE_SCORE_TEST"


def xprop(display: str, *arguments: str) -> str:
    """xprop's output for the root window of ``display``."""
    return subprocess.run(
        ["xprop", "-display", display, "-root", *arguments],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout


def test_the_server_does_not_reset_when_its_last_client_leaves() -> None:
    require_tools()
    with xvfb() as display:
        xprop(display, "-f", PROPERTY, "8s", "-set", PROPERTY, "kept")
        # The client that set it has gone: with a reset the property would be gone too.
        for _ in range(3):
            assert xprop(display, PROPERTY).strip() == f'{PROPERTY}(STRING) = "kept"'
