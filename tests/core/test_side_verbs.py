"""A partnership is two people: every sentence whose subject is a side says the plural verb
of a partnership ("Bert & Dora win the rubber", "Bert & Dora gewinnen den Robber") and the
singular of one player ("Anna reaches 80 below"), in English and in German. The catalogue's
plural forms carry it (the side's number of people chooses the form)."""

from __future__ import annotations

import re

import pytest

from jojotte_score.core.games import find_game, replay
from jojotte_score.core.melds import DeclaredMelds, Rank, Run, Suit, decide_melds
from jojotte_score.core.model import Sitting, Trump, Variant
from jojotte_score.core.validation import check_hand
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.i18n import use_language
from jojotte_score.render.page_layout import running_result
from jojotte_score.render.sheet_layout import layout_sheet
from tests.core.builders import played
from tests.core.test_explanation_golden import DATA, explain_file
from tests.packaging.conftest import packaging_script
from tests.render.test_sheet_layout import METRICS

FOUR = Variant.PARTNERSHIP

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


# --- The meld classes, the entry checks and the meld helper --------------------------------
#
# Their messages say a side without a verb of its own ("Vier Gleiche nur bei Anna & Carl",
# "vier Buben für Bert & Dora", "Bert & Dora: kein Stich, aber 10 Kartenpunkte"), since
# they are said of one player and of a partnership alike.

_SIDES = ("Anna & Carl", "Bert & Dora")
_SIDE_MODULES = ("core/melds.py", "core/validation.py", "gui/entry/")
# A side's placeholder as the subject of a verb in the third person singular, German.
_GERMAN_SIDE_SINGULAR = re.compile(
    r"(?<!von )\{(?:side|side0|side1|winner|loser)\}(?:, [^,]+,)? "
    r"(?:hat|ist|erhält|bekommt|bekam|macht|gewinnt|liegt|führt|schreibt|sagt|hält|spielt|"
    r"blieb|wird|kann|muss|darf)\b"
    r"|\b(?:wenn|falls|ob|dass) \{(?:side|side0|side1|winner|loser)\} [^,;:.]*"
    r"\b(?:hat|ist|bekam|macht|blieb)\b"
)


def test_no_german_message_of_the_melds_checks_or_helper_gives_a_side_a_singular_verb() -> None:
    tool = packaging_script("translations")
    offending = []
    for message in tool.read_catalogue(tool.catalogue_path("de"), "de"):
        if not message.id or not any(
            module in path for path, _line in message.locations for module in _SIDE_MODULES
        ):
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        # A plural message chooses its form by the side's people: its plural must agree.
        if _GERMAN_SIDE_SINGULAR.search(strings[-1]):
            offending.append(strings[-1])
    assert offending == []


def test_the_side_check_finds_what_it_is_for() -> None:
    """The pattern above catches the sentences this check retired."""
    for retired in (
        "Klasse A: Nur {side} hat vier Gleiche gemeldet: {fours}.",
        "Klasse A: Die vier {winner} von {side} schlagen vier {loser}; {side} erhält {fours}.",
        "{side} hat keinen Stich gemacht, hat aber {points} Kartenpunkte",
        "ein Schlemm, wenn {loser} keinen Stich bekam",
    ):
        assert _GERMAN_SIDE_SINGULAR.search(retired), retired
    assert not _GERMAN_SIDE_SINGULAR.search("Die {run} von {side} ist länger als die {other}")


def _four_jacks_against_nines() -> tuple[str, ...]:
    jacks, nines = DeclaredMelds(fours=(Rank.JACK,)), DeclaredMelds(fours=(Rank.NINE,))
    return decide_melds(jacks, nines, Trump.HEARTS, names=_SIDES).reasons


@pytest.mark.parametrize(
    ("language", "fours", "only", "sequences"),
    [
        (
            "en",
            "Class A: Anna & Carl's four jacks beat four nines (order J, 9, A, 10, K, Q); "
            "four jacks = 1 × 100 = 100 to Anna & Carl.",
            "Class A: four of a kind only from Bert & Dora: four aces = 1 × 100 = 100.",
            "Class B: sequences only from Anna & Carl:",
        ),
        (
            "de",
            "Klasse A: Die vier Buben von Anna & Carl schlagen vier Neunen (Rangfolge B, 9, A, "
            "10, K, D); vier Buben = 1 × 100 = 100 für Anna & Carl.",
            "Klasse A: Vier Gleiche nur bei Bert & Dora: vier Asse = 1 × 100 = 100.",
            "Klasse B: Folgen nur bei Anna & Carl:",
        ),
    ],
)
def test_the_meld_classes_say_a_partnership_without_a_singular_verb(
    language: str, fours: str, only: str, sequences: str
) -> None:
    use_language(language)
    assert fours in _four_jacks_against_nines()
    aces = decide_melds(
        DeclaredMelds(), DeclaredMelds(fours=(Rank.ACE,)), Trump.HEARTS, names=_SIDES
    )
    assert only in aces.reasons
    run = Run(3, Rank.ACE, Suit.SPADES)
    runs = decide_melds(DeclaredMelds(runs=(run,)), DeclaredMelds(), Trump.HEARTS, names=_SIDES)
    assert any(reason.startswith(sequences) for reason in runs.reasons), runs.reasons


@pytest.mark.parametrize(
    ("language", "no_trick", "unbid_slam"),
    [
        (
            "en",
            "Bert & Dora: no trick won, but 10 card points",
            "no card points for Bert & Dora and the last trick to Anna & Carl: a slam if no "
            "trick went to Bert & Dora, but the tricks are not recorded, so no slam bonus is "
            "scored",
        ),
        (
            "de",
            "Bert & Dora: kein Stich, aber 10 Kartenpunkte",
            "keine Kartenpunkte für Bert & Dora und der letzte Stich für Anna & Carl: ein "
            "Schlemm, falls kein Stich an Bert & Dora ging, aber die Stiche sind nicht "
            "eingetragen, also wird keine Prämie für unangesagten Schlemm angeschrieben",
        ),
    ],
)
def test_the_entry_checks_say_a_partnership_without_a_singular_verb(
    language: str, no_trick: str, unbid_slam: str
) -> None:
    use_language(language)
    trick_less = played(0, "spades", (142, 10), 0, tricks=(8, 0))
    assert no_trick in [
        problem.message for problem in check_hand(trick_less, find_game(FOUR), 3, _SIDES)
    ]
    slam = played(0, "spades", (155, 0), 0)
    assert unbid_slam in [
        problem.message for problem in check_hand(slam, find_game(FOUR), 3, _SIDES)
    ]
