"""Why a hand of the games of individual players scored what it did, in plain words: the
three-player game (T1-T15), cutthroat (F1-F6) and the chouette (C1-C7)."""

from __future__ import annotations

from typing import TypeVar

from jojotte_score.core.chouette import ChouetteLedger
from jojotte_score.core.explanation import KIND_WORDS, TRUMP_WORDS, play_lines
from jojotte_score.core.explanation import contract as explanation_contract
from jojotte_score.core.individual_ledger import IndividualLedger, SeatHandResult, ThreePlayerLedger
from jojotte_score.core.model import ChouetteRoles, Doubling, Hand, PlayedHand, Special
from jojotte_score.core.scoring import Entry, Line, Outcome, score_hand
from jojotte_score.core.tables import (
    JOJOTTE_BONUS,
    LAST_TRICK_BONUS,
    LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS,
    LOST_NULLO_FIRST_TRICK_THREE_PLAYERS,
    NULLO_BONUS,
    SLAM_BONUS,
    UNBID_SLAM_BONUS,
)
from jojotte_score.core.three_player import (
    THREE_SEATS,
    Roles,
    SidesWith,
    ThreePlayerDeal,
    ThreePlayerHand,
)

_DOUBLING_WORDS = {Doubling.DOUBLE: "doubled", Doubling.REDOUBLE: "redoubled"}
HandT = TypeVar("HandT")


def explain_three_player_hand(
    result: SeatHandResult[ThreePlayerDeal], ledger: ThreePlayerLedger
) -> list[str]:
    """The explanation of one scored hand of ``ledger``, one sentence per line."""
    names = ledger.players
    heading = f"Hand {result.number} (rubber {result.rubber}, game {result.game})"
    hand, roles = result.hand, result.score.roles
    if not isinstance(hand, ThreePlayerHand) or roles is None:
        lines = [f"{heading}: thrown in, nobody named a trump; it scores nothing (R15)."]
    else:
        lines = [f"{heading}: {_contract(hand, names)}", _who_plays(hand, roles, names)]
        lines.extend(_play(result, hand, roles, names))
    lines.extend(_bookkeeping(result, names))
    if roles is not None:
        lines.append(_copy(result, roles, names))
        lines.extend(
            _dealer_copy(result, copier, source, names)
            for copier, source in result.score.copies[1:]
        )
    three = len(names) == len(THREE_SEATS)
    lines.extend(_pad_events(result, ledger, "T13", "T14", "T15" if three else "F6"))
    return lines


def _pad_events(
    result: SeatHandResult[HandT],
    ledger: IndividualLedger[HandT],
    game_rule: str,
    rubber_rule: str,
    settle_rule: str,
) -> list[str]:
    """The game and the rubber a hand ended, and the rubber's settlement."""
    names, rules = ledger.players, ledger.rules
    lines: list[str] = []
    if result.game_winner is not None:
        seat = result.game_winner
        games = ", ".join(f"{names[s]} {g}" for s, g in enumerate(result.games))
        lines.append(
            f"{names[seat]} reaches {result.below[seat]} below (target {rules.game_target}) "
            f"and wins game {result.game} ({game_rule}). Games: {games}."
        )
    if result.rubber_winner is not None:
        lines.append(
            f"{names[result.rubber_winner]} has won two games: rubber {result.rubber} is over, "
            f"with the rubber bonus of {rules.rubber_bonus} above ({rubber_rule})."
        )
        rubber = ledger.rubber(result.rubber)
        if rubber is not None:
            totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(rubber.totals))
            nets = ", ".join(f"{names[s]} {n:+d}" for s, n in enumerate(rubber.settlement))
            lines.append(
                f"Rubber {rubber.number} totals: {totals}; settled between every two players "
                f"({settle_rule}): {nets}."
            )
    return lines


def explain_chouette_hand(
    result: SeatHandResult[Hand], ledger: ChouetteLedger, roles: ChouetteRoles
) -> list[str]:
    """The explanation of one scored chouette hand, played with the rubber's ``roles``: the
    two-player hand of the box against the captain (C1, C4), the partner's copy (C4), games
    and rubbers (C5) and the rubber's settlement (C6)."""
    names = ledger.players
    box, captain, partner = names[roles.box], names[roles.captain], names[roles.partner]
    heading = f"Hand {result.number} (rubber {result.rubber}, game {result.game})"
    hand = result.hand
    if not isinstance(hand, PlayedHand):
        lines = [f"{heading}: thrown in, nobody named a trump; it scores nothing (R15)."]
    else:
        sides = (box, captain)
        lines = [
            f"{heading}: {box} in the box against {captain} (captain) and {partner} (C1, C2).",
            explanation_contract(hand, sides),
        ]
        lines.extend(play_lines(score_hand(hand, result.number), hand, sides))
    lines.extend(_bookkeeping(result, names))
    copied = result.written(roles.captain, Line.ABOVE) + result.written(roles.captain, Line.BELOW)
    if copied:
        lines.append(f"{partner} scores with the captain: {captain}'s {copied} again (C4).")
    lines.extend(_pad_events(result, ledger, "C5", "C5", "C6"))
    return lines


