"""Why a hand scored what it did, in plain words (the same text the desktop window shows)."""

from __future__ import annotations

from jojotte_score.core.ledger import HandResult, Ledger
from jojotte_score.core.model import Doubling, PlayedHand, Rules, Special, Trump, opponent
from jojotte_score.core.scoring import (
    Entry,
    EntryKind,
    HandScore,
    Line,
    Outcome,
    won_every_trick,
)
from jojotte_score.core.tables import JOJOTTE_BONUS, LAST_TRICK_BONUS

TRUMP_WORDS = {
    Trump.CLUBS: "clubs",
    Trump.DIAMONDS: "diamonds",
    Trump.HEARTS: "hearts",
    Trump.SPADES: "spades",
    Trump.NO_TRUMP: "no-trump",
}
_DOUBLING_WORDS = {Doubling.DOUBLE: "doubled", Doubling.REDOUBLE: "redoubled"}
KIND_WORDS = {
    EntryKind.MELD: "melds",
    EntryKind.TRICKS: "tricks",
    EntryKind.PRISON: "prison",
    EntryKind.SLAM_BONUS: "slam bonus",
    EntryKind.UNBID_SLAM_BONUS: "unbid slam bonus",
    EntryKind.NULLO_BONUS: "Nullo bonus",
    EntryKind.RUBBER_BONUS: "rubber bonus",
}


def explain_hand(result: HandResult, ledger: Ledger) -> list[str]:
    """The explanation of one scored hand of ``ledger``, one sentence per line."""
    sides, rules = ledger.sides, ledger.rules
    heading = f"Hand {result.number} (rubber {result.rubber}, game {result.game})"
    hand = result.hand
    if not isinstance(hand, PlayedHand):
        lines = [f"{heading}: thrown in, nobody named a trump; it scores nothing (R15)."]
    else:
        lines = [f"{heading}: {contract(hand, sides)}"]
        lines.extend(play_lines(result.score, hand, sides))
    lines.extend(_bookkeeping(result, sides, rules))
    rubber = ledger.rubber(result.rubber) if result.rubber_winner is not None else None
    if rubber is not None:
        side, points = rubber.net
        ahead = f"{sides[side]} by {points}" if side is not None else "level"
        lines.append(
            f"Rubber {rubber.number} result (R14): {sides[0]} {rubber.totals[0]}, "
            f"{sides[1]} {rubber.totals[1]}; {ahead}."
        )
    return lines


def explain_ledger(ledger: Ledger, hand: int | None = None) -> str:
    """The explanations of every hand (or of hand ``hand`` only), separated by blank lines."""
    results = ledger.hands if hand is None else [r for r in ledger.hands if r.number == hand]
    blocks = ["\n".join(explain_hand(r, ledger)) for r in results]
    if hand is None and ledger.unresolved_prison:
        blocks.append(
            f"{ledger.unresolved_prison} points are still in prison at the end of the sitting; "
            "they belong to nobody (R11)."
        )
    return "\n\n".join(blocks)


def contract(hand: PlayedHand, sides: tuple[str, str]) -> str:
    """The contract in one sentence: "Anna bid spades, doubled (×2)."."""
    bidder, other = sides[hand.bidder], sides[opponent(hand.bidder)]
    named = TRUMP_WORDS[hand.trump]
    if hand.special is Special.NULLO:
        return f"{bidder} named {named}; {other} bid Nullo, played at no-trump."
    text = f"{bidder} bid {named}"
    if hand.double is not Doubling.NONE:
        text += f", {_DOUBLING_WORDS[hand.double]} (×{hand.double.multiplier})"
    if hand.special is Special.SLAM:
        text += ", and bid a Slam"
    return text + "."


def _trick_score_parts(hand: PlayedHand, side: int) -> str:
    parts = [f"{hand.card_points[side]} card points"]
    if hand.special is not Special.NULLO:
        if hand.last_trick == side:
            parts.append(f"{LAST_TRICK_BONUS} last trick")
        if hand.jojotte == side and hand.trump.is_suit:
            parts.append(f"{JOJOTTE_BONUS} Jo-Jotte")
    return " + ".join(parts)


def play_lines(score: HandScore, hand: PlayedHand, sides: tuple[str, str]) -> list[str]:
    """What a played hand scored by itself (R1-R9), before prison, games and rubbers."""
    tricks = score.trick_scores
    lines = [
        "Trick scores (R1): "
        + "; ".join(
            f"{sides[s]} {tricks[s]} ({_trick_score_parts(hand, s)})"
            if tricks[s] != hand.card_points[s]
            else f"{sides[s]} {tricks[s]}"
            for s in (0, 1)
        )
        + "."
    ]
    if any(hand.melds):
        melds = ", ".join(f"{sides[s]} {hand.melds[s]}" for s in (0, 1) if hand.melds[s])
        lines.append(f"Melds, scored above whatever happens (R5): {melds}.")
    if hand.special is not Special.NULLO:
        lines.append(f"Totals (R2): {sides[0]} {score.totals[0]}, {sides[1]} {score.totals[1]}.")
    lines.append(_decision(score, hand, sides))
    if hand.special is not Special.NULLO and hand.tricks is not None:
        for side in (0, 1):
            if not won_every_trick(hand, side):
                continue
            if hand.special is Special.SLAM and side == hand.declarer:
                lines.append(f"{sides[side]} made the Slam: 500 above (R7).")
            else:
                lines.append(
                    f"{sides[side]} won every trick without bidding a Slam: 100 above (R6)."
                )
    return lines


