"""The three-player chouette (C1-C8): each ruling as a table, properties, and the worked
chouette of docs/RULES.md ("The chouette"), whose numbers were computed there by hand."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from jojotte_score.core.corrections import DealerChoice
from jojotte_score.core.games import check_sitting, explain_ledger, find_game, new_sitting, replay
from jojotte_score.core.games.chouette_roles import ChouetteRoles, chouette_roles
from jojotte_score.core.games.chouette_rules import (
    ChouetteCorrector,
    check_chouette_sitting,
    chouette_correction,
    later_dealers,
)
from jojotte_score.core.games.three_player_explanation import (
    explain_chouette_hand,
)
from jojotte_score.core.ledger import Ledger, Scorer
from jojotte_score.core.model import (
    Hand,
    PlayedHand,
    Rules,
    Sitting,
    ThrownIn,
    Variant,
)
from jojotte_score.core.scoring import Line
from tests.core.builders import played
from tests.core.worked_sheets import SheetRow, check_sheet_row, sheet_ids
from tests.sitting_kinds import two_sided_hands
from tests.strategies import valid_hands

ANNA, BERT, CARL = 0, 1, 2
NAMES = ("Anna", "Bert", "Carl")
GAME = find_game(Variant.CHOUETTE)
BOX, TEAM = 0, 1
FIRST = ChouetteRoles(box=ANNA, captain=BERT)


def roles_by_rubber(first: ChouetteRoles, winners: Iterable[int | None]) -> list[ChouetteRoles]:
    """Each rubber's roles as the game gives them (C3), as many as are known: the first
    rubber's and one more for each winner before the first rubber without one."""
    game = find_game("chouette")
    roles = [first]
    for winner in itertools.takewhile(lambda winner: winner is not None, winners):
        assert winner is not None
        roles.append(chouette_roles(game.roles_after(roles[-1], winner)))
    return roles


def chouette(*hands: Hand, first: ChouetteRoles = FIRST, rules: Rules | None = None) -> Sitting:
    return Sitting(Variant.CHOUETTE, NAMES, hands, rules or Rules(), roles=first)


def dealt(hand: PlayedHand | ThrownIn, dealer: int) -> Hand:
    return hand._replace(dealer=dealer)


def columns(sitting: Sitting, number: int, line: Line) -> tuple[int, int, int]:
    result = replay(sitting).hands[number - 1]
    return (
        result.written(ANNA, line),
        result.written(BERT, line),
        result.written(CARL, line),
    )


BOX_80 = played(BOX, "spades", (70, 50), BOX)  # Anna 80 below, the team 50 above
TEAM_90 = played(TEAM, "hearts", (40, 80), TEAM)  # the captain 90 below, the box 40 above


@pytest.mark.parametrize(
    ("rule", "hands", "above", "below"),
    [
        (
            "C1, C4: the box wins its contract; the captain's 50 above is the partner's too",
            [BOX_80],
            (0, 50, 50),
            (80, 0, 0),
        ),
        (
            "C1, C4: the team wins; the partner writes the captain's 90 below as well",
            [TEAM_90],
            (40, 0, 0),
            (0, 90, 90),
        ),
        (
            "C1: the hand is the two-player hand, R4 doubled: 2 x (110 + 30) below",
            [played(BOX, "clubs", (80, 30), BOX, jojotte=BOX, double="double")],
            (0, 0, 0),
            (280, 0, 0),
        ),
        (
            "C4: the team's melds above for the captain and the partner (R5)",
            [played(TEAM, "diamonds", (40, 90), TEAM, melds=(0, 50))],
            (40, 50, 50),
            (0, 100, 100),
        ),
        (
            "C4: a Nullo made by the team, 200 above to each team member (R9)",
            [played(BOX, "spades", (75, 0), None, special="nullo", tricks=(9, 0))],
            (0, 200, 200),
            (0, 0, 0),
        ),
        (
            "C1: a lost Nullo is the two-player 200 + 100 per further trick, to the box (R9)",
            [played(BOX, "spades", (60, 30), None, special="nullo", tricks=(6, 3))],
            (400, 0, 0),
            (0, 0, 0),
        ),
    ],
)
def test_each_hand_is_the_two_player_hand_box_against_team(
    rule: str, hands: list[PlayedHand], above: tuple[int, ...], below: tuple[int, ...]
) -> None:
    sitting = chouette(*hands)
    assert check_chouette_sitting(GAME, sitting) == []
    assert columns(sitting, len(hands), Line.ABOVE) == above
    assert columns(sitting, len(hands), Line.BELOW) == below


