"""The registry of the five ways to play: each game found by its names, and what each
declares (its seats and their labels, its pad, its copies, its roles and dealers)."""

from __future__ import annotations

import pytest

from jojotte_score.core.games import (
    all_games,
    check_sitting,
    explain_ledger,
    find_game,
    first_game,
    new_sitting,
    replay,
)
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import PlayedHand, Rules, Sitting, Trump, Variant


def test_the_games_in_the_order_they_are_offered() -> None:
    assert [game.value for game in all_games()] == [
        "two-player",
        "partnership",
        "three-player",
        "chouette",
        "cutthroat",
    ]
    assert [game.variant for game in all_games()] == list(Variant)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        (Variant.CHOUETTE, "chouette"),
        ("three-player", "three-player"),
        ("Three_Player", "three-player"),
        ("cut-throat", "cutthroat"),
        ("PARTNERSHIPS", "partnership"),
    ],
)
def test_a_game_is_found_by_any_of_its_names(name: Variant | str, value: str) -> None:
    assert find_game(name).value == value
    assert find_game(name) is find_game(Variant(value))


def test_an_unknown_name_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no way to play is called 'bridge'"):
        find_game("bridge")


@pytest.mark.parametrize(
    ("value", "seats", "per_player", "by_seat", "roles", "copies", "labels"),
    [
        ("two-player", 2, False, False, False, False, ("Player A", "Player B")),
        ("partnership", 4, False, False, False, False, ("North (A)", "East (B)")),
        ("three-player", 3, True, True, False, True, ("Seat 1", "Seat 2 (clockwise)")),
        ("chouette", 3, True, False, True, True, ("Seat 1", "Seat 2 (clockwise)")),
        ("cutthroat", 4, True, True, False, True, ("North", "East")),
    ],
)
def test_what_each_game_declares(
    value: str,
    seats: int,
    per_player: bool,
    by_seat: bool,
    roles: bool,
    copies: bool,
    labels: tuple[str, ...],
) -> None:
    """T1, C1, C4, F1, F2: a column per player in the three games of individual players;
    hands by seat in the three-player game and cutthroat; copies in those three."""
    game = find_game(value)
    assert game.seats == seats == len(game.seat_labels)
    assert game.seat_labels[:2] == labels
    assert (game.per_player, game.by_seat, game.has_roles) == (per_player, by_seat, roles)
    assert (game.copy_legend is not None) == copies
    assert (game.card_page is not None) == per_player
    assert game.dealer_sits_out == (value == "cutthroat")  # F2
    assert game.players_problem(1) == f"a {value} sitting needs {seats} player names, not 1"


def test_the_column_names_are_the_sides_or_the_players() -> None:
    players = ("Anna", "Bert", "Carl", "Dora")
    assert find_game("partnership").column_names(players) == ("Anna & Carl", "Bert & Dora")
    assert find_game("cutthroat").column_names(players) == players
    assert find_game("two-player").compact_versus(("Anna", "Bert")) == "Anna–Bert"
    assert find_game("cutthroat").compact_versus(players) == "Anna – Bert – Carl – Dora"


def test_the_chouette_roles_follow_the_rubbers_winners() -> None:
    """C3: a winning box stays and the partner captains; a losing box becomes partner, the
    captain boxes, the partner captains. The other games have no roles to turn."""
    chouette = find_game("chouette")
    first = ChouetteRoles(box=0, captain=1)
    assert chouette.first_roles(None) == first  # seat 0 boxes, seat 1 captains
    # Rubber 1 won by the box (Anna), rubber 2 by the team (its captain, Carl).
    second = chouette.roles_after(first, 0)
    assert second == ChouetteRoles(box=0, captain=2)
    assert chouette.roles_after(second, 2) == ChouetteRoles(box=2, captain=1)
    assert find_game("three-player").first_roles(first) is None
    assert find_game("three-player").roles_after(first, 1) == first


def test_the_dealers_in_turn_and_the_chouette_dealer_rule() -> None:
    """T2, F7: every seat deals in turn; C7: the box and the captain."""
    roles = ChouetteRoles(box=2, captain=0)
    assert find_game("cutthroat").dealers(None) == (0, 1, 2, 3)
    assert find_game("chouette").dealers(roles) == (2, 0)
    hand = PlayedHand(0, Trump.SPADES, (70, 50), 0, dealer=1)
    names = ("Anna", "Bert", "Carl")
    problems = find_game("chouette").dealer_problems(hand, 4, names, roles)
    assert [(p.hand, p.field, p.message) for p in problems] == [
        (4, "dealer", "the dealer must be the box, Carl, or the captain, Anna")
    ]
    assert find_game("chouette").dealer_problems(hand._replace(dealer=0), 4, names, roles) == []
    assert find_game("three-player").dealer_problems(hand, 4, names, None) == []


@pytest.mark.parametrize(
    ("value", "most", "possible", "impossible"),
    [
        ("two-player", 220, (150, 160, 220), (130, 180, 300, 400)),  # nine cards (tables.py)
        ("partnership", 400, (160, 300, 400), (310, 360)),  # two partners of eight cards
        ("three-player", 220, (150, 220), (130, 180, 300)),
        ("chouette", 220, (150, 220), (130, 180, 300)),
        ("cutthroat", 220, (150, 220), (130, 180, 300)),
    ],
)
def test_the_meld_totals_each_game_allows(
    value: str, most: int, possible: tuple[int, ...], impossible: tuple[int, ...]
) -> None:
    totals = find_game(value).meld_totals
    assert max(totals) == most
    assert all(points in totals for points in possible)
    assert not any(points in totals for points in impossible)


