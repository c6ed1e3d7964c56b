"""PDF files as a player gets them: the text is there (pdftotext), the font is embedded
(pdffonts), and the pages look right (pdftoppm writes them as PNG images).

The images go into $JOJOTTE_SCREENSHOTS when it names a folder, else into the test's
temporary folder. The poppler tools are installed by packaging/system-libraries.sh; the
tests that need one are skipped only when it is missing.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from jojotte_score.core.games import replay
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import Sitting
from jojotte_score.render.document import PrintJob
from jojotte_score.render.fonts import FONT_FILES, font_data, print_font
from jojotte_score.render.page_layout import PAGE_SIZES, PrintError, SheetHeader
from jojotte_score.render.pdf import pdf_bytes, write_pdf
from tests.poppler import pdf_pages, pdf_text, tool
from tests.sitting_kinds import load_two_sided

ROOT = Path(__file__).resolve().parent.parent.parent
GERMAN = ROOT / "tests" / "data" / "german-example.json"
SCREENSHOTS_ENV = "JOJOTTE_SCREENSHOTS"


def screenshot_folder(tmp_path: Path) -> Path:
    """Where page images go: $JOJOTTE_SCREENSHOTS when set, else a temporary folder."""
    chosen = os.environ.get(SCREENSHOTS_ENV, "").strip()
    folder = Path(chosen) if chosen else tmp_path / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def german_sitting() -> Sitting:
    return load_two_sided(GERMAN)


@pytest.fixture
def german(qapp: QApplication) -> Ledger:
    """The six-hand worked example of the German rules: A 755, B 655."""
    return replay(german_sitting())


def tokens(text: str) -> Counter[str]:
    return Counter(text.split())


# The text is there ---------------------------------------------------------------------


def test_the_german_example_pdf_holds_every_entry_and_both_totals_as_text(
    german: Ledger, tmp_path: Path
) -> None:
    path = tmp_path / "german.pdf"
    write_pdf(path, PrintJob(german, SheetHeader("Berlin 1937", date="1937-11-21")), "A4")
    text = pdf_text(path)
    words = tokens(text)
    entries = Counter(str(entry.points) for entry in german.rubbers[0].entries)
    assert entries == Counter(
        {"40": 2, "60": 1, "35": 1, "95": 1, "20": 1, "220": 1, "300": 2, "50": 1, "150": 1}
        | {"100": 1}
    )
    for points, count in entries.items():
        assert words[points] >= count, points
    assert words["755"] == 1
    assert words["655"] == 1
    for prison in ("60", "90"):  # the circled amounts of hands 4 and 5
        assert prison in words
    for line in (
        "A wins the rubber by 100",
        "Berlin 1937",
        "Players: A – B",
        "Date: 1937-11-21",
        "Running result: A ahead by 100",
        "Running result after rubber 1: A ahead by 100",
        "Rubber 1 of 1",
        "Page 1 of 1",
    ):
        assert line in text, line
    # Each entry stands on its row beside its hand number, as on the screen.
    layout = pdf_text(path, "-layout")
    assert re.search(r"\b6\s+300\s*R\b", layout)
    assert re.search(r"\b3\s+220\b", layout)


def test_the_font_is_embedded(german: Ledger, tmp_path: Path) -> None:
    path = tmp_path / "german.pdf"
    write_pdf(path, PrintJob(german), "Letter")
    result = subprocess.run(
        [tool("pdffonts"), str(path)], capture_output=True, text=True, check=True
    )
    fonts = {line.split()[0]: line.split() for line in result.stdout.splitlines()[2:]}
    assert set(fonts) == {"DejaVuSans", "DejaVuSans-Bold"}
    for columns in fonts.values():
        assert columns[-5] == "yes"  # emb
    info = subprocess.run([tool("pdfinfo"), str(path)], capture_output=True, text=True, check=True)
    assert "612 x 792 pts (letter)" in info.stdout
    assert "Title:           Jo-Jotte scorepad" in info.stdout


def test_a_machine_without_fonts_still_gets_text(tmp_path: Path) -> None:
    """Fontconfig is given no font folders at all: the PDF's text comes from the bundled font."""
    config = tmp_path / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">'
        f"<fontconfig><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>",
        encoding="utf-8",
    )
    target = tmp_path / "german.pdf"
    environment = {
        **os.environ,
        "FONTCONFIG_FILE": str(config),
        "QT_QPA_PLATFORM": "offscreen",
        "QT_QPA_FONTDIR": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "-m", "jojotte_score", "pdf", str(GERMAN), "-o", str(target), "--card"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    text = pdf_text(target)
    assert "755" in text.split()
    assert "Jo-Jotte scoring card" in text


# Pages as images -----------------------------------------------------------------------


def page_image(pdf: Path, page: int, png: Path) -> QImage:
    """Page ``page`` of ``pdf`` as a PNG at 100 dots per inch, loaded."""
    stem = png.with_suffix("")
    pages = ("-f", str(page), "-l", str(page))
    command = [tool("pdftoppm"), "-r", "100", "-png", "-singlefile", *pages, str(pdf), str(stem)]
    subprocess.run(command, check=True)
    image = QImage(str(png))
    assert not image.isNull()
    return image


def ink(image: QImage, left: int, top: int, right: int, bottom: int) -> int:
    """How many pixels in the box are darker than light grey (every 2nd pixel counted)."""
    dark = 0
    for y in range(max(top, 0), min(bottom, image.height()), 2):
        for x in range(max(left, 0), min(right, image.width()), 2):
            if QColor(image.pixel(x, y)).lightness() < 200:
                dark += 1
    return dark


@pytest.mark.parametrize(
    ("name", "paper"),
    [("sheet", "A4"), ("blank-pad", "A4"), ("scoring-card", "A4"), ("scoring-card", "Letter")],
)
def test_page_images(name: str, paper: str, german: Ledger, tmp_path: Path) -> None:
    """A filled sheet, a blank pad and the scoring card, drawn inside the margins."""
    jobs = {
        "sheet": PrintJob(german, SheetHeader("Berlin 1937", date="1937-11-21", place="Berlin")),
        "blank-pad": PrintJob(blank=2, blank_sides=("Anna", "Bert")),
        "scoring-card": PrintJob(card=True),
    }
    pdf = tmp_path / f"{name}.pdf"
    write_pdf(pdf, jobs[name], paper)
    assert pdf_pages(pdf) == 1
    png = screenshot_folder(tmp_path) / f"print-{name}-{paper.lower()}.png"
    image = page_image(pdf, 1, png)
    width, height = PAGE_SIZES[paper]
    assert abs(image.width() - width * 100 / 72) <= 2
    assert abs(image.height() - height * 100 / 72) <= 2
    margin = int(36 * 100 / 72) - 2  # half an inch, less a pixel of antialiasing
    assert ink(image, 0, 0, image.width(), margin) == 0
    assert ink(image, 0, image.height() - margin, image.width(), image.height()) == 0
    assert ink(image, 0, 0, margin, image.height()) == 0
    assert ink(image, image.width() - margin, 0, image.width(), image.height()) == 0
    assert ink(image, margin, margin, image.width() - margin, image.height() - margin) > 2000
    text = pdf_text(pdf)
    expected = {
        "sheet": ["755", "655", "Berlin 1937", "Running result: A ahead by 100"],
        "blank-pad": ["Jo-Jotte scorepad", "Anna", "Bert", "Rubber ____", "prison"],
        "scoring-card": [
            "Jo-Jotte scoring card",
            "Card values",
            "R14: The result of a rubber",
            "the first side",  # no "ﬁ" ligature: the words can be searched
        ],
    }[name]
    for words in expected:
        assert words in text, words
    assert not {"ﬁ", "ﬂ"} & set(text)


def test_many_rubbers_paginate_with_every_rubber_once(german: Ledger, tmp_path: Path) -> None:
    sitting = german_sitting()
    ledger = replay(replace(sitting, hands=sitting.hands * 30))
    pdf = tmp_path / "many.pdf"
    write_pdf(pdf, PrintJob(ledger), "A4")
    text = pdf_text(pdf)
    for number in range(1, 31):
        assert text.count(f"Rubber {number} of 30") == 1, number
    assert text.count("755") == 30
    assert "Running result after rubber 30: A ahead by 3000" in text
    pages = pdf_pages(pdf)
    assert pages == 8  # four pads to an A4 page
    assert f"Page {pages} of {pages}" in text


# Writing the file ----------------------------------------------------------------------


def test_a_failed_write_leaves_no_partial_file(german: Ledger, tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "german.pdf"
    target.mkdir()  # a folder where the file should go: the final rename fails
    with pytest.raises(IsADirectoryError):
        write_pdf(target, PrintJob(german))
    assert [p.name for p in folder.iterdir()] == ["german.pdf"]
    assert target.is_dir()
    with pytest.raises(FileNotFoundError):
        write_pdf(tmp_path / "missing" / "german.pdf", PrintJob(german))
    assert not (tmp_path / "missing").exists()


def test_pdf_bytes_refuses_an_unknown_paper(german: Ledger) -> None:
    with pytest.raises(PrintError, match="unknown page size 'A3'"):
        pdf_bytes(PrintJob(german), "A3")
    assert pdf_bytes(PrintJob(german), "letter").startswith(b"%PDF-")


# The bundled font ------------------------------------------------------------------------


def test_the_bundled_font_is_dejavu_sans_with_its_license(qapp: QApplication) -> None:
    for name in FONT_FILES:
        assert font_data(name)[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    license_text = (ROOT / "resources" / "fonts" / "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in license_text
    assert "Arev Fonts Copyright" in license_text
    assert print_font().family() == "DejaVu Sans"


def test_pyproject_ships_every_package_and_the_font() -> None:
    """The packages are listed by hand (resources/ is mapped into the package), so a new
    subpackage must be added there; the font files are package data."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    packages = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "jojotte_score").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert set(setuptools["packages"]) == packages | {"jojotte_score.resources"}
    assert setuptools["package-dir"] == {"jojotte_score.resources": "resources"}
    data = setuptools["package-data"]["jojotte_score.resources"]
    assert "fonts/*.ttf" in data
    assert "fonts/LICENSE" in data
    assert (ROOT / "resources" / "__init__.py").is_file()
