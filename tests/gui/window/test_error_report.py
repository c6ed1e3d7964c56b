"""An error nobody caught is logged, said in a message box, and the window goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.window.error_report import LOG_NAME, ErrorReport
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import Messages, german


def test_a_failing_menu_item_is_reported_and_the_window_goes_on(
    main_window: MainWindow,
    messages: Messages,
    monkeypatch: pytest.MonkeyPatch,
    qtbot: QtBot,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sitting_id = main_window.session.store.import_sitting(german())
    main_window.open_sitting_id(sitting_id)
    report = ErrorReport(tmp_path, lambda: main_window, interactive=True)
    report.install()

    def broken() -> None:
        raise RuntimeError("the printer module is missing")

    monkeypatch.setattr(main_window, "print_card", broken)
    try:
        QTimer.singleShot(0, main_window.print_card)
        qtbot.waitUntil(lambda: len(messages) == 1, timeout=2000)
    finally:
        report.uninstall()
    assert messages[0].startswith(
        "Something went wrong in test_error_report.broken: RuntimeError: the printer module"
    )
    assert str(tmp_path / LOG_NAME) in messages[0]
    log = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in log
    assert "RuntimeError: the printer module is missing" in log
    assert "jojotte-score: Something went wrong" in capsys.readouterr().err
    # The window goes on: a later action still works, nothing stored was touched.
    main_window.named_actions[ActionName.THROWN_IN].trigger()
    assert main_window.model.rowCount() == 7
    assert QApplication.instance() is not None


def test_with_nobody_to_click_it_goes_to_stderr_only(
    messages: Messages, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = ErrorReport(tmp_path, lambda: None, interactive=False)
    try:
        raise ValueError("bad")
    except ValueError as error:
        report.report(ValueError, error, error.__traceback__)
    assert messages == []
    assert "ValueError: bad" in capsys.readouterr().err
    assert "ValueError: bad" in (tmp_path / LOG_NAME).read_text(encoding="utf-8")


def test_a_log_that_cannot_be_written_is_said(
    messages: Messages, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("", encoding="utf-8")
    report = ErrorReport(blocked, lambda: None, interactive=True)
    try:
        raise ValueError("bad")
    except ValueError as error:
        report.report(ValueError, error, error.__traceback__)
    assert "could not be written" in messages[0]