@pytest.mark.parametrize(
    ("rule", "hands", "games", "winner", "bonus"),
    [
        ("C5: 80 below wins a game for the box", [BOX_80], [ANNA], None, (0, 0, 0)),
        (
            "C5: the team's game is the captain's; the partner's copy does not count twice",
            [TEAM_90],
            [BERT],
            None,
            (0, 0, 0),
        ),
        (
            "C5: two games win the rubber, 300 to the box",
            [BOX_80, BOX_80],
            [ANNA, ANNA],
            ANNA,
            (300, 0, 0),
        ),
        (
            "C5: two games win the rubber, 300 to each team member",
            [TEAM_90, BOX_80, TEAM_90],
            [BERT, ANNA, BERT],
            BERT,
            (0, 300, 300),
        ),
    ],
)
def test_games_and_rubbers_between_box_and_team(
    rule: str,
    hands: list[PlayedHand],
    games: list[int],
    winner: int | None,
    bonus: tuple[int, ...],
) -> None:
    ledger = replay(chouette(*hands))
    rubber = ledger.rubbers[0]
    assert list(rubber.game_winners) == games
    assert rubber.winner == winner
    last = ledger.hands[-1]
    assert (
        tuple(
            sum(e.points for e in last.entries if e.side == seat and e.kind == "rubber-bonus")
            for seat in range(3)
        )
        == bonus
    )


def test_prison_goes_to_the_winning_side_and_the_partner_copies_it() -> None:
    """R10 with C4: a tie's 120 goes to the team's next win, in both their columns."""
    tie = played(TEAM, "hearts", (50, 60), BOX)  # 60 against 60
    sitting = chouette(tie, TEAM_90)
    ledger = replay(sitting)
    assert ledger.hands[0].prison_after == 120
    assert columns(sitting, 2, Line.ABOVE) == (40, 120, 120)


@pytest.mark.parametrize(
    ("rule", "first", "winners", "expected"),
    [
        (
            "C3: a winning box stays; the partner becomes captain, the captain partner",
            ChouetteRoles(ANNA, BERT),
            [ANNA],
            [ChouetteRoles(ANNA, BERT), ChouetteRoles(ANNA, CARL)],
        ),
        (
            "C3: a losing box becomes partner; the captain goes into the box",
            ChouetteRoles(ANNA, BERT),
            [BERT],
            [ChouetteRoles(ANNA, BERT), ChouetteRoles(BERT, CARL)],
        ),
        (
            "C3: three rubbers, the box winning, then the team twice",
            ChouetteRoles(ANNA, BERT),
            [ANNA, CARL, BERT],
            [
                ChouetteRoles(ANNA, BERT),
                ChouetteRoles(ANNA, CARL),
                ChouetteRoles(CARL, BERT),
                ChouetteRoles(BERT, ANNA),
            ],
        ),
        (
            "C3: an unfinished rubber changes nothing",
            ChouetteRoles(CARL, ANNA),
            [None],
            [ChouetteRoles(CARL, ANNA)],
        ),
    ],
)
def test_roles_rotate_after_each_rubber(
    rule: str,
    first: ChouetteRoles,
    winners: list[int | None],
    expected: list[ChouetteRoles],
) -> None:
    assert roles_by_rubber(first, winners) == expected
    assert [r.partner for r in expected] == [3 - r.box - r.captain for r in expected]


def test_the_scorer_plays_each_rubber_with_its_roles() -> None:
    """C2, C3: after the box's rubber, Carl is captain and the team's entries are his."""
    scorer = Scorer.of(GAME, chouette())
    scorer.extend([BOX_80, BOX_80])
    assert scorer.roles == ChouetteRoles(ANNA, CARL)
    result = scorer.add(TEAM_90)
    assert (result.written(CARL, Line.BELOW), result.written(BERT, Line.BELOW)) == (90, 90)
    assert result.game_winner == CARL


