"""Why a hand scored what it did, in plain words (the same text the desktop window shows).

The explanation of a two-player or partnership hand, and the sentences the games say alike:
this module's two-sided explanations and
:mod:`jojotte_score.core.games.three_player_explanation`'s three games of individual
players use them, a failed Slam and a Nullo through one function (:func:`slam_or_nullo`).
A sentence that the games say alike cites its rule as a value, from the game's
:class:`RuleReferences` ("Trick scores (R1)" with two players, "Trick scores (T5, R1)" with
three). The sentences are data (:mod:`jojotte_score.core.sentences`) until they are said in
words (:func:`~jojotte_score.core.sentences.in_words`).
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, NamedTuple, cast

from jojotte_score.core.ledger import HandResult, Ledger, RubberResult
from jojotte_score.core.model import Doubling, PlayedHand, Rules, SeatHand, Special, opponent
from jojotte_score.core.scoring import (
    Entry,
    HandScore,
    Line,
    Outcome,
    two_sided_lost_nullo_bonus,
)
from jojotte_score.core.sentences import (
    Listing,
    Say,
    Sentence,
    in_words,
    listing,
    said,
    with_people,
)
from jojotte_score.core.tables import (
    JOJOTTE_BONUS,
    LAST_TRICK_BONUS,
    NULLO_BONUS,
    NULLO_EXTRA_TRICK_BONUS,
    SLAM_BONUS,
    UNBID_SLAM_BONUS,
)


class RuleReferences(NamedTuple):
    """The rules a game's explanation cites for the sentences the games share.

    A named tuple, not a frozen dataclass, because start-up defines it (the newest hand is
    explained): on Python 3.11 the dataclass compiled six methods from text, 6.3 M of a
    start's 1,280 M instructions, the named tuple about 1 M (callgrind). This module and
    the others that define a named tuple start-up needs evaluate their annotations as
    written (no ``from __future__ import annotations``), so that none is compiled as a
    ``typing.ForwardRef``.
    """

    trick_scores: str
    totals: str
    melds: str
    undoubled: str
    doubled: str
    slam_made: str
    unbid_slam: str
    slam_failed: str
    nullo: str
    prison: str
    game: str
    rubber: str
    result: str


TWO_PLAYER_RULES = RuleReferences(
    trick_scores="R1",
    totals="R2",
    melds="R5",
    undoubled="R3",
    doubled="R4",
    slam_made="R7",
    unbid_slam="R6",
    slam_failed="R8",
    nullo="R9",
    prison="R10",
    game="R12",
    rubber="R13",
    result="R14",
)
"""The rulings R1-R15 of two players and partnerships."""

CONTRACTS: Final[Mapping[tuple[Doubling, bool], Say]] = {
    (Doubling.NONE, False): Say.BID,
    (Doubling.DOUBLE, False): Say.BID_DOUBLED_BY,
    (Doubling.REDOUBLE, False): Say.BID_REDOUBLED_BY,
    (Doubling.NONE, True): Say.BID_AND_SLAM,
    (Doubling.DOUBLE, True): Say.BID_AND_SLAM_DOUBLED_BY,
    (Doubling.REDOUBLE, True): Say.BID_AND_SLAM_REDOUBLED_BY,
}
"""The contract's sentence by its doubling and whether a Slam was bid, in every game."""

# Two sides say an undoubled Slam bid their own way ("Anna bid spades, and bid a Slam."); the
# side that did not bid doubles, the bidder's side redoubles.
_TWO_SIDED_CONTRACTS = {**CONTRACTS, (Doubling.NONE, True): Say.BID_SLAM}


def explain_hand(result: HandResult, ledger: Ledger) -> list[str]:
    """The explanation of one scored hand of ``ledger``, one sentence per line."""
    return [in_words(sentence) for sentence in hand_sentences(result, ledger)]


def hand_sentences(result: HandResult, ledger: Ledger) -> list[Sentence]:
    """The explanation of one scored hand of ``ledger`` as data, one sentence per line."""
    sides, refs = cast("tuple[str, str]", ledger.columns), TWO_PLAYER_RULES
    hand = result.hand
    if not isinstance(hand, PlayedHand):
        sentences = [heading(result, said(Say.THROWN_IN))]
    else:
        sentences = [heading(result, contract(hand, sides))]
        sentences.extend(two_sided_play(result.score, hand, sides, refs))
    sentences.extend(bookkeeping(result, sides, refs))
    sentences.extend(game_and_rubber(result, sides, ledger.rules, refs))
    rubber = ended_rubber(result, ledger)
    if rubber is not None:
        sentences.append(_rubber_result(rubber, sides, refs))
    people = ledger.game.side_people
    if people == 1:
        return sentences
    return [with_people(sentence, people) for sentence in sentences]


