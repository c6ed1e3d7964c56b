"""The game's numbers as data: card values, meld values, bonuses.

The scorer and the validator read these tables; nothing else in the code repeats them.
Each value cites the rule text it comes from (see docs/RULES.md).
"""

from __future__ import annotations

from typing import Final

# "Trick-Score Count": Jack of trumps 20, 9 of trumps 15, any Ace 10, any 10 10,
# any King 5, any Queen 5. Plain suits (and every suit at no-trump) count A 10, 10 10, K 5, Q 5.
TRUMP_CARD_VALUES: Final = {"J": 20, "9": 15, "A": 10, "10": 10, "K": 5, "Q": 5, "8": 0, "7": 0}
PLAIN_CARD_VALUES: Final = {"A": 10, "10": 10, "K": 5, "Q": 5, "J": 0, "9": 0, "8": 0, "7": 0}

# The whole deck: 65 in the trump suit + 3 x 30 = 155 with a trump suit; 4 x 30 = 120 without.
DECK_POINTS_TRUMP: Final = sum(TRUMP_CARD_VALUES.values()) + 3 * sum(PLAIN_CARD_VALUES.values())
DECK_POINTS_NO_TRUMP: Final = 4 * sum(PLAIN_CARD_VALUES.values())

# Every card value is a multiple of 5.
CARD_POINT_STEP: Final = 5

# "Winning the last trick (except at Nullo) 10"; "Jo-Jotte (see below) 20".
LAST_TRICK_BONUS: Final = 10
JOJOTTE_BONUS: Final = 20

# "Class A: Four of a Kind - scores 100 points"; "Run of three 20, four 40, five 50".
FOUR_OF_A_KIND_POINTS: Final = 100
SEQUENCE_POINTS: Final = {3: 20, 4: 40, 5: 50}
MELD_UNITS: Final = (20, 40, 50, 100)
# The most one side can meld with nine cards: two fours of a kind (8 cards) and a run of
# three made with the ninth card (see docs/RULES.md, "Meld points").
MAX_MELD_POINTS: Final = 220

# "When a player wins a Slam (all tricks) but has not bid it, he scores an extra 100 point
# bonus. When a player bids a Slam and wins all tricks, he scores a 500 point bonus."
UNBID_SLAM_BONUS: Final = 100
SLAM_BONUS: Final = 500

# "If the Declarer is successful ... he scores a bonus of 200 points ... If he is unsuccessful
# ... his opponent scores 200 points Above the Line for the first trick ... and a further
# Above the Line bonus of 100 points for each additional trick won by the Declarer."
NULLO_BONUS: Final = 200
NULLO_EXTRA_TRICK_BONUS: Final = 100

TRICKS_PER_HAND: Final = 9
GAMES_TO_WIN_RUBBER: Final = 2


def deck_points(has_trump_suit: bool) -> int:
    """All card points in the deck: 155 with a trump suit, 120 at no-trump and Nullo."""
    return DECK_POINTS_TRUMP if has_trump_suit else DECK_POINTS_NO_TRUMP


def _meld_sums(limit: int) -> frozenset[int]:
    reachable = {0}
    for total in range(1, limit + 1):
        if any(total - unit in reachable for unit in MELD_UNITS if unit <= total):
            reachable.add(total)
    return frozenset(reachable)


# Every meld total one side can score: sums of 20, 40, 50 and 100, up to the maximum.
MELD_TOTALS: Final = _meld_sums(MAX_MELD_POINTS)