def _decision(score: HandScore, hand: PlayedHand, sides: tuple[str, str]) -> str:
    declarer = hand.declarer
    defender = opponent(declarer)
    a, b = score.trick_scores[declarer], score.trick_scores[defender]
    m = score.multiplier
    combined = f"{a} + {b} = {a + b}" if m == 1 else f"{m} × ({a} + {b}) = {m * (a + b)}"
    rule = "R3" if m == 1 else "R4"
    outcome = score.outcome
    if outcome is Outcome.TIE:
        return f"Equal totals: both trick scores, {combined}, go to prison ({rule})."
    if outcome is Outcome.DECLARER_WON and m == 1:
        loser = f", {sides[defender]}'s {b} above" if b else ""
        return (
            f"{sides[declarer]}, the declarer, has the higher total and wins: "
            f"{a} below for {sides[declarer]}{loser} (R3)."
        )
    if outcome in (Outcome.DECLARER_WON, Outcome.DEFENDER_WON):
        winner = declarer if outcome is Outcome.DECLARER_WON else defender
        role = "declarer" if winner == declarer else "defender"
        loser_note = f"; {sides[opponent(winner)]} scores no trick points" if m > 1 else ""
        return (
            f"{sides[winner]}, the {role}, has the higher total and wins: both trick scores, "
            f"{combined}, go below for {sides[winner]}{loser_note} ({rule})."
        )
    if outcome is Outcome.SLAM_FAILED:
        taken = hand.tricks[declarer] if hand.tricks else 0
        of = sum(hand.tricks) if hand.tricks else 0
        line = "below" if score.totals[defender] > score.totals[declarer] else "above"
        why = "ahead on totals" if line == "below" else "not ahead on totals"
        return (
            f"{sides[declarer]} bid a Slam but won {taken} of {of} tricks: the Slam fails and "
            f"{sides[declarer]} scores no trick points; {sides[defender]} ({why}) scores "
            f"{combined} {line} and wins the hand (R8)."
        )
    taken = hand.tricks[declarer] if hand.tricks else 0
    prison = f"All card points, {a} + {b} = {a + b}, go to prison; a Nullo hand has no winner"
    if outcome is Outcome.NULLO_MADE:
        return f"{sides[declarer]} took no trick: the Nullo is made, 200 above. {prison} (R9)."
    extra = f" + 100 × {taken - 1}" if taken > 1 else ""
    bonus = 200 + 100 * (taken - 1)
    plural = "trick" if taken == 1 else "tricks"
    return (
        f"{sides[declarer]} took {taken} {plural}: the Nullo fails and {sides[defender]} "
        f"scores 200{extra} = {bonus} above. {prison} (R9)."
    )


def _bookkeeping(result: HandResult, sides: tuple[str, str], rules: Rules) -> list[str]:
    lines: list[str] = []
    winner = result.score.winner
    if result.prison_out and winner is not None:
        lines.append(
            f"{sides[winner]} wins the hand and takes the {result.prison_out} points "
            "waiting in prison, above (R10)."
        )
    elif result.prison_after and result.prison_in:
        lines.append(f"Now waiting in prison: {result.prison_after} (R10).")
    written = _written(result.entries, sides)
    if written:
        lines.append(written)
    if result.game_winner is not None:
        side = result.game_winner
        lines.append(
            f"{sides[side]} reaches {result.below[side]} below (target {rules.game_target}) "
            f"and wins game {result.game} (R12). Games: {sides[0]} {result.games[0]}, "
            f"{sides[1]} {result.games[1]}."
        )
    if result.rubber_winner is not None:
        lines.append(
            f"{sides[result.rubber_winner]} has won two games: rubber {result.rubber} is over, "
            f"with the rubber bonus of {rules.rubber_bonus} above (R13)."
        )
    return lines


def _written(entries: tuple[Entry, ...], sides: tuple[str, str]) -> str:
    parts = []
    for line in (Line.ABOVE, Line.BELOW):
        items = [
            f"{sides[e.side]} {e.points} ({KIND_WORDS[e.kind]})" for e in entries if e.line is line
        ]
        if items:
            parts.append(f"{line.value.capitalize()} the line: " + ", ".join(items))
    return ". ".join(parts) + "." if parts else ""
