"""The entry form of the hands recorded side against side, without Qt.

Two players, partnerships, and the chouette's box against its team (C1). What every form
shares (the slots, the values, the focus, the choices' keys and the keystroke plan) is
:mod:`jojotte_score.gui.entry.form_rules`; the three-player and cutthroat hands, recorded by
seat, have :class:`~jojotte_score.gui.entry.seat_form.SeatEntryForm`.

Nothing here writes a value the scorekeeper did not type or accept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from jojotte_score.core.errors import Problem
from jojotte_score.core.games import find_game
from jojotte_score.core.model import (
    GameKey,
    Hand,
    PlayedHand,
    RubberRoles,
    Special,
    ThrownIn,
)
from jojotte_score.core.tables import contract_deck
from jojotte_score.core.validation import check_hand
from jojotte_score.gui.entry.form_rules import (
    NOBODY_KEYS,
    SIDES,
    Choice,
    FormRules,
    FormValues,
    Slot,
    choice_keys,
    common_choices,
    special_choices,
)
from jojotte_score.i18n import _

if TYPE_CHECKING:
    from jojotte_score.core.model import AnyHand


class EntryForm(FormRules):
    """The rules of the entry form for a sitting whose hands are recorded side against
    side: two players, partnerships, or the chouette, whose sides are played by the seats
    the rubber's ``roles`` give (the box, side 0, and the captain who plays the team's
    cards, side 1, C1), as the game says."""

    def __init__(
        self,
        variant: GameKey,
        players: Sequence[str],
        roles: RubberRoles | None = None,
    ) -> None:
        super().__init__(variant, players)
        self.roles = roles
        game = find_game(variant)
        if roles is not None:
            seats = game.side_seats(roles)
            self.names = (self.players[seats[0]], self.players[seats[1]])
            self.labels = game.side_labels(roles, self.players)
            keys = (self.seat_keys[seats[0]], self.seat_keys[seats[1]])
        else:
            self.names = game.side_names(self.players)
            self.labels = self.names
            side_keys = choice_keys(self.names)
            keys = (side_keys[0], side_keys[1])
        self.side_keys = keys

    # Values to a hand ----------------------------------------------------------------------

    def missing(self, values: FormValues) -> dict[str, str]:
        """What the hand still needs, field key → the question the scorekeeper answers."""
        missing: dict[str, str] = {}
        if values.bidder is None:
            missing["bidder"] = _("Who named the trump?")
        if values.trump is None:
            missing["trump"] = _("Which trump, or no-trump?")
        if values.last_trick is None and values.special is not Special.NULLO:
            missing["last_trick"] = _("Who won the last trick?")
        for side in SIDES:
            if values.card_points[side] is None:
                missing[f"card_points[{side}]"] = _(
                    "How many card points did {player} take?"
                ).format(player=self.names[side])
        tricks = values.tricks
        needs_tricks = values.special is not Special.NONE or tricks != (None, None)
        empty = [side for side in SIDES if tricks[side] is None]
        if needs_tricks and empty:
            if len(empty) == 2:
                slam = values.special is Special.SLAM
                missing["tricks"] = (
                    _("Slam needs each side's tricks.")
                    if slam
                    else _("Nullo needs each side's tricks.")
                )
            else:
                missing["tricks"] = _("How many tricks did {player} take?").format(
                    player=self.names[empty[0]]
                )
        unbid = self.slam_question(values, self.names)
        if unbid is not None:
            missing["tricks"] = unbid
        return missing

    def build(self, values: FormValues) -> Hand | None:
        """The hand the values describe, or None while :meth:`missing` names something."""
        if self.missing(values):
            return None
        bidder, trump, (left, right) = values.bidder, values.trump, values.card_points
        if bidder is None or trump is None or left is None or right is None:
            raise AssertionError("missing() names every empty field a hand needs")
        melds, tricks = values.melds, values.tricks
        return PlayedHand(
            bidder=bidder,
            trump=trump,
            card_points=(left, right),
            last_trick=values.last_trick,
            double=values.double,
            special=values.special,
            melds=(melds[0] or 0, melds[1] or 0),
            jojotte=values.jojotte,
            tricks=None if tricks[0] is None or tricks[1] is None else (tricks[0], tricks[1]),
            dealer=values.dealer,
            note=values.note.strip(),
        )

    def problems(self, hand: AnyHand, number: int | None) -> list[Problem]:
        """``check_hand``'s errors and warnings; in the chouette, between the rubber's box
        and captain, whichever of whom deals (C7)."""
        assert isinstance(hand, PlayedHand | ThrownIn)
        roles, game = self.roles, find_game(self.variant)
        if roles is None:
            return check_hand(hand, game, number, self.names)
        found = check_hand(hand._replace(dealer=None), game, number, self.names)
        found.extend(game.dealer_problems(hand, number, self.players, roles))
        return found

    def choices(self, slot: Slot, values: FormValues) -> list[Choice]:
        """The sides for the bidder, last trick and Jo-Jotte (Jo-Jotte also "Nobody"); every
        player for the dealer (the chouette: the box and the captain); the trump, doubling,
        Nullo or Slam by their letters."""
        if slot not in self.order:
            return []  # the three-player game's rows
        sides = [(side, self.labels[side], self.side_keys[side]) for side in SIDES]
        if slot is Slot.DEALER:
            if self.roles is not None:
                return [
                    (seat, self.labels[side], self.seat_keys[seat])
                    for side, seat in enumerate(find_game(self.variant).side_seats(self.roles))
                ]
            return [(seat, name, self.seat_keys[seat]) for seat, name in enumerate(self.players)]
        if slot in (Slot.BIDDER, Slot.LAST_TRICK):
            return sides
        if slot is Slot.JOJOTTE:
            return [(None, _("Nobody"), NOBODY_KEYS), *sides]
        if slot is Slot.SPECIAL:
            bidder = values.bidder
            if bidder is None:
                return special_choices(None, None)
            return special_choices(self.names[bidder], self.names[1 - bidder])
        return common_choices(slot)

    def pair_names(self, values: FormValues) -> tuple[str, str]:
        """The sides' names (the chouette's "Anna (box)", "Bert (captain, with Carl)")."""
        return self.labels

    def pair_words(self, values: FormValues) -> tuple[str, str]:
        """The sides' plain names."""
        return self.names

    def seats_at_play(self, values: FormValues) -> frozenset[int]:
        """The seats the rubber's roles give the two sides (the chouette's box and
        captain, C1); every seat where the players are the sides or partnerships."""
        if self.roles is None:
            return super().seats_at_play(values)
        return frozenset(find_game(self.variant).side_seats(self.roles))

    def plays_for(self, values: FormValues, seat: int) -> Choice | None:
        """The side a partner plays for, as the rows of the play offer it, where the sides
        are the game's pairs of seats (a partnership's "Anna & Carl" for Carl); None where
        a side is one seat's (two players, the chouette's box and captain), whose keys are
        his own."""
        if self.roles is not None:
            return None
        side = find_game(self.variant).side_of(seat)
        choice = self.choices(Slot.LAST_TRICK, values)[side]
        return None if choice[2] == self.seat_keys[seat] else choice

    def suggestion(self, values: FormValues, slot: Slot) -> int | None:
        """The remainder offered (greyed, not a value) in an empty box, or None.

        The tricks in every game (:meth:`FormRules.suggestion`); the card points only in
        partnerships, where all 32 cards are played and the two counts add up to the deck.
        In every other game 18 cards are played and the other count cannot be known, so
        both are typed.
        """
        side = slot.side
        if slot.row != "card_points":
            return super().suggestion(values, slot)
        if (
            not find_game(self.variant).all_cards_played
            or side is None
            or values.get(slot) is not None
        ):
            return None
        if values.trump is None:
            return None
        total = contract_deck(values.trump, values.special)
        other = values.card_points[1 - side]
        if other is None or not 0 <= other <= total:
            return None
        return total - other
