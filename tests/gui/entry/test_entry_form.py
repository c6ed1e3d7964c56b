"""The entry form's rules without Qt: values to a hand, what is missing, the focus order,
suggestions and the keystroke plan (docs/RULES.md, "Validation")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from jojotte_score.core.model import PlayedHand, Special, ThrownIn, Trump, Variant
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.entry.entry_form import EntryForm
from jojotte_score.gui.entry.form_rules import (
    ORDER,
    ROW_LABELS,
    TRUMP_CHOICES,
    FormValues,
    Slot,
    doubling_choices,
    mnemonic,
    row_label,
    trump_choices,
)

DATA = Path(__file__).resolve().parents[2] / "data"
TWO = EntryForm(Variant.TWO_PLAYER, ("Zoë", "Jürgen"))
FOUR = EntryForm(Variant.PARTNERSHIP, ("Anna", "Bert", "Carl", "Dora"))
PLAIN = FormValues(bidder=0, trump=Trump.HEARTS, last_trick=1, card_points=(35, 60))


def test_the_form_imports_no_qt() -> None:
    code = (
        "import sys, jojotte_score.gui.entry.entry_form\n"
        "print(sorted(m for m in sys.modules if m.startswith('PySide6')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_focus_order_is_the_pad_order_left_side_first() -> None:
    assert ORDER == (
        Slot.DEALER,
        Slot.BIDDER,
        Slot.TRUMP,
        Slot.DOUBLE,
        Slot.SPECIAL,
        Slot.MELDS_LEFT,
        Slot.MELDS_RIGHT,
        Slot.CARDS_LEFT,
        Slot.CARDS_RIGHT,
        Slot.LAST_TRICK,
        Slot.JOJOTTE,
        Slot.TRICKS_LEFT,
        Slot.TRICKS_RIGHT,
        Slot.NOTE,
    )
    for row in ("melds", "card_points", "tricks"):
        left, right = (ORDER.index(s) for s in ORDER if s.row == row)
        assert (ORDER[left].side, ORDER[right].side, right - left) == (0, 1, 1)


def test_an_empty_form_asks_in_the_players_words() -> None:
    assert TWO.missing(FormValues()) == {
        "bidder": "Who named the trump?",
        "trump": "Which trump, or no-trump?",
        "last_trick": "Who won the last trick?",
        "card_points[0]": "How many card points did Zoë take?",
        "card_points[1]": "How many card points did Jürgen take?",
    }
    assert TWO.build(FormValues()) is None


def test_nothing_is_filled_in_the_count_typed_on_the_right_leaves_the_left_empty() -> None:
    values = PLAIN._replace(card_points=(None, 60))
    check = TWO.check(values, 1)
    assert check.hand is None
    assert check.missing == {"card_points[0]": "How many card points did Zoë take?"}
    assert TWO.suggestion(values, Slot.CARDS_LEFT) is None
    assert TWO.next_slot(values) is Slot.CARDS_LEFT


def test_both_counts_typed_make_the_hand_without_a_warning() -> None:
    """Nine cards each: 18 of the 32 cards are played, so 35 + 60 = 95 is a real count."""
    check = TWO.check(PLAIN, 3)
    assert check.hand == PlayedHand(
        bidder=0, trump=Trump.HEARTS, card_points=(35, 60), last_trick=1
    )
    assert check.problems == ()


def test_partnership_counts_that_do_not_add_up_are_a_warning_on_the_card_points() -> None:
    check = FOUR.check(PLAIN._replace(card_points=(90, 40)), 1)
    assert check.hand is not None
    assert [(p.field, p.warning) for p in check.problems] == [("card_points", True)]
    assert check.errors == []


@pytest.mark.parametrize(
    ("rule", "values", "slot", "offered"),
    [
        ("two players: 18 cards, the other count is unknown", PLAIN, Slot.CARDS_RIGHT, None),
        (
            "partnership, trump suit: the deck is 155",
            PLAIN._replace(card_points=(90, None)),
            Slot.CARDS_RIGHT,
            65,
        ),
        (
            "partnership, typed on the right: offered on the left",
            PLAIN._replace(card_points=(None, 100)),
            Slot.CARDS_LEFT,
            55,
        ),
        (
            "partnership at no-trump: the deck is 120",
            PLAIN._replace(trump=Trump.NO_TRUMP, card_points=(90, None)),
            Slot.CARDS_RIGHT,
            30,
        ),
        (
            "partnership Nullo: the deck is 120",
            PLAIN._replace(special=Special.NULLO, card_points=(100, None)),
            Slot.CARDS_RIGHT,
            20,
        ),
        (
            "partnership tricks add up to eight",
            PLAIN._replace(special=Special.SLAM, tricks=(8, None)),
            Slot.TRICKS_RIGHT,
            0,
        ),
        (
            "nothing offered over a typed number",
            PLAIN._replace(card_points=(90, 40)),
            Slot.CARDS_RIGHT,
            None,
        ),
        (
            "nothing offered before the trump",
            FormValues(card_points=(90, None)),
            Slot.CARDS_RIGHT,
            None,
        ),
    ],
)
def test_suggestions(rule: str, values: FormValues, slot: Slot, offered: int | None) -> None:
    form = TWO if rule.startswith("two") else FOUR
    assert form.suggestion(values, slot) == offered, rule


def test_a_suggestion_is_never_a_value() -> None:
    values = PLAIN._replace(card_points=(90, None))
    assert FOUR.suggestion(values, Slot.CARDS_RIGHT) == 65
    assert FOUR.build(values) is None
    assert FOUR.next_slot(values) is Slot.CARDS_RIGHT


def test_where_a_choice_moves_the_focus() -> None:
    values = FormValues(bidder=0)
    assert TWO.next_slot(values, Slot.BIDDER) is Slot.TRUMP
    values = values._replace(trump=Trump.SPADES)
    assert TWO.next_slot(values, Slot.TRUMP) is Slot.CARDS_LEFT
    values = values._replace(card_points=(35, 60))
    assert TWO.next_slot(values, Slot.CARDS_RIGHT) is Slot.LAST_TRICK
    assert TWO.next_slot(values._replace(last_trick=0), Slot.LAST_TRICK) is None  # Record
    nullo = values._replace(special=Special.NULLO, card_points=(None, None))
    assert TWO.next_slot(nullo, Slot.SPECIAL) is Slot.CARDS_LEFT
    assert not TWO.is_enabled(nullo, Slot.LAST_TRICK)  # no last trick in Nullo
    assert not TWO.is_enabled(nullo, Slot.JOJOTTE)
    done = nullo._replace(card_points=(20, 40))
    assert TWO.next_slot(done, Slot.CARDS_RIGHT) is Slot.TRICKS_LEFT
    assert TWO.next_slot(done._replace(tricks=(2, 7)), Slot.CARDS_RIGHT) is None


def test_tricks_are_asked_for_in_nullo_and_slam_and_when_one_side_is_typed() -> None:
    nullo = FormValues(bidder=1, trump=Trump.NO_TRUMP, special=Special.NULLO, card_points=(20, 40))
    assert TWO.missing(nullo) == {"tricks": "Nullo needs each side's tricks."}
    assert TWO.missing(nullo._replace(tricks=(2, None))) == {
        "tricks": "How many tricks did Jürgen take?"
    }
    assert TWO.missing(PLAIN._replace(tricks=(None, 4))) == {
        "tricks": "How many tricks did Zoë take?"
    }
    assert TWO.missing(PLAIN._replace(special=Special.SLAM)) == {
        "tricks": "Slam needs each side's tricks."
    }


# The keystroke plan ------------------------------------------------------------------------


def test_a_plain_hand_takes_nine_keys() -> None:
    """Bidder, trump, two two-digit counts (left, Tab, right), the last trick's letter
    typed straight after them, Enter: nine keys."""
    hand = PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(35, 60), last_trick=1)
    keys = TWO.keystrokes(hand)
    assert keys == ["Z", "S", "3", "5", "Tab", "6", "0", "J", "Enter"]
    assert len(keys) == 9


def test_a_nullo_hand_types_one_count_of_tricks() -> None:
    """Tab passes over the last trick and Jo-Jotte, which do not count in Nullo; the
    tricks add up to nine, so Space takes the other player's."""
    hand = PlayedHand(
        bidder=1,
        trump=Trump.NO_TRUMP,
        card_points=(20, 40),
        last_trick=None,
        special=Special.NULLO,
        tricks=(2, 7),
    )
    keys = TWO.keystrokes(hand)
    assert keys == [
        "J",
        "N",
        "Alt+N",
        "N",
        "2",
        "0",
        "Tab",
        "4",
        "0",
        "Tab",
        "2",
        "Tab",
        "Space",
        "Enter",
    ]


