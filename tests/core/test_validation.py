"""What the core refuses or warns about, by variant (docs/RULES.md, "Validation")."""

from __future__ import annotations

import pytest

from jojotte_score.core.errors import Problem
from jojotte_score.core.games import find_game, new_sitting, replay
from jojotte_score.core.model import PlayedHand, Rules, Special, Trump, Variant
from jojotte_score.core.tables import contract_deck
from jojotte_score.core.validation import (
    check_hand,
    check_label,
    check_sitting_setup,
    errors_only,
)
from tests.core.builders import played

TWO, FOUR = Variant.TWO_PLAYER, Variant.PARTNERSHIP
NAMES = {TWO: ("Anna", "Bert"), FOUR: ("Anna & Carl", "Bert & Dora")}


def messages(hand: PlayedHand, variant: Variant) -> list[str]:
    return [p.message for p in errors_only(check_hand(hand, find_game(variant), 1))]


@pytest.mark.parametrize(
    ("rule", "variant", "melds", "error"),
    [
        ("Meld points: nine cards can make 220", TWO, 220, ""),
        ("Meld points: one four of a kind and runs worth 60", TWO, 160, ""),
        (
            "Meld points: 110 is a sum of melds but not with nine cards",
            TWO,
            110,
            "cannot be melded with nine cards",
        ),
        ("Meld points: 240 is more than nine cards hold", TWO, 240, "cannot be melded"),
        ("Meld points: 30 is no sum of 20, 40, 50, 100", TWO, 30, "are not a sum of 20, 40"),
        ("Meld points: 45 is no sum", FOUR, 45, "are not a sum of 20, 40"),
        ("P1: two partners may meld 110", FOUR, 110, ""),
        ("P1: two partners may meld 400", FOUR, 400, ""),
        ("P1: 300 is two fours of a kind and 100 of runs, or three fours", FOUR, 300, ""),
        (
            "P1: 310 is no split two partners of eight cards can hold",
            FOUR,
            310,
            "cannot be melded by two partners",
        ),
        (
            "P1: 330 is no split two partners can hold",
            FOUR,
            330,
            "cannot be melded by two partners",
        ),
        ("P1: three fours of a kind and a run of five", FOUR, 350, ""),
        (
            "P1: 360 is no split two partners can hold",
            FOUR,
            360,
            "cannot be melded by two partners",
        ),
        (
            "P1: 390 is no split two partners can hold",
            FOUR,
            390,
            "cannot be melded by two partners",
        ),
        ("P1: 420 is more than two partners hold", FOUR, 420, "cannot be melded by two partners"),
    ],
)
def test_meld_totals(rule: str, variant: Variant, melds: int, error: str) -> None:
    found = messages(played(0, "spades", (90, 65), 0, melds=(melds, 0)), variant)
    if error:
        assert len(found) == 1, rule
        assert error in found[0], rule
    else:
        assert found == [], rule


@pytest.mark.parametrize(
    ("rule", "variant", "tricks", "error"),
    [
        ("Tricks add up to 9 with two players", TWO, (5, 4), ""),
        (
            "Tricks add up to 9 with two players",
            TWO,
            (4, 4),
            "the tricks (side 0: 4, side 1: 4) add up to 8, not 9",
        ),
        ("P1: tricks add up to 8 in partnerships", FOUR, (4, 4), ""),
        (
            "P1: tricks add up to 8 in partnerships",
            FOUR,
            (5, 4),
            "the tricks (side 0: 5, side 1: 4) add up to 9, not 8",
        ),
        (
            "P1: at most 8 tricks a side",
            FOUR,
            (9, 0),
            "the tricks (side 0: 9, side 1: 0) must each be from 0 to 8",
        ),
    ],
)
def test_trick_count_by_variant(
    rule: str, variant: Variant, tricks: tuple[int, int], error: str
) -> None:
    found = messages(played(0, "spades", (90, 65), 0, tricks=tricks), variant)
    assert found == ([error] if error else []), rule


