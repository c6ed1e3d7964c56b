"""A partnership is two people: every sentence whose subject is a side says the plural verb
of a partnership ("Bert & Dora win the rubber", "Bert & Dora gewinnen den Robber") and the
singular of one player ("Anna reaches 80 below"), in English and in German. The catalogue's
plural forms carry it (the side's number of people chooses the form)."""

from __future__ import annotations

import re

import pytest

from jojotte_score.core.games import replay
from jojotte_score.core.model import Sitting
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.i18n import use_language
from jojotte_score.render.page_layout import running_result
from jojotte_score.render.sheet_layout import layout_sheet
from tests.core.test_explanation_golden import DATA, explain_file
from tests.render.test_sheet_layout import METRICS

# A side followed by a verb in the third person singular, as a subject ("Bert & Dora wins").
_SINGULAR = {
    "en": r"\b(?:wins|reaches|has|scores|takes|is|gets)\b",
    "de": r"\b(?:sagt|nennt|gewinnt|erreicht|hat|bekommt|macht|liegt|führt)\b",
}
_PLURAL = {
    "en": r"\b(?:win|reach|have|score|take|are)\b",
    "de": r"\b(?:sagen|nennen|gewinnen|erreichen|haben|bekommen|machen)\b",
}


def _subject_verbs(text: str, name: str, verbs: str) -> list[str]:
    """The lines where ``name`` is directly followed by one of ``verbs`` (after a comma and
    an apposition too: "Bert & Dora, the declaring side, have")."""
    pattern = re.compile(rf"{re.escape(name)}(?:, [^,]+,)? {verbs}")
    return [line for line in text.splitlines() if pattern.search(line)]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_partnership_says_its_verbs_in_the_plural(language: str) -> None:
    use_language(language)
    text = explain_file(DATA / "partnership-example.json")
    for side in ("Anna & Carl", "Bert & Dora"):
        assert _subject_verbs(text, side, _SINGULAR[language]) == []
    plural = _subject_verbs(text, "Bert & Dora", _PLURAL[language])
    assert len(plural) >= 7  # the wins, the games, the rubber (English "bid" is both)
    assert {
        "en": "Rubber 1 result (R14): Anna & Carl 505, Bert & Dora 1270; "
        "Bert & Dora win the rubber by 765.",
        "de": "Ergebnis von Robber 1 (R14): Anna & Carl 505, Bert & Dora 1270; "
        "Bert & Dora gewinnen den Robber mit 765 Punkten.",
    }[language] in text.splitlines()


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "Bert & Dora bid hearts."),
        ("de", "Bert & Dora sagen Herz an."),
        ("en", "Bert & Dora, the declaring side, have the higher total and win: 130 below"),
        ("de", "Bert & Dora haben als Kontraktspieler die höhere Summe und gewinnen: 130 unter"),
        ("en", "Bert & Dora reach 130 below (target 125) and win game 1 (R12)."),
        ("de", "Bert & Dora erreichen 130 unter dem Strich (Ziel 125) und gewinnen Partie 1"),
        ("en", "Bert & Dora have won two games: rubber 1 is over"),
        ("de", "Bert & Dora haben zwei Partien gewonnen und damit Robber 1;"),
    ],
)
def test_the_partnership_example_says(language: str, sentence: str) -> None:
    use_language(language)
    assert sentence in explain_file(DATA / "partnership-example.json")


@pytest.mark.parametrize("language", ["en", "de"])
def test_one_player_keeps_the_singular(language: str) -> None:
    use_language(language)
    text = explain_file(DATA / "small-example.json")
    for player in ("Anna", "Bert"):
        assert _subject_verbs(text, player, _PLURAL[language]) == []
    singular = _subject_verbs(text, "Bert", _SINGULAR[language])
    assert singular, text


@pytest.mark.parametrize(
    ("language", "example", "pad", "running"),
    [
        (
            "en",
            "partnership-example",
            "Bert & Dora win the rubber by 765",
            "Running result after rubber 1: Bert & Dora ahead by 765",
        ),
        (
            "de",
            "partnership-example",
            "Bert & Dora gewinnen den Robber mit 765 Punkten",
            "Zwischenstand nach Robber 1: Bert & Dora liegen mit 765 Punkten vorn",
        ),
        (
            "de",
            "german-example",
            "A gewinnt den Robber mit 100 Punkten",
            "Zwischenstand nach Robber 1: A liegt mit 100 Punkten vorn",
        ),
    ],
)
def test_the_pad_and_the_printed_page_agree_with_the_side(
    language: str, example: str, pad: str, running: str
) -> None:
    use_language(language)
    sitting = load_sitting(DATA / f"{example}.json").sitting
    assert isinstance(sitting, Sitting)
    ledger = replay(sitting)
    layout = layout_sheet(ledger, 1, METRICS)
    assert pad in [getattr(item, "text", None) for item in layout.items]
    assert running_result(ledger, 1) == running
