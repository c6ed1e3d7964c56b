"""What the table display shows, in words and figures, apart from any widget.

Everything comes from the session's :class:`~jojotte_score.presenters.session.Shown`: the
rubber in play as the pad scored it (each column's total, below the line and games, the
prison), the newest hand's explanation in one line, who deals next and, when the newest
hand ended a rubber, its result. Nothing here computes a score.
"""

from __future__ import annotations

from typing import NamedTuple

from jojotte_score.core.games import find_game
from jojotte_score.i18n import _
from jojotte_score.presenters.session import Shown, versus
from jojotte_score.render.sheet_words import column_result_lines, result_text


class ColumnFigures(NamedTuple):
    """One column of the pad: a side or a player, the rubber's total so far, the points
    below the line in the game in play and the games won in the rubber."""

    name: str
    total: int
    below: int
    games: int


class TableFigures(NamedTuple):
    """Everything the table display shows of the sitting on screen."""

    title: str
    columns: tuple[ColumnFigures, ...]
    prison: str
    last_hand: str
    next_dealer: str
    result: str


def table_figures(shown: Shown) -> TableFigures:
    """The figures and words of ``shown`` for the table: its newest rubber."""
    pad = shown.pad
    status = shown.status()
    rubber = pad.recent.rubber(pad.newest_rubber) if pad.hand_count else None
    finished = rubber is not None and rubber.finished
    sides = pad.sides
    totals = rubber.totals if rubber is not None else (0,) * len(sides)
    # After a rubber's last hand the status is the next rubber's: the table still reads
    # the finished one's, as its last hand left it.
    if finished and rubber is not None:
        below, games = rubber.hands[-1].below, rubber.hands[-1].games
        roles = pad.roles(rubber.number)
    else:
        below, games, roles = status.below, status.games, shown.roles()
    game = find_game(shown.variant)
    below, games = game.written_figures(roles, below), game.written_figures(roles, games)
    columns = tuple(
        ColumnFigures(name, totals[column], below[column], games[column])
        for column, name in enumerate(sides)
    )
    number = pad.newest_rubber if finished else status.rubber
    title = _("Rubber {number}: {players}").format(
        number=number, players=versus(shown.variant, shown.shown_players)
    )
    prison = _("In prison: {points}").format(points=status.prison) if status.prison else ""
    explained = pad.explain(pad.hand_count) if pad.hand_count else []
    last_hand = explained[0] if explained else _("No hand recorded yet.")
    dealer = status.next_dealer
    if dealer is not None and 0 <= dealer < len(shown.players):
        next_dealer = _("Next dealer: {player}").format(player=shown.shown_players[dealer])
    elif status.new_cut:
        next_dealer = _("Next: a new cut for the first dealer")
    else:
        next_dealer = ""
    result = ""
    if finished and rubber is not None:  # the lines the pad writes under its totals
        if game.per_player:
            result = "\n".join(column_result_lines(rubber, sides, game))
        else:
            result = result_text(rubber, sides)
    return TableFigures(title, columns, prison, last_hand, next_dealer, result)
