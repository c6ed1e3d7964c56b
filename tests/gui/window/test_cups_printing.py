"""Printing to a real CUPS queue from the window, by keys alone, on a real X server.

The program runs on Xvfb (Qt's xcb platform) against a private cupsd whose default queue
is Debian's cups-pdf (tests/gui/window/cups_queue.py); xdotool types as a scorekeeper
would: Ctrl+P, Enter for the whole sitting, Enter in the preview, Enter in Qt's print
dialog. The PDF the queue writes is read page by page: its paper (the queue's, A4 or US
Letter, in a British and a US locale) and the pad's figures. Then the preview's line about
the printer, as the program says it, for a stopped queue, no queue, and no scheduler.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore

from ...packaging.xserver import (
    Window,
    display_environment,
    is_viewable,
    require_tools,
    wait_for_window,
    windows,
    xvfb,
)
from ..conftest import german, screenshot_folder
from .cups_queue import QUEUE, Queue, cups_queue, output_folder, require_cups, wait_for_pdf

TITLE = "Jo-Jotte scorepad"
PREVIEW = "Print preview: Berlin 1937"
RUBBERS = 5

# The program, with each line the preview says about the printer also written on stdout.
SAYS = """
import sys
from jojotte_score.gui import print_preview
shown = print_preview.PrintPreview.show_state
def show_state(self, state):
    shown(self, state)
    print("preview says:", state.words(), flush=True)
print_preview.PrintPreview.show_state = show_state
from jojotte_score.cli.program import main
sys.exit(main(sys.argv[1:]))
"""


def require_keys_and_poppler() -> None:
    for tool, package in (("xdotool", "xdotool"), ("pdfinfo", "poppler-utils")):
        if shutil.which(tool) is None:
            pytest.skip(
                f"{tool} is not installed ({package}: sh packaging/system-libraries.sh tests)"
            )


def press(display: str, window: Window, *keys: str) -> None:
    """Keys typed on the X server to ``window``, given the keyboard focus first as a window
    manager would (Xvfb runs none)."""
    environment = {**os.environ, "DISPLAY": display}
    subprocess.run(["xdotool", "windowfocus", "--sync", window.id], env=environment, check=True)
    for key in keys:
        subprocess.run(["xdotool", "key", key], env=environment, check=True)
        time.sleep(0.3)


def pages(pdf: Path) -> list[tuple[str, tuple[float, float]]]:
    """Each page's text and its size in points."""
    info = subprocess.run(
        ["pdfinfo", "-f", "1", "-l", "99", str(pdf)], capture_output=True, text=True, check=True
    ).stdout
    sizes = [
        (float(width), float(height))
        for width, height in re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", info)
    ]
    found = []
    for number, size in enumerate(sizes, start=1):
        text = subprocess.run(
            ["pdftotext", "-f", str(number), "-l", str(number), "-layout", str(pdf), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        found.append((text, size))
    return found


def wait_for_title(display: str, title: str, program: subprocess.Popen[str]) -> Window:
    """The window titled ``title`` (the whole title), once it is shown."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for window in windows(display):
            if window.title == title and is_viewable(display, window.id):
                return window
        if program.poll() is not None:
            raise AssertionError(f"the program exited: {program.communicate()[1]}")
        time.sleep(0.2)
    raise AssertionError(f"no window titled {title!r}: {[w.title for w in windows(display)]}")


class Program:
    """The window on ``display``, with the lines the preview says read from its stdout."""

    def __init__(self, display: str, data: Path, tmp_path: Path, queue: Queue, lang: str) -> None:
        self.display = display
        environment = display_environment(
            display,
            {
                **queue.environment,
                "LC_ALL": lang,
                "LANGUAGE": "",
                "XDG_CONFIG_HOME": str(tmp_path / "config"),
                "JOJOTTE_SCORE_DATA_DIR": str(data),
            },
        )
        self.process = subprocess.Popen(
            [sys.executable, "-c", SAYS],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.window = wait_for_window(display, TITLE, self.process)
        time.sleep(1)

    def print_whole_sitting(self) -> None:
        """Ctrl+P, Enter (the whole sitting), Enter (Print… in the preview)."""
        press(self.display, self.window, "ctrl+p")
        which = wait_for_window(self.display, "Print which sheets?", self.process)
        press(self.display, which, "Return")
        preview = wait_for_window(self.display, PREVIEW, self.process)
        time.sleep(0.5)
        press(self.display, preview, "Return")

    def open_preview_and_close(self) -> None:
        """Ctrl+P, Enter (the whole sitting), then Esc in the preview."""
        press(self.display, self.window, "ctrl+p")
        which = wait_for_window(self.display, "Print which sheets?", self.process)
        press(self.display, which, "Return")
        preview = wait_for_window(self.display, PREVIEW, self.process)
        time.sleep(0.5)
        press(self.display, preview, "Escape")
        deadline = time.monotonic() + 30
        while any(PREVIEW in window.title for window in windows(self.display)):
            assert time.monotonic() < deadline, "the preview did not close on Esc"
            time.sleep(0.2)

    def quit(self) -> tuple[str, str]:
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=30)
        assert self.process.returncode == 0, err
        return out, err


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder with the German worked example played five times: five rubbers, each
    A 755, B 655, more than a page holds."""
    folder = tmp_path / "data"
    folder.mkdir()
    with Database.open(database_path(folder)) as database:
        sitting = german()
        SittingStore(database).import_sitting(
            replace(sitting, hands=sitting.hands * RUBBERS),
            title="Berlin 1937",
            place="Café Kranzler",
        )
    return folder


def rasterise(pdf: Path, folder: Path, name: str) -> None:
    """The printed pages as PNG images in the screenshot folder, to look at."""
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "60", "-png", str(pdf), str(folder / name)], check=True)


