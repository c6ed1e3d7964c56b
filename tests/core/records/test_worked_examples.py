"""The records of the worked examples of docs/RULES.md, one sitting of each game, the
figures checked by hand against the pads the examples print."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jojotte_score.core.records.facts import SittingFacts, sitting_facts
from jojotte_score.core.records.pairs import Streak, Win, head_to_head, head_to_heads
from jojotte_score.core.records.partners import SideFigures, partnerships
from jojotte_score.core.records.roles import role_records
from tests.stored_examples import GAMES, example_sitting


def facts_of(*games: str) -> list[SittingFacts]:
    """The worked examples of ``games``, stored on the 1st, 2nd, ... of January."""
    return [
        sitting_facts(example_sitting(game), number, datetime(2026, 1, number, tzinfo=UTC))
        for number, game in enumerate(games, start=1)
    ]


@pytest.mark.parametrize(
    ("game", "rubber", "sides", "results", "winners"),
    [
        # R14: A 755, B 655; A won the rubber: +100 to A.
        ("two-player", 0, ((0,), (1,)), (100, -100), {0}),
        # R14: Bert & Dora 1270 against 505; partners share it.
        ("partnership", 0, ((0, 2), (1, 3)), (-765, 765, -765, 765), {1, 3}),
        # T15: 505, -1355, +850; Carl won.
        ("three-player", 0, ((0,), (1,), (2,)), (505, -1355, 850), {2}),
        # C6: Anna boxed and won, +2d; the team -d each.
        ("chouette", 0, ((0,), (1, 2)), (1460, -730, -730), {0}),
        # C3, C6: the third rubber's box is Carl; Anna and Bert the team, +1145 each.
        ("chouette", 2, ((0, 1), (2,)), (1145, 1145, -2290), {0, 1}),
        # F6: Anna -110, Bert -190, Carl +2450, Dave -2150.
        ("cutthroat", 0, ((0,), (1,), (2,), (3,)), (-110, -190, 2450, -2150), {2}),
    ],
)
def test_each_rubber_has_its_sides_settlement_and_winners(
    game: str,
    rubber: int,
    sides: tuple[tuple[int, ...], ...],
    results: tuple[int, ...],
    winners: set[int],
) -> None:
    facts = facts_of(game)[0].rubbers[rubber]
    assert (facts.sides, facts.results, set(facts.winners)) == (sides, results, winners)


def test_two_players_head_to_head_from_the_settlement_between_them() -> None:
    # Three players (T15) then the chouette (C6): Anna took 1100 - 480 = 620 from Bert in
    # the first three-player rubber (Carl won it), 150 in the open second; in the chouette
    # she boxed against Bert's team (+730, won; -735, lost) and then sat with him.
    record = head_to_head(facts_of("three-player", "chouette"), "Anna", "Bert")
    assert record.rubbers == 3
    assert record.unfinished == 1
    assert record.won == (1, 1)
    assert record.neither_won == 1
    assert record.net_points == 620 + 150 + 730 - 735
    assert record.largest_win == (Win(730, 2, 1), Win(735, 2, 2))
    assert record.streak == Streak("Bert", 1)
    reverse = head_to_head(facts_of("three-player", "chouette"), "Bert", "Anna")
    assert (reverse.won, reverse.net_points) == ((1, 1), -(620 + 150 + 730 - 735))


def test_partners_never_meet_head_to_head() -> None:
    # Anna and Carl are partners against Bert and Dora (R14): they meet nobody of their side.
    pairs = {record.players for record in head_to_heads(facts_of("partnership"))}
    assert pairs == {("Anna", "Bert"), ("Anna", "Dora"), ("Bert", "Carl"), ("Carl", "Dora")}


def test_partnerships_of_the_four_player_game_and_the_chouettes_team() -> None:
    found = {p.players: p for p in partnerships(facts_of("partnership", "chouette"))}
    assert set(found) == {("Anna", "Carl"), ("Bert", "Dora"), ("Bert", "Carl"), ("Anna", "Bert")}
    # R14: the first rubber lost by 765, the open second +385.
    assert found["Anna", "Carl"].figures == SideFigures(1, 0, -765 + 385, -765, 1)
    # C6: Bert captained with Carl as partner, lost (-730) and won (+735).
    bert_carl = found["Bert", "Carl"]
    assert bert_carl.figures == SideFigures(2, 1, 5, 5, 0)
    assert bert_carl.figures.per_rubber == 2.5
    assert [o.names for o in bert_carl.opponents] == [("Anna",)]


def test_roles_sum_to_each_players_result() -> None:
    # A player holds one role in each rubber of the chouette and in each hand of the others,
    # so his figures over his roles add up to his settlement (T15, C6, F6): in cutthroat
    # Anna -110 = +60 declaring, +490 defending, -400 inactive, -260 dealing.
    for game in ("three-player", "chouette", "cutthroat"):
        (facts,) = facts_of(game)
        for seat, name in enumerate(facts.names):
            by_rubber = sum(rubber.results[seat] for rubber in facts.rubbers)
            records = [r for r in role_records([facts]) if r.player == name]
            assert sum(r.figures.net_points for r in records) == by_rubber, (game, name)
    anna = {
        r.role: r.figures.net_points
        for r in role_records(facts_of("cutthroat"))
        if r.player == "Anna"
    }
    assert anna == {"declarer": 60, "active defender": 490, "inactive": -400, "dealer": -260}


def test_the_chouettes_roles() -> None:
    chouette = {(r.player, r.role): r for r in role_records(facts_of("chouette"))}
    # Anna boxed rubbers 1 (won, +1460) and 2 (lost, -1470); Carl boxed rubber 3 (-2290).
    assert chouette["Anna", "box"].figures.rubbers == 2
    assert chouette["Anna", "box"].figures.rubbers_won == 1
    assert chouette["Anna", "box"].figures.net_points == -10
    assert chouette["Carl", "box"].figures.net_points == -2290
    assert chouette["Anna", "partner"].figures.net_points == 1145
    assert chouette["Anna", "box"].words == "in the box"
    assert not any(role == "captain" for player, role in chouette if player == "Anna")


def test_the_cutthroat_dealer_is_a_role() -> None:
    dealers = {
        r.player: r.figures.hands for r in role_records(facts_of("cutthroat")) if r.role == "dealer"
    }
    # F2: five hands dealt in turn from North: Dave deals the fourth hand after the first
    # three, the first again after West.
    assert sum(dealers.values()) == len(example_sitting("cutthroat").hands)


def test_every_example_game_is_read() -> None:
    assert len(facts_of(*GAMES)) == len(GAMES)


def test_a_game_counts_only_the_roles_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    # A chouette whose records named the box alone would count nobody as captain or partner.
    from jojotte_score.core.games.chouette import Chouette

    monkeypatch.setattr(Chouette, "record_roles", (("box", "in the box"),))
    (facts,) = facts_of("chouette")
    assert {figures.role for figures in facts.roles} == {"box"}
    assert sum(figures.rubbers for figures in facts.roles) == 3  # C2: one box a rubber
