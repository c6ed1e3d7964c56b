"""Why a hand scored what it did, in plain words (the same text the desktop window shows).

An explanation is data before it is text: a list of :class:`Sentence` values, each naming
which sentence it is (a :class:`Say`) and the values it is said with: names, points, the
arithmetic ("2 × (60 + 50) = 220"), the trump, a kind of entry, a list, or a sentence
within. :func:`in_words` says one in the current language through one whole message per
sentence, with named placeholders, so that German orders the words its own way; a list is
said item by item through a message of its own and joined by a separator that is a message
too. The messages are one table, :data:`_MESSAGES`, one entry per sentence.

The sentences the games say alike are built here: this module's two-player and partnership
explanations and :mod:`jojotte_score.core.games.three_player_explanation`'s three games of
individual players use them, a failed Slam and a Nullo through one function
(:func:`slam_or_nullo`). A sentence that the games say alike cites its rule as a value, from
the game's :class:`RuleReferences` ("Trick scores (R1)" with two players, "Trick scores (T5,
R1)" with three). Rule references stay as they are in every language.

One module, not three (the sentences as data, their messages, the explanations built of
them): the window explains the last hand when it opens a sitting, and every module on that
path counts against the start-up budget of tests/gui/window/test_startup.py.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias, cast

from jojotte_score.core.ledger import HandResult, Ledger, RubberResult
from jojotte_score.core.model import Doubling, PlayedHand, Rules, Special, Trump, opponent
from jojotte_score.core.scoring import (
    Entry,
    EntryKind,
    HandScore,
    Line,
    Outcome,
    two_sided_lost_nullo_bonus,
)
from jojotte_score.core.tables import (
    JOJOTTE_BONUS,
    LAST_TRICK_BONUS,
    NULLO_BONUS,
    NULLO_EXTRA_TRICK_BONUS,
    SLAM_BONUS,
    UNBID_SLAM_BONUS,
)
from jojotte_score.i18n import _, format_signed, ngettext, pgettext

if TYPE_CHECKING:
    from jojotte_score.core.model import SeatHand


class Say(enum.Enum):
    """Which sentence: one member per message of the sentence table (:func:`sentence_message`)."""

    # The heading line: the hand, and its first sentence.
    HAND = enum.auto()
    THROWN_IN = enum.auto()
    # The contract of a two-player or partnership hand (and of the chouette's).
    BID = enum.auto()
    BID_SLAM = enum.auto()
    NAMED_BEFORE_NULLO = enum.auto()
    # The contract of a three-player or cutthroat hand, and who played it (T4).
    BID_DOUBLED_BY = enum.auto()
    BID_REDOUBLED_BY = enum.auto()
    BID_AND_SLAM = enum.auto()
    BID_AND_SLAM_DOUBLED_BY = enum.auto()
    BID_AND_SLAM_REDOUBLED_BY = enum.auto()
    BID_BEFORE_NULLO = enum.auto()
    BID_DOUBLED_BY_BEFORE_NULLO = enum.auto()
    BID_REDOUBLED_BY_BEFORE_NULLO = enum.auto()
    WITH_THE_DEFENDER = enum.auto()
    SIDED_WITH_THE_DECLARER = enum.auto()
    SIDED_WITH_THE_DEFENDER = enum.auto()
    # The chouette's seats (C1, C2).
    IN_THE_BOX = enum.auto()
    # The play: trick scores, melds, totals.
    TRICK_SCORES = enum.auto()
    SCORE = enum.auto()
    SCORE_MADE_OF = enum.auto()
    CARD_POINTS = enum.auto()
    LAST_TRICK = enum.auto()
    JOJOTTE = enum.auto()
    MELDS = enum.auto()
    TOTALS = enum.auto()
    # How the hand was decided.
    TIE = enum.auto()
    DECLARER_WINS = enum.auto()
    DECLARER_WINS_DEFENDER_ABOVE = enum.auto()
    DECLARER_TAKES_BOTH = enum.auto()
    DEFENDER_TAKES_BOTH = enum.auto()
    DEFENDER_TAKES_BOTH_DOUBLED = enum.auto()
    ACTIVE_DEFENDER_TAKES_BOTH_ABOVE = enum.auto()
    WINNER_TAKES_BOTH = enum.auto()
    SLAM_FAILED_AHEAD = enum.auto()
    SLAM_FAILED_NOT_AHEAD = enum.auto()
    SLAM_FAILED_UNDOUBLED = enum.auto()
    NULLO_MADE = enum.auto()
    NULLO_MADE_FOR = enum.auto()
    NULLO_FAILED = enum.auto()
    TRICKS_TAKEN = enum.auto()
    SLAM_MADE = enum.auto()
    UNBID_SLAM = enum.auto()
    # What the hand wrote, and the game and rubber it ended.
    PRISON_WON = enum.auto()
    PRISON_WAITING = enum.auto()
    WRITTEN_ABOVE = enum.auto()
    WRITTEN_BELOW = enum.auto()
    WRITTEN_ABOVE_AND_BELOW = enum.auto()
    ENTRY = enum.auto()
    GAME_WON = enum.auto()
    GAMES = enum.auto()
    RUBBER_WON = enum.auto()
    RUBBER_RESULT = enum.auto()
    RUBBER_RESULT_LEVEL = enum.auto()
    RUBBER_SETTLED = enum.auto()
    NET = enum.auto()
    # The copies of the games of individual players (T8, F3, C4).
    COPIED = enum.auto()
    COPIED_NOTHING = enum.auto()
    DEALER_COPIED = enum.auto()
    DEALER_COPIED_NOTHING = enum.auto()
    CAPTAIN_COPIED = enum.auto()
    # The end of the sitting.
    PRISON_LEFT = enum.auto()
    # The separators of lists.
    COMMA = enum.auto()
    SEMICOLON = enum.auto()
    PLUS = enum.auto()


Value: TypeAlias = "str | int | Trump | EntryKind | Sentence | Listing"
"""What a sentence is said with: a name or the arithmetic (as they are), points (an int),
the trump and a kind of entry (in words), a list, or a sentence within."""


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of an explanation: which sentence, with which values by placeholder."""

    say: Say
    values: tuple[tuple[str, Value], ...] = ()

    def __getitem__(self, name: str) -> Value:
        """The value said for placeholder ``name``."""
        return dict(self.values)[name]


