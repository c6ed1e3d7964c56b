"""The words the scorepad writes: the marks after entries and what they mean, the legend
of a copy, a prison amount, the chouette's roles, the captions of a blank pad, and each
rubber's result and settlement, in the language spoken. No Qt, no geometry.
"""

from __future__ import annotations

from collections.abc import Sequence

from jojotte_score.core.games import find_game
from jojotte_score.core.games.game import COPY_MARK, Game
from jojotte_score.core.ledger import RubberResult
from jojotte_score.core.model import GameKey
from jojotte_score.core.scoring import EntryKind
from jojotte_score.i18n import N_, _, ngettext, pgettext
from jojotte_score.i18n import format_signed as signed

KIND_MARKS: dict[str, tuple[str, str]] = {
    EntryKind.MELD: ("M", N_("melds")),
    EntryKind.PRISON: ("P", N_("prison won")),
    EntryKind.NULLO_BONUS: ("N", N_("Nullo bonus")),
    EntryKind.SLAM_BONUS: ("S", N_("Slam bonus")),
    EntryKind.UNBID_SLAM_BONUS: ("U", N_("unbid slam bonus")),
    EntryKind.RUBBER_BONUS: ("R", N_("rubber bonus")),
}
"""The small mark written after an entry that is not trick points, and what it means, in
English; :func:`kind_mark` gives both in the language spoken."""


def kind_mark(kind: str) -> tuple[str, str] | None:
    """The mark written after an entry of ``kind`` and what it means, in the language
    spoken ("M", "melds"; "K", "Keller gewonnen"); None for trick points."""
    if kind not in KIND_MARKS:
        return None
    # Each mark is the first letter of its meaning in the language spoken.
    marks: dict[str, str] = {
        EntryKind.MELD: pgettext("pad mark: melds", "M"),
        EntryKind.PRISON: pgettext("pad mark: prison won", "P"),
        EntryKind.NULLO_BONUS: pgettext("pad mark: Nullo bonus", "N"),
        EntryKind.SLAM_BONUS: pgettext("pad mark: Slam bonus", "S"),
        EntryKind.UNBID_SLAM_BONUS: pgettext("pad mark: unbid Slam bonus", "U"),
        EntryKind.RUBBER_BONUS: pgettext("pad mark: rubber bonus", "R"),
    }
    return marks[kind], _(KIND_MARKS[kind][1])


def copy_legend(variant: GameKey) -> str:
    """The legend of the copy mark in ``variant``'s pad ("= before a figure marks a copy:
    ..."), in the language spoken ("" for a game without copies)."""
    legend = find_game(variant).copy_legend
    return _(legend).format(mark=COPY_MARK) if legend else ""


def prison_text(points: int) -> str:
    """A prison amount as the pad writes it in its lane: "60", or as the language's
    scoresheets write it (German ones put it in parentheses: "(60)")."""
    # Translators: how the pad writes an amount put in prison; German scoresheets put it
    # in parentheses, as the German rules' worked example does: "({points})".
    return pgettext("prison amount on the pad", "{points}").format(points=points)


BLANK_CAPTION = N_("Rubber ____")
"""The caption of a blank pad: the rubber's number is written in by hand (in English:
translate with ``_()`` where shown)."""


def settlement_text(names: Sequence[str], settlement: Sequence[int]) -> str:
    """Each player's settlement in words: "Anna +120, Bert 0", with :func:`signed`."""
    # Translators: one player's settlement in a list of them: "Anna +120".
    item = _("{player} {points}")
    # Translators: what separates the players' settlements in a list of them.
    separator = _(", ")
    return separator.join(
        item.format(player=name, points=signed(points))
        for name, points in zip(names, settlement, strict=True)
    )


def column_result_lines(rubber: RubberResult, names: Sequence[str], game: Game) -> tuple[str, ...]:
    """The result of a rubber with a column per player, in words: who won it (or that it is
    still being played, with the prison waiting), then each player's settlement (T15, C6,
    F6), so far while the rubber is being played (T15a)."""
    roles = rubber.roles
    winner = rubber.winner
    settlement = settlement_text(names, rubber.settlement)
    if winner is None:
        waiting = rubber.hands[-1].prison_after if rubber.hands else 0
        if waiting:
            first = _("Rubber {number} in progress; {prison} in prison").format(
                number=rubber.number, prison=waiting
            )
        else:
            first = _("Rubber {number} in progress").format(number=rubber.number)
        settled = _("Settled so far: {settlement}").format(settlement=settlement)
    else:
        settled = _("Settled: {settlement}").format(settlement=settlement)
        first = game.rubber_winner_text(roles, winner, names)
    return (first, settled)


def result_text(rubber: RubberResult, sides: tuple[str, ...], people: int = 1) -> str:
    """The rubber's result in words: who won it and who is ahead on points (R13, R14).

    ``people`` is how many people each side is: a partnership's verbs are plural ("Anna &
    Carl win the rubber by 100")."""
    ahead, difference = rubber.net
    if rubber.winner is None:
        waiting = rubber.hands[-1].prison_after if rubber.hands else 0
        standing = {
            "number": rubber.number,
            "first": sides[0],
            "first_points": rubber.totals[0],
            "second": sides[1],
            "second_points": rubber.totals[1],
        }
        if waiting:
            return _(
                "Rubber {number} in progress: {first} {first_points}, "
                "{second} {second_points}; {prison} in prison"
            ).format(prison=waiting, **standing)
        return _(
            "Rubber {number} in progress: {first} {first_points}, {second} {second_points}"
        ).format(**standing)
    winner = sides[rubber.winner]
    # Translators: the plural forms are said of partnerships (two people a side), the
    # singular of one player; {points} is a multiple of 5, never 1.
    if ahead == rubber.winner:
        return ngettext(
            "{winner} wins the rubber by {points}",
            "{winner} win the rubber by {points}",
            people,
        ).format(winner=winner, points=difference)
    if ahead is None:
        return ngettext(
            "{winner} wins the rubber; the totals are level",
            "{winner} win the rubber; the totals are level",
            people,
        ).format(winner=winner)
    return ngettext(
        "{winner} wins the rubber; {side} is ahead by {points}",
        "{winner} win the rubber; {side} are ahead by {points}",
        people,
    ).format(winner=winner, side=sides[ahead], points=difference)
