"""Who the rules ask first whether to defend an undoubled contract, as each game says: the
entry panel suggests him as the active defender (docs/RULES.md, "Who is asked to
defend")."""

from __future__ import annotations

import pytest

from jojotte_score.core.games import all_games, find_game
from jojotte_score.core.games.game import Game
from jojotte_score.core.model import Variant

LEFT = (
    "if there was no double the player to the left of the Declarer decides whether to "
    "defend against the Declarer's contract, bid Nullo, or withdraw"
)
NULLO = "the player to the left of the Nullo bidder must choose whether to defend or withdraw"
CUTTHROAT = "the dealer deals to the other three players who play the recommended three-player game"


@pytest.mark.parametrize(
    ("variant", "declarer", "dealer", "asked", "rule"),
    [
        # Seats are clockwise: a player's left is the next seat (T2, F7).
        (Variant.THREE_PLAYER, 0, 2, 1, LEFT),
        (Variant.THREE_PLAYER, 1, 0, 2, LEFT),
        (Variant.THREE_PLAYER, 2, 1, 0, LEFT),
        (Variant.THREE_PLAYER, 2, None, 0, NULLO),  # the Nullo bidder, seat 2, declares
        (Variant.THREE_PLAYER, 0, None, 1, LEFT),  # the dealer plays: no matter
        (Variant.CUTTHROAT, 0, 3, 1, CUTTHROAT),
        (Variant.CUTTHROAT, 2, 3, 0, CUTTHROAT),  # Dora deals and sits out: past her
        (Variant.CUTTHROAT, 3, 0, 1, CUTTHROAT),  # Anna deals: Bert is Dora's left
        (Variant.CUTTHROAT, 3, 1, 0, CUTTHROAT),
        (Variant.CUTTHROAT, 1, 2, 3, CUTTHROAT),  # past Carl, who deals
        (Variant.CUTTHROAT, 1, None, None, CUTTHROAT),  # the dealer unknown: nobody
    ],
)
def test_the_player_to_the_declarers_left_is_asked_first(
    variant: Variant, declarer: int, dealer: int | None, asked: int | None, rule: str
) -> None:
    assert find_game(variant).first_asked_to_defend(declarer, dealer) == asked


@pytest.mark.parametrize("game", [g for g in all_games() if not g.by_seat], ids=str)
def test_a_game_side_against_side_asks_nobody(game: Game) -> None:
    """No active defender to choose: two players, partnerships, the chouette."""
    assert all(game.first_asked_to_defend(seat, 0) is None for seat in range(game.seats))