@pytest.mark.parametrize(
    ("rule", "totals", "settlement"),
    [
        ("C6: d = team - box; captain +d, partner +d, box -2d", (780, 50, 50), (1460, -730, -730)),
        ("C6: the team ahead", (70, 805, 805), (-1470, 735, 735)),
        ("C6: level", (300, 300, 300), (0, 0, 0)),
    ],
)
def test_the_rubber_is_settled_as_a_backgammon_chouette(
    rule: str, totals: tuple[int, int, int], settlement: tuple[int, int, int]
) -> None:
    from jojotte_score.core.ledger import settle

    assert settle(totals) == settlement


@pytest.mark.parametrize(
    ("rule", "sitting", "expected"),
    [
        (
            "C8: three players",
            new_sitting(Variant.CHOUETTE, ("Anna", "Bert"), roles=FIRST),
            [("a chouette sitting needs 3 player names, not 2", "players")],
        ),
        (
            "C8: the first box and captain are recorded",
            new_sitting(Variant.CHOUETTE, NAMES),
            [("a chouette sitting needs the first rubber's box and captain", "chouette")],
        ),
        (
            "C8: the first box is not the first captain",
            chouette(first=ChouetteRoles(BERT, BERT)),
            [("the box and the captain must be two different players", "chouette")],
        ),
        (
            "C8: roles are seats 0-2",
            chouette(first=ChouetteRoles(ANNA, 3)),
            [("the captain must be seat 0, 1 or 2, not 3", "chouette")],
        ),
        (
            "C8: the two-player checks, named by the box and the captain",
            chouette(played(BOX, "spades", (160, 0), BOX)),
            [
                (
                    "Anna's card points (160) must be a multiple of 5 from 0 to 155 with a "
                    "trump suit",
                    "card_points[0]",
                )
            ],
        ),
        (
            "C7: the dealer is the box or the captain",
            chouette(dealt(BOX_80, CARL)),
            [("the dealer must be the box, Anna, or the captain, Bert", "dealer")],
        ),
        (
            "C7: in the second rubber Carl is captain and may deal, Bert may not",
            chouette(BOX_80, BOX_80, dealt(TEAM_90, CARL), dealt(TEAM_90, BERT)),
            [("the dealer must be the box, Anna, or the captain, Carl", "dealer")],
        ),
        (
            "C7: a thrown-in deal too",
            chouette(ThrownIn(dealer=CARL)),
            [("the dealer must be the box, Anna, or the captain, Bert", "dealer")],
        ),
    ],
)
def test_what_makes_a_chouette_impossible(
    rule: str, sitting: Sitting, expected: list[tuple[str, str]]
) -> None:
    problems = check_sitting(sitting)
    assert [(p.message, p.field) for p in problems if not p.warning] == expected


def test_a_bad_hand_gets_its_own_messages_only() -> None:
    """Hand 2 is wrong; Anna then wins rubber 1 with hand 3, and Carl, captain of rubber 2
    (C3), deals hand 4 rightly (C7). What hand 2 scored cannot be known, so neither can the
    roles after it: only hand 2 is reported, not the correct hand 4 with the first rubber's
    roles."""
    bad = played(BOX, "spades", (160, 0), BOX)
    sitting = chouette(BOX_80, bad, BOX_80, dealt(TEAM_90, CARL))
    problems = [(p.hand, p.field) for p in check_sitting(sitting) if not p.warning]
    assert problems == [(2, "card_points[0]")]


def test_after_a_bad_hand_only_the_later_hands_own_errors_are_reported() -> None:
    """Hand 2 is wrong, hands 3 and 4 are right (Carl, captain of rubber 2, deals hand 4)
    and hand 5 has card points of its own that cannot be: hands 2 and 5 are reported,
    neither the correct hands nor a dealer rule followed with roles that cannot be known."""
    bad = played(BOX, "spades", (160, 0), BOX)
    also_bad = played(TEAM, "hearts", (40, 83), TEAM)
    sitting = chouette(BOX_80, bad, BOX_80, dealt(TEAM_90, CARL), dealt(also_bad, BERT))
    problems = [(p.hand, p.field) for p in check_sitting(sitting) if not p.warning]
    assert problems == [(2, "card_points[0]"), (5, "card_points[1]")]


