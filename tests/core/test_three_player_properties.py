"""Properties of the three-player pad that must hold for every valid sitting (T8, T13-T15)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings

from jojotte_score.core.games import find_game, replay
from jojotte_score.core.games.three_player_validation import check_three_player_hand
from jojotte_score.core.ledger import Scorer
from jojotte_score.core.model import SeatDeal, Sitting, Variant
from jojotte_score.core.scoring import Line
from jojotte_score.core.tables import GAMES_TO_WIN_RUBBER
from tests.strategies import unbid_slam_warnings
from tests.strategies_three_player import (
    chouette_sittings,
    cutthroat_sittings,
    three_player_hands,
    three_player_sittings,
)

HANDS = settings(max_examples=300, deadline=None)
SITTINGS = settings(max_examples=100, deadline=None)


@HANDS
@given(three_player_hands())
def test_generated_hands_pass_validation(hand: SeatDeal) -> None:
    # Valid; the one warning is a possible unbid slam without its tricks (R6).
    found = check_three_player_hand(find_game(Variant.THREE_PLAYER), hand)
    assert [(p.field, p.warning) for p in found] == unbid_slam_warnings(hand)


@SITTINGS
@given(three_player_sittings())
def test_settlements_add_up_to_zero(sitting: Sitting) -> None:
    """T15: every rubber's settlement, and the sitting's result, add up to 0."""
    ledger = replay(sitting)
    assert all(sum(r.settlement) == 0 for r in ledger.rubbers)
    assert sum(ledger.settlement) == 0


@SITTINGS
@given(three_player_sittings())
def test_totals_are_the_sums_of_the_entries(sitting: Sitting) -> None:
    """T15: a player's total in a rubber is the sum of his entries, copies included."""
    for rubber in replay(sitting).rubbers:
        sums = [0, 0, 0]
        for hand in rubber.hands:
            for entry in hand.entries:
                sums[entry.side] += entry.points
        assert rubber.totals == tuple(sums)


@SITTINGS
@given(three_player_sittings())
def test_the_inactive_player_never_writes_below(sitting: Sitting) -> None:
    """T8, T13: I writes only above, and at most one player writes below in a hand."""
    for result in replay(sitting).hands:
        below = {e.side for e in result.entries if e.line is Line.BELOW}
        assert len(below) <= 1
        if result.score.roles is not None:
            assert result.score.roles.inactive not in below


@SITTINGS
@given(three_player_sittings())
def test_the_inactive_player_writes_what_his_partner_writes(sitting: Sitting) -> None:
    """T8: the same amounts, of the same kinds, as his partner, all above the line."""
    for result in replay(sitting).hands:
        roles = result.score.roles
        if roles is None:
            assert result.entries == ()
            continue
        copied = Counter((e.points, e.kind) for e in result.entries if e.side == roles.inactive)
        source = Counter((e.points, e.kind) for e in result.entries if e.side == roles.partner)
        assert copied == source
        assert result.written(roles.inactive, Line.BELOW) == 0


@SITTINGS
@given(three_player_sittings())
def test_a_rubber_ends_exactly_when_a_player_has_two_games(sitting: Sitting) -> None:
    """T14: the rubber ends in the hand whose game gives a player his second game."""
    ledger = replay(sitting)
    for rubber in ledger.rubbers:
        wins = [0, 0, 0]
        for result in rubber.hands:
            if result.game_winner is not None:
                wins[result.game_winner] += 1
            assert result.games == tuple(wins)
            ended = max(wins) == GAMES_TO_WIN_RUBBER
            assert (result.rubber_winner is not None) == ended
            if ended:
                assert result is rubber.hands[-1]
                assert rubber.winner == wins.index(GAMES_TO_WIN_RUBBER)
        # T14: at most one game each, then the winner's second.
        assert len(rubber.game_winners) <= len(sitting.players) + 1


@SITTINGS
@given(three_player_sittings(max_hands=30))
def test_scoring_a_prefix_gives_a_prefix_of_the_ledger(sitting: Sitting) -> None:
    """The pad of the first k hands is the first k hands of the whole pad."""
    whole = replay(sitting)
    scorer = Scorer(find_game(sitting.variant), sitting.rules)
    for index, hand in enumerate(sitting.hands):
        assert scorer.add(hand) == whole.hands[index]
        prefix = scorer.ledger(sitting.players)
        assert prefix.hands == whole.hands[: index + 1]
        assert [r.totals for r in prefix.rubbers[:-1]] == [
            r.totals for r in whole.rubbers[: len(prefix.rubbers) - 1]
        ]


PER_PLAYER_SITTINGS = (
    three_player_sittings(max_hands=60)
    | cutthroat_sittings(max_hands=60)
    | chouette_sittings(max_hands=60)
)


@given(PER_PLAYER_SITTINGS)
@settings(max_examples=100, deadline=None)
def test_a_pad_per_player_scored_from_a_checkpoint_agrees_with_the_whole_replay(
    sitting: Sitting,
) -> None:
    """T12-T15, C3-C6, F4-F6: a rubber starts clean except for prison, the numbers, each
    player's totals so far and (in the chouette) the rubber's roles, so scoring from a
    checkpoint writes what the whole replay writes, and settles alike."""
    whole = Scorer.of(find_game(sitting.variant), sitting)
    whole.extend(sitting.hands)
    full = whole.ledger(find_game(sitting.variant).column_names(sitting.players))
    for keep in (1, 3, 10):
        checkpoint = whole.checkpoint(keep)
        resumed = Scorer.of(find_game(sitting.variant), sitting, checkpoint)
        resumed.extend(sitting.hands[checkpoint.position :])
        tail = resumed.ledger(find_game(sitting.variant).column_names(sitting.players))
        assert tail.hands == full.hands[checkpoint.position :]
        assert tail.rubbers == tuple(r for r in full.rubbers if r.number >= checkpoint.rubber)
        assert tail.settlement == full.settlement
        assert tail.unresolved_prison == full.unresolved_prison
        assert (tail.hand_count, tail.rubbers_finished) == (full.hand_count, full.rubbers_finished)
        assert checkpoint.roles == full.rubber_roles(checkpoint.rubber)
        assert resumed.roles == whole.roles
        assert resumed.checkpoint(keep) == checkpoint
        earlier = full.rubbers[: checkpoint.rubber - 1]
        assert checkpoint.totals == tuple(
            sum(rubber.totals[seat] for rubber in earlier) for seat in range(len(sitting.players))
        )
