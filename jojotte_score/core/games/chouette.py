"""The chouette (C1-C8): the box against a team of captain and partner, whose roles turn
after each rubber (C3); the hands side against side, the pad a column per player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from jojotte_score.core.errors import Problem
from jojotte_score.core.games.chouette_roles import ChouetteRoles, chouette_roles
from jojotte_score.core.games.chouette_rules import (
    ChouetteCorrector,
    check_chouette_sitting,
    later_dealers,
    score_chouette_hand,
)
from jojotte_score.core.games.game import CardText, Game, copy_text
from jojotte_score.core.model import (
    GameKey,
    Hand,
    PlayedHand,
    RubberRoles,
    Rules,
    ThrownIn,
    Variant,
)
from jojotte_score.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Callable

    from jojotte_score.core.corrections import Correction
    from jojotte_score.core.ledger import Checkpoint, HandResult, Ledger
    from jojotte_score.core.model import AnyHand, Sitting
    from jojotte_score.core.scoring import HandScore


FIRST_ROLES = ChouetteRoles(box=0, captain=1)
"""The first rubber's roles when a sitting does not record them: seat 0 boxes, seat 1
captains."""


class Chouette(Game):
    """Three players: the box alone against the captain, who plays, and the partner, who
    writes what the captain writes (C1-C8)."""

    variant: ClassVar[GameKey] = Variant.CHOUETTE
    label = N_("Chouette")
    table_word = N_("chouette")
    choice = N_("Three players, chouette")
    seat_labels = (N_("Seat 1"), N_("Seat 2 (clockwise)"), N_("Seat 3 (clockwise)"))
    players_needed = N_("a chouette sitting needs 3 player names, not {count}")
    seats = 3
    per_player = True
    role_names = ("box", "captain")
    roles_key = "chouette"  # the key its files have always had
    role_meanings = (
        N_("the seat of the player in the box in the first rubber"),
        N_("the seat of the captain in the first rubber"),
    )
    role_labels = (N_("First &box:"), N_("First &captain:"))
    blank_roles = N_("Box: __________ · Captain: __________ · Partner: __________")
    copy_legend = N_(
        "{mark} before a figure marks a copy: the partner copies the captain's score (C4)"
    )
    card_page = (N_("the chouette"), N_("The rulings C1-C7"))
    rulings = "C1-C8"
    record_roles: ClassVar[tuple[tuple[str, str], ...]] = (
        ("box", N_("in the box")),
        ("captain", N_("as captain")),
        ("partner", N_("as partner")),
    )

    def make_roles(self, seats: Sequence[int]) -> ChouetteRoles:
        """The box's and the captain's seats, in that order."""
        return chouette_roles(tuple(seats))

    def first_roles(self, recorded: RubberRoles | None) -> ChouetteRoles:
        """The recorded first roles, else seat 0 in the box and seat 1 as captain."""
        return FIRST_ROLES if recorded is None else chouette_roles(recorded)

    def roles_after(self, roles: RubberRoles, winner: int) -> ChouetteRoles:
        """C3: the roles of the next rubber, after ``winner`` (the box's column, or the
        captain's for the team) won this one."""
        roles = chouette_roles(roles)
        return roles.after(box_won=winner == roles.box)

    def roles_problems(self, roles: RubberRoles) -> list[str]:
        """C8: the first box and the first captain are two players."""
        roles = chouette_roles(roles)
        if roles.box == roles.captain:
            return [_("The box and the captain must be two different players.")]
        return []

    def role_seats(self, roles: RubberRoles) -> dict[str, int]:
        """The box, the captain and the partner, who holds the seat left (C1)."""
        roles = chouette_roles(roles)
        return {"box": roles.box, "captain": roles.captain, "partner": roles.partner}

    def side_seats(self, roles: RubberRoles | None) -> tuple[int, int]:
        """C1: the box plays side 0, the captain plays the team's cards, side 1."""
        return self.first_roles(roles).dealers

    def side_labels(self, roles: RubberRoles | None, players: Sequence[str]) -> tuple[str, str]:
        """ "Anna (box)", "Bert (captain, with Carl)"."""
        roles = self.first_roles(roles)
        box, captain = players[roles.box], players[roles.captain]
        return (
            _("{player} (box)").format(player=box),
            _("{captain} (captain, with {partner})").format(
                captain=captain, partner=players[roles.partner]
            ),
        )

    def written_figures(
        self, roles: RubberRoles | None, figures: tuple[int, ...]
    ) -> tuple[int, ...]:
        """C4, C5: the partner writes the captain's points below and games."""
        return figures if roles is None else chouette_roles(roles).as_written(figures)

    def scores_with(self, roles: RubberRoles | None, seat: int) -> int:
        """C5: the team's games are the captain's, for the partner too."""
        return seat if roles is None else chouette_roles(roles).scores_with(seat)

    def roles_caption(self, roles: RubberRoles | None, names: Sequence[str]) -> tuple[str, ...]:
        """The rubber's roles above its names (C2): "Box: Anna · Captain: Bert · Partner:
        Carl"."""
        if roles is None:
            return ()
        roles = chouette_roles(roles)
        text = _("Box: {box} · Captain: {captain} · Partner: {partner}")
        box, captain, partner = (names[roles.box], names[roles.captain], names[roles.partner])
        return (text.format(box=box, captain=captain, partner=partner),)

    def roles_status(self, roles: RubberRoles | None, names: Sequence[str]) -> str | None:
        """ "Carl in the box against Anna (captain) and Bert"."""
        if roles is None:
            return None
        roles = chouette_roles(roles)
        return _("{box} in the box against {captain} (captain) and {partner}").format(
            box=names[roles.box], captain=names[roles.captain], partner=names[roles.partner]
        )

    def column_winners(self, roles: RubberRoles | None, names: Sequence[str]) -> tuple[str, ...]:
        """C4a, C5: what the captain's column wins goes to the team, captain and partner."""
        if roles is None:
            return tuple(names)
        roles = chouette_roles(roles)
        winners = list(names)
        # Translators: the chouette's team, as in "game to Carl and Bert".
        winners[roles.captain] = _("{captain} and {partner}").format(
            captain=names[roles.captain], partner=names[roles.partner]
        )
        return tuple(winners)

    def rubber_winner_text(
        self, roles: RubberRoles | None, winner: int, names: Sequence[str]
    ) -> str:
        """The box, or the team, wins the rubber (C5)."""
        if roles is None:
            return super().rubber_winner_text(roles, winner, names)
        roles = chouette_roles(roles)
        if winner == roles.box:
            return _("{player}, the box, wins the rubber").format(player=names[winner])
        return _("The team, {captain} & {partner}, wins the rubber").format(
            captain=names[roles.captain], partner=names[roles.partner]
        )

    def dealers(self, roles: RubberRoles | None) -> tuple[int, ...]:
        """C7: the box and the captain deal in turn."""
        roles = self.first_roles(roles)
        return (roles.box, roles.captain)

    def dealer_problems(
        self, hand: Hand, number: int | None, players: Sequence[str], roles: RubberRoles | None
    ) -> list[Problem]:
        """C7: the dealer is the rubber's box or captain (named, never by seat)."""
        roles = self.first_roles(roles)
        dealer = hand.dealer
        if dealer is None or dealer in (roles.box, roles.captain):
            return []
        message = _("the dealer must be the box, {box}, or the captain, {captain}").format(
            box=players[roles.box], captain=players[roles.captain]
        )
        return [Problem(message, number, "dealer")]

    def corrector(
        self, sitting: Sitting, position: int, recorded: Ledger | None = None
    ) -> Callable[[AnyHand], Correction | None] | None:
        """An edit that changes who wins a rubber changes the later rubbers' box and captain
        (C3): the later hands dealt by a player who is now the partner (C7), with their
        dealers cleared or re-derived."""
        corrector = ChouetteCorrector(self, sitting, position, recorded)

        def correction(hand: AnyHand) -> Correction | None:
            return corrector(hand) if isinstance(hand, PlayedHand | ThrownIn) else None

        return correction

    def deletion(self, sitting: Sitting, position: int) -> Correction | None:
        """A deleted hand that decided a rubber changes the later rubbers' box and captain
        (C3): the later hands dealt by a player who is now the partner (C7)."""
        hands = (*sitting.hands[:position], *sitting.hands[position + 1 :])
        correction = later_dealers(self, replace(sitting, hands=hands), first=position + 1)
        return correction if correction.fixes else None

    def hand_scorer(self, roles: RubberRoles | None) -> Callable[[Any, int], HandScore]:
        """C4: the two-player score, the box's entries in the box's column, the team's in the
        captain's; the partner copies the captain on the same lines (C4)."""
        return partial(score_chouette_hand, roles=self.first_roles(roles))

    def check(self, sitting: Sitting, start: Checkpoint | None = None) -> list[Problem]:
        """The players, rules and first roles, and each hand between the rubber's box and
        captain (C8), from ``start``'s roles when given."""
        return check_chouette_sitting(self, sitting, start)

    def explain_hand(self, result: HandResult, ledger: Ledger) -> list[str]:
        """The hand explained with the chouette's rulings and its rubber's roles (C1-C7)."""
        from jojotte_score.core.games.three_player_explanation import explain_chouette_hand

        rubber = ledger.rubber(result.rubber)
        roles = rubber.roles if rubber is not None else None
        return explain_chouette_hand(result, ledger, self.first_roles(roles))

    def card_rulings(self, rules: Rules) -> tuple[CardText, ...]:
        """The rulings C1-C7 in short, for the chouette's page of the scoring card."""
        return (
            (
                _("C1: The box against the team"),
                (_("One player, the box, plays alone against a team of two: the captain, who plays "
                   "the cards, and the partner, who advises. Each hand is a two-player hand of the "
                   "box against the team, with nine tricks."),),
            ),
            (
                _("C2: Roles for a whole rubber"),
                (_("The box, the captain and the partner keep their roles until the rubber ends. "
                   "The pad names them above each rubber."),),
            ),
            (
                _("C3: After a rubber"),
                (_("The box won: he stays in the box, the partner becomes captain and the captain "
                   "partner. The team won: the captain goes into the box, the partner becomes "
                   "captain and the old box partner."),),
            ),
            (
                _("C4: The partner copies the captain's score"),
                (_("Everything written for the team is written, the same, in the captain's column "
                   "and in the partner's, on the same line. The pad writes the partner's copy "
                   "after an equals sign: {copy}.").format(copy=copy_text(60)),),
            ),
            (
                _("C5: Game and rubber"),
                (_("{target} below wins a game, two games the rubber: "
                   "{bonus} above for the box, or for each team member. Only the "
                   "captain's points below count for the team's game.").format(
                       target=rules.game_target, bonus=rules.rubber_bonus),),
            ),
            (
                _("C6: Settling a rubber"),
                (_("With d = the team's total \u2212 the box's total: the captain +d, the partner "
                   "+d, the box \u22122d."),),
            ),
            (
                _("C7: The deal"),
                (_("The deal alternates between the box and the captain; a new cut starts each "
                   "rubber."),),
            ),
        )  # fmt: skip


GAME = Chouette()
"""The game this module holds, as the registry finds it."""