@pytest.mark.parametrize(
    ("rule", "hand", "kinds"),
    [
        (
            "P1/R7 a partnership Slam is made with all eight tricks",
            played(0, "hearts", (155, 0), 0, special="slam", tricks=(8, 0)),
            [("tricks", 0, 165), ("slam-bonus", 0, 500)],
        ),
        (
            "P1/R8 a partnership Slam with seven of eight tricks fails",
            played(0, "hearts", (150, 5), 0, special="slam", tricks=(7, 1)),
            [("tricks", 1, 165)],
        ),
        (
            "P1/R6 eight tricks to none without a Slam bid",
            played(1, "clubs", (0, 155), 1, tricks=(0, 8)),
            [("tricks", 1, 165), ("unbid-slam-bonus", 1, 100)],
        ),
        (
            "P1/R9 a partnership Nullo lost with two tricks: 200 + 100",
            played(0, "spades", (100, 20), None, special="nullo", tricks=(6, 2)),
            [("nullo-bonus", 0, 300)],
        ),
    ],
)
def test_partnership_all_tricks(
    rule: str, hand: PlayedHand, kinds: list[tuple[str, int, int]]
) -> None:
    assert messages(hand, FOUR) == [], rule
    sitting = new_sitting(FOUR, ("Anna", "Bert", "Carl", "Dora"), (hand,))
    assert sitting.rules.game_target == 125
    ledger = replay(sitting)
    got = [(e.kind.value, e.side, e.points) for e in ledger.rubbers[0].entries]
    assert got == kinds, rule


def test_partnership_sitting_defaults_to_125() -> None:
    """R12: a partnership sitting plays to 125 unless its rules say otherwise."""
    assert new_sitting(FOUR, ("A", "B", "C", "D")).rules.game_target == 125
    assert new_sitting(TWO, ("A", "B")).rules.game_target == 80


# --- Card counts: how many cards are played ------------------------------------------------

NINE_CARDS = "each player holds nine cards: 18 of the 32 are played"
ALL_CARDS = "partnerships play all 32 cards"


@pytest.mark.parametrize(
    ("rule", "variant", "hand", "field", "message"),
    [
        (NINE_CARDS, TWO, played(0, "spades", (60, 25), 1), None, ""),
        (NINE_CARDS, TWO, played(0, "spades", (0, 0), 1, tricks=(4, 5)), None, ""),
        (NINE_CARDS, TWO, played(0, "spades", (80, 75), 1), None, ""),
        (NINE_CARDS, TWO, played(0, "no-trump", (70, 50), 1), None, ""),
        (
            f"{NINE_CARDS}; the deck holds 155 with a trump suit",
            TWO,
            played(0, "spades", (80, 80), 1),
            "card_points",
            "card points add up to 160 (Anna: 80, Bert: 80), more than the 155 of the whole "
            "deck with a trump suit",
        ),
        (
            f"{NINE_CARDS}; the deck holds 120 at no-trump",
            TWO,
            played(0, "no-trump", (70, 55), 1),
            "card_points",
            "card points add up to 125 (Anna: 70, Bert: 55), more than the 120 of the whole "
            "deck at no-trump",
        ),
        (
            f"{NINE_CARDS}; Nullo is played at no-trump: 120",
            TWO,
            played(0, "hearts", (100, 25), None, special="nullo", tricks=(6, 3)),
            "card_points",
            "card points add up to 125 (Anna: 100, Bert: 25), more than the 120 of the whole "
            "deck in Nullo",
        ),
        (
            "Every card value is a multiple of 5",
            TWO,
            played(0, "spades", (37, 60), 1),
            "card_points[0]",
            "Anna's card points (37) must be a multiple of 5 from 0 to 155 with a trump suit",
        ),
        (
            "No side takes more than the deck",
            TWO,
            played(0, "no-trump", (0, 125), 1),
            "card_points[1]",
            "Bert's card points (125) must be a multiple of 5 from 0 to 120 at no-trump",
        ),
        (ALL_CARDS, FOUR, played(0, "spades", (80, 75), 1), None, ""),
        (
            f"{ALL_CARDS}: a count off the deck is doubtful",
            FOUR,
            played(0, "spades", (80, 70), 1),
            "card_points",
            "warning: card points add up to 150 (Anna & Carl: 80, Bert & Dora: 70), not the "
            "155 of the deck with a trump suit",
        ),
        (
            f"{ALL_CARDS}: more than the deck is doubtful too, not refused",
            FOUR,
            played(0, "no-trump", (70, 55), 1),
            "card_points",
            "warning: card points add up to 125 (Anna & Carl: 70, Bert & Dora: 55), not the "
            "120 of the deck at no-trump",
        ),
    ],
)
def test_card_counts(
    rule: str, variant: Variant, hand: PlayedHand, field: str | None, message: str
) -> None:
    problems = check_hand(hand, find_game(variant), 3, NAMES[variant])
    if not message:
        assert problems == [], rule
        return
    assert len(problems) == 1, rule
    problem = problems[0]
    assert problem.field == field, rule
    assert ("warning: " if problem.warning else "") + problem.message == message, rule


