"""Why a hand of the games of individual players scored what it did, in plain words: the
three-player game (T1-T15), cutthroat (F1-F6) and the chouette (C1-C7).

The sentences are those of :mod:`jojotte_score.core.explanation`, said with each game's
rules (:class:`~jojotte_score.core.explanation.RuleReferences`); only the contract, who
played and the copies (T4, T8, F3, C4) are this module's own.
"""

from __future__ import annotations

from jojotte_score.core.explanation import (
    CONTRACTS,
    TWO_PLAYER_RULES,
    RuleReferences,
    bookkeeping,
    contract,
    decision_rule,
    ended_rubber,
    game_and_rubber,
    heading,
    lost_nullo_arithmetic,
    play,
    scores,
    slam_or_nullo,
    tie_or_undoubled_win,
    trick_sum,
    two_sided_play,
)
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.games.three_player_scoring import three_player_lost_nullo_bonus
from jojotte_score.core.ledger import HandResult, Ledger
from jojotte_score.core.model import (
    Doubling,
    PlayedHand,
    SeatHand,
    SidesWith,
    Special,
)
from jojotte_score.core.scoring import Line, Outcome, Roles, score_hand
from jojotte_score.core.sentences import Say, Sentence, in_words, listing, said
from jojotte_score.core.tables import (
    LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS,
    LOST_NULLO_FIRST_TRICK_THREE_PLAYERS,
)

THREE_PLAYER_RULES = RuleReferences(
    trick_scores="T5, R1",
    totals="T5, R2",
    melds="T9",
    undoubled="T6",
    doubled="T7",
    slam_made="T10, R7",
    unbid_slam="T10, R6",
    slam_failed="T10",
    nullo="T11",
    prison="T12",
    game="T13",
    rubber="T14",
    result="T15",
)
"""The three-player game's rulings: the play D against A by R1-R9 (T5), and T6-T15."""

CUTTHROAT_RULES = THREE_PLAYER_RULES._replace(result="F6")
"""Cutthroat: the three-player game's hand among the three who did not deal (F3), and its
own settlement between four (F6)."""

CHOUETTE_RULES = TWO_PLAYER_RULES._replace(prison="R10", game="C5", rubber="C5", result="C6")
"""The chouette: the two-player hand of the box against the captain (C1, C4), games and
rubbers between box and team (C5), the settlement (C6)."""

_NULLO_CONTRACTS = {
    Doubling.NONE: Say.BID_BEFORE_NULLO,
    Doubling.DOUBLE: Say.BID_DOUBLED_BY_BEFORE_NULLO,
    Doubling.REDOUBLE: Say.BID_REDOUBLED_BY_BEFORE_NULLO,
}


def explain_three_player_hand(result: HandResult, ledger: Ledger) -> list[str]:
    """The explanation of one scored hand of ``ledger``, one sentence per line."""
    return [in_words(sentence) for sentence in three_player_hand_sentences(result, ledger)]


def three_player_hand_sentences(result: HandResult, ledger: Ledger) -> list[Sentence]:
    """The explanation of one scored three-player or cutthroat hand as data, one sentence
    per line."""
    names = ledger.columns
    game = ledger.game
    refs = CUTTHROAT_RULES if game.dealer_sits_out else THREE_PLAYER_RULES
    hand, roles = result.hand, result.score.roles
    if not isinstance(hand, SeatHand) or roles is None:
        sentences = [heading(result, said(Say.THROWN_IN))]
    else:
        sentences = [heading(result, _contract(hand, names)), _who_plays(hand, roles, names)]
        score = result.score
        decision = _decision(result, hand, roles, names, refs, game.tricks_per_hand)
        seats = (roles.declarer, roles.active_defender)
        sentences.extend(play(hand, score.trick_scores, score.totals, names, seats, decision, refs))
    sentences.extend(bookkeeping(result, names, refs))
    if roles is not None:
        sentences.append(_copy(result, roles, names))
        sentences.extend(
            _dealer_copy(result, copier, source, names)
            for copier, source in result.score.copies[1:]
        )
    sentences.extend(game_and_rubber(result, names, ledger.rules, refs))
    sentences.extend(_settlement(result, ledger, refs))
    return sentences


def explain_chouette_hand(result: HandResult, ledger: Ledger, roles: ChouetteRoles) -> list[str]:
    """The explanation of one scored chouette hand, played with the rubber's ``roles``: the
    two-player hand of the box against the captain (C1, C4), the partner's copy (C4), games
    and rubbers (C5) and the rubber's settlement (C6)."""
    return [in_words(sentence) for sentence in chouette_hand_sentences(result, ledger, roles)]


def chouette_hand_sentences(
    result: HandResult, ledger: Ledger, roles: ChouetteRoles
) -> list[Sentence]:
    """The explanation of one scored chouette hand as data, one sentence per line."""
    names, refs = ledger.columns, CHOUETTE_RULES
    box, captain, partner = names[roles.box], names[roles.captain], names[roles.partner]
    hand = result.hand
    if not isinstance(hand, PlayedHand):
        sentences = [heading(result, said(Say.THROWN_IN))]
    else:
        sides = (box, captain)
        seats = said(Say.IN_THE_BOX, box=box, captain=captain, partner=partner)
        sentences = [heading(result, seats), contract(hand, sides)]
        sentences.extend(two_sided_play(score_hand(hand, result.number), hand, sides, refs))
    sentences.extend(bookkeeping(result, names, refs))
    copied = _written_by(result, roles.captain)
    if copied:
        sentences.append(said(Say.CAPTAIN_COPIED, partner=partner, captain=captain, points=copied))
    sentences.extend(game_and_rubber(result, names, ledger.rules, refs))
    sentences.extend(_settlement(result, ledger, refs))
    return sentences


