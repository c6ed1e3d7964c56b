"""The game's numbers as data: card values, meld values, bonuses.

The scorer and the validator read these tables; nothing else in the code repeats them.
Each value cites the rule text it comes from (see docs/RULES.md).
"""

from __future__ import annotations

from typing import Final

from jojotte_score.core.model import Special, Trump

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


def _meld_sums_up_to(top: int) -> frozenset[int]:
    """Every sum of 20, 40, 50 and 100 from 0 to ``top``: the multiples of 10 but 10 and 30."""
    return frozenset(p for p in range(0, top + 1, 10) if p not in (10, 30))


# What one side can score in each class of melds, as {fours of a kind: the sequence points
# possible beside them} (docs/RULES.md, "Meld points"). "In a particular hand, only one
# player may score for Honor Meld(s) in each Class", so the checks split a side's total into
# its classes. A card may count in both classes ("Eine Karte kann gleichzeitig bei vier
# gleichen Karten und in einer Folge gewertet werden"), but a run holds one card of each
# rank: a run through a four of a kind needs two more cards of its suit for three cards
# (20), three for four (40), four for five (50, the most one run scores); two ranks alone
# never make a run.
#
# The two-player game, one player of nine cards. Runs alone: up to 90 (runs of five and
# four; three runs of three make 60). One four of a kind leaves five cards: a run of five
# through it (50), or runs of three and of four through it (20 + 40 = 60). Two fours of a
# kind take eight cards; the ninth makes one run of three through both (four Kings, four
# Queens and the Ace of hearts: A-K-Q). So a total splits one way only: its hundreds are
# the fours of a kind, the rest (at most 90) the sequences.
NINE_CARD_MELD_SPLITS: Final = {
    0: _meld_sums_up_to(90),
    1: frozenset((0, 20, 40, 50, 60)),
    2: frozenset((0, 20)),
}
TWO_PLAYER_MELD_TOTALS: Final = frozenset(
    FOUR_OF_A_KIND_POINTS * fours + runs
    for fours, sequences in NINE_CARD_MELD_SPLITS.items()
    for runs in sequences
)

# Partnerships: "The team of the player holding the highest Honor Meld in each class scores
# all their meld in that class", and each of the four players holds eight cards. One
# player: runs alone up to 80 (two runs of four; three and five make 70); one four of a kind
# leaves four cards, for one run of five through it (50) or two runs of three through it
# (40); two fours of a kind leave no card. A side is two partners holding different cards:
# no four of a kind, 80 + 80 = 160; one, 50 + 80 = 130; two, 80 when one partner holds both
# and 50 + 50 = 100 with one each (four Aces with K-Q-J-10 of hearts, four Nines with
# K-Q-J-10 of spades; without a trump suit the Nines count nothing and 90 is the most, which
# changes no check, as 300 is also three fours of a kind); three, 50 (the partner with one
# four of a kind); four, nothing. A total can split several ways (160 is runs alone, or 100
# and 60). Possible totals: every sum of melds up to 300, then 320, 340, 350 and 400.
PARTNERSHIP_MELD_SPLITS: Final = {
    0: _meld_sums_up_to(160),
    1: _meld_sums_up_to(130),
    2: _meld_sums_up_to(100),
    3: frozenset((0, 20, 40, 50)),
    4: frozenset((0,)),
}
PARTNERSHIP_MELD_TOTALS: Final = frozenset(
    FOUR_OF_A_KIND_POINTS * fours + runs
    for fours, sequences in PARTNERSHIP_MELD_SPLITS.items()
    for runs in sequences
)

# "When a player wins a Slam (all tricks) but has not bid it, he scores an extra 100 point
# bonus. When a player bids a Slam and wins all tricks, he scores a 500 point bonus."
UNBID_SLAM_BONUS: Final = 100
SLAM_BONUS: Final = 500

# "If the Declarer is successful ... he scores a bonus of 200 points ... If he is unsuccessful
# ... his opponent scores 200 points Above the Line for the first trick ... and a further
# Above the Line bonus of 100 points for each additional trick won by the Declarer."
NULLO_BONUS: Final = 200
NULLO_EXTRA_TRICK_BONUS: Final = 100
# The three-player game (and cutthroat): "the score for a lost Nullo is 100 points for the
# first trick plus 50 for each subsequent trick to each opponent." A made Nullo stays 200.
LOST_NULLO_FIRST_TRICK_THREE_PLAYERS: Final = 100
LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS: Final = 50

GAMES_TO_WIN_RUBBER: Final = 2


def deck_points(has_trump_suit: bool) -> int:
    """All card points in the deck: 155 with a trump suit, 120 at no-trump and Nullo."""
    return DECK_POINTS_TRUMP if has_trump_suit else DECK_POINTS_NO_TRUMP


def contract_deck(trump: Trump, special: Special) -> int:
    """The deck a hand's card points are counted on: 155 with a trump suit, 120 at no-trump
    and in Nullo, which is played at no-trump whatever suit was named."""
    return deck_points(trump.is_suit and special is not Special.NULLO)


def is_meld_sum(points: int) -> bool:
    """True when ``points`` is a sum of 20, 40, 50 and 100: every multiple of 10 but 10 and 30."""
    return points >= 0 and points % 10 == 0 and points not in (10, 30)
