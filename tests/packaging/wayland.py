"""A real Wayland compositor for the tests: Debian's weston, headless, and its screenshots.

weston runs with its headless backend, drawn by pixman (``--use-pixman``: without it the
headless backend draws nothing), on a socket of its own in a private runtime folder (0700,
as a login's ``XDG_RUNTIME_DIR`` is), with ``--debug`` so that ``weston-screenshooter`` may
save the screen. Its clients get ``WAYLAND_DISPLAY`` and no ``DISPLAY``. The package is
``weston`` (``sh packaging/system-libraries.sh tests desktop``); without it the tests that
need it are skipped, saying so. The headless backend has no seat: no keyboard or pointer.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

SOCKET = "jojotte-wayland"
SCREEN = (1280, 820)
TIMEOUT_S = 30.0


def require_weston() -> None:
    """Skip the test, naming the package, when weston is missing."""
    if not sys.platform.startswith("linux"):
        pytest.skip("weston is a Linux compositor")
    for tool in ("weston", "weston-screenshooter"):
        if shutil.which(tool) is None:
            pytest.skip(
                f"{tool} is not installed (weston: sh packaging/system-libraries.sh tests desktop)"
            )


@dataclass(frozen=True)
class Compositor:
    """A running weston: its runtime folder and socket, and how to reach it."""

    runtime: Path
    socket: str
    scale: int

    def environment(self, extra: Mapping[str, str] = {}) -> dict[str, str]:
        """This process's environment for a Wayland client of it: no X display, no Qt
        platform chosen (the program chooses), a Wayland session."""
        dropped = ("DISPLAY", "QT_QPA_PLATFORM", "QT_SCALE_FACTOR", "XAUTHORITY")
        environment = {k: v for k, v in os.environ.items() if k not in dropped}
        return {
            **environment,
            "XDG_RUNTIME_DIR": str(self.runtime),
            "WAYLAND_DISPLAY": self.socket,
            "XDG_SESSION_TYPE": "wayland",
            **extra,
        }

    def screenshot(self, target: Path) -> None:
        """The whole output as a PNG (weston-screenshooter saves into its working folder)."""
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run(
                ["weston-screenshooter"],
                cwd=folder,
                env=self.environment(),
                check=True,
                capture_output=True,
                timeout=TIMEOUT_S,
            )
            saved = sorted(Path(folder).glob("*.png"))
            assert saved, "weston-screenshooter saved nothing"
            shutil.move(saved[0], target)


@contextmanager
def weston(scale: int = 1, size: tuple[int, int] = SCREEN) -> Iterator[Compositor]:
    """weston, headless, with one output of ``size`` logical pixels at ``scale`` (its
    pixels are ``size`` times ``scale``), until the block ends."""
    with tempfile.TemporaryDirectory(prefix="jojotte-wayland-") as name:
        runtime = Path(name)
        runtime.chmod(0o700)
        log = runtime / "weston.log"
        command = [
            "weston",
            "--backend=headless-backend.so",
            f"--socket={SOCKET}",
            f"--width={size[0]}",
            f"--height={size[1]}",
            f"--scale={scale}",
            "--use-pixman",
            "--debug",
            "--idle-time=0",
            f"--log={log}",
        ]
        environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY",)}
        environment["XDG_RUNTIME_DIR"] = str(runtime)
        server = subprocess.Popen(
            command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        compositor = Compositor(runtime, SOCKET, scale)
        try:
            deadline = time.monotonic() + TIMEOUT_S
            while not (runtime / SOCKET).exists() or "launching" not in _read(log):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"weston did not start: {_read(log)}")
                time.sleep(0.1)
            time.sleep(1)  # its shell client starts
            yield compositor
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _read(path: Path) -> str:
    return path.read_text(errors="replace") if path.exists() else ""