# --- Melds: "only one player may score for Honor Meld(s) in each Class" ------------------

ONE_PER_CLASS = "In a particular hand, only one player may score for Honor Meld(s) in each Class."
TEAM = "The team of the player holding the highest Honor Meld in each class scores all their meld"


@pytest.mark.parametrize(
    ("rule", "variant", "melds", "clash"),
    [
        (f"{ONE_PER_CLASS} Four of a kind and sequences apart", TWO, (100, 20), ""),
        (f"{ONE_PER_CLASS} One side scores both classes", TWO, (160, 0), ""),
        (f"{ONE_PER_CLASS} One side scores both classes", TWO, (0, 220), ""),
        (f"{ONE_PER_CLASS} Two fours of a kind against runs", TWO, (200, 90), ""),
        (f"{ONE_PER_CLASS} Both score four of a kind", TWO, (100, 100), "four of a kind"),
        (f"{ONE_PER_CLASS} Both score four of a kind", TWO, (120, 100), "four of a kind"),
        (f"{ONE_PER_CLASS} Both score sequences", TWO, (20, 40), "sequences"),
        (f"{ONE_PER_CLASS} Both score sequences", TWO, (150, 20), "sequences"),
        (f"{ONE_PER_CLASS} Both score both classes", TWO, (120, 140), "both"),
        (f"{TEAM}: 100 is four of a kind, 60 sequences", FOUR, (100, 60), ""),
        (f"{TEAM}: 200 is two fours of a kind", FOUR, (200, 20), ""),
        (f"{TEAM}: 100 may be two runs of five", FOUR, (20, 100), ""),
        (
            f"{TEAM}: both 100 and 100, one four of a kind and one pair of runs",
            FOUR,
            (100, 100),
            "",
        ),
        (f"{TEAM}: 160 is runs alone, 100 four of a kind", FOUR, (160, 100), ""),
        (f"{TEAM}: three fours of a kind against runs", FOUR, (300, 160), ""),
        (f"{TEAM}: 160 always holds sequences, like 20", FOUR, (160, 20), "sequences"),
        (f"{TEAM}: 20 and 40 are both sequences", FOUR, (20, 40), "sequences"),
        (f"{TEAM}: 100 may be runs, against two fours of a kind", FOUR, (200, 100), ""),
        (f"{TEAM}: 200 and 300 both hold four of a kind", FOUR, (200, 300), "four of a kind"),
        (f"{TEAM}: 250 and 170 both hold four of a kind and sequences", FOUR, (250, 170), "both"),
        (f"{TEAM}: 170 holds both classes, 100 one of them", FOUR, (100, 170), "either"),
    ],
)
def test_one_side_scores_each_class(
    rule: str, variant: Variant, melds: tuple[int, int], clash: str
) -> None:
    hand = played(0, "spades", (90, 65), 1, melds=melds)
    problems = check_hand(hand, find_game(variant), 1, NAMES[variant])
    if not clash:
        assert problems == [], rule
        return
    names = NAMES[variant]
    shared = f"{names[0]}'s {melds[0]} and {names[1]}'s {melds[1]} meld points"
    expected = {
        "four of a kind": f"{shared} both include four of a kind, but only one side may score "
        "four of a kind in a hand",
        "sequences": f"{shared} both include sequences, but only one side may score sequences "
        "in a hand",
        "both": f"{shared} both include four of a kind and sequences, but only one side may "
        "score in each class of melds",
        "either": f"{shared} cannot both be scored: however they are split, both sides score "
        "in one class, but only one side may score in each class of melds",
    }[clash]
    assert problems == [Problem(expected, 1, "melds")], rule


@pytest.mark.parametrize(
    ("melds", "clash"),
    [
        (
            (100, 100),
            "both include four of a kind, but only one player may score four of a kind in a hand",
        ),
        ((20, 40), "both include sequences, but only one player may score sequences in a hand"),
        (
            (120, 140),
            "both include four of a kind and sequences, but only one player may score in each "
            "class of melds",
        ),
    ],
)
@pytest.mark.parametrize(
    ("game", "variant", "by_player"),
    [
        ("the chouette's box against its captain (C8)", Variant.CHOUETTE, False),
        ("the three-player game's declarer against the active defender (T16.7)", TWO, True),
    ],
)
def test_between_players_one_player_scores_each_class(
    game: str, variant: Variant, by_player: bool, melds: tuple[int, int], clash: str
) -> None:
    """ "Only one player may score for Honor Meld(s) in each Class": the games of
    individual players say "player", as the rule does, where two sides say "side"."""
    hand = played(0, "spades", (90, 65), 1, melds=melds)
    problems = check_hand(hand, find_game(variant), 1, ("Anna", "Bert"), by_player=by_player)
    expected = f"Anna's {melds[0]} and Bert's {melds[1]} meld points {clash}"
    assert problems == [Problem(expected, 1, "melds")], game


