"""PDF files read back as a player's tools read them, with poppler's pdftotext and pdfinfo
(installed by packaging/system-libraries.sh): a test that needs one is skipped, saying how
to install it, only when it is missing."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest


def tool(name: str) -> str:
    """Where poppler's tool ``name`` is; the test is skipped when it is not installed."""
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} (poppler-utils) is not installed: sh packaging/system-libraries.sh")
    return found


def pdf_text(path: Path, *options: str) -> str:
    """The text of the PDF file at ``path``, as pdftotext gives it with ``options``."""
    result = subprocess.run(
        [tool("pdftotext"), *options, str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def pdf_info(path: Path) -> str:
    """What pdfinfo says of the PDF file at ``path``: its pages, their size, ..."""
    command = [tool("pdfinfo"), str(path)]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def pdf_pages(path: Path) -> int:
    """How many pages the PDF file at ``path`` has."""
    (pages,) = re.findall(r"^Pages:\s+(\d+)", pdf_info(path), re.MULTILINE)
    return int(pages)