def test_a_wrong_dealer_leaves_the_roles_known() -> None:
    """A dealer is never scored: after Carl deals hand 1 of rubber 1 (Anna against Bert),
    the roles still follow, so Bert, the partner of rubber 2 (Anna against Carl, C3), dealing
    hand 3 is reported as well, and Carl dealing hand 4 is not."""
    sitting = chouette(
        dealt(BOX_80, CARL), dealt(BOX_80, BERT), dealt(TEAM_90, BERT), dealt(TEAM_90, CARL)
    )
    assert [(p.hand, p.message) for p in check_sitting(sitting)] == [
        (1, "the dealer must be the box, Anna, or the captain, Bert"),
        (3, "the dealer must be the box, Anna, or the captain, Carl"),
    ]


def test_the_dealer_rule_names_the_players_and_follows_the_roles() -> None:
    """C7 in rubber 2: Anna boxes again, Carl captains (C3); Bert, the partner, may not deal."""
    sitting = chouette(BOX_80, BOX_80, dealt(TEAM_90, BERT))
    problems = check_sitting(sitting)
    assert [(p.hand, p.message) for p in problems] == [
        (3, "the dealer must be the box, Anna, or the captain, Carl")
    ]


# Properties ------------------------------------------------------------------------------

_HANDS = st.lists(valid_hands(Variant.TWO_PLAYER), max_size=40).map(
    lambda hands: tuple(hand._replace(dealer=None) for hand in hands)
)
_FIRST = st.sampled_from([ChouetteRoles(b, c) for b in range(3) for c in range(3) if b != c])


@given(_HANDS, _FIRST)
def test_settlements_add_up_to_zero_and_totals_to_the_entries(
    hands: tuple[Hand, ...], first: ChouetteRoles
) -> None:
    ledger = replay(chouette(*hands, first=first))
    for rubber in ledger.rubbers:
        assert sum(rubber.settlement) == 0
        entries = [e for h in rubber.hands for e in h.entries]
        assert rubber.totals == tuple(
            sum(e.points for e in entries if e.side == seat) for seat in range(3)
        )
    assert sum(ledger.settlement) == 0


@given(_HANDS, _FIRST)
def test_the_partner_writes_what_the_captain_writes_on_the_same_lines(
    hands: tuple[Hand, ...], first: ChouetteRoles
) -> None:
    ledger = replay(chouette(*hands, first=first))
    for rubber in ledger.rubbers:
        assert rubber.roles is not None
        roles = chouette_roles(rubber.roles)
        for result in rubber.hands:
            for line in Line:
                assert result.written(roles.partner, line) == result.written(roles.captain, line)
        assert rubber.totals[roles.partner] == rubber.totals[roles.captain]


@given(_HANDS, _FIRST)
def test_a_rubber_ends_exactly_at_a_second_game_and_the_roles_rotate(
    hands: tuple[Hand, ...], first: ChouetteRoles
) -> None:
    ledger = replay(chouette(*hands, first=first))
    for rubber, roles in zip(
        ledger.rubbers, roles_by_rubber(first, (r.winner for r in ledger.rubbers)), strict=False
    ):
        assert rubber.roles == roles
        assert set(rubber.game_winners) <= {roles.box, roles.captain}
        for index, _ in enumerate(rubber.game_winners):
            won = rubber.game_winners[: index + 1]
            finished = max(won.count(roles.box), won.count(roles.captain)) == 2
            assert finished == (index == len(rubber.game_winners) - 1 and rubber.finished)


@given(_HANDS, _FIRST, st.integers(0, 40))
def test_scoring_a_prefix_gives_a_prefix_of_the_pad(
    hands: tuple[Hand, ...], first: ChouetteRoles, cut: int
) -> None:
    whole = replay(chouette(*hands, first=first))
    part = replay(chouette(*hands[:cut], first=first))
    assert [h.entries for h in part.hands] == [h.entries for h in whole.hands[:cut]]


# The worked chouette of docs/RULES.md -------------------------------------------------------

