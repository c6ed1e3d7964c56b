"""The sentences of an explanation, as data and in words.

An explanation is data before it is text: a list of :class:`Sentence` values, each naming
which sentence it is (a :class:`Say`) and the values it is said with: names, points, the
arithmetic ("2 × (60 + 50) = 220"), the trump, a kind of entry, a list, or a sentence
within. :func:`in_words` says one in the current language through one whole message per
sentence, with named placeholders, so that German orders the words its own way; a list is
said item by item through a message of its own and joined by a separator that is a message
too. The messages are one table, :data:`_MESSAGES`, one entry per sentence. Rule references
stay as they are in every language. The explanations of the games build the sentences
(:mod:`jojotte_score.core.explanation`).

The sentences and their messages are one module, not two: the window explains the last hand
when it opens a sitting, and every module on that path counts against the start-up budget
of tests/gui/window/test_startup.py.
"""

import enum
from collections.abc import Callable, Iterable
from typing import Final, NamedTuple, TypeAlias

from jojotte_score.core.model import Trump
from jojotte_score.core.scoring import EntryKind
from jojotte_score.i18n import _, format_signed, ngettext, pgettext


class Say(enum.Enum):
    """Which sentence: one member per message of the sentence table
    (:func:`sentence_message`)."""

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


class Sentence(NamedTuple):
    """One sentence of an explanation: which sentence, with which values by placeholder.

    A named tuple, as :class:`~jojotte_score.core.explanation.RuleReferences` says: as a
    frozen dataclass it cost 3.0 M of a start's 1.26 G instructions (callgrind). Its values
    are looked up by placeholder with :meth:`value`; ``[]`` is the tuple's own.
    """

    say: Say
    values: tuple[tuple[str, Value], ...] = ()

    def value(self, name: str) -> Value:
        """The value said for placeholder ``name``."""
        return dict(self.values)[name]


class Listing(NamedTuple):
    """Items said one after another, joined by ``separator`` (a message too).

    A named tuple, as :class:`~jojotte_score.core.explanation.RuleReferences` says: as a
    frozen dataclass it cost 3.0 M of a start's instructions.
    """

    items: tuple[Sentence, ...]
    separator: Say = Say.COMMA


def said(say: Say, **values: Value) -> Sentence:
    """The sentence ``say`` with its values: ``said(Say.TIE, sum="45 + 45 = 90", rule="R3")``."""
    return Sentence(say, tuple(values.items()))


def listing(items: Iterable[Sentence], separator: Say = Say.COMMA) -> Listing:
    """A list of items to say, joined by ``separator``."""
    return Listing(tuple(items), separator)