def ended_rubber(result: HandResult, ledger: Ledger) -> RubberResult | None:
    """The rubber of ``ledger`` that hand ``result`` ended, if it ended one."""
    return ledger.rubber(result.rubber) if result.rubber_winner is not None else None


def scores(names: Sequence[str], points: Sequence[int], seats: Iterable[int]) -> Listing:
    """The name and the points of each of ``seats``, listed: "A 60, B 75"."""
    return listing(said(Say.SCORE, player=names[s], points=points[s]) for s in seats)


def _rubber_result(rubber: RubberResult, sides: Sequence[str], refs: RuleReferences) -> Sentence:
    """The totals of a finished rubber and who is ahead, by how much (R14)."""
    totals = scores(sides, rubber.totals, (0, 1))
    side, points = rubber.net
    if side is None:
        return said(Say.RUBBER_RESULT_LEVEL, rubber=rubber.number, rule=refs.result, totals=totals)
    return said(
        Say.RUBBER_RESULT,
        rubber=rubber.number,
        rule=refs.result,
        totals=totals,
        player=sides[side],
        points=points,
    )


def explain_results(
    ledger: Ledger, explain: Callable[[HandResult, Ledger], list[str]], hand: int | None = None
) -> str:
    """The explanations of every hand (or of hand ``hand`` only) of ``ledger``, each by
    ``explain`` (its game's rulings, :meth:`~jojotte_score.core.games.game.Game.explain_hand`),
    separated by blank lines. A caller holding only the ledger asks the registry:
    :func:`~jojotte_score.core.games.explain_ledger`."""
    results = ledger.hands if hand is None else [r for r in ledger.hands if r.number == hand]
    blocks = ["\n".join(explain(r, ledger)) for r in results]
    return "\n\n".join(with_prison_left(blocks, ledger.unresolved_prison if hand is None else 0))


def with_prison_left(blocks: list[str], prison: int) -> list[str]:
    """The hands' explanations, and a last one for the points left in prison (R11)."""
    if prison:
        blocks.append(in_words(said(Say.PRISON_LEFT, points=prison)))
    return blocks


def heading(result: HandResult, first: Sentence) -> Sentence:
    """The first line of a hand's explanation: the hand, its rubber and game, and ``first``."""
    return said(
        Say.HAND, number=result.number, rubber=result.rubber, game=result.game, sentence=first
    )


def contract(hand: PlayedHand, sides: Sequence[str]) -> Sentence:
    """The contract in one sentence: "Anna bid spades, doubled by Bert (×2).". The other
    side doubles and the bidder's side redoubles."""
    bidder = sides[hand.bidder]
    if hand.special is Special.NULLO:
        return said(
            Say.NAMED_BEFORE_NULLO,
            bidder=bidder,
            trump=hand.trump,
            nullo_bidder=sides[opponent(hand.bidder)],
        )
    say = _TWO_SIDED_CONTRACTS[hand.double, hand.special is Special.SLAM]
    return said(
        say,
        bidder=bidder,
        trump=hand.trump,
        doubler=sides[opponent(hand.bidder)],
        redoubler=bidder,
        multiplier=hand.double.multiplier,
    )


def two_sided_play(
    score: HandScore, hand: PlayedHand, sides: Sequence[str], refs: RuleReferences
) -> list[Sentence]:
    """What a two-sided hand scored by itself (R1-R9), before prison, games and rubbers."""
    decision = _decision(score, hand, sides, refs)
    return play(hand, score.trick_scores, score.totals, sides, (0, 1), decision, refs)


def play(
    hand: PlayedHand | SeatHand,
    trick_scores: Sequence[int],
    totals: Sequence[int],
    names: Sequence[str],
    seats: tuple[int, int],
    decision: Sentence,
    refs: RuleReferences,
) -> list[Sentence]:
    """The play of the two ``seats`` (sides, or the declarer and the active defender), in
    that order: trick scores, melds, totals, the ``decision`` and the slam bonuses."""
    sentences = [
        said(
            Say.TRICK_SCORES,
            rule=refs.trick_scores,
            scores=listing(
                (_trick_score(hand, seat, trick_scores[seat], names[seat]) for seat in seats),
                Say.SEMICOLON,
            ),
        )
    ]
    if any(hand.melds):
        melds = scores(names, hand.melds, (s for s in seats if hand.melds[s]))
        sentences.append(said(Say.MELDS, rule=refs.melds, melds=melds))
    if hand.special is not Special.NULLO:
        sentences.append(said(Say.TOTALS, rule=refs.totals, totals=scores(names, totals, seats)))
    sentences.append(decision)
    if hand.special is not Special.NULLO and hand.tricks is not None:
        for seat, other in (seats, seats[::-1]):
            if hand.tricks[other] != 0:
                continue
            if hand.special is Special.SLAM and seat == hand.declarer:
                sentences.append(
                    said(Say.SLAM_MADE, player=names[seat], bonus=SLAM_BONUS, rule=refs.slam_made)
                )
            else:
                sentences.append(
                    said(
                        Say.UNBID_SLAM,
                        player=names[seat],
                        bonus=UNBID_SLAM_BONUS,
                        rule=refs.unbid_slam,
                    )
                )
    return sentences


