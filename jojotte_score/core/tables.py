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

# Every meld total one side can score with nine cards (docs/RULES.md, "Meld points"): runs
# alone give 20 to 90 (at most two runs, or three of three); one four of a kind leaves five
# cards, enough for runs worth up to 60 more (a card may count in both classes); two fours
# of a kind take eight cards, and the ninth can make one run of three.
TWO_PLAYER_MELD_TOTALS: Final = frozenset(
    (0, 20, 40, 50, 60, 70, 80, 90, 100, 120, 140, 150, 160, 200, 220)
)
# In partnerships each player holds eight cards and a side scores both partners' melds in
# a class it wins: at most two fours of a kind each, 400 in all.
MAX_PARTNERSHIP_MELD_POINTS: Final = 400

# "When a player wins a Slam (all tricks) but has not bid it, he scores an extra 100 point
# bonus. When a player bids a Slam and wins all tricks, he scores a 500 point bonus."
UNBID_SLAM_BONUS: Final = 100
SLAM_BONUS: Final = 500

# "If the Declarer is successful ... he scores a bonus of 200 points ... If he is unsuccessful
# ... his opponent scores 200 points Above the Line for the first trick ... and a further
# Above the Line bonus of 100 points for each additional trick won by the Declarer."
NULLO_BONUS: Final = 200
NULLO_EXTRA_TRICK_BONUS: Final = 100

GAMES_TO_WIN_RUBBER: Final = 2


def deck_points(has_trump_suit: bool) -> int:
    """All card points in the deck: 155 with a trump suit, 120 at no-trump and Nullo."""
    return DECK_POINTS_TRUMP if has_trump_suit else DECK_POINTS_NO_TRUMP


def is_meld_sum(points: int) -> bool:
    """True when ``points`` is a sum of 20, 40, 50 and 100: every multiple of 10 but 10 and 30."""
    return points >= 0 and points % 10 == 0 and points not in (10, 30)