def explain_chouette_ledger(ledger: ChouetteLedger) -> str:
    """The explanations of every chouette hand, the roles rotating by rubber (C3)."""
    roles = {r.number: r.roles for r in ledger.rubbers}
    blocks = [
        "\n".join(explain_chouette_hand(r, ledger, roles[r.rubber] or ChouetteRoles(0, 1)))
        for r in ledger.hands
    ]
    return "\n\n".join(_with_prison_left(blocks, ledger.unresolved_prison))


def explain_three_player_ledger(ledger: ThreePlayerLedger) -> str:
    """The explanations of every hand, separated by blank lines."""
    blocks = ["\n".join(explain_three_player_hand(r, ledger)) for r in ledger.hands]
    return "\n\n".join(_with_prison_left(blocks, ledger.unresolved_prison))


def _with_prison_left(blocks: list[str], prison: int) -> list[str]:
    if prison:
        blocks.append(
            f"{prison} points are still in prison at the end of the sitting; "
            "they belong to nobody (R11)."
        )
    return blocks


def _contract(hand: ThreePlayerHand, names: tuple[str, ...]) -> str:
    bidder = names[hand.bidder]
    named = TRUMP_WORDS[hand.trump]
    text = f"{bidder} bid {named}"
    if hand.double is not Doubling.NONE and hand.doubler is not None:
        text += f", {_DOUBLING_WORDS[hand.double]} by {names[hand.doubler]}"
        if hand.special is not Special.NULLO:
            text += f" (×{hand.double.multiplier})"
    if hand.special is Special.NULLO and hand.nullo_bidder is not None:
        return f"{text}; {names[hand.nullo_bidder]} bid Nullo, played at no-trump."
    if hand.special is Special.SLAM:
        text += " and a Slam"
    return text + "."


def _who_plays(hand: ThreePlayerHand, roles: Roles, names: tuple[str, ...]) -> str:
    declarer, defender, inactive = (names[s] for s in roles[:3])
    text = f"{defender} played against {declarer}; {inactive} sat out"
    if (
        hand.double is not Doubling.NONE
        and hand.sides_with is not None
        and hand.special is not Special.NULLO
    ):
        side = "declarer" if hand.sides_with is SidesWith.DECLARER else "defender"
        text += f" and sided with the {side}, {names[roles.partner]}"
    else:
        text += f" and is with the defender, {names[roles.partner]}"
    return text + " (T4)."


def _trick_score_parts(hand: ThreePlayerHand, seat: int) -> str:
    parts = [f"{hand.card_points[seat]} card points"]
    if hand.special is not Special.NULLO:
        if hand.last_trick == seat:
            parts.append(f"{LAST_TRICK_BONUS} last trick")
        if hand.jojotte == seat and hand.trump.is_suit:
            parts.append(f"{JOJOTTE_BONUS} Jo-Jotte")
    return " + ".join(parts)


def _play(
    result: SeatHandResult[ThreePlayerDeal],
    hand: ThreePlayerHand,
    roles: Roles,
    names: tuple[str, ...],
) -> list[str]:
    score = result.score
    active = (roles.declarer, roles.active_defender)
    tricks = score.trick_scores
    lines = [
        "Trick scores (T5, R1): "
        + "; ".join(
            f"{names[s]} {tricks[s]} ({_trick_score_parts(hand, s)})"
            if tricks[s] != hand.card_points[s]
            else f"{names[s]} {tricks[s]}"
            for s in active
        )
        + "."
    ]
    if any(hand.melds):
        melds = ", ".join(f"{names[s]} {hand.melds[s]}" for s in active if hand.melds[s])
        lines.append(f"Melds, scored above whatever happens (T9): {melds}.")
    if hand.special is not Special.NULLO:
        totals = ", ".join(f"{names[s]} {score.totals[s]}" for s in active)
        lines.append(f"Totals (T5, R2): {totals}.")
    lines.append(_decision(result, hand, roles, names))
    if hand.tricks is not None and hand.special is not Special.NULLO:
        for seat, other in (active, active[::-1]):
            if hand.tricks[other] != 0:
                continue
            if hand.special is Special.SLAM and seat == roles.declarer:
                lines.append(f"{names[seat]} made the Slam: {SLAM_BONUS} above (T10, R7).")
            else:
                lines.append(
                    f"{names[seat]} won every trick without bidding a Slam: "
                    f"{UNBID_SLAM_BONUS} above (T10, R6)."
                )
    return lines