@pytest.mark.parametrize(
    ("lang", "paper", "size"),
    [("en_GB.UTF-8", "A4", (595.0, 842.0)), ("en_US.UTF-8", "Letter", (612.0, 792.0))],
)
def test_keys_alone_print_the_sitting_on_a_cups_queue(
    tmp_path: Path, data: Path, lang: str, paper: str, size: tuple[float, float]
) -> None:
    require_cups()
    require_tools()
    require_keys_and_poppler()
    user = os.environ.get("USER") or "root"
    out = output_folder(user)
    before = set(out.glob("*.pdf")) if out.exists() else set()
    with cups_queue() as queue, xvfb() as display:
        queue.set_paper(paper)
        program = Program(display, data, tmp_path, queue, lang)
        try:
            program.print_whole_sitting()
            dialog = wait_for_title(
                display, f"Print – {TITLE}", program.process
            )  # Qt's print dialog
            time.sleep(0.5)
            press(display, dialog, "Return")  # its Print button
            pdf = wait_for_pdf(out, before, queue)
        finally:
            said, _err = program.quit()
    try:
        printed = pages(pdf)
        rasterise(pdf, screenshot_folder(tmp_path), f"cups-{paper.lower()}")
    finally:
        pdf.unlink()
    assert "preview says: Prints on “PDF”." in said
    assert len(printed) >= 2, printed
    assert all(abs(w - size[0]) < 2 and abs(h - size[1]) < 2 for _text, (w, h) in printed), [
        page_size for _text, page_size in printed
    ]
    # Page by page: the header and the footer on each, each rubber whole on one page with
    # its figures, and the running result after the last one.
    where = {}
    for number, (text, _size) in enumerate(printed, start=1):
        assert "Berlin 1937" in text
        assert "Place: Café Kranzler" in text
        assert f"Page {number} of {len(printed)}" in text
        rubbers = [r for r in range(1, RUBBERS + 1) if f"Rubber {r} of {RUBBERS}" in text]
        assert rubbers, f"page {number} has no rubber"
        for rubber in rubbers:
            where[rubber] = number
        words = text.split()
        assert words.count("755") == words.count("655") == len(rubbers)
        assert text.count("A wins the rubber by 100") == len(rubbers)
    assert sorted(where) == list(range(1, RUBBERS + 1))
    assert list(where.values()) == sorted(where.values())  # in order
    last = printed[-1][0]
    assert f"Running result after rubber {RUBBERS}: A ahead by {100 * RUBBERS}" in last


def test_the_preview_says_when_the_queue_is_stopped_missing_or_unanswered(
    tmp_path: Path, data: Path
) -> None:
    """A stopped queue is named before printing, and what is printed waits in it until it
    is started; with no queue, and with no scheduler, the preview says so and offers a
    PDF file instead (Esc closes it, nothing is printed anywhere)."""
    require_cups()
    require_tools()
    require_keys_and_poppler()
    out = output_folder(os.environ.get("USER") or "root")
    before = set(out.glob("*.pdf")) if out.exists() else set()
    with cups_queue() as queue, xvfb() as display:
        program = Program(display, data, tmp_path, queue, "en_GB.UTF-8")
        try:
            queue.run("cupsdisable", QUEUE)
            program.print_whole_sitting()
            dialog = wait_for_title(display, f"Print – {TITLE}", program.process)
            time.sleep(0.5)
            press(display, dialog, "Return")
            held = queue.jobs(waiting_for=1)
            queue.run("cupsenable", QUEUE)
            pdf = wait_for_pdf(out, before, queue)
            pdf.unlink()

            queue.run("lpadmin", "-x", QUEUE)
            program.open_preview_and_close()
            queue.stop_scheduler()
            program.open_preview_and_close()
        finally:
            said, _err = program.quit()
    assert len(held) == 1, held
    lines = [line.removeprefix("preview says: ") for line in said.splitlines()]
    stopped = (
        "The printer “PDF” is stopped: what you print waits in its queue until the printer "
        "is started again. You can choose another printer, or a PDF file, in the print dialog."
    )
    assert lines[0] == stopped
    assert lines[1] == stopped  # said again as Print is pressed
    assert lines[2].startswith("No printer is set up. Save as PDF writes the pages")
    assert lines[3].startswith("The printing service (CUPS) does not answer")
    assert len(lines) == 4
