"""The window's settings file when it cannot be used: a named pipe or a folder in its place
(never opened; the defaults), a folder that cannot be written (``--lang`` holds for the run,
and the window says so once)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from jojotte_score.gui.window.app import run_gui
from jojotte_score.gui.window.settings import AppSettings, UnrememberedSettings, settings_files
from jojotte_score.i18n import use_language

ENVIRON = {"QT_QPA_PLATFORM": "offscreen", "LANG": "en_GB.UTF-8"}

STARTS = """
import sys
from pathlib import Path
from jojotte_score.gui.window.app import run_gui
status = run_gui(None, Path(sys.argv[1]), True, {"QT_QPA_PLATFORM": "offscreen"}, Path(sys.argv[2]))
print("status", status)
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_as_the_settings_file_is_never_opened(tmp_path: Path) -> None:
    pipe = tmp_path / "settings.ini"
    os.mkfifo(pipe)
    started = subprocess.run(
        [sys.executable, "-c", STARTS, str(tmp_path / "data"), str(pipe)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert started.stdout.strip().endswith("status 0")
    assert started.returncode == 0
    assert (
        f"jojotte-score: {pipe}: the settings file is a named pipe, socket or device, not a "
        "file; the window starts with the default settings and remembers none of them this time"
    ) in started.stderr
    assert "Traceback" not in started.stderr
    # Qt's own warnings too (offscreen has no size hints to propagate) read "jojotte-score:".
    assert "jojotte-score: Qt: This plugin does not support propagateSizeHints()" in (
        started.stderr
    )
    assert all(line.startswith("jojotte-score: ") for line in started.stderr.splitlines())


def test_a_folder_as_the_settings_file_gives_the_defaults(tmp_path: Path) -> None:
    folder = tmp_path / "settings.ini"
    folder.mkdir()
    settings = AppSettings.at(folder)
    assert isinstance(settings.qsettings, UnrememberedSettings)
    assert "the settings file is a folder" in settings.problem
    assert settings.zoom == 1.0
    assert settings.language == ""
    settings.zoom = 2.0
    assert settings.zoom == 2.0  # held for the run
    assert settings.save()
    assert list(folder.iterdir()) == []


def test_the_usual_settings_files_are_the_ones_qt_reads() -> None:
    from PySide6.QtCore import QSettings

    if sys.platform == "win32":
        assert settings_files(None) == []
        return
    usual = Path(QSettings("jojotte-score", "jojotte-score").fileName())
    assert settings_files(None)[0] == usual


def test_an_unwritable_settings_folder_says_lang_holds_for_this_run_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "blocked").write_text("a file where the settings' folder should be")
    settings_path = tmp_path / "blocked" / "jojotte-score" / "settings.ini"
    status = run_gui(None, tmp_path / "data", True, ENVIRON, settings_path, language="de")
    use_language("en")
    assert status == 0
    err = capsys.readouterr().err
    warning = (
        f"jojotte-score: cannot write the settings file {settings_path}; --lang de holds for "
        "this run only"
    )
    assert err.count(warning) == 1


def test_the_window_refuses_a_sitting_file_beyond_the_rules_bounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.cli.test_hostile_files import extreme

    path = extreme(tmp_path, 2**53 - 1)
    status = run_gui(path, tmp_path / "data", True, ENVIRON, tmp_path / "s.ini")
    assert status == 2
    err = capsys.readouterr().err
    assert "the rubber bonus is 9007199254740991 points; it can be at most 1000000" in err
    assert "Traceback" not in err


def test_a_file_with_ten_thousand_problems_gives_a_box_that_fits_the_screen(
    tmp_path: Path, qapp: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from PySide6.QtWidgets import QMessageBox

    from jojotte_score.gui import messages

    hands = [{"dealer": 0, "bidder": 0, "trump": "hearts", "card_points": [37, 0]}] * 5000
    path = tmp_path / "many.json"
    data = {"format": "jojotte-sitting", "version": 1, "variant": "two-player"}
    path.write_text(json.dumps({**data, "players": ["Anna", "Bert"], "hands": hands}))
    shown: list[QMessageBox] = []

    def seen(box: QMessageBox) -> int:
        shown.append(box)
        return 0

    monkeypatch.setattr(QMessageBox, "exec", seen)
    from jojotte_score.core.errors import InvalidSittingError
    from jojotte_score.formats.sitting_file import load_sitting

    with pytest.raises(InvalidSittingError) as refused:
        load_sitting(path)
    text = "\n".join(problem.describe("many.json") for problem in refused.value.problems)
    assert len(text.splitlines()) == 10_000
    messages.show_message(None, "Sitting file refused", text)
    box = shown[0]
    lines = box.text().splitlines()
    assert len(lines) == 21
    assert lines[0] == (
        "many.json: hand 1: Anna's card points (37) must be a multiple of 5 from 0 to 155 with "
        "a trump suit"
    )
    assert lines[-1] == "... and 9980 more lines (Show Details... lists them all)"
    assert box.detailedText() == text
    assert box.sizeHint().height() < 1000


def test_the_error_log_is_capped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from jojotte_score.gui.window.error_report import LOG_LIMIT, LOG_NAME, ErrorReport

    report = ErrorReport(tmp_path, lambda: None, interactive=False)
    for number in range(400):
        try:
            raise ValueError("x" * 5000 + str(number))
        except ValueError as error:
            report.report(ValueError, error, error.__traceback__)
    capsys.readouterr()
    log, older = tmp_path / LOG_NAME, tmp_path / (LOG_NAME + ".1")
    assert log.stat().st_size < LOG_LIMIT + 10_000
    assert older.stat().st_size < LOG_LIMIT + 10_000
    assert older.stat().st_size >= LOG_LIMIT
    assert sorted(p.name for p in tmp_path.iterdir()) == [LOG_NAME, LOG_NAME + ".1"]
    assert "x399" in log.read_text(encoding="utf-8")  # the newest error is in the log


def test_the_window_says_a_database_whose_schema_is_not_utf8_is_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.cli.test_hostile_database import damage_schema, stored_folder

    data = tmp_path / "data"
    stored_folder(data, capsys)
    damage_schema(data / "sittings.sqlite3")
    status = run_gui(None, data, True, ENVIRON, tmp_path / "s.ini")
    assert status == 1
    err = capsys.readouterr().err
    assert "sittings.sqlite3: the database is damaged (its text is not readable" in err
    assert "`jojotte-score restore BACKUP` puts one back" in err
    assert "Traceback" not in err


def test_the_window_imports_a_file_recorded_under_earlier_checks(tmp_path: Path) -> None:
    import json

    from jojotte_score.core.model import PlayedHand
    from jojotte_score.presenters.session import import_file
    from jojotte_score.storage.database import Database
    from jojotte_score.storage.sittings import SittingStore

    path = tmp_path / "old.json"
    hand = {"bidder": 0, "trump": "hearts", "card_points": [100, 80], "last_trick": 0}
    data = {"format": "jojotte-sitting", "version": 1, "variant": "two-player"}
    data |= {"players": ["Anna", "Bert"], "hands": [hand], "recorded_under_earlier_checks": True}
    path.write_text(json.dumps(data), encoding="utf-8")
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = SittingStore(database)
        sitting_id = import_file(store, path)
        stored = store.load(sitting_id).sitting.hands[0]
    assert isinstance(stored, PlayedHand)
    assert stored.card_points == (100, 80)