@dataclass(frozen=True, slots=True)
class Listing:
    """Items said one after another, joined by ``separator`` (a message too)."""

    items: tuple[Sentence, ...]
    separator: Say = Say.COMMA


def said(say: Say, **values: Value) -> Sentence:
    """The sentence ``say`` with its values: ``said(Say.TIE, sum="45 + 45 = 90", rule="R3")``."""
    return Sentence(say, tuple(values.items()))


def listing(items: Iterable[Sentence], separator: Say = Say.COMMA) -> Listing:
    """A list of items to say, joined by ``separator``."""
    return Listing(tuple(items), separator)


SIGNED_VALUES = frozenset({"net"})
"""The placeholders whose points are a result, said with their sign and a true minus
("+505", "\u22121355"); the sentence holds the number."""


def in_words(sentence: Sentence) -> str:
    """``sentence`` said in the current language."""
    values = {
        name: format_signed(value)
        if name in SIGNED_VALUES and isinstance(value, int)
        else _worded(value)
        for name, value in sentence.values
    }
    # A sentence's own count, or else how many people its subject is: a partnership is two,
    # and its verbs are plural ("Bert & Dora win the rubber").
    count = values.get("count", values.get("people", 1))
    return sentence_message(sentence.say, count if isinstance(count, int) else 1).format(**values)


def _worded(value: Value) -> str | int:
    if isinstance(value, Sentence):
        return in_words(value)
    if isinstance(value, Listing):
        return sentence_message(value.separator).join(in_words(item) for item in value.items)
    if isinstance(value, Trump):
        return trump_word(value)
    if isinstance(value, EntryKind):
        return entry_kind_word(value)
    return value


