"""The language the window speaks: ours through gettext, and Qt's own strings and locale.

The command line has already spoken the system's language or --lang before the window
starts. The window then decides: --lang wins and is remembered, else the language
remembered from View > Language, else the system's. Qt's standard dialogs (the buttons of
a message box, the file dialog, the print preview) speak it too, through the qtbase
catalogue shipped with Qt, and Qt's widgets write numbers and dates by it. The app starts
in it (:mod:`jojotte_score.gui.window.app`) and View > Language changes it
(:mod:`jojotte_score.gui.window.main_window`); neither imports the other for it.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.i18n import SOURCE_LANGUAGE, _, use_language

QT_TRANSLATOR = "jojotte-score-qtbase"
"""The object name of the translator of Qt's own strings (one at a time)."""


def start_language(requested: str | None, settings: AppSettings, environ: Mapping[str, str]) -> str:
    """The language the window starts in, spoken from now on: ``requested`` (``--lang``),
    which is remembered; else the remembered choice; else the system's (``environ``)."""
    if requested is not None:
        settings.language = requested
        if not settings.save():
            message = _(
                "jojotte-score: cannot write the settings file {file}; --lang {language} "
                "holds for this run only"
            )
            print(message.format(file=settings.file_name, language=requested), file=sys.stderr)
    return speak(settings.language, environ)


def speak(choice: str, environ: Mapping[str, str]) -> str:
    """Speak ``choice`` ("de", "en"; "" for the system's language), Qt's strings included;
    returns the language spoken."""
    code = use_language(choice or None, environ)
    use_qt_language(code)
    return code


def use_qt_language(code: str) -> None:
    """Load Qt's own strings in ``code`` (none for English) and make it Qt's default locale,
    keeping the system's territory (its paper and measures) where it has one."""
    QLocale.setDefault(qt_locale(code))
    app = QCoreApplication.instance()
    if app is None:
        return
    for old in app.findChildren(QTranslator, QT_TRANSLATOR):
        app.removeTranslator(old)
        old.deleteLater()
    if code == SOURCE_LANGUAGE:
        return
    # Imported for another language than English only: its class and enum cost start-up
    # 1.5 M instructions (callgrind).
    from PySide6.QtCore import QLibraryInfo

    translator = QTranslator(app)
    translator.setObjectName(QT_TRANSLATOR)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(f"qtbase_{code}", folder):
        app.installTranslator(translator)


def qt_locale(code: str) -> QLocale:
    """Qt's locale for the language ``code``: the system's when it speaks it (or, for
    English, has no language, as "C"), else the language in the system's territory."""
    system = QLocale.system()
    wanted = QLocale(code).language()
    if system.language() == wanted:
        return system
    if code == SOURCE_LANGUAGE and system.language() == QLocale.Language.C:
        return system
    return QLocale(wanted, system.territory())