EXAMPLE = chouette(
    dealt(played(BOX, "spades", (70, 50), BOX), ANNA),
    dealt(played(TEAM, "hearts", (50, 60), BOX), BERT),
    dealt(played(BOX, "clubs", (80, 30), BOX, jojotte=BOX, double="double"), ANNA),
    dealt(played(TEAM, "diamonds", (40, 90), TEAM, melds=(0, 50)), CARL),
    dealt(played(BOX, "spades", (75, 0), None, special="nullo", tricks=(9, 0)), ANNA),
    dealt(played(TEAM, "no-trump", (30, 70), TEAM), CARL),
    ThrownIn(dealer=BERT),
    dealt(
        played(TEAM, "hearts", (0, 110), TEAM, jojotte=TEAM, special="slam", tricks=(0, 9)),
        CARL,
    ),
    dealt(played(BOX, "clubs", (85, 30), BOX), BERT),
    dealt(played(BOX, "spades", (40, 85), TEAM, double="double"), CARL),
)

SHEET: list[SheetRow] = [
    (1, (0, 50, 50), (80, 0, 0), 0, ANNA, None),
    (2, (0, 0, 0), (0, 0, 0), 120, None, None),
    (3, (420, 0, 0), (280, 0, 0), 0, ANNA, ANNA),
    (4, (40, 50, 50), (0, 100, 100), 0, CARL, None),
    (5, (0, 200, 200), (0, 0, 0), 75, None, None),
    (6, (30, 375, 375), (0, 80, 80), 0, CARL, CARL),
    (7, (0, 0, 0), (0, 0, 0), 0, None, None),
    (8, (500, 500, 0), (140, 140, 0), 0, BERT, None),
    (9, (30, 30, 0), (0, 0, 95), 0, CARL, None),
    (10, (300, 300, 0), (270, 270, 0), 0, BERT, BERT),
]


@pytest.fixture(scope="module")
def ledger() -> Ledger:
    assert check_chouette_sitting(GAME, EXAMPLE) == []
    return replay(EXAMPLE)


@pytest.mark.parametrize("row", SHEET, ids=sheet_ids(SHEET))
def test_each_hand_of_the_worked_chouette(ledger: Ledger, row: SheetRow) -> None:
    check_sheet_row(ledger, row)


def test_the_worked_chouettes_rubbers_roles_and_result(ledger: Ledger) -> None:
    """C3 both ways: Anna's box wins and stays; Carl's team wins and Carl goes into the
    box; Bert's team wins and Bert would be the fourth rubber's box. C6 settles each."""
    assert [(r.roles, r.totals, r.settlement, r.winner) for r in ledger.rubbers] == [
        (ChouetteRoles(ANNA, BERT), (780, 50, 50), (1460, -730, -730), ANNA),
        (ChouetteRoles(ANNA, CARL), (70, 805, 805), (-1470, 735, 735), CARL),
        (ChouetteRoles(CARL, BERT), (1240, 1240, 95), (1145, 1145, -2290), BERT),
    ]
    assert [r.game_winners for r in ledger.rubbers] == [
        (ANNA, ANNA),
        (CARL, CARL),
        (BERT, CARL, BERT),
    ]
    assert ledger.settlement == (1135, 1150, -2285)
    assert ledger.rubbers_won == (1, 1, 1)
    assert roles_by_rubber(FIRST, [r.winner for r in ledger.rubbers])[-1] == ChouetteRoles(
        BERT, ANNA
    )


@pytest.mark.parametrize(
    ("number", "sentence"),
    [
        (1, "Hand 1 (rubber 1, game 1): Anna in the box against Bert (captain) and Carl (C1, C2)."),
        (1, "Carl copies the captain's score: Bert's 50 again (C4)."),
        (2, "Equal totals: both trick scores, 60 + 60 = 120, go to prison (R3)."),
        (
            3,
            "Rubber 1 totals: Anna 780, Bert 50, Carl 50; settled between every two players "
            "(C6): Anna +1460, Bert \u2212730, Carl \u2212730.",
        ),
        (4, "Hand 4 (rubber 2, game 1): Anna in the box against Carl (captain) and Bert (C1, C2)."),
        (6, "Bert copies the captain's score: Carl's 455 again (C4)."),
        (8, "Hand 8 (rubber 3, game 1): Carl in the box against Bert (captain) and Anna (C1, C2)."),
        (8, "Bert makes the slam: 500 above (R7)."),
    ],
)
def test_the_worked_chouette_explained(ledger: Ledger, number: int, sentence: str) -> None:
    rubber = ledger.rubber(ledger.hands[number - 1].rubber)
    assert rubber is not None
    assert rubber.roles is not None
    roles = chouette_roles(rubber.roles)
    assert sentence in explain_chouette_hand(ledger.hands[number - 1], ledger, roles)


