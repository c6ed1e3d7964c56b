"""Ctrl+C for a program a test starts, whatever started the tests.

A shell without job control starts a command put in the background (``command &``) with
SIGINT ignored, and a Python program that starts with SIGINT ignored keeps ignoring it: CI
runs the tests of a fresh Debian that way. ``share`` hears Ctrl+C all the same (it sets
SIGINT's handler back itself, tested by starting it with SIGINT ignored); the other programs
the tests start are given SIGINT's default here, as a terminal's foreground program has it.
"""

from __future__ import annotations

import signal


def hear_ctrl_c() -> None:
    """For ``subprocess.Popen(preexec_fn=...)``: the child starts with SIGINT's default, so
    that Python turns it into KeyboardInterrupt as at a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
