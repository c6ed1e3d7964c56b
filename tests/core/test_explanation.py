"""The explanations as data and in words: which sentence with which values, the sentence
table in English and German, and the German explanation of the German rules text's worked
scoresheet read against its notes 1-6 ("Die Anschrift", jojotte-rules-de.txt).
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from jojotte_score.core.explanation import explain_hand, hand_sentences
from jojotte_score.core.games import explain_ledger, replay
from jojotte_score.core.games.three_player_explanation import three_player_hand_sentences
from jojotte_score.core.model import Sitting, Trump
from jojotte_score.core.scoring import EntryKind
from jojotte_score.core.sentences import (
    Listing,
    Say,
    Sentence,
    in_words,
    listing,
    said,
    sentence_message,
)
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.i18n import use_language
from tests.core.test_german_example import GERMAN

DATA = Path(__file__).resolve().parent.parent / "data"
RULE_REFERENCE = re.compile(r"\((?:[RTCF]\d+[a-z]?(?:, )?)+\)")


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _by_say(sentences: list[Sentence], say: Say) -> Sentence:
    (found,) = [s for s in sentences if s.say is say]
    return found


@pytest.mark.parametrize("say", list(Say))
@pytest.mark.parametrize("count", [1, 2])
def test_german_keeps_each_sentences_placeholders_and_rule_references(say: Say, count: int) -> None:
    english = sentence_message(say, count)
    use_language("de")
    german = sentence_message(say, count)
    assert _placeholders(german) == _placeholders(english)
    assert RULE_REFERENCE.findall(german) == RULE_REFERENCE.findall(english)


def test_an_explanation_is_data_before_it_is_words() -> None:
    ledger = replay(GERMAN)
    sentences = hand_sentences(ledger.hands[2], ledger)
    # Note 3: A bids clubs, B doubled; B wins with the higher total, both trick scores
    # doubled go below for B (R4).
    heading = sentences[0]
    assert heading.say is Say.HAND
    assert (heading.value("number"), heading.value("rubber"), heading.value("game")) == (3, 1, 2)
    assert heading.value("sentence") == said(
        Say.BID_DOUBLED_BY,
        bidder="A",
        trump=Trump.CLUBS,
        doubler="B",
        redoubler="A",
        multiplier=2,
    )
    decision = _by_say(sentences, Say.DEFENDER_TAKES_BOTH_DOUBLED)
    assert decision == said(
        Say.DEFENDER_TAKES_BOTH_DOUBLED, winner="B", sum="2 × (60 + 50) = 220", loser="A", rule="R4"
    )
    scores = _by_say(sentences, Say.TRICK_SCORES).value("scores")
    assert scores == listing(
        [
            said(Say.SCORE, player="A", points=60),
            said(
                Say.SCORE_MADE_OF,
                player="B",
                points=50,
                parts=listing(
                    [said(Say.CARD_POINTS, points=40), said(Say.LAST_TRICK, points=10)], Say.PLUS
                ),
            ),
        ],
        Say.SEMICOLON,
    )
    written = _by_say(sentences, Say.WRITTEN_ABOVE_AND_BELOW)
    assert written.value("below") == listing(
        [said(Say.ENTRY, player="B", points=220, kind=EntryKind.TRICKS)]
    )
    assert [in_words(s) for s in sentences] == explain_hand(ledger.hands[2], ledger)


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "Totals (R2): A 60, B 75."),
        ("de", "Summen aus Melde- und Spielpunkten (R2): A 60, B 75."),
    ],
)
def test_a_list_is_said_item_by_item_and_joined_by_its_separator(language: str, text: str) -> None:
    use_language(language)
    totals = Listing(
        (said(Say.SCORE, player="A", points=60), said(Say.SCORE, player="B", points=75))
    )
    assert in_words(said(Say.TOTALS, rule="R2", totals=totals)) == text


# The German explanation of the worked scoresheet, hand by hand, beside the note of the
# German rules text it says again. Hand 3's 220 is 2 × 110: the text's "120" is a slip
# (docs/RULES.md, "The German worked example").
GERMAN_NOTES = [
    (
        1,
        "Spielpunkte (R1): A 60; B 35 (25 Kartenpunkte + 10 für den letzten Stich).",
        "B ... hat ... im Spiel 35 Punkte erreicht; A hat 60 Punkte im Spiel erreicht",
    ),
    (
        1,
        "Meldepunkte, in jedem Fall über dem Strich (R5): B 40.",
        "B, der den Kontrakt angesagt hat, hat 40 Meldepunkte über der Linie",
    ),
    (1, "Summen aus Melde- und Spielpunkten (R2): A 60, B 75.", "d. h. Insgesamt 75 Punkte"),
    (
        1,
        "B hat als Kontraktspieler die höhere Summe und gewinnt: 35 unter dem Strich für B, "
        "60 über dem Strich für A (R3).",
        "A ... bekommt diese 60 Punkte über der Linie notiert, und B bekommt seine 35 Punkte "
        "unter der Linie notiert.",
    ),
    (
        2,
        "A hat als Verteidiger die höhere Summe und gewinnt: alle Spielpunkte, 45 + 50 = 95, "
        "unter dem Strich für A (R3).",
        "Der Kontraktspieler B hat 45 Spielpunkte erreicht, der Verteidiger A erzielte 50 "
        "Punkte. B hat verloren und A bekommt alle Spielpunkte, d. h. 95 Punkte.",
    ),
    (
        2,
        "A erreicht 95 unter dem Strich (Ziel 80) und gewinnt Partie 1 (R12). Partien: A 1, B 0.",
        "Da das mehr als 80 Punkte sind, hat er auch die erste Partie gewonnen.",
    ),
    (
        3,
        "Spiel 3 (Robber 1, Partie 2): A sagt Kreuz an, von B kontriert (×2).",
        "Spieler B hat Spieler A Contra gesagt.",
    ),
    (
        3,
        "B hat als Verteidiger die höhere Summe und gewinnt: alle Spielpunkte, "
        "2 × (60 + 50) = 220, unter dem Strich für B; A bekommt keine Spielpunkte (R4).",
        "Er hat 20 Meldepunkte und 50 Spielpunkte – A hat nur 60 Spielpunkte, daraus folgt "
        "(50 + 60) x 2 = 120 für B unter der Linie.",
    ),
    (
        3,
        "B erreicht 220 unter dem Strich (Ziel 80) und gewinnt Partie 2 (R12). Partien: A 1, B 1.",
        "Beide Spieler haben jetzt eine Partie.",
    ),
    (
        4,
        "Spiel 4 (Robber 1, Partie 3): B nennt Ohne Trumpf; A sagt Null an, gespielt wie bei "
        "Ohne Trumpf.",
        "A sagt Null an",
    ),
    (
        4,
        "A macht 2 Stiche: Das Nullspiel ist verloren und B bekommt 200 + 100 × 1 = 300 über "
        "dem Strich. Alle Kartenpunkte, 20 + 40 = 60, kommen in den Keller; ein Nullspiel hat "
        "keinen Gewinner (R9).",
        "A sagt Null an und macht 2 Stiche. B bekommt 300 Punkte über der Linie, und alle "
        "Kartenpunkte kommen unter der Linie in den Keller, hier 60 Punkte in Klammern.",
    ),
    (
        5,
        "Gleiche Summen: Alle Spielpunkte, 45 + 45 = 90, kommen in den Keller (R3).",
        "Beide Spieler haben die gleiche Punktzahl erreicht, die Summe geht in den Keller.",
    ),
    (5, "Jetzt im Keller: 150 (R10).", "4. ( 60 ) 5. ( 90 )"),
    (
        6,
        "A gewinnt das Spiel und bekommt die 150 Punkte aus dem Keller über dem Strich (R10).",
        "Diese 60 Punkte bekommt der Gewinner des nächsten Spiels über der Linie gut geschrieben.",
    ),
    (
        6,
        "Über dem Strich: A 50 (Meldepunkte), B 40 (Spielpunkte), A 150 (Kellerpunkte), "
        "A 300 (Robberprämie). Unter dem Strich: A 100 (Spielpunkte).",
        "Spieler A gewinnt das Spiel mit 100 Punkten. ... Über der Linie hat er 50 "
        "Meldepunkte, 150 Kellerpunkte und 300 Punkte als Prämie für den Robber.",
    ),
    (
        6,
        "A hat zwei Partien gewonnen und damit Robber 1; die Robberprämie von 300 kommt über "
        "den Strich (R13).",
        "Damit hat er die zweite Partie und den Robber bekommen.",
    ),
    (
        6,
        "Ergebnis von Robber 1 (R14): A 755, B 655; A gewinnt den Robber mit 100 Punkten.",
        "Ergebnis: Spieler A hat 755 Punkte erzielt, B nur 555 (the slip of note 3 again)",
    ),
]


@pytest.mark.usefixtures("german")
@pytest.mark.parametrize(("hand", "line", "note"), GERMAN_NOTES)
def test_the_german_explanation_says_the_german_notes(hand: int, line: str, note: str) -> None:
    ledger = replay(GERMAN)
    assert line in explain_hand(ledger.hands[hand - 1], ledger), note


def _german_columns(example: str) -> list[list[str]]:
    use_language("de")
    text = explain_ledger(replay(load_sitting(DATA / f"{example}.json").sitting))
    return [block.splitlines() for block in text.split("\n\n")]


@pytest.mark.parametrize(
    ("example", "hand", "line", "rule"),
    [
        (
            "three-player-example",
            1,
            "Bert spielt gegen Anna; Carl setzt aus und hält zur Partei von Bert, "
            "die verteidigt (T4).",
            "T4: undoubled, I is with A",
        ),
        (
            "three-player-example",
            1,
            "Carl setzt aus und hält zu Bert, also bekommt Carl die 60 Punkte von Bert "
            "ebenfalls über dem Strich (T8).",
            "T8: I writes again, above, everything written for his partner (20 + 40)",
        ),
        (
            "three-player-example",
            2,
            "Carl hat als aktiver Verteidiger die höhere Summe und gewinnt: alle Spielpunkte, "
            "65 + 70 = 135, über dem Strich für Carl; ohne Kontra bekommt die Verteidigung nie "
            "Punkte unter dem Strich (T6).",
            "T6: A higher, T_D + T_A above for A",
        ),
        (
            "three-player-example",
            3,
            "Anna spielt gegen Carl; Bert setzt aus und hält nach dem Kontra zur Partei von "
            "Carl, die den Kontrakt spielt (T4).",
            "T4: doubled, D when I sided with the declarer",
        ),
        (
            "three-player-example",
            5,
            "Carl macht 2 Stiche: Das Nullspiel ist verloren und Anna bekommt 100 + 50 × 1 = "
            "150 über dem Strich. Alle Kartenpunkte, 20 + 70 = 90, kommen in den Keller; ein "
            "Nullspiel hat keinen Gewinner (T11).",
            "T11: lost after k tricks, 100 + 50 × (k - 1) above for A",
        ),
        (
            "three-player-example",
            6,
            "Summen von Robber 1: Anna 1100, Bert 480, Carl 1215; Abrechnung zwischen je zwei "
            "Spielern (T15): Anna +505, Bert \u22121355, Carl +850.",
            "T15: net_i = 3 × total_i - (sum of the totals): 3300 - 2795 = 505",
        ),
        (
            "three-player-example",
            8,
            "Bert hat Schlemm angesagt, aber nur 8 von 9 Stichen gemacht: Der Schlemm ist "
            "verloren und Bert bekommt keine Spielpunkte; Anna bekommt als Verteidiger ohne "
            "Kontra 140 + 10 = 150 über dem Strich und gewinnt das Spiel (T10).",
            "T10: failed, A scores m × (T_D + T_A), undoubled always above",
        ),
        (
            "cutthroat-example",
            2,
            "Anna hat gegeben und setzt aus, also bekommt Anna dasselbe wie Dave: nichts (F3).",
            "F3: the dealer writes above a copy of what the inactive player wrote",
        ),
        (
            "cutthroat-example",
            4,
            "Carl hat gegeben und setzt aus, also bekommt Carl dasselbe wie Bert: 290 über dem "
            "Strich (F3).",
            "F3: Bert copies Anna's 200 + 90 (T8), Carl copies Bert",
        ),
        (
            "cutthroat-example",
            5,
            "Summen von Robber 1: Anna 575, Bert 555, Carl 1215, Dave 65; Abrechnung zwischen "
            "je zwei Spielern (F6): Anna \u2212110, Bert \u2212190, Carl +2450, Dave \u22122150.",
            "F6: net_i = 4 × total_i - (sum of the totals): 4 × 1215 - 2410 = 2450",
        ),
        (
            "chouette-example",
            1,
            "Spiel 1 (Robber 1, Partie 1): Anna sitzt in der Box gegen Bert "
            "(führt die Mannschaft) und Carl (C1, C2).",
            "C1, C2: the box against the captain and his partner",
        ),
        (
            "chouette-example",
            4,
            "Bert bekommt dasselbe wie der Kapitän: die 150 Punkte von Carl noch einmal (C4).",
            "C4: every entry written for the team, again in the partner's column (50 + 100)",
        ),
        (
            "chouette-example",
            6,
            "Summen von Robber 2: Anna 70, Bert 805, Carl 805; Abrechnung zwischen je zwei "
            "Spielern (C6): Anna \u22121470, Bert +735, Carl +735.",
            "C6: d = 805 - 70 = 735; captain +d, partner +d, box -2d",
        ),
    ],
)
def test_the_games_of_individual_players_in_german(
    example: str, hand: int, line: str, rule: str
) -> None:
    assert line in _german_columns(example)[hand - 1], rule


def test_a_three_player_hand_as_data_cites_the_three_player_rules() -> None:
    sitting = load_sitting(DATA / "three-player-example.json").sitting
    assert isinstance(sitting, Sitting)
    ledger = replay(sitting)
    sentences = three_player_hand_sentences(ledger.hands[5], ledger)
    assert _by_say(sentences, Say.TRICK_SCORES).value("rule") == "T5, R1"
    assert _by_say(sentences, Say.WINNER_TAKES_BOTH) == said(
        Say.WINNER_TAKES_BOTH, winner="Carl", sum="2 × (110 + 30) = 280", loser="Bert", rule="T7"
    )
    assert _by_say(sentences, Say.COPIED) == said(
        Say.COPIED, inactive="Anna", partner="Carl", points=750
    )
    settled = _by_say(sentences, Say.RUBBER_SETTLED)
    assert settled.value("nets") == listing(
        said(Say.NET, player=name, net=net)
        for name, net in (("Anna", 505), ("Bert", -1355), ("Carl", 850))
    )


@pytest.mark.usefixtures("german")
@pytest.mark.parametrize(
    ("tricks", "text"),
    [
        (1, "Anna macht 1 Stich: Das Nullspiel ist verloren"),
        (2, "Anna macht 2 Stiche: Das Nullspiel ist verloren"),
    ],
)
def test_a_lost_nullo_counts_its_tricks_in_german(tricks: int, text: str) -> None:
    sentence = said(
        Say.NULLO_FAILED,
        declarer="Anna",
        taken=said(Say.TRICKS_TAKEN, count=tricks),
        defender="Bert",
        bonus="200",
        sum="10 + 110 = 120",
        rule="R9",
    )
    assert in_words(sentence).startswith(text)
