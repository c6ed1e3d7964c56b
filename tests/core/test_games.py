"""The registry of the five ways to play: each game found by its names, and what each
declares (its seats and their labels, its pad, its copies, its roles and dealers)."""

from __future__ import annotations

import pytest

from jojotte_score.core.games import all_games, find_game
from jojotte_score.core.model import ChouetteRoles, PlayedHand, Trump, Variant


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
    assert find_game(name) is find_game(Variant(value)) is Variant(value).game


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