def test_a_partnership_count_is_taken_with_space() -> None:
    hand = PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(90, 65), last_trick=0)
    assert FOUR.keystrokes(hand) == ["A", "S", "9", "0", "Tab", "Space", "A", "Enter"]


def test_another_dealer_is_chosen_first() -> None:
    hand = PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(35, 60), last_trick=1, dealer=1)
    keys = TWO.keystrokes(hand, FormValues(dealer=0))
    assert keys[:3] == ["Alt+R", "J", "Z"]  # the dealer's key moves on to the bidder


def test_a_thrown_in_deal_is_one_deliberate_chord() -> None:
    assert TWO.keystrokes(ThrownIn(dealer=0), FormValues(dealer=0)) == ["Ctrl+T"]


def keys(names: str) -> list[str]:
    """A plan written as the keys' names with spaces between them."""
    return names.split()


GERMAN_PLAN = [
    keys("B S 6 0 Tab 4 0 M 2 5 B Enter"),
    keys("B H 4 0 Tab 4 5 A Enter"),
    keys("A C Alt+D X 6 0 Tab 2 0 M 4 0 B Enter"),
    keys("B N Alt+N N 2 0 Tab 4 0 Tab 2 Tab Space Enter"),
    keys("A S 3 5 Tab 4 5 A Enter"),
    keys("A S 5 0 M 9 0 Tab 4 0 A Enter"),
]