def trump_word(trump: Trump) -> str:
    """The trump as a contract names it: "spades", "no-trump"."""
    words = {
        Trump.CLUBS: _("clubs"),
        Trump.DIAMONDS: _("diamonds"),
        Trump.HEARTS: _("hearts"),
        Trump.SPADES: _("spades"),
        Trump.NO_TRUMP: _("no-trump"),
    }
    return words[trump]


def entry_kind_word(kind: EntryKind) -> str:
    """What an entry on the pad is for, as the explanation names it: "melds", "prison"."""
    words = {
        EntryKind.MELD: pgettext("entry kind", "melds"),
        EntryKind.TRICKS: pgettext("entry kind", "tricks"),
        EntryKind.PRISON: pgettext("entry kind", "prison"),
        EntryKind.SLAM_BONUS: pgettext("entry kind", "slam bonus"),
        EntryKind.UNBID_SLAM_BONUS: pgettext("entry kind", "unbid slam bonus"),
        EntryKind.NULLO_BONUS: pgettext("entry kind", "Nullo bonus"),
        EntryKind.RUBBER_BONUS: pgettext("entry kind", "rubber bonus"),
    }
    return words[kind]


_MESSAGES: Final[dict[Say, Callable[[int], str]]] = {
    # Translators: the first line of a hand's explanation; {sentence} is its first
    # sentence (the contract, or that the deal was thrown in).
    Say.HAND: lambda _count: _("Hand {number} (rubber {rubber}, game {game}): {sentence}"),
    # Translators: said after "Hand 3 (rubber 1, game 2): ".
    Say.THROWN_IN: lambda _count: _("thrown in, nobody named a trump; it scores nothing (R15)."),
    # Translators: {trump} is a suit ("spades") or "no-trump"; the plural form is said
    # of a partnership (two people), the singular of one player.
    Say.BID: lambda count: ngettext(
        "{bidder} bid {trump}.",
        "{bidder} bid {trump}.",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.BID_SLAM: lambda count: ngettext(
        "{bidder} bid {trump}, and bid a Slam.",
        "{bidder} bid {trump}, and bid a Slam.",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.NAMED_BEFORE_NULLO: lambda count: ngettext(
        "{bidder} named {trump}; {nullo_bidder} bid Nullo, played at no-trump.",
        "{bidder} named {trump}; {nullo_bidder} bid Nullo, played at no-trump.",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.BID_DOUBLED_BY: lambda count: ngettext(
        "{bidder} bid {trump}, doubled by {doubler} (×{multiplier}).",
        "{bidder} bid {trump}, doubled by {doubler} (×{multiplier}).",
        count,
    ),
    # Translators: {doubler} doubled, then {redoubler} redoubled; the plural form is said
    # of a partnership (two people), the singular of one player.
    Say.BID_REDOUBLED_BY: lambda count: ngettext(
        "{bidder} bid {trump}, doubled by {doubler} and redoubled by {redoubler} (×{multiplier}).",
        "{bidder} bid {trump}, doubled by {doubler} and redoubled by {redoubler} (×{multiplier}).",
        count,
    ),
    Say.BID_AND_SLAM: lambda _count: _("{bidder} bid {trump} and a Slam."),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.BID_AND_SLAM_DOUBLED_BY: lambda count: ngettext(
        "{bidder} bid {trump}, doubled by {doubler} (×{multiplier}) and a Slam.",
        "{bidder} bid {trump}, doubled by {doubler} (×{multiplier}) and a Slam.",
        count,
    ),
    # Translators: {doubler} doubled, then {redoubler} redoubled; the plural form is said
    # of a partnership (two people), the singular of one player.
    Say.BID_AND_SLAM_REDOUBLED_BY: lambda count: ngettext(
        "{bidder} bid {trump}, doubled by {doubler} and redoubled by {redoubler} "
        "(×{multiplier}) and a Slam.",
        "{bidder} bid {trump}, doubled by {doubler} and redoubled by {redoubler} "
        "(×{multiplier}) and a Slam.",
        count,
    ),
    Say.BID_BEFORE_NULLO: lambda _count: _(
        "{bidder} bid {trump}; {nullo_bidder} bid Nullo, played at no-trump."
    ),
    Say.BID_DOUBLED_BY_BEFORE_NULLO: lambda _count: _(
        "{bidder} bid {trump}, doubled by {doubler}; {nullo_bidder} bid Nullo, played at no-trump."
    ),
    # Translators: {doubler} doubled, then {redoubler} redoubled.
    Say.BID_REDOUBLED_BY_BEFORE_NULLO: lambda _count: _(
        "{bidder} bid {trump}, doubled by {doubler} and redoubled by {redoubler}; "
        "{nullo_bidder} bid Nullo, played at no-trump."
    ),
    Say.WITH_THE_DEFENDER: lambda _count: _(
        "{defender} played against {declarer}; "
        "{inactive} sat out and is with the defender, {partner} (T4)."
    ),
    Say.SIDED_WITH_THE_DECLARER: lambda _count: _(
        "{defender} played against {declarer}; "
        "{inactive} sat out and sided with the declarer, {partner} (T4)."
    ),
    Say.SIDED_WITH_THE_DEFENDER: lambda _count: _(
        "{defender} played against {declarer}; "
        "{inactive} sat out and sided with the defender, {partner} (T4)."
    ),
    Say.IN_THE_BOX: lambda _count: _(
        "{box} in the box against {captain} (captain) and {partner} (C1, C2)."
    ),
    # Translators: {scores} lists each player's trick score: "A 60; B 35 (...)".
    Say.TRICK_SCORES: lambda _count: _("Trick scores ({rule}): {scores}."),
    # Translators: an item of a list of players and their points: "Anna 60".
    Say.SCORE: lambda _count: _("{player} {points}"),
    # Translators: a trick score and what it is made of: "B 35 (25 card points +
    # 10 last trick)".
    Say.SCORE_MADE_OF: lambda _count: _("{player} {points} ({parts})"),
    Say.CARD_POINTS: lambda _count: _("{points} card points"),
    Say.LAST_TRICK: lambda _count: _("{points} last trick"),
    Say.JOJOTTE: lambda _count: _("{points} Jo-Jotte"),
    Say.MELDS: lambda _count: _("Melds, scored above whatever happens ({rule}): {melds}."),
    # Translators: each player's trick score and melds added up.
    Say.TOTALS: lambda _count: _("Totals ({rule}): {totals}."),
    Say.TIE: lambda _count: _("Equal totals: both trick scores, {sum}, go to prison ({rule})."),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.DECLARER_WINS: lambda count: ngettext(
        "{declarer}, the declarer, has the higher total and wins: {points} below for "
        "{declarer} ({rule}).",
        "{declarer}, the declaring side, have the higher total and win: {points} below "
        "for {declarer} ({rule}).",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.DECLARER_WINS_DEFENDER_ABOVE: lambda count: ngettext(
        "{declarer}, the declarer, has the higher total and wins: {points} below for "
        "{declarer}, {defender}'s {defender_points} above ({rule}).",
        "{declarer}, the declaring side, have the higher total and win: {points} below "
        "for {declarer}, {defender}'s {defender_points} above ({rule}).",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.DECLARER_TAKES_BOTH: lambda count: ngettext(
        "{winner}, the declarer, has the higher total and wins: both trick scores, "
        "{sum}, go below for {winner}; {loser} scores no trick points ({rule}).",
        "{winner}, the declaring side, have the higher total and win: both trick "
        "scores, {sum}, go below for {winner}; {loser} score no trick points ({rule}).",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.DEFENDER_TAKES_BOTH: lambda count: ngettext(
        "{winner}, the defender, has the higher total and wins: both trick scores, "
        "{sum}, go below for {winner} ({rule}).",
        "{winner}, the defending side, have the higher total and win: both trick "
        "scores, {sum}, go below for {winner} ({rule}).",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.DEFENDER_TAKES_BOTH_DOUBLED: lambda count: ngettext(
        "{winner}, the defender, has the higher total and wins: both trick scores, "
        "{sum}, go below for {winner}; {loser} scores no trick points ({rule}).",
        "{winner}, the defending side, have the higher total and win: both trick "
        "scores, {sum}, go below for {winner}; {loser} score no trick points ({rule}).",
        count,
    ),
    Say.ACTIVE_DEFENDER_TAKES_BOTH_ABOVE: lambda _count: _(
        "{winner}, the active defender, has the higher total and wins: both trick "
        "scores, {sum}, go above for {winner}; an undoubled defence never scores "
        "below ({rule})."
    ),
    Say.WINNER_TAKES_BOTH: lambda _count: _(
        "{winner} has the higher total and wins: both trick scores, {sum}, "
        "go below for {winner}; {loser} scores no trick points ({rule})."
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.SLAM_FAILED_AHEAD: lambda count: ngettext(
        "{declarer} bid a Slam but won {taken} of {tricks} tricks: the Slam fails and "
        "{declarer} scores no trick points; {defender} (ahead on totals) scores {sum} "
        "below and wins the hand ({rule}).",
        "{declarer} bid a Slam but won {taken} of {tricks} tricks: the Slam fails and "
        "{declarer} score no trick points; {defender} (ahead on totals) score {sum} "
        "below and win the hand ({rule}).",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.SLAM_FAILED_NOT_AHEAD: lambda count: ngettext(
        "{declarer} bid a Slam but won {taken} of {tricks} tricks: the Slam fails and "
        "{declarer} scores no trick points; {defender} (not ahead on totals) scores "
        "{sum} above and wins the hand ({rule}).",
        "{declarer} bid a Slam but won {taken} of {tricks} tricks: the Slam fails and "
        "{declarer} score no trick points; {defender} (not ahead on totals) score "
        "{sum} above and win the hand ({rule}).",
        count,
    ),
    Say.SLAM_FAILED_UNDOUBLED: lambda _count: _(
        "{declarer} bid a Slam but won {taken} of {tricks} tricks: the Slam fails and "
        "{declarer} scores no trick points; {defender} (undoubled, a defence scores "
        "above) scores {sum} above and wins the hand ({rule})."
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.NULLO_MADE: lambda count: ngettext(
        "{declarer} took no trick: the Nullo is made, {bonus} above. All card points, "
        "{sum}, go to prison; a Nullo hand has no winner ({rule}).",
        "{declarer} took no trick: the Nullo is made, {bonus} above. All card points, "
        "{sum}, go to prison; a Nullo hand has no winner ({rule}).",
        count,
    ),
    Say.NULLO_MADE_FOR: lambda _count: _(
        "{declarer} took no trick: the Nullo is made, {bonus} above for {declarer}. "
        "All card points, {sum}, go to prison; a Nullo hand has no winner ({rule})."
    ),
    # Translators: {taken} is how many tricks were taken ("2 tricks"); {bonus} is what the
    # Nullo bidder's opponent scores, with its arithmetic: "200 + 100 × 1 = 300". The plural
    # form is said of a partnership (two people), the singular of one player.
    Say.NULLO_FAILED: lambda count: ngettext(
        "{declarer} took {taken}: the Nullo fails and {defender} scores {bonus} above. "
        "All card points, {sum}, go to prison; a Nullo hand has no winner ({rule}).",
        "{declarer} took {taken}: the Nullo fails and {defender} score {bonus} above. "
        "All card points, {sum}, go to prison; a Nullo hand has no winner ({rule}).",
        count,
    ),
    # Translators: how many tricks the Nullo bidder took, said within "{declarer}
    # took {taken}: the Nullo fails ...".
    Say.TRICKS_TAKEN: lambda count: ngettext("{count} trick", "{count} tricks", count),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.SLAM_MADE: lambda count: ngettext(
        "{player} made the Slam: {bonus} above ({rule}).",
        "{player} made the Slam: {bonus} above ({rule}).",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.UNBID_SLAM: lambda count: ngettext(
        "{player} won every trick without bidding a Slam: {bonus} above ({rule}).",
        "{player} won every trick without bidding a Slam: {bonus} above ({rule}).",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.PRISON_WON: lambda count: ngettext(
        "{player} wins the hand and takes the {points} points waiting in prison, above ({rule}).",
        "{player} win the hand and take the {points} points waiting in prison, above ({rule}).",
        count,
    ),
    Say.PRISON_WAITING: lambda _count: _("Now waiting in prison: {points} ({rule})."),
    # Translators: {entries} lists what was written: "B 40 (melds), A 60 (tricks)".
    Say.WRITTEN_ABOVE: lambda _count: _("Above the line: {entries}."),
    Say.WRITTEN_BELOW: lambda _count: _("Below the line: {entries}."),
    Say.WRITTEN_ABOVE_AND_BELOW: lambda _count: _(
        "Above the line: {above}. Below the line: {below}."
    ),
    # Translators: an entry on the pad: "B 40 (melds)"; {kind} is what it is for.
    Say.ENTRY: lambda _count: _("{player} {points} ({kind})"),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.GAME_WON: lambda count: ngettext(
        "{player} reaches {points} below (target {target}) and wins game {game} "
        "({rule}). Games: {games}.",
        "{player} reach {points} below (target {target}) and win game {game} ({rule}). "
        "Games: {games}.",
        count,
    ),
    # Translators: an item of the list of the games each player has won: "A 1".
    Say.GAMES: lambda _count: _("{player} {games}"),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.RUBBER_WON: lambda count: ngettext(
        "{player} has won two games: rubber {rubber} is over, with the rubber bonus of "
        "{bonus} above ({rule}).",
        "{player} have won two games: rubber {rubber} is over, with the rubber bonus "
        "of {bonus} above ({rule}).",
        count,
    ),
    # Translators: the last line of a finished rubber; {player} has more points
    # (R14). The plural form is said of a partnership (two people), the singular
    # of one player.
    Say.RUBBER_RESULT: lambda count: ngettext(
        "Rubber {rubber} result ({rule}): {totals}; {player} wins the rubber by {points}.",
        "Rubber {rubber} result ({rule}): {totals}; {player} win the rubber by {points}.",
        count,
    ),
    Say.RUBBER_RESULT_LEVEL: lambda _count: _("Rubber {rubber} result ({rule}): {totals}; level."),
    Say.RUBBER_SETTLED: lambda _count: _(
        "Rubber {rubber} totals: {totals}; settled between every two players ({rule}): {nets}."
    ),
    # Translators: a player's net result, always with its sign: "Anna +505"; a loss
    # has a true minus (U+2212), not a hyphen.
    Say.NET: lambda _count: _("{player} {net}"),
    Say.COPIED: lambda _count: _(
        "{inactive} sat out and sided with {partner}, so {inactive} scores "
        "{partner}'s {points} above (T8)."
    ),
    Say.COPIED_NOTHING: lambda _count: _(
        "{inactive} sat out and sided with {partner}, who scored nothing in this "
        "hand, so {inactive} scores nothing (T8)."
    ),
    Say.DEALER_COPIED: lambda _count: _(
        "{dealer} dealt and sat out, so {dealer} scores the same as {inactive}, "
        "{points} above (F3)."
    ),
    Say.DEALER_COPIED_NOTHING: lambda _count: _(
        "{dealer} dealt and sat out, so {dealer} scores the same as {inactive}: nothing (F3)."
    ),
    Say.CAPTAIN_COPIED: lambda _count: _(
        "{partner} scores with the captain: {captain}'s {points} again (C4)."
    ),
    Say.PRISON_LEFT: lambda _count: _(
        "{points} points are still in prison at the end of the sitting; "
        "they belong to nobody (R11)."
    ),
    # Translators: between the items of a list ("A 60, B 75").
    Say.COMMA: lambda _count: pgettext("list separator", ", "),
    # Translators: between the players' trick scores ("A 60; B 35 (...)").
    Say.SEMICOLON: lambda _count: pgettext("list separator", "; "),
    # Translators: between the parts of a trick score ("25 card points + 10 ...").
    Say.PLUS: lambda _count: pgettext("list separator", " + "),
}
"""Each sentence's message, asked with how many people its subject is (or its own count):
looked up when said, so that it is in the language spoken then."""


def sentence_message(say: Say, count: int = 1) -> str:
    """The message of the sentence ``say`` in the current language, its plural form chosen
    by ``count`` (see :data:`_MESSAGES`)."""
    return _MESSAGES[say](count)


@dataclass(frozen=True, slots=True)
class RuleReferences:
    """The rules a game's explanation cites for the sentences the games share."""

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

# The contract's sentence by its doubling and whether a Slam was bid (two sides): the side
# that did not bid doubles, the bidder's side redoubles.
_CONTRACTS = {
    (Doubling.NONE, False): Say.BID,
    (Doubling.DOUBLE, False): Say.BID_DOUBLED_BY,
    (Doubling.REDOUBLE, False): Say.BID_REDOUBLED_BY,
    (Doubling.NONE, True): Say.BID_SLAM,
    (Doubling.DOUBLE, True): Say.BID_AND_SLAM_DOUBLED_BY,
    (Doubling.REDOUBLE, True): Say.BID_AND_SLAM_REDOUBLED_BY,
}


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
    rubber = ledger.rubber(result.rubber) if result.rubber_winner is not None else None
    if rubber is not None:
        sentences.append(_rubber_result(rubber, sides, refs))
    people = ledger.game.side_people
    if people == 1:
        return sentences
    return [with_people(sentence, people) for sentence in sentences]


def with_people(sentence: Sentence, people: int) -> Sentence:
    """``sentence`` said of sides of ``people`` people each, and so the sentences within it:
    a partnership's verbs are plural ("Bert & Dora win game 1")."""
    values = tuple(
        (name, with_people(value, people) if isinstance(value, Sentence) else value)
        for name, value in sentence.values
    )
    return Sentence(sentence.say, (*values, ("people", people)))


def _rubber_result(rubber: RubberResult, sides: Sequence[str], refs: RuleReferences) -> Sentence:
    """The totals of a finished rubber and who is ahead, by how much (R14)."""
    totals = listing(said(Say.SCORE, player=sides[s], points=rubber.totals[s]) for s in (0, 1))
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


def explain_ledger(ledger: Ledger, hand: int | None = None) -> str:
    """The explanations of every hand (or of hand ``hand`` only) of a ledger of any game,
    each by its game's rulings, separated by blank lines."""
    results = ledger.hands if hand is None else [r for r in ledger.hands if r.number == hand]
    explain = ledger.game.explain_hand
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
    say = _CONTRACTS[hand.double, hand.special is Special.SLAM]
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
        melds = (
            said(Say.SCORE, player=names[s], points=hand.melds[s]) for s in seats if hand.melds[s]
        )
        sentences.append(said(Say.MELDS, rule=refs.melds, melds=listing(melds)))
    if hand.special is not Special.NULLO:
        sentences.append(
            said(
                Say.TOTALS,
                rule=refs.totals,
                totals=listing(said(Say.SCORE, player=names[s], points=totals[s]) for s in seats),
            )
        )
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


def _decision(
    score: HandScore, hand: PlayedHand, sides: Sequence[str], refs: RuleReferences
) -> Sentence:
    declarer = hand.declarer
    defender = opponent(declarer)
    a, b = score.trick_scores[declarer], score.trick_scores[defender]
    m = score.multiplier
    both = trick_sum(a, b, m)
    rule = refs.undoubled if m == 1 else refs.doubled
    outcome = score.outcome
    if outcome is Outcome.TIE:
        return said(Say.TIE, sum=both, rule=rule)
    if outcome is Outcome.DECLARER_WON and m == 1:
        return declarer_wins(sides[declarer], a, sides[defender], b, rule)
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
    "200 + 100 × 1 = 300"."""
    extra = f" + {NULLO_EXTRA_TRICK_BONUS} × {taken - 1}" if taken > 1 else ""
    return f"{NULLO_BONUS}{extra} = {two_sided_lost_nullo_bonus(taken)}"


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