@pytest.mark.parametrize(
    ("value", "headings"),
    [
        ("two-player", []),
        ("partnership", []),
        (
            "three-player",
            [
                "T1",
                "T2",
                "T3, T4",
                "T5",
                "T6",
                "T7",
                "T8",
                "T9, T10",
                "T11",
                "T12",
                "T13, T14",
                "T15",
                "T16",
            ],
        ),
        ("chouette", ["C1", "C2", "C3", "C4", "C5", "C6", "C7"]),
        ("cutthroat", ["F1", "F2", "F3", "F4", "F5", "F6", "F7"]),
    ],
)
def test_the_rulings_each_game_puts_on_its_page_of_the_card(
    value: str, headings: list[str]
) -> None:
    """Only the games with a page of their own have rulings of their own on the card."""
    game = find_game(value)
    rulings = game.card_rulings(Rules(game_target=100, rubber_bonus=700))
    assert [heading.split(":")[0] for heading, _parts in rulings] == headings
    assert bool(rulings) == (game.card_page is not None)


def test_the_card_rulings_carry_the_rules_and_the_tables_numbers() -> None:
    """T11: a lost Nullo is 100 + 50 for each further trick (F4 in cutthroat); T13, C5, F5
    name the game target and the rubber bonus of the sitting's rules."""
    rules = Rules(game_target=100, rubber_bonus=700)
    three = dict(find_game("three-player").card_rulings(rules))
    assert "100 + 50 × (k \u2212 1)" in three["T11: Nullo"][0]
    assert "The first player with 100 below wins the game" in three["T13, T14: Game and rubber"][0]
    assert "700 above" in three["T13, T14: Game and rubber"][0]
    chouette = dict(find_game("chouette").card_rulings(rules))
    assert chouette["C5: Game and rubber"][0].startswith("100 below wins a game")
    cutthroat = dict(find_game("cutthroat").card_rulings(rules))
    assert cutthroat["F4: Nullo lost"][0].startswith("100 + 50 for each further trick")


@pytest.mark.parametrize(
    ("value", "rows"),
    [
        ("two-player", ()),
        ("chouette", ()),  # R9: the chouette's lost Nullo is the two-player one
        ("three-player", (("Nullo lost", "100 + 50 for each further trick"),)),  # T11
        ("cutthroat", (("Nullo lost", "100 + 50 for each further trick"),)),  # F4
    ],
)
def test_the_rows_a_game_adds_to_its_pad_on_the_card(
    value: str, rows: tuple[tuple[str, str], ...]
) -> None:
    assert find_game(value).card_pad_rows() == rows


def test_the_game_offered_first_is_the_two_player_game() -> None:
    """What the entry panel's form shows before a sitting is open."""
    assert first_game() is all_games()[0]
    assert first_game().value == "two-player"


@pytest.mark.parametrize(
    ("variant", "target", "bonus"),
    [
        (Variant.TWO_PLAYER, 80, 300),
        (Variant.PARTNERSHIP, 125, 300),  # R12: a partnership game is won at 125
        (Variant.THREE_PLAYER, 80, 300),
        (Variant.CHOUETTE, 80, 300),
        (Variant.CUTTHROAT, 80, 300),
    ],
)
def test_a_new_sitting_is_played_under_its_game_s_standard_rules(
    variant: Variant, target: int, bonus: int
) -> None:
    players = tuple("ABCD"[: find_game(variant).seats])

    sitting = new_sitting(variant, players)

    assert (sitting.variant, sitting.players, sitting.hands) == (variant, players, ())
    assert sitting.rules == Rules(target, bonus)
    assert new_sitting(variant, players, rules=Rules(150, 500)).rules == Rules(150, 500)


def test_a_sitting_built_by_hand_names_its_rules() -> None:
    """The model knows no game: a sitting made without the registry says its rules."""
    with pytest.raises(TypeError, match="rules"):
        Sitting(Variant.PARTNERSHIP, ("Anna", "Bert", "Carl", "Dora"), ())  # type: ignore[call-arg]


def test_the_registry_replays_checks_and_explains_a_sitting_by_its_own_game() -> None:
    """R1, R3, R12: the declaring side's 95 card points and the last trick make 105 below,
    a game with two players (target 80), none yet in partnerships (target 125), whose
    columns are the partners ("Anna & Carl")."""
    hand = PlayedHand(bidder=0, trump=Trump.HEARTS, card_points=(95, 60), last_trick=0)
    four = new_sitting(Variant.PARTNERSHIP, ("Anna", "Bert", "Carl", "Dora"), (hand,))
    two = new_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"), (hand,))

    partnership, two_player = replay(four), replay(two)

    assert partnership.game is find_game(Variant.PARTNERSHIP)
    assert partnership.columns == ("Anna & Carl", "Bert & Dora")
    assert (partnership.hands[0].below, partnership.hands[0].game_winner) == ((105, 0), None)
    assert (two_player.hands[0].below, two_player.hands[0].game_winner) == ((105, 0), 0)
    assert check_sitting(four) == []
    assert explain_ledger(partnership).splitlines()[0] == (
        "Hand 1 (rubber 1, game 1): Anna & Carl bid hearts."
    )
    assert explain_ledger(two_player).splitlines()[-1] == (
        "Anna reaches 105 below (target 80) and wins game 1 (R12). Games: Anna 1, Bert 0."
    )