def test_the_german_example_plan() -> None:
    """The worked example's six hands, notes left out: 70 keys in all (80 before the melds
    were typed in the card-points boxes with M, 75 before the last trick's letter followed
    the card points straight)."""
    sitting = load_sitting(DATA / "german-example.json").sitting
    form = EntryForm(sitting.variant, sitting.players)
    plans = [form.keystrokes(hand._replace(note="")) for hand in sitting.hands]
    assert plans == GERMAN_PLAN
    assert sum(len(plan) for plan in plans) == 70


# In German ---------------------------------------------------------------------------------

GERMAN_MENU_LETTERS = frozenset("DBAH")
"""Alt plus these opens the window's menus in German (Datei, Bearbeiten, Ansicht, Hilfe)."""


@pytest.mark.usefixtures("german")
def test_german_labels_each_have_a_letter_of_their_own() -> None:
    labels = [row_label(row) for row in ROW_LABELS]
    assert [label.replace("&", "") for label in labels] == [
        "Geber",
        "Kontraktspieler",
        "Trumpf",
        "Kontra",
        "Kontriert von",
        "Dritter Spieler hält zu",
        "Null oder Schlemm",
        "Nullspieler",
        "Aktiver Verteidiger",
        "Meldungen",
        "Kartenpunkte",
        "Letzter Stich",
        "Jo-Jotte",
        "Stiche",
        "Notiz",
    ]
    letters = [mnemonic(label) for label in labels]
    assert letters == list("GKTRVUNIEMPLJSO")
    assert len(set(letters)) == len(letters)
    assert not set(letters) & GERMAN_MENU_LETTERS


@pytest.mark.usefixtures("german")
def test_german_trumps_are_chosen_by_their_german_letters() -> None:
    assert trump_choices() == [
        (Trump.CLUBS, "♣ Kreuz", ("K",)),
        (Trump.DIAMONDS, "♦ Karo", ("A",)),
        (Trump.HEARTS, "♥ Herz", ("H",)),
        (Trump.SPADES, "♠ Pik", ("P",)),
        (Trump.NO_TRUMP, "Ohne Trumpf", ("O",)),
    ]
    assert [label for _value, label, _keys in doubling_choices()] == [
        "Nein",
        "Kontriert",
        "Rekontriert",
    ]
    assert [label for _value, label, _keys in TWO.choices(Slot.SPECIAL, PLAIN)] == [
        "Nein",
        "Null von Jürgen",
        "Schlemm von Zoë",
    ]


def test_english_trump_keys_are_the_tables() -> None:
    assert trump_choices() == list(TRUMP_CHOICES)


GERMAN_PLAN_IN_GERMAN = [
    keys("B P 6 0 Tab 4 0 M 2 5 B Enter"),
    keys("B H 4 0 Tab 4 5 A Enter"),
    keys("A K Alt+R X 6 0 Tab 2 0 M 4 0 B Enter"),
    keys("B O Alt+N N 2 0 Tab 4 0 Tab 2 Tab Space Enter"),
    keys("A P 3 5 Tab 4 5 A Enter"),
    keys("A P 5 0 M 9 0 Tab 4 0 A Enter"),
]


@pytest.mark.usefixtures("german")
def test_the_german_example_plan_in_german() -> None:
    """The same 70 keys, the trumps by their German letters (Pik P, Kreuz K, Ohne Trumpf O)
    and the jumps by the German labels' (Kont&ra, Karten&punkte)."""
    sitting = load_sitting(DATA / "german-example.json").sitting
    form = EntryForm(sitting.variant, sitting.players)
    plans = [form.keystrokes(hand._replace(note="")) for hand in sitting.hands]
    assert plans == GERMAN_PLAN_IN_GERMAN
    assert sum(len(plan) for plan in plans) == 70


@pytest.mark.usefixtures("german")
def test_german_questions_and_what_is_still_to_enter() -> None:
    check = TWO.check(FormValues())
    assert check.missing == {
        "bidder": "Wer hat den Trumpf bestimmt?",
        "trump": "Welcher Trumpf oder Ohne Trumpf?",
        "last_trick": "Wer hat den letzten Stich gemacht?",
        "card_points[0]": "Wie viele Kartenpunkte gingen an Zoë?",
        "card_points[1]": "Wie viele Kartenpunkte gingen an Jürgen?",
    }
    assert TWO.still_to_enter(FormValues(), check) == (
        "Noch einzutragen: der Kontraktspieler, der Trumpf, die Kartenpunkte beider Parteien, "
        "wer den letzten Stich gemacht hat."
    )
    half = FormValues(bidder=0, trump=Trump.SPADES, card_points=(None, 65))
    assert FOUR.still_to_enter(half, FOUR.check(half)) == (
        f"Noch einzutragen: die Kartenpunkte von {FOUR.names[0]} (Leertaste übernimmt 90), "
        "wer den letzten Stich gemacht hat."
    )
    nullo = FormValues(bidder=0, trump=Trump.SPADES, special=Special.NULLO, card_points=(9, 9))
    assert TWO.check(nullo).missing == {"tricks": "Für Null fehlen die Stiche beider Parteien."}