def _trick_score(hand: PlayedHand | SeatHand, seat: int, points: int, name: str) -> Sentence:
    """A trick score, with its parts when it is more than the card points (R1)."""
    if points == hand.card_points[seat]:
        return said(Say.SCORE, player=name, points=points)
    parts = [said(Say.CARD_POINTS, points=hand.card_points[seat])]
    if hand.special is not Special.NULLO:
        if hand.last_trick == seat:
            parts.append(said(Say.LAST_TRICK, points=LAST_TRICK_BONUS))
        if hand.jojotte == seat and hand.trump.is_suit:
            parts.append(said(Say.JOJOTTE, points=JOJOTTE_BONUS))
    return said(Say.SCORE_MADE_OF, player=name, points=points, parts=listing(parts, Say.PLUS))


def trick_sum(first: int, second: int, multiplier: int) -> str:
    """Both trick scores added up, and multiplied: "45 + 50 = 95", "2 × (60 + 50) = 220"."""
    if multiplier == 1:
        return f"{first} + {second} = {first + second}"
    return f"{multiplier} × ({first} + {second}) = {multiplier * (first + second)}"


def declarer_wins(
    declarer: str, points: int, defender: str, defender_points: int, rule: str
) -> Sentence:
    """The undoubled declarer wins: his trick score below, the defender's above (R3, T6)."""
    if not defender_points:
        return said(Say.DECLARER_WINS, declarer=declarer, points=points, rule=rule)
    return said(
        Say.DECLARER_WINS_DEFENDER_ABOVE,
        declarer=declarer,
        points=points,
        defender=defender,
        defender_points=defender_points,
        rule=rule,
    )


def tie_or_undoubled_win(
    score: HandScore, seats: tuple[int, int], names: Sequence[str], refs: RuleReferences
) -> Sentence | None:
    """What a tie (R3, R4; T6, T7) or the undoubled declarer's win (R3, T6) decided, said
    alike in every game; None for a hand decided otherwise. ``seats`` are the declarer's and
    the defender's."""
    declarer, defender = seats
    a, b = score.trick_scores[declarer], score.trick_scores[defender]
    rule = decision_rule(score, refs)
    if score.outcome is Outcome.TIE:
        return said(Say.TIE, sum=trick_sum(a, b, score.multiplier), rule=rule)
    if score.outcome is Outcome.DECLARER_WON and score.multiplier == 1:
        return declarer_wins(names[declarer], a, names[defender], b, rule)
    return None


def decision_rule(score: HandScore, refs: RuleReferences) -> str:
    """The rule a hand won on its totals cites: undoubled (R3, T6) or doubled (R4, T7)."""
    return refs.undoubled if score.multiplier == 1 else refs.doubled


def _decision(
    score: HandScore, hand: PlayedHand, sides: Sequence[str], refs: RuleReferences
) -> Sentence:
    declarer = hand.declarer
    defender = opponent(declarer)
    plain = tie_or_undoubled_win(score, (declarer, defender), sides, refs)
    if plain is not None:
        return plain
    m, outcome = score.multiplier, score.outcome
    both = trick_sum(score.trick_scores[declarer], score.trick_scores[defender], m)
    rule = decision_rule(score, refs)
    if outcome in (Outcome.DECLARER_WON, Outcome.DEFENDER_WON):
        winner = declarer if outcome is Outcome.DECLARER_WON else defender
        if winner == declarer:
            say = Say.DECLARER_TAKES_BOTH
        else:
            say = Say.DEFENDER_TAKES_BOTH_DOUBLED if m > 1 else Say.DEFENDER_TAKES_BOTH
        return said(say, winner=sides[winner], sum=both, loser=sides[opponent(winner)], rule=rule)
    taken = hand.tricks[declarer] if hand.tricks else 0
    ahead = score.totals[defender] > score.totals[declarer]
    return slam_or_nullo(
        score,
        (declarer, defender),
        sides,
        taken=taken,
        tricks=sum(hand.tricks) if hand.tricks else 0,
        slam_failed=Say.SLAM_FAILED_AHEAD if ahead else Say.SLAM_FAILED_NOT_AHEAD,
        nullo_made=Say.NULLO_MADE,
        lost_nullo_sum=_lost_nullo_sum,
        refs=refs,
    )


