"""Choosing the language, and numbers and dates by it (jojotte_score/i18n.py)."""

from __future__ import annotations

import threading
from datetime import date

import pytest

from jojotte_score.i18n import (
    _,
    current_language,
    format_date,
    format_decimal,
    format_signed_decimal,
    locale_paper,
    ngettext,
    speaking,
    system_language,
    use_language,
)


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "de_CH"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "en"),
        ({"LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "de"),
        # LANGUAGE is a list tried in order; a language without a catalogue is passed over.
        ({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}, "de"),
        ({"LANGUAGE": "en:de", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "de", "LANG": "en_US.UTF-8"}, "de"),
        ({"LANGUAGE": "", "LANG": "de_DE@euro"}, "de"),
    ],
)
def test_the_system_chooses_the_language(environ: dict[str, str], language: str) -> None:
    assert system_language(environ) == language


def test_use_language_follows_the_system_or_the_choice() -> None:
    assert use_language(None, {"LANG": "de_DE.UTF-8"}) == "de"
    assert current_language() == "de"
    assert use_language("en", {"LANG": "de_DE.UTF-8"}) == "en"
    assert current_language() == "en"


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no language 'fr': the languages are en, de"):
        use_language("fr")
    assert current_language() == "en"


@pytest.mark.usefixtures("german")
def test_german_numbers_and_dates() -> None:
    assert format_decimal(2.5) == "2,5"
    assert format_decimal(1234.25, 2) == "1234,25"
    assert format_date(date(2026, 11, 23)) == "23.11.2026"


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "day", [date(2026, 11, 23), date(2026, 1, 5), date(1999, 12, 31), date(2000, 2, 29)]
)
def test_dates_are_written_as_strftime_writes_them(language: str, day: date) -> None:
    """The English "2026-01-05" and the German "05.01.2026", as ``%Y-%m-%d`` and
    ``%d.%m.%Y`` write them."""
    use_language(language)
    try:
        pattern = {"en": "%Y-%m-%d", "de": "%d.%m.%Y"}[language]
        assert format_date(day) == day.strftime(pattern)
    finally:
        use_language("en")


def test_english_numbers_and_dates() -> None:
    assert format_decimal(2.5) == "2.5"
    assert format_date(date(2026, 11, 23)) == "2026-11-23"
    assert _("an English message without a catalogue entry") == (
        "an English message without a catalogue entry"
    )


@pytest.mark.parametrize(
    ("environ", "paper"),
    [
        ({}, "A4"),
        ({"LANG": "en_US.UTF-8"}, "Letter"),
        ({"LANG": "en_CA.UTF-8"}, "Letter"),
        ({"LANG": "de_DE.UTF-8"}, "A4"),
        ({"LANG": "en_GB.UTF-8"}, "A4"),
        ({"LANG": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"}, "A4"),
        ({"LC_ALL": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"}, "Letter"),
    ],
)
def test_the_locale_chooses_the_paper(environ: dict[str, str], paper: str) -> None:
    assert locale_paper(environ) == paper


def test_speaking_speaks_a_language_in_this_thread_only() -> None:
    """The shared page's words in the phone's language, the window's left as they are."""
    heard: list[str] = []
    inside = threading.Event()
    done = threading.Event()

    def other_thread() -> None:
        inside.wait(5)
        heard.append(_("Total"))
        done.set()

    thread = threading.Thread(target=other_thread)
    thread.start()
    with speaking("de") as code:
        assert code == "de"
        assert current_language() == "de"
        assert _("Total") == "Gesamt"
        assert format_decimal(2.5) == "2,5"
        with speaking("en"):
            assert _("Total") == "Total"
        assert _("Total") == "Gesamt"
        inside.set()
        done.wait(5)
    thread.join(5)
    assert heard == ["Total"]  # another thread spoke the process's language meanwhile
    assert current_language() == "en"
    assert _("Total") == "Total"
    message = ngettext("{count} hand", "{count} hands", 2)
    assert message == "{count} hands"


def test_speaking_leaves_a_language_chosen_for_the_process(german: None) -> None:
    with speaking("en"):
        assert _("Total") == "Total"
    assert _("Total") == "Gesamt"
    use_language("en")
    assert _("Total") == "Total"  # the process's choice, after speaking was used


def test_speaking_refuses_an_unknown_language() -> None:
    with pytest.raises(ValueError, match="no language 'fr'"):
        speaking("fr")


@pytest.mark.parametrize(
    ("code", "value", "written"),
    [
        ("en", 2.5, "+2.5"),
        ("en", -2.5, "\u22122.5"),
        ("de", -0.5, "\u22120,5"),
        ("en", 0.0, "0.0"),
        ("en", -0.04, "0.0"),  # rounds to nought: no minus before it
        ("de", 0.04, "0,0"),
    ],
)
def test_a_signed_decimal_has_the_true_minus_and_none_on_nought(
    code: str, value: float, written: str
) -> None:
    with speaking(code):
        assert format_signed_decimal(value) == written
