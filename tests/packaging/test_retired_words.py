"""The words "Words, round three" retired stay retired: no German translation and no English
message says them again. Each entry names what replaced it (docs/translating.md keeps the
settled terms)."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Message

from .conftest import packaging_script

TOOL = packaging_script("translations")

# German: calques and slips, and "schreiben" for scoring (a player or a total "bekommt").
RETIRED_GERMAN = {
    "Telefon": "Handy",
    "folgt": "zeigt, geht mit (a page or a phone does not follow)",
    "Rauchtest": "Startprobe",
    "gezählt hat": "gewertet wurde",
    "beider Spielpunkte": "alle Spielpunkte",
    "(führt)": "Box · Kapitän · Partner",
    "im Spiel nur": "im Kartenspiel nur (the deck, not a hand)",
    "einzelner Spieler": "Spiele mit Einzelwertung",
    "neues Abheben": "neu abheben",
    "kein Robber ist": "ist kein Robber",
    "halb getippt": "erst zum Teil eingetragen",
    "braucht nichts mehr": "ist vollständig",
    "abgeleitet": "neu bestimmt",
    "ableiten": "neu bestimmen",
    "ohne die höhere Summe": "hat nicht die höhere Summe, bekommt aber",
    "das die zweite Partie gewinnt": "mit dem er die zweite Partie gewinnt",
    "(leer)": "Jo-Jotte-Block (a pad that will be filled in)",
    "Partnerschaften": "Partnerspiel",
    "nicht zu gebrauchen": "kann nicht benutzt werden",
    "Englisch gesprochen": "bleibt auf Englisch",
    "Spracheinstellung": "Regionseinstellung (the paper size is the region's)",
    "erfass": "eintragen (one verb for recording a hand)",
    "schreibt mit": "bekommt dasselbe wie",
    "schreibt wie": "bekommt dasselbe wie",
    "schreibt, was": "bekommt dasselbe wie",
    "schreibt nur": "bekommt nur",
    "schreibt keine": "bekommt keine",
    "schreibt m ×": "bekommt m ×",
    "Summe schreibt": "wer die höhere Summe hat, bekommt",
    "schreibt den ganzen Keller": "bekommt den ganzen Keller",
    "im Spiel geschrieben": "im Spiel bekommen",
}
# English: the pad has one name (scorepad), slam and the ranks are lower case inside a
# sentence, as bridge writers write them, and the phrases this issue found unclear.
_RANKS = r"(?:Jacks?|Aces?|Kings?|Queens?|Tens?|Nines?|Eights?|Sevens?)"
RETIRED_ENGLISH = {
    r"(?i)\bscore ?sheets?\b": "scorepad",
    r"(?i)\bscore pads?\b": "scorepad",
    r"(?<!^)(?<!: )(?<!\. )\bSlams?\b": "slam",
    r"(?<!^)(?<!: )(?<!\. )\b" + _RANKS + r"\b": "jack, ace, ...",
    r"\bis with the defender\b": "sides with the defender",
    r"\bscores with the captain\b": "copies the captain's score",
    r"\bThe higher total scores\b": "The player with the higher total scores",
    r"\bphones? follows?\b": "has the page open",
    r"\bpages? follows?\b": "shows the sitting",
    r"\btable follows\b": "is shown to the table",
    r"\bRe-derived,": "Worked out again:",
    r"\bhalf typed\b": "only partly entered",
    r"\bspeaking English\b": "the program stays in English",
    r"\bshows here\b": "appears here",
    r"\b(?:won|took) no (?:trick|card points) but\b": "{side}: no trick won, but ...",
}


def _messages() -> list[Message]:
    catalog = TOOL.read_catalogue(TOOL.catalogue_path("de"), "de")
    return [message for message in catalog if message.id]


def _forms(text: object) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else tuple(str(form) for form in text or ())  # type: ignore[attr-defined]


@pytest.mark.parametrize("word", list(RETIRED_GERMAN))
def test_no_german_translation_says_a_retired_word(word: str) -> None:
    said = [form for message in _messages() for form in _forms(message.string) if word in form]
    assert said == [], f"say {RETIRED_GERMAN[word]!r} instead of {word!r}"


@pytest.mark.parametrize("pattern", list(RETIRED_ENGLISH))
def test_no_english_message_says_a_retired_phrase(pattern: str) -> None:
    found = re.compile(pattern)
    said = [form for message in _messages() for form in _forms(message.id) if found.search(form)]
    assert said == [], f"say {RETIRED_ENGLISH[pattern]!r} instead"


def test_the_help_texts_quote_as_german_prose_does() -> None:
    """Quotes in prose are „…“ (docs/translating.md); only a file's own text, such as a JSON
    key and value to type ("format": "jojotte-sitting"), keeps straight quotes."""
    straight = [
        form
        for message in _messages()
        if any(
            path.endswith(("cli/parser.py", "gui/window/help_menu.py"))
            for path, _ in message.locations
        )
        for form in _forms(message.string)
        if '"' in form or "'" in form
    ]
    assert straight == []


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("Carl sat out and is with the defender, Bert (T4).", r"\bis with the defender\b"),
        (
            "four Jacks = 1 × 100 = 100",
            r"(?<!^)(?<!: )(?<!\. )\b" + _RANKS + r"\b",
        ),
        ("Anna bid a Slam.", r"(?<!^)(?<!: )(?<!\. )\bSlams?\b"),
        ("Jo-Jotte scoresheet", r"(?i)\bscore ?sheets?\b"),
    ],
)
def test_the_english_patterns_find_what_they_retire(text: str, pattern: str) -> None:
    assert re.search(pattern, text)
    assert not re.search(pattern, "Slam bonus") or pattern.startswith("(?i)")