def with_people(sentence: Sentence, people: int) -> Sentence:
    """``sentence`` said of sides of ``people`` people each, and so the sentences within it:
    a partnership's verbs are plural ("Bert & Dora win game 1")."""
    values = tuple(
        (name, with_people(value, people) if isinstance(value, Sentence) else value)
        for name, value in sentence.values
    )
    return Sentence(sentence.say, (*values, ("people", people)))


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
    Say.THROWN_IN: lambda _count: _("thrown in: nobody names a trump; it scores nothing (R15)."),
    # Translators: {trump} is a suit ("spades") or "no-trump"; the plural form is said
    # of a partnership (two people), the singular of one player.
    Say.BID: lambda count: ngettext(
        "{bidder} bids {trump}.",
        "{bidder} bid {trump}.",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.BID_SLAM: lambda count: ngettext(
        "{bidder} bids {trump} and a slam.",
        "{bidder} bid {trump} and a slam.",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.NAMED_BEFORE_NULLO: lambda count: ngettext(
        "{bidder} names {trump}; {nullo_bidder} bids Nullo, played at no-trump.",
        "{bidder} name {trump}; {nullo_bidder} bid Nullo, played at no-trump.",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.BID_DOUBLED_BY: lambda count: ngettext(
        "{bidder} bids {trump}, doubled by {doubler} (×{multiplier}).",
        "{bidder} bid {trump}, doubled by {doubler} (×{multiplier}).",
        count,
    ),
    # Translators: {doubler} doubled, then {redoubler} redoubled; the plural form is said
    # of a partnership (two people), the singular of one player.
    Say.BID_REDOUBLED_BY: lambda count: ngettext(
        "{bidder} bids {trump}, doubled by {doubler} and redoubled by {redoubler} (×{multiplier}).",
        "{bidder} bid {trump}, doubled by {doubler} and redoubled by {redoubler} (×{multiplier}).",
        count,
    ),
    # Translators: the same message as a two-sided game's bid with a slam.
    Say.BID_AND_SLAM: lambda count: ngettext(
        "{bidder} bids {trump} and a slam.",
        "{bidder} bid {trump} and a slam.",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.BID_AND_SLAM_DOUBLED_BY: lambda count: ngettext(
        "{bidder} bids {trump}, doubled by {doubler} (×{multiplier}) and a slam.",
        "{bidder} bid {trump}, doubled by {doubler} (×{multiplier}) and a slam.",
        count,
    ),
    # Translators: {doubler} doubled, then {redoubler} redoubled; the plural form is said
    # of a partnership (two people), the singular of one player.
    Say.BID_AND_SLAM_REDOUBLED_BY: lambda count: ngettext(
        "{bidder} bids {trump}, doubled by {doubler} and redoubled by {redoubler} "
        "(×{multiplier}) and a slam.",
        "{bidder} bid {trump}, doubled by {doubler} and redoubled by {redoubler} "
        "(×{multiplier}) and a slam.",
        count,
    ),
    Say.BID_BEFORE_NULLO: lambda _count: _(
        "{bidder} bids {trump}; {nullo_bidder} bids Nullo, played at no-trump."
    ),
    Say.BID_DOUBLED_BY_BEFORE_NULLO: lambda _count: _(
        "{bidder} bids {trump}, doubled by {doubler}; {nullo_bidder} bids Nullo, "
        "played at no-trump."
    ),
    # Translators: {doubler} doubled, then {redoubler} redoubled.
    Say.BID_REDOUBLED_BY_BEFORE_NULLO: lambda _count: _(
        "{bidder} bids {trump}, doubled by {doubler} and redoubled by {redoubler}; "
        "{nullo_bidder} bids Nullo, played at no-trump."
    ),
    Say.WITH_THE_DEFENDER: lambda _count: _(
        "{defender} plays against {declarer}; "
        "{inactive} sits out and sides with the defender, {partner} (T4)."
    ),
    Say.SIDED_WITH_THE_DECLARER: lambda _count: _(
        "{defender} plays against {declarer}; "
        "{inactive} sits out and, after the double, sides with the declarer, {partner} (T4)."
    ),
    Say.SIDED_WITH_THE_DEFENDER: lambda _count: _(
        "{defender} plays against {declarer}; "
        "{inactive} sits out and, after the double, sides with the defender, {partner} (T4)."
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
        "{declarer} bids a slam but wins {taken} of {tricks} tricks: the slam fails and "
        "{declarer} scores no trick points; {defender} (ahead on totals) scores {sum} "
        "below and wins the hand ({rule}).",
        "{declarer} bid a slam but win {taken} of {tricks} tricks: the slam fails and "
        "{declarer} score no trick points; {defender} (ahead on totals) score {sum} "
        "below and win the hand ({rule}).",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.SLAM_FAILED_NOT_AHEAD: lambda count: ngettext(
        "{declarer} bids a slam but wins {taken} of {tricks} tricks: the slam fails and "
        "{declarer} scores no trick points; {defender} (not ahead on totals) scores "
        "{sum} above and wins the hand ({rule}).",
        "{declarer} bid a slam but win {taken} of {tricks} tricks: the slam fails and "
        "{declarer} score no trick points; {defender} (not ahead on totals) score "
        "{sum} above and win the hand ({rule}).",
        count,
    ),
    Say.SLAM_FAILED_UNDOUBLED: lambda _count: _(
        "{declarer} bids a slam but wins {taken} of {tricks} tricks: the slam fails and "
        "{declarer} scores no trick points; {defender} (undoubled, a defence scores "
        "above) scores {sum} above and wins the hand ({rule})."
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.NULLO_MADE: lambda count: ngettext(
        "{declarer} takes no trick: the Nullo is made, {bonus} above. All card points, "
        "{sum}, go to prison; a Nullo hand has no winner ({rule}).",
        "{declarer} take no trick: the Nullo is made, {bonus} above. All card points, "
        "{sum}, go to prison; a Nullo hand has no winner ({rule}).",
        count,
    ),
    Say.NULLO_MADE_FOR: lambda _count: _(
        "{declarer} takes no trick: the Nullo is made, {bonus} above for {declarer}. "
        "All card points, {sum}, go to prison; a Nullo hand has no winner ({rule})."
    ),
    # Translators: {taken} is how many tricks were taken ("2 tricks"); {bonus} is what the
    # Nullo bidder's opponent scores, with its arithmetic: "200 + 100 × 1 = 300". The plural
    # form is said of a partnership (two people), the singular of one player.
    Say.NULLO_FAILED: lambda count: ngettext(
        "{declarer} takes {taken}: the Nullo fails and {defender} scores {bonus} above. "
        "All card points, {sum}, go to prison; a Nullo hand has no winner ({rule}).",
        "{declarer} take {taken}: the Nullo fails and {defender} score {bonus} above. "
        "All card points, {sum}, go to prison; a Nullo hand has no winner ({rule}).",
        count,
    ),
    # Translators: how many tricks the Nullo bidder takes, said within "{declarer}
    # takes {taken}: the Nullo fails ...".
    Say.TRICKS_TAKEN: lambda count: ngettext("{count} trick", "{count} tricks", count),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.SLAM_MADE: lambda count: ngettext(
        "{player} makes the slam: {bonus} above ({rule}).",
        "{player} make the slam: {bonus} above ({rule}).",
        count,
    ),
    # Translators: the plural form is said of a partnership (two people), the singular
    # of one player.
    Say.UNBID_SLAM: lambda count: ngettext(
        "{player} wins every trick without bidding a slam: {bonus} above ({rule}).",
        "{player} win every trick without bidding a slam: {bonus} above ({rule}).",
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
    # Translators: {entries} lists what is written: "B 40 (melds), A 60 (tricks)".
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
        "{inactive} sits out and sides with {partner}, so {inactive} copies "
        "{partner}'s {points} above (T8)."
    ),
    Say.COPIED_NOTHING: lambda _count: _(
        "{inactive} sits out and sides with {partner}, who scores nothing in this "
        "hand, so {inactive} copies nothing (T8)."
    ),
    Say.DEALER_COPIED: lambda _count: _(
        "{dealer} deals and sits out, so {dealer} copies {inactive}: {points} above (F3)."
    ),
    Say.DEALER_COPIED_NOTHING: lambda _count: _(
        "{dealer} deals and sits out, so {dealer} copies {inactive}: nothing (F3)."
    ),
    Say.CAPTAIN_COPIED: lambda _count: _(
        "{partner} copies the captain's score: {captain}'s {points} again (C4)."
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
