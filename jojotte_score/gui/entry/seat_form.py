"""The entry form of the hands recorded by seat: the three-player game and cutthroat, without Qt.

Only what the variant needs, in the order of the table (T3, F2): in cutthroat the dealer,
who sits out; the bidder, the trump, the doubling and, only when doubled, who doubled and
whom the third player sided with (T4); Nullo or Slam and, only in Nullo, who bid it; the
active defender, asked only when the rules leave a choice (a doubler plays against the
declarer, T16.3); then the play of the two active players alone, the declarer's box on the
left: melds, card points, last trick, Jo-Jotte and tricks. The set-aside hand and the
cutthroat dealer get 0 (T16.5, F2). The game (``check_seat_hand``: T16, and F2 in
cutthroat) says what is wrong, in the players' words; its fields name seats,
which the form turns into its boxes.

A plain undoubled hand is ``A`` (bidder) ``S`` (trump) ``9`` ``0`` ``Tab`` ``4`` ``0``
``A`` (last trick) ``Enter``: nine keys. The rules leave the active defender of an undoubled
hand to the players (T3: either opponent may defend; only a doubler defends by rule, T16.3),
but say whom they ask first: the player to the declarer's left (the game's
``first_asked_to_defend``). The form fills him in as a visible suggestion
(:meth:`SeatEntryForm.suggested_choices`) and the focus passes the row; another player is
chosen in the row, or with his key typed in the empty card-points box before the count
(``A`` ``S`` ``C`` ``9`` ``0`` …), as when the focus stopped in the row.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from jojotte_score.core.errors import Problem
from jojotte_score.core.games import find_game
from jojotte_score.core.model import Doubling, GameKey, SeatHand, SidesWith, Special
from jojotte_score.gui.entry.form_rules import (
    NOBODY_KEYS,
    SEAT_ORDER,
    Choice,
    FormRules,
    FormValues,
    Slot,
    common_choices,
    special_choices,
)
from jojotte_score.i18n import _, pgettext

if TYPE_CHECKING:
    from jojotte_score.core.model import AnyHand

_BY_SEAT = re.compile(r"^(\w+)\[(\d)\]$")


class SeatEntryForm(FormRules):
    """The rules of the entry form of a three-player or cutthroat sitting."""

    order = SEAT_ORDER
    by_seat = True

    def __init__(self, variant: GameKey, players: Sequence[str]) -> None:
        game = find_game(variant)
        if not game.by_seat:
            raise ValueError(f"a {game.value} hand is recorded side against side")
        super().__init__(variant, players)
        self.cutthroat = game.dealer_sits_out

    # Who plays ------------------------------------------------------------------------------

    def sitting_out(self, values: FormValues) -> int | None:
        """The cutthroat dealer, who deals and sits out (F2); None with three players."""
        return values.dealer if self.cutthroat else None

    @staticmethod
    def declarer(values: FormValues) -> int | None:
        """D: the Nullo bidder in Nullo, else the bidder (T3)."""
        return values.nullo_bidder if values.special is Special.NULLO else values.bidder

    @staticmethod
    def defender_is_doubler(values: FormValues) -> bool:
        """A doubled contract is defended by the doubler (T16.3), the Slam too (T10); only
        a Nullo leaves the active defender to be chosen."""
        return values.double is not Doubling.NONE and values.special is not Special.NULLO

    def active_defender(self, values: FormValues) -> int | None:
        """A: the doubler of a doubled contract, else the player chosen."""
        if self.defender_is_doubler(values):
            return values.doubler
        return values.active_defender

    def active(self, values: FormValues) -> tuple[int | None, int | None]:
        """The two active players, as the boxes hold them: the declarer, the defender."""
        return (self.declarer(values), self.active_defender(values))

    def seats_at_play(self, values: FormValues) -> frozenset[int]:
        """The two active players once both are known; before, every player but the
        cutthroat dealer."""
        declarer, defender = self.active(values)
        if declarer is not None and defender is not None:
            return frozenset((declarer, defender))
        out = self.sitting_out(values)
        return frozenset(seat for seat in range(len(self.players)) if seat != out)

    def last_trick_box(self, values: FormValues) -> int | None:
        """The box of the active player who won the last trick (the choice is a seat)."""
        active = self.active(values)
        return active.index(values.last_trick) if values.last_trick in active else None

    def third(self, values: FormValues) -> int | None:
        """After a double, the player who is neither bidder nor doubler (nor the cutthroat
        dealer): who chooses a side (T4)."""
        taken = {values.bidder, values.doubler, self.sitting_out(values)}
        if None in (values.bidder, values.doubler):
            return None
        left = [seat for seat in range(len(self.players)) if seat not in taken]
        return left[0] if len(left) == 1 else None

    # What the variant says ------------------------------------------------------------------

    def suggested_choices(self, values: FormValues) -> dict[Slot, object]:
        """The active defender of an undoubled hand: the player the rules ask first, to
        the declarer's left (the Nullo bidder's in Nullo), as the game says; None while
        the declarer (or the cutthroat dealer) is not known, and after a double, where
        the doubler defends a contract (T16.3) and a Nullo's defender is asked (T16a)."""
        declarer = self.declarer(values)
        if values.double is not Doubling.NONE or declarer is None:
            return {Slot.ACTIVE_DEFENDER: None}
        game = find_game(self.variant)
        return {Slot.ACTIVE_DEFENDER: game.first_asked_to_defend(declarer, values.dealer)}

    def defender_to_name(self, values: FormValues) -> bool:
        """Whether the scorekeeper is asked for the active defender: when his row is shown
        and the form will not fill him in. An undoubled hand's defender is filled in once
        its declarer (the bidder, the Nullo bidder in Nullo) and, in cutthroat, the dealer
        the suggestion passes over are known (:meth:`suggested_choices`); until then those
        rows are asked for, not a defender the scorekeeper will not have to choose. A
        doubled Nullo's defender is always asked (T16a), and so is the defender of a hand
        whose declarer the form knows but suggests nobody for (an edited hand whose
        defender became its bidder)."""
        if not self.is_shown(values, Slot.ACTIVE_DEFENDER):
            return False
        if values.double is not Doubling.NONE:
            return True
        return self.declarer(values) is not None and not (self.cutthroat and values.dealer is None)

    def is_shown(self, values: FormValues, slot: Slot) -> bool:
        """Who doubled and whom the third player sided with only after a double; the Nullo
        bidder only in Nullo; the active defender unless the doubler is; the last trick once
        the two players who play are known, as its choices are theirs (before, its row was
        an empty sliver of a frame at the start of every hand)."""
        doubled = values.double is not Doubling.NONE
        if slot in (Slot.DOUBLER, Slot.SIDES_WITH):
            return doubled
        if slot is Slot.NULLO_BIDDER:
            return values.special is Special.NULLO
        if slot is Slot.ACTIVE_DEFENDER:
            return not self.defender_is_doubler(values)
        if slot is Slot.LAST_TRICK:
            return None not in self.active(values)
        return True

    def missing(self, values: FormValues) -> dict[str, str]:
        """What the hand still needs, field key → the question the scorekeeper answers."""
        missing: dict[str, str] = {}
        if self.cutthroat and values.dealer is None:
            missing["dealer"] = _("Who dealt? The dealer sits out the hand.")
        if values.bidder is None:
            missing["bidder"] = _("Who named the trump?")
        if values.trump is None:
            missing["trump"] = _("Which trump, or no-trump?")
        if values.double is not Doubling.NONE:
            missing.update(self._missing_after_double(values))
        nullo = values.special is Special.NULLO
        if nullo and values.nullo_bidder is None:
            missing["nullo_bidder"] = _("Who bid Nullo?")
        declarer = self.declarer(values)
        if self.defender_to_name(values) and values.active_defender is None:
            missing["active_defender"] = (
                _("Who played against the declarer?")
                if declarer is None
                else _("Who played against {player}?").format(player=self.players[declarer])
            )
        words = self.pair_words(values)
        for box in (0, 1):
            if values.card_points[box] is None:
                missing[f"card_points[{box}]"] = _(
                    "How many card points did {player} take?"
                ).format(player=words[box])
        if values.last_trick is None and not nullo:
            missing["last_trick"] = _("Who won the last trick?")
        tricks = self._tricks_question(values, words)
        if tricks is not None:
            missing["tricks"] = tricks
        return missing

    def _missing_after_double(self, values: FormValues) -> dict[str, str]:
        """What a doubled hand still needs of who doubled and whom the third player sided
        with (T4), field key → question."""
        missing: dict[str, str] = {}
        if values.doubler is None:
            missing["doubler"] = _("Who doubled?")
        if values.sides_with is None:
            third = self.third(values)
            missing["sides_with"] = (
                _("Whom did the third player side with?")
                if third is None
                else _("Whom did {player} side with?").format(player=self.players[third])
            )
        return missing

    def _tricks_question(self, values: FormValues, words: tuple[str, str]) -> str | None:
        """The question about the tricks, if any: a possible unbid slam asks for them;
        Nullo, Slam or one box filled asks for the boxes still empty."""
        unbid = self.slam_question(values, words)
        if unbid is not None:
            return unbid
        tricks = values.tricks
        needs_tricks = values.special is not Special.NONE or tricks != (None, None)
        empty = [box for box in (0, 1) if tricks[box] is None]
        if not needs_tricks or not empty:
            return None
        if len(empty) == 1:
            return _("How many tricks did {player} take?").format(player=words[empty[0]])
        return (
            _("Slam needs both players' tricks.")
            if values.special is Special.SLAM
            else _("Nullo needs both players' tricks.")
        )

    def build(self, values: FormValues) -> SeatHand | None:
        """The hand the values describe, or None while :meth:`missing` names something.

        The two boxes of each pair go to the declarer's and the active defender's seats;
        every other seat holds 0.
        """
        if self.missing(values):
            return None
        declarer, defender = self.active(values)
        bidder, trump = values.bidder, values.trump
        if bidder is None or trump is None or declarer is None or defender is None:
            raise AssertionError("missing() names every empty field a hand needs")
        seats = len(self.players)

        def by_seat(pair: tuple[int | None, int | None]) -> tuple[int, ...]:
            numbers = [0] * seats
            numbers[defender] = pair[1] or 0
            numbers[declarer] = pair[0] or 0
            return tuple(numbers)

        doubled = values.double is not Doubling.NONE
        nullo = values.special is Special.NULLO
        tricks = values.tricks
        return SeatHand(
            bidder=bidder,
            trump=trump,
            active_defender=defender,
            card_points=by_seat(values.card_points),
            last_trick=values.last_trick,
            double=values.double,
            doubler=values.doubler if doubled else None,
            sides_with=values.sides_with if doubled else None,
            special=values.special,
            nullo_bidder=values.nullo_bidder if nullo else None,
            melds=by_seat(values.melds),
            jojotte=values.jojotte,
            tricks=None if tricks[0] is None or tricks[1] is None else by_seat(tricks),
            dealer=values.dealer,
            note=values.note.strip(),
        )

    def problems(self, hand: AnyHand, number: int | None) -> list[Problem]:
        """T16 (and F2 in cutthroat) in the players' words, each on the form's field: a
        seat's number on the box of the player it names."""
        assert isinstance(hand, SeatHand)
        names = self.players
        found = find_game(self.variant).check_seat_hand(hand, number, tuple(names))
        boxes = {hand.declarer: 0, hand.active_defender: 1}
        return [_on_box(problem, boxes) for problem in found]

    def choices(self, slot: Slot, values: FormValues) -> list[Choice]:
        """Each seat choice offers only the players who can take the role: never the
        cutthroat dealer; the doubler not the bidder; the Nullo bidder those the game lets
        bid it (nobody once the third player sided with the doubler, T16.4); the active
        defender not the declarer; the last trick and Jo-Jotte one of the two active
        players."""
        out = self.sitting_out(values)
        if slot is Slot.DEALER:
            return self._seats(range(len(self.players)))
        if slot is Slot.BIDDER:
            return self._seats(s for s in range(len(self.players)) if s != out)
        if slot is Slot.DOUBLER:
            return self._seats(s for s in range(len(self.players)) if s not in (out, values.bidder))
        if slot is Slot.NULLO_BIDDER:
            return self._seats(self._nullo_bidders(values))
        if slot is Slot.ACTIVE_DEFENDER:
            declarer = self.declarer(values)
            return self._seats(s for s in range(len(self.players)) if s not in (out, declarer))
        if slot is Slot.SIDES_WITH:
            return self._sides_with(values)
        if slot in (Slot.LAST_TRICK, Slot.JOJOTTE):
            active = self._seats(s for s in self.active(values) if s is not None)
            return [(None, _("Nobody"), NOBODY_KEYS), *active] if slot is Slot.JOJOTTE else active
        if slot is Slot.SPECIAL:
            bidder, nullo = values.bidder, values.nullo_bidder
            return special_choices(
                None if bidder is None else self.players[bidder],
                None if nullo is None else self.players[nullo],
            )
        return common_choices(slot)

    def refused_choices(self, slot: Slot, values: FormValues) -> dict[object, str]:
        """Nullo, shown but refused, while nobody may bid it: after a double the third
        player sided with the doubler (T16.4), and neither the bidder nor the doubler may.
        A Nullo already chosen stays, and the check says what is wrong with it."""
        if slot is not Slot.SPECIAL or self._nullo_bidders(values):
            return {}
        third = self.third(values)
        if third is None:
            reason = _("Nobody may bid Nullo: the third player sided with the doubler (T16.4).")
        else:
            reason = _("Nobody may bid Nullo: {player} sided with the doubler (T16.4).").format(
                player=self.players[third]
            )
        return {Special.NULLO: reason}

    def _nullo_bidders(self, values: FormValues) -> tuple[int, ...]:
        """The seats the game lets bid Nullo against this contract."""
        game = find_game(self.variant)
        doubler = values.doubler if values.double is not Doubling.NONE else None
        sides_with = values.sides_with if values.double is not Doubling.NONE else None
        return game.nullo_bidders(values.bidder, self.sitting_out(values), doubler, sides_with)

    def _seats(self, seats: Iterable[int]) -> list[Choice]:
        return [(seat, self.players[seat], self.seat_keys[seat]) for seat in seats]

    def _sides_with(self, values: FormValues) -> list[Choice]:
        """The declarer or the doubler, named and chosen by their keys when known."""
        # Translators: the keys that choose "The declarer" and "The doubler" while their
        # names are not known yet; two different letters, shown on the buttons.
        declarer_key = pgettext("key for the declarer", "D").upper()
        doubler_key = pgettext("key for the doubler", "F").upper()
        declarer, doubler = values.bidder, values.doubler
        declarer_keys = self.seat_keys[declarer] if declarer is not None else ()
        doubler_keys = self.seat_keys[doubler] if doubler is not None else ()
        # A role's key shown while the name was unknown still chooses it once the name is
        # known (unless it is the other player's own key).
        if declarer is None or declarer_key not in (*declarer_keys, *doubler_keys):
            declarer_keys = (*declarer_keys, declarer_key)
        if doubler is None or doubler_key not in (*declarer_keys, *doubler_keys):
            doubler_keys = (*doubler_keys, doubler_key)
        return [
            (SidesWith.DECLARER, _("The declarer"), declarer_keys)
            if declarer is None
            else (
                SidesWith.DECLARER,
                _("{player} (declarer)").format(player=self.players[declarer]),
                declarer_keys,
            ),
            (SidesWith.DEFENDER, _("The doubler"), doubler_keys)
            if doubler is None
            else (
                SidesWith.DEFENDER,
                _("{player} (doubler)").format(player=self.players[doubler]),
                doubler_keys,
            ),
        ]

    def pair_names(self, values: FormValues) -> tuple[str, str]:
        """The active players' names, the declarer's first; their roles while unknown."""
        declarer, defender = self.active(values)
        return (
            _("Declarer") if declarer is None else self.players[declarer],
            _("Active defender") if defender is None else self.players[defender],
        )

    def pair_words(self, values: FormValues) -> tuple[str, str]:
        """The active players' names for the questions."""
        declarer, defender = self.active(values)
        return (
            _("the declarer") if declarer is None else self.players[declarer],
            _("the active defender") if defender is None else self.players[defender],
        )


def _on_box(problem: Problem, boxes: dict[int, int]) -> Problem:
    """The problem with a seat's field ("card_points[2]") turned into the form's box
    ("card_points[0]" for the declarer); a seat with no box keeps the row's field."""
    if problem.field is None:
        return problem
    match = _BY_SEAT.match(problem.field)
    if match is None:
        return problem
    row, seat = match.group(1), int(match.group(2))
    box = boxes.get(seat)
    return problem._replace(field=row if box is None else f"{row}[{box}]")
