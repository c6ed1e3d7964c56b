"""The frozen program's entry point (PyInstaller needs a script): the same as the command."""

from jojotte_score.__main__ import run

run()
