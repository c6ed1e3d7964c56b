"""The two start-up windows that differed from themselves laid out again (a resize away and
back): the 10,000-hand sitting of the start-up benchmark, whose notes' column wrapped at
another word once laid out again, and the chouette in English in large print (four steps
of Ctrl++, 2.44). The hand list's columns were fitted as the window was first shown, when
its scroll bar, about to show, was not visible yet: the columns were fitted to the list's
width less the bar's a second time (438 pixels of 452 for the long sitting), and kept that
fit until the list's width changed. Every example at the usual print is checked alike by
the entry panel's tests (tests/gui/entry/test_panel_first_layout.py)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from jojotte_score.formats.sitting_file import parse_sitting
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.storage.sittings import SittingStore
from tests.gui.entry.test_panel_first_layout import DATA, laid_out_again, started

GENERATOR = Path(__file__).resolve().parents[3] / "benchmarks" / "sitting_generator.py"


def benchmark_sitting(hands: int, seed: int = 1937) -> dict[str, Any]:
    """The start-up benchmark's generated sitting of ``hands`` hands (its ``sitting_data``;
    the benchmarks are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("sitting_generator", GENERATOR)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    data: dict[str, Any] = module.sitting_data(hands, seed=seed)
    return data


def start_and_lay_out_again(
    qtbot: QtBot, store: SittingStore, settings: AppSettings, example: Path, zoom: float
) -> tuple[QImage, QImage]:
    """The window as the program starts it on ``example`` in print ``zoom``, and the same
    window widened and narrowed back: their pictures."""
    settings.zoom = zoom
    window = started(qtbot, store, settings, example)
    first = window.grab().toImage()
    laid_out_again(window)
    return first, window.grab().toImage()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_long_sitting_starts_as_it_is_laid_out_again(
    qtbot: QtBot,
    store: SittingStore,
    settings: AppSettings,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    language: str,
) -> None:
    if language == "de":
        request.getfixturevalue("deutsch")
    store.import_sitting(parse_sitting(benchmark_sitting(12, seed=1)).sitting, title="small")
    long = tmp_path / "long.json"
    long.write_text(json.dumps(benchmark_sitting(10_000)), encoding="utf-8")
    first, again = start_and_lay_out_again(qtbot, store, settings, long, 1.0)
    assert again == first


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_chouette_in_large_print_starts_as_it_is_laid_out_again(
    qtbot: QtBot,
    store: SittingStore,
    settings: AppSettings,
    request: pytest.FixtureRequest,
    language: str,
) -> None:
    if language == "de":
        request.getfixturevalue("deutsch")
    example = DATA / "chouette-example.json"
    first, again = start_and_lay_out_again(qtbot, store, settings, example, 2.44)
    assert again == first