def test_any_sitting_door_scores_and_explains_the_chouette(ledger: Ledger) -> None:
    assert replay(EXAMPLE).settlement == ledger.settlement
    assert explain_ledger(replay(EXAMPLE)) == explain_ledger(ledger)
    assert explain_ledger(replay(EXAMPLE)).count("\n\nHand ") == 9


# A correction that changes who wins a rubber -----------------------------------------------

# Anna boxes against Bert (captain) and Carl. Anna wins rubber 1 with hands 1 and 2, so she
# stays in the box and Carl captains rubber 2 (C3); Carl and Anna deal hands 3 and 4 (C7).
CORRECTED = chouette(
    dealt(BOX_80, ANNA), dealt(BOX_80, BERT), dealt(TEAM_90, CARL), dealt(TEAM_90, ANNA)
)


def test_an_edit_that_changes_a_rubber_winner_names_the_dealers_it_makes_illegal() -> None:
    """Hand 2 edited so that the team wins it: the team wins rubber 1 with hand 3, whose
    dealer Carl is then the partner; rubber 2 has Bert in the box and Carl as captain, so
    Anna, who deals hand 4, is the partner (C3, C7). Worked out again: hand 3 is Anna's (Bert
    dealt hand 2, C7) and hand 4, the first of a rubber with no dealer that stands, the
    box's, Bert's (C7b). Either fix scores alike."""
    hands = list(two_sided_hands(CORRECTED.hands))
    hands[1] = dealt(TEAM_90, BERT)
    edited = chouette(*hands)

    correction = later_dealers(GAME, edited, first=3)

    assert correction.reasons == (
        "Hand 3: Carl is now the partner and may not deal (C7)",
        "Hand 4: Anna is now the partner and may not deal (C7)",
    )
    assert correction.rederived == (
        "Worked out again: Anna deals hand 3.",
        "Worked out again: Bert deals hand 4.",
    )
    assert [(fix.number, fix.dealer) for fix in correction.fixes] == [(3, CARL), (4, ANNA)]
    assert correction.hands(DealerChoice.CLEAR) == {2: TEAM_90, 3: TEAM_90}
    assert correction.hands(DealerChoice.REDERIVE) == {
        2: dealt(TEAM_90, ANNA),
        3: dealt(TEAM_90, BERT),
    }
    assert chouette_correction(GAME, CORRECTED, 1, dealt(TEAM_90, BERT)) == correction
    for choice in DealerChoice:
        fixed = list(hands)
        for position, hand in correction.hands(choice).items():
            fixed[position] = hand
        assert check_sitting(chouette(*fixed)) == []
        assert replay(chouette(*fixed)).settlement == replay(edited).settlement
    assert later_dealers(GAME, CORRECTED).fixes == ()
    assert chouette_correction(GAME, CORRECTED, 1, dealt(BOX_80, ANNA)) is None


def test_the_reasons_name_each_player_once_and_the_deal_is_counted_on() -> None:
    """Anna wins rubber 1 (hands 1, 2); in rubber 2, Anna against Carl, three deals are
    thrown in before the team wins with hands 7 and 8. Edited, hand 2 is the team's: rubber
    1 (Anna against Bert) then runs to hand 7, and Carl, its partner, dealt hands 4 and 6:
    re-derived, the deal passes on from Anna's hands 3 and 5 to Bert (C7)."""
    thrown = ThrownIn()
    original = chouette(
        dealt(BOX_80, ANNA),
        dealt(BOX_80, BERT),
        *(dealt(thrown, dealer) for dealer in (ANNA, CARL, ANNA, CARL)),
        dealt(TEAM_90, ANNA),
        dealt(TEAM_90, CARL),
    )
    assert check_sitting(original) == []
    correction = chouette_correction(GAME, original, 1, dealt(TEAM_90, BERT))
    assert correction is not None
    assert correction.reasons == ("Hands 4 and 6: Carl is now the partner and may not deal (C7)",)
    assert correction.rederived == ("Worked out again: Bert deals hands 4 and 6.",)