def test_meld_class_errors_wait_for_possible_totals() -> None:
    """A side total no cards can hold is refused on its own; the classes are not compared."""
    hand = played(0, "spades", (80, 65), 1, melds=(110, 120))
    assert [p.field for p in check_hand(hand, find_game(TWO), 1)] == ["melds[0]"]


# --- Messages in the players' words -------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "hand", "names", "message", "field"),
    [
        (
            "unnamed sides",
            played(0, "spades", (37, 60), 1),
            None,
            "side 0's card points (37) must be a multiple of 5 from 0 to 155 with a trump suit",
            "card_points[0]",
        ),
        (
            "the last trick counts except in Nullo",
            played(0, "spades", (80, 60), None),
            ("Anna", "Bert"),
            "who won the last trick is not recorded (it counts except in Nullo)",
            "last_trick",
        ),
        (
            "Jo-Jotte is the King and Queen of trumps",
            played(0, "no-trump", (60, 60), 1, jojotte=0),
            ("Anna", "Bert"),
            "Jo-Jotte needs a trump suit",
            "jojotte",
        ),
        (
            "Nullo bonuses count the Nullo bidder's tricks",
            played(0, "spades", (60, 60), None, special="nullo"),
            ("Anna", "Bert"),
            "Nullo needs each side's tricks",
            "tricks",
        ),
        (
            "a side",
            played(2, "spades", (80, 60), 1),
            ("Anna", "Bert"),
            "the bidder must be Anna (0) or Bert (1), not 2",
            "bidder",
        ),
        (
            "a side, unnamed",
            played(0, "spades", (80, 60), 3),
            None,
            "the last trick must go to side 0 or side 1, not 3",
            "last_trick",
        ),
        (
            "tricks by side",
            played(0, "spades", (80, 60), 1, tricks=(4, 4)),
            ("Anna", "Bert"),
            "the tricks (Anna: 4, Bert: 4) add up to 8, not 9",
            "tricks",
        ),
        (
            "no trick, no card points",
            played(0, "spades", (80, 60), 0, tricks=(9, 0)),
            ("Anna", "Bert"),
            "Bert: no trick won, but 60 card points",
            "card_points[1]",
        ),
    ],
)
def test_messages_name_the_sides(
    case: str, hand: PlayedHand, names: tuple[str, str] | None, message: str, field: str
) -> None:
    assert check_hand(hand, find_game(TWO), 2, names) == [Problem(message, 2, field)], case


@pytest.mark.parametrize(
    ("name", "refused"),
    [("A" * 40, False), ("A" * 41, True), ("Z" * 10_000, True)],
    ids=["40 characters", "41 characters", "10,000 characters"],
)
def test_player_names_are_bounded(name: str, refused: bool) -> None:
    """A name has at most 40 characters: it has to fit a column of the pad and a button."""
    problems = check_sitting_setup(find_game(Variant.TWO_PLAYER), (name, "Bert"), Rules())
    assert bool(problems) is refused
    if refused:
        assert problems[0].field == "players"
        assert f"is {len(name)} characters long; a name has at most 40" in problems[0].message


@pytest.mark.parametrize(
    ("text", "refused"),
    [("Christmas at Anna's", False), ("x" * 80, False), ("x" * 81, True), ("two\nlines", True)],
)
def test_titles_and_places_are_bounded(text: str, refused: bool) -> None:
    assert bool(check_label("title", text)) is refused


@pytest.mark.parametrize(
    ("rule", "trump", "special", "deck"),
    [
        ("The deck: 155 with a trump suit", Trump.HEARTS, Special.NONE, 155),
        (
            "The deck: a Slam in a trump suit counts the trump suit's 155",
            Trump.CLUBS,
            Special.SLAM,
            155,
        ),
        ("The deck: 120 at no-trump", Trump.NO_TRUMP, Special.NONE, 120),
        (
            "The deck: Nullo is played at no-trump, whatever suit was named",
            Trump.SPADES,
            Special.NULLO,
            120,
        ),
    ],
)
def test_the_deck_a_hand_is_counted_on(
    rule: str, trump: Trump, special: Special, deck: int
) -> None:
    assert contract_deck(trump, special) == deck
