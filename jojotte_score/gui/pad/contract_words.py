"""A hand's contract in words, for a screen reader: the hand list shows signs ("A ♠ ×2"),
which a screen reader reads as "A black spade suit times 2". Qt-free."""

from __future__ import annotations

from collections.abc import Sequence

from jojotte_score.core.explanation import trump_word
from jojotte_score.core.model import Doubling, PlayedHand, SeatHand, Special, ThrownIn
from jojotte_score.i18n import _, ngettext

__all__ = ["contract_words"]


def contract_words(hand: PlayedHand | SeatHand | ThrownIn, names: Sequence[str]) -> str:
    """The contract in words: "Anna, spades, doubled", "Bert, Nullo, 2 tricks", "Anna,
    hearts, Slam"; a hand by seat says whom it was played against ("Anna, spades, against
    Bert"); "thrown in". ``names`` are the hand's sides, or the players for a hand by seat.
    """
    if isinstance(hand, ThrownIn):
        return _("thrown in")
    declarer = hand.declarer  # the Nullo bidder in Nullo, else the bidder
    player = names[declarer] if 0 <= declarer < len(names) else ""
    if hand.special is Special.NULLO:
        taken = hand.tricks[hand.declarer] if hand.tricks is not None else 0
        parts = [
            ngettext(
                "{player}, Nullo, {count} trick", "{player}, Nullo, {count} tricks", taken
            ).format(player=player, count=taken)
        ]
    else:
        parts = [_("{player}, {trump}").format(player=player, trump=trump_word(hand.trump))]
        if hand.special is Special.SLAM:
            parts.append(_("Slam"))
    if hand.double is Doubling.DOUBLE:
        parts.append(_("doubled"))
    elif hand.double is Doubling.REDOUBLE:
        parts.append(_("redoubled"))
    if isinstance(hand, SeatHand):
        defender = hand.active_defender
        against = names[defender] if 0 <= defender < len(names) else ""
        parts.append(_("against {player}").format(player=against))
    # Translators: what separates the parts of a contract read aloud: "Anna, spades, doubled".
    return _(", ").join(parts)