def _lost_nullo_sum(taken: int) -> str:
    """The opponent's bonus for a Nullo lost with ``taken`` tricks, with its arithmetic (R9):
    "200 + 100 × 1 = 300", "200 = 200"."""
    bonus = two_sided_lost_nullo_bonus(taken)
    return lost_nullo_arithmetic(NULLO_BONUS, NULLO_EXTRA_TRICK_BONUS, taken, bonus)


def lost_nullo_arithmetic(first: int, extra: int, taken: int, bonus: int) -> str:
    """A lost Nullo's ``bonus`` for ``taken`` tricks worked out, ``first`` for the first
    trick and ``extra`` for each trick after it: "200 + 100 × 1 = 300", "200 = 200"."""
    more = f" + {extra} × {taken - 1}" if taken > 1 else ""
    return f"{first}{more} = {bonus}"


def slam_or_nullo(
    score: HandScore,
    seats: tuple[int, int],
    names: Sequence[str],
    *,
    taken: int,
    tricks: int,
    slam_failed: Say,
    nullo_made: Say,
    lost_nullo_sum: Callable[[int], str],
    refs: RuleReferences,
) -> Sentence:
    """What a failed Slam or a Nullo decided, in every game (R8, R9; T10, T11): ``seats`` are
    the declarer's and the defender's, who took ``taken`` and the rest of the hand's
    ``tricks``. The game says which sentence a failed Slam is (``slam_failed``: the defender
    ahead on totals, not ahead, or undoubled) and a made Nullo (``nullo_made``), and the
    arithmetic of a lost Nullo's bonus (``lost_nullo_sum``)."""
    declarer, defender = seats
    a, b = score.trick_scores[declarer], score.trick_scores[defender]
    if score.outcome is Outcome.SLAM_FAILED:
        return said(
            slam_failed,
            declarer=names[declarer],
            taken=taken,
            tricks=tricks,
            defender=names[defender],
            sum=trick_sum(a, b, score.multiplier),
            rule=refs.slam_failed,
        )
    card_points = trick_sum(a, b, 1)
    if score.outcome is Outcome.NULLO_MADE:
        return said(
            nullo_made,
            declarer=names[declarer],
            bonus=NULLO_BONUS,
            sum=card_points,
            rule=refs.nullo,
        )
    return said(
        Say.NULLO_FAILED,
        declarer=names[declarer],
        taken=said(Say.TRICKS_TAKEN, count=taken),
        defender=names[defender],
        bonus=lost_nullo_sum(taken),
        sum=card_points,
        rule=refs.nullo,
    )


def bookkeeping(result: HandResult, names: Sequence[str], refs: RuleReferences) -> list[Sentence]:
    """Prison won or left waiting (R10, T12), and what the hand wrote above and below."""
    sentences: list[Sentence] = []
    winner = result.score.winner
    if result.prison_out and winner is not None:
        sentences.append(
            said(Say.PRISON_WON, player=names[winner], points=result.prison_out, rule=refs.prison)
        )
    elif result.prison_after and result.prison_in:
        sentences.append(said(Say.PRISON_WAITING, points=result.prison_after, rule=refs.prison))
    written = _written(result.entries, names)
    if written is not None:
        sentences.append(written)
    return sentences


def _written(entries: Iterable[Entry], names: Sequence[str]) -> Sentence | None:
    above: list[Sentence] = []
    below: list[Sentence] = []
    for e in entries:
        entry = said(Say.ENTRY, player=names[e.side], points=e.points, kind=e.kind)
        (above if e.line is Line.ABOVE else below).append(entry)
    if above and below:
        return said(Say.WRITTEN_ABOVE_AND_BELOW, above=listing(above), below=listing(below))
    if above:
        return said(Say.WRITTEN_ABOVE, entries=listing(above))
    if below:
        return said(Say.WRITTEN_BELOW, entries=listing(below))
    return None


def game_and_rubber(
    result: HandResult,
    names: Sequence[str],
    rules: Rules,
    refs: RuleReferences,
) -> list[Sentence]:
    """The game (R12, T13) and the rubber (R13, T14) the hand ended, if it ended one."""
    sentences: list[Sentence] = []
    if result.game_winner is not None:
        seat = result.game_winner
        games = listing(
            said(Say.GAMES, player=names[s], games=won) for s, won in enumerate(result.games)
        )
        sentences.append(
            said(
                Say.GAME_WON,
                player=names[seat],
                points=result.below[seat],
                target=rules.game_target,
                game=result.game,
                rule=refs.game,
                games=games,
            )
        )
    if result.rubber_winner is not None:
        sentences.append(
            said(
                Say.RUBBER_WON,
                player=names[result.rubber_winner],
                rubber=result.rubber,
                bonus=rules.rubber_bonus,
                rule=refs.rubber,
            )
        )
    return sentences