def _settlement(result: HandResult, ledger: Ledger, refs: RuleReferences) -> list[Sentence]:
    """The totals and the settlement of the rubber the hand ended (T15, F6, C6)."""
    rubber = ended_rubber(result, ledger)
    if rubber is None:
        return []
    names = ledger.columns
    totals = scores(names, rubber.totals, range(len(names)))
    nets = listing(said(Say.NET, player=names[s], net=n) for s, n in enumerate(rubber.settlement))
    return [
        said(Say.RUBBER_SETTLED, rubber=rubber.number, totals=totals, rule=refs.result, nets=nets)
    ]


def _contract(hand: SeatHand, names: tuple[str, ...]) -> Sentence:
    bidder, trump = names[hand.bidder], hand.trump
    double = hand.double if hand.doubler is not None else Doubling.NONE
    doubler = names[hand.doubler] if hand.doubler is not None else ""
    if hand.special is Special.NULLO and hand.nullo_bidder is not None:
        return said(
            _NULLO_CONTRACTS[double],
            bidder=bidder,
            trump=trump,
            doubler=doubler,
            redoubler=bidder,
            nullo_bidder=names[hand.nullo_bidder],
        )
    return said(
        CONTRACTS[double, hand.special is Special.SLAM],
        bidder=bidder,
        trump=trump,
        doubler=doubler,
        redoubler=bidder,
        multiplier=double.multiplier,
    )


def _who_plays(hand: SeatHand, roles: Roles, names: tuple[str, ...]) -> Sentence:
    say = Say.WITH_THE_DEFENDER
    if (
        hand.double is not Doubling.NONE
        and hand.sides_with is not None
        and hand.special is not Special.NULLO
    ):
        declarer = hand.sides_with is SidesWith.DECLARER
        say = Say.SIDED_WITH_THE_DECLARER if declarer else Say.SIDED_WITH_THE_DEFENDER
    return said(
        say,
        defender=names[roles.active_defender],
        declarer=names[roles.declarer],
        inactive=names[roles.inactive],
        partner=names[roles.partner],
    )


def _decision(
    result: HandResult,
    hand: SeatHand,
    roles: Roles,
    names: tuple[str, ...],
    refs: RuleReferences,
    tricks: int,
) -> Sentence:
    """What the play decided (T6-T11); ``tricks`` is how many tricks the game's hand has."""
    score = result.score
    d, a = roles.declarer, roles.active_defender
    plain = tie_or_undoubled_win(score, (d, a), names, refs)
    if plain is not None:
        return plain
    m, outcome = score.multiplier, score.outcome
    both = trick_sum(score.trick_scores[d], score.trick_scores[a], m)
    rule = decision_rule(score, refs)
    if outcome is Outcome.DEFENDER_WON and m == 1:
        return said(Say.ACTIVE_DEFENDER_TAKES_BOTH_ABOVE, winner=names[a], sum=both, rule=rule)
    if outcome in (Outcome.DECLARER_WON, Outcome.DEFENDER_WON):
        won, lost = (d, a) if outcome is Outcome.DECLARER_WON else (a, d)
        return said(
            Say.WINNER_TAKES_BOTH, winner=names[won], sum=both, loser=names[lost], rule=rule
        )
    if m == 1:
        slam_failed = Say.SLAM_FAILED_UNDOUBLED  # T10: an undoubled defence scores above
    elif result.written(a, Line.BELOW):
        slam_failed = Say.SLAM_FAILED_AHEAD
    else:
        slam_failed = Say.SLAM_FAILED_NOT_AHEAD
    return slam_or_nullo(
        score,
        (d, a),
        names,
        taken=hand.tricks[d] if hand.tricks is not None else 0,
        tricks=tricks,
        slam_failed=slam_failed,
        nullo_made=Say.NULLO_MADE_FOR,
        lost_nullo_sum=_lost_nullo_sum,
        refs=refs,
    )


def _lost_nullo_sum(taken: int) -> str:
    """The bonus of each opponent of a Nullo lost with ``taken`` tricks, with its arithmetic
    (T11): "100 + 50 × 2 = 200", or the bonus alone for one trick."""
    first, extra = LOST_NULLO_FIRST_TRICK_THREE_PLAYERS, LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS
    bonus = three_player_lost_nullo_bonus(taken)
    return lost_nullo_arithmetic(first, extra, taken, bonus) if taken > 1 else f"{bonus}"


def _copy(result: HandResult, roles: Roles, names: tuple[str, ...]) -> Sentence:
    """T8: the inactive player writes above whatever his partner wrote."""
    inactive, partner = names[roles.inactive], names[roles.partner]
    copied = _written_by(result, roles.partner)
    if not copied:
        return said(Say.COPIED_NOTHING, inactive=inactive, partner=partner)
    return said(Say.COPIED, inactive=inactive, partner=partner, points=copied)


def _dealer_copy(
    result: HandResult, dealer: int, inactive: int, names: tuple[str, ...]
) -> Sentence:
    """F3: the cutthroat dealer writes above whatever the inactive player wrote."""
    copied = result.written(inactive, Line.ABOVE)
    if not copied:
        return said(Say.DEALER_COPIED_NOTHING, dealer=names[dealer], inactive=names[inactive])
    return said(Say.DEALER_COPIED, dealer=names[dealer], inactive=names[inactive], points=copied)


def _written_by(result: HandResult, column: int) -> int:
    """What ``column`` wrote in hand ``result``, above and below the line: what a copy
    copies (T8, C4)."""
    return result.written(column, Line.ABOVE) + result.written(column, Line.BELOW)