def _decision(
    result: SeatHandResult[ThreePlayerDeal],
    hand: ThreePlayerHand,
    roles: Roles,
    names: tuple[str, ...],
) -> str:
    score = result.score
    d, a = roles.declarer, roles.active_defender
    td, ta = score.trick_scores[d], score.trick_scores[a]
    m = score.multiplier
    combined = f"{td} + {ta} = {td + ta}" if m == 1 else f"{m} × ({td} + {ta}) = {m * (td + ta)}"
    rule = "T6" if m == 1 else "T7"
    outcome = score.outcome
    if outcome is Outcome.TIE:
        return f"Equal totals: both trick scores, {combined}, go to prison ({rule})."
    if outcome is Outcome.DECLARER_WON and m == 1:
        loser = f", {names[a]}'s {ta} above" if ta else ""
        return (
            f"{names[d]}, the declarer, has the higher total and wins: "
            f"{td} below for {names[d]}{loser} (T6)."
        )
    if outcome is Outcome.DEFENDER_WON and m == 1:
        return (
            f"{names[a]}, the active defender, has the higher total and wins: both trick "
            f"scores, {combined}, go above for {names[a]}; an undoubled defence never scores "
            "below (T6)."
        )
    if outcome in (Outcome.DECLARER_WON, Outcome.DEFENDER_WON):
        won, lost = (d, a) if outcome is Outcome.DECLARER_WON else (a, d)
        return (
            f"{names[won]} has the higher total and wins: both trick scores, {combined}, "
            f"go below for {names[won]}; {names[lost]} scores no trick points (T7)."
        )
    taken = hand.tricks[d] if hand.tricks is not None else 0
    if outcome is Outcome.SLAM_FAILED:
        line = "below" if result.written(a, Line.BELOW) else "above"
        why = (
            "undoubled, a defence scores above"
            if m == 1
            else ("ahead on totals" if line == "below" else "not ahead on totals")
        )
        return (
            f"{names[d]} bid a Slam but won {taken} of 9 tricks: the Slam fails and {names[d]} "
            f"scores no trick points; {names[a]} ({why}) scores {combined} {line} and wins "
            "the hand (T10)."
        )
    prison = f"All card points, {td} + {ta} = {td + ta}, go to prison; a Nullo hand has no winner"
    if outcome is Outcome.NULLO_MADE:
        return (
            f"{names[d]} took no trick: the Nullo is made, {NULLO_BONUS} above for {names[d]}. "
            f"{prison} (T11)."
        )
    first, extra = LOST_NULLO_FIRST_TRICK_THREE_PLAYERS, LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS
    sum_text = f"{first} + {extra} × {taken - 1} = " if taken > 1 else ""
    plural = "trick" if taken == 1 else "tricks"
    return (
        f"{names[d]} took {taken} {plural}: the Nullo fails and {names[a]} scores "
        f"{sum_text}{first + extra * (taken - 1)} above. {prison} (T11)."
    )


def _bookkeeping(result: SeatHandResult[HandT], names: tuple[str, ...]) -> list[str]:
    lines: list[str] = []
    winner = result.score.winner
    if result.prison_out and winner is not None:
        lines.append(
            f"{names[winner]} wins the hand and takes the {result.prison_out} points waiting "
            "in prison, above (T12)."
        )
    elif result.prison_after and result.prison_in:
        lines.append(f"Now waiting in prison: {result.prison_after} (T12).")
    written = _written(result.entries, names)
    if written:
        lines.append(written)
    return lines


def _copy(result: SeatHandResult[ThreePlayerDeal], roles: Roles, names: tuple[str, ...]) -> str:
    inactive, partner = names[roles.inactive], names[roles.partner]
    copied = result.written(roles.partner, Line.ABOVE) + result.written(roles.partner, Line.BELOW)
    if not copied:
        return (
            f"{inactive} sat out and sided with {partner}, who scored nothing in this hand, "
            f"so {inactive} scores nothing (T8)."
        )
    return (
        f"{inactive} sat out and sided with {partner}, so {inactive} scores {partner}'s "
        f"{copied} above (T8)."
    )


def _dealer_copy(
    result: SeatHandResult[ThreePlayerDeal], dealer: int, inactive: int, names: tuple[str, ...]
) -> str:
    """F3: the cutthroat dealer writes above whatever the inactive player wrote."""
    copied = result.written(inactive, Line.ABOVE)
    if not copied:
        return (
            f"{names[dealer]} dealt and sat out, so {names[dealer]} scores the same as "
            f"{names[inactive]}: nothing (F3)."
        )
    return (
        f"{names[dealer]} dealt and sat out, so {names[dealer]} scores the same as "
        f"{names[inactive]}, {copied} above (F3)."
    )


def _written(entries: tuple[Entry, ...], names: tuple[str, ...]) -> str:
    parts = []
    for line in (Line.ABOVE, Line.BELOW):
        items = [
            f"{names[e.side]} {e.points} ({KIND_WORDS[e.kind]})" for e in entries if e.line is line
        ]
        if items:
            parts.append(f"{line.value.capitalize()} the line: " + ", ".join(items))
    return ". ".join(parts) + "." if parts else ""