def test_a_long_list_of_hands_is_cut_to_its_first_numbers_and_a_count() -> None:
    """Anna wins rubber 1 in the box (hands 1, 2), then the team wins every rubber of two
    hands, each hand dealt by its rubber's box. Edited so that the team wins hand 1, the
    team wins rubber 1 with hand 3 and every later rubber's roles change: the reasons list
    each player's first nine hands and count the rest."""
    original = with_legal_dealers(chouette(BOX_80, BOX_80, *[TEAM_90] * 80), [])
    correction = chouette_correction(
        GAME, original, 0, mirrored(two_sided_hands(original.hands)[0])
    )
    assert correction is not None
    by_dealer = {
        seat: [fix.number for fix in correction.fixes if fix.dealer == seat] for seat in range(3)
    }
    longest = max(by_dealer, key=lambda seat: len(by_dealer[seat]))
    numbers = by_dealer[longest]
    assert len(numbers) > 10
    first = ", ".join(str(number) for number in numbers[:9])
    assert (
        f"Hands {first} and {len(numbers) - 9} more: {NAMES[longest]} is now the partner and "
        "may not deal (C7)"
    ) in correction.reasons


def test_a_rubbers_first_dealer_is_counted_back_from_a_later_one_that_stands() -> None:
    """Anna wins rubber 1 (hands 1, 2); rubber 2, Anna against Carl, has the team's game
    (hand 3) and three thrown-in deals. Edited, hand 2 is the team's, which wins rubber 1
    with hand 3; rubber 2 (Bert in the box, Carl captain) starts with hands 4 and 5 dealt by
    Anna, now the partner, and hand 6 by Carl, who stands: the turn counted back from Carl
    gives Bert hand 5 and Carl hand 4 (C7)."""
    thrown = ThrownIn()
    original = chouette(
        *two_sided_hands(CORRECTED.hands)[:3],
        *(dealt(thrown, dealer) for dealer in (ANNA, ANNA, CARL)),
    )
    assert check_sitting(original) == []
    correction = chouette_correction(GAME, original, 1, dealt(TEAM_90, BERT))
    assert correction is not None
    assert correction.reasons == (
        "Hand 3: Carl is now the partner and may not deal (C7)",
        "Hands 4 and 5: Anna is now the partner and may not deal (C7)",
    )
    assert correction.hands(DealerChoice.REDERIVE) == {
        2: dealt(TEAM_90, ANNA),
        3: dealt(thrown, CARL),
        4: dealt(thrown, BERT),
    }


def mirrored(hand: Hand) -> Hand:
    """``hand`` with the sides' parts swapped: what the box did, the team did, and the
    other way round (a thrown-in deal stays as it is)."""
    if isinstance(hand, ThrownIn):
        return hand

    def other(side: int | None) -> int | None:
        return None if side is None else 1 - side

    def swapped(pair: tuple[int, int] | None) -> tuple[int, int] | None:
        return None if pair is None else (pair[1], pair[0])

    return hand._replace(
        bidder=1 - hand.bidder,
        card_points=(hand.card_points[1], hand.card_points[0]),
        last_trick=other(hand.last_trick),
        melds=(hand.melds[1], hand.melds[0]),
        jojotte=other(hand.jojotte),
        tricks=swapped(hand.tricks),
    )


def with_legal_dealers(sitting: Sitting, turns: list[bool]) -> Sitting:
    """The sitting with each hand dealt by its rubber's box or captain (C7), as ``turns``
    say (True: the captain; False, or no more turns: the box)."""
    ledger = replay(sitting)
    hands = []
    for index, result in enumerate(ledger.hands):
        held = ledger.rubbers[result.rubber - 1].roles
        assert held is not None
        roles = chouette_roles(held)
        captain = turns[index] if index < len(turns) else False
        hands.append(result.hand._replace(dealer=roles.captain if captain else roles.box))
    return replace(sitting, hands=tuple(hands))


@settings(max_examples=300)
@given(
    st.lists(
        st.one_of(valid_hands(Variant.TWO_PLAYER), st.sampled_from([BOX_80, TEAM_90])),
        min_size=1,
        max_size=40,
    ).map(tuple),
    _FIRST,
    st.lists(st.booleans(), max_size=40),
    st.integers(min_value=0, max_value=39),
    st.one_of(st.none(), valid_hands(Variant.TWO_PLAYER)),
)
def test_the_corrector_finds_what_scoring_the_edited_sitting_finds(
    hands: tuple[Hand, ...],
    first: ChouetteRoles,
    turns: list[bool],
    where: int,
    other: Hand | None,
) -> None:
    """The corrector scores only until the rubbers agree again with the recorded ones; it
    finds the same hands, reasons and fixes as following the whole edited sitting. The
    edit is another hand, or the recorded one the other way round (the other side wins
    it), which often changes who wins a rubber; hands that win a game at once (80 to the
    box, 90 to the team) make rubbers end often enough."""
    sitting = with_legal_dealers(chouette(*hands, first=first), turns)
    position = where % len(hands)
    edit = mirrored(two_sided_hands(sitting.hands)[position]) if other is None else other
    recorded = replay(sitting)
    held = recorded.rubbers[recorded.hands[position].rubber - 1].roles
    assert held is not None
    roles = chouette_roles(held)
    edit = edit._replace(dealer=roles.box)
    edited = list(sitting.hands)
    edited[position] = edit
    expected = later_dealers(GAME, replace(sitting, hands=tuple(edited)), first=position + 2)
    found = ChouetteCorrector(GAME, sitting, position, recorded)(edit)
    assert found == (expected if expected.fixes else None)
    event("later dealers made illegal" if expected.fixes else "every later dealer stands")


def test_the_chouettes_prison_is_explained_by_the_two_player_rule(ledger: Ledger) -> None:
    """C1: a chouette hand is the two-player hand, so its prison is R10's, not the
    three-player game's T12."""
    text = explain_ledger(replay(EXAMPLE))
    assert "Now waiting in prison: 120 (R10)." in text
    assert "Anna wins the hand and takes the 120 points waiting in prison, above (R10)." in text
    assert "Carl wins the hand and takes the 75 points waiting in prison, above (R10)." in text
    assert "T12" not in text


@pytest.mark.parametrize(
    ("roles", "counted"),
    [
        (ChouetteRoles(box=ANNA, captain=BERT), (ANNA, BERT, BERT)),
        (ChouetteRoles(box=ANNA, captain=CARL), (ANNA, CARL, CARL)),
        (ChouetteRoles(box=CARL, captain=BERT), (BERT, BERT, CARL)),
    ],
)
def test_the_partner_counts_the_captains_games(
    roles: ChouetteRoles, counted: tuple[int, int, int]
) -> None:
    """C4, C5: the team's game is the captain's and the partner's."""
    assert tuple(roles.scores_with(seat) for seat in (ANNA, BERT, CARL)) == counted


@pytest.mark.parametrize("dealer", [ANNA, BERT, CARL])
def test_checking_from_a_checkpoint_finds_what_the_whole_check_finds_after_it(dealer: int) -> None:
    """C3, C7: the checkpoint holds the roles of the rubber it starts, so the hands after it
    are checked alike from there (the storage checks a change that way), the dealer rule
    naming the same box and captain."""
    whole = Scorer.of(find_game(EXAMPLE.variant), EXAMPLE)
    whole.extend(EXAMPLE.hands)
    point = whole.checkpoint()
    assert point.position > 0
    assert point.roles is not None
    hands = two_sided_hands(EXAMPLE.hands)
    last = dealt(hands[-1], dealer)
    changed = replace(EXAMPLE, hands=(*hands[:-1], last))
    tail = replace(changed, hands=changed.hands[point.position :])
    found = check_chouette_sitting(GAME, tail, point)
    assert found == [
        p
        for p in check_chouette_sitting(GAME, changed)
        if p.hand is None or p.hand > point.position
    ]
    wrong = dealer not in GAME.side_seats(point.roles)
    assert [p.hand for p in found] == ([len(hands)] if wrong else [])
