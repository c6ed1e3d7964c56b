"""CSV exports of the games with a column per player: the three-player game, the chouette
and cutthroat (T1, C4, F1).

The files have the properties of :mod:`jojotte_score.formats.csv_export` (UTF-8 with a byte
order mark, ``\\r\\n``, formulas neutralised, written atomically); only the columns differ:
each number a player has is a column per seat, ending in ``_0``, ``_1``, ... and named by
the ``player_N`` columns of the same row. They are documented in docs/file-format.md ("CSV
exports of the games of individual players").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from jojotte_score.core.games import Game, find_game
from jojotte_score.core.ledger import HandResult, Ledger, RubberResult
from jojotte_score.core.model import PlayedHand, RubberRoles, SeatHand, Sitting, Special
from jojotte_score.core.scoring import Line

Row = dict[str, str | int]

YES: Final = "yes"
NO: Final = "no"
GAME_WINNERS_SEPARATOR: Final = "; "

_HAND_HEAD: Final = ("hand", "rubber", "game")
_HAND_FACTS: Final = (
    "dealer",
    "thrown_in",
    "bidder",
    "declarer",
    "active_defender",
    "inactive",
    "inactive_with",
    "trump",
    "double",
    "doubler",
    "special",
    "nullo_bidder",
    "outcome",
    "winner",
    "prison_in",
    "prison_out",
    "prison_waiting",
    "game_winner",
    "rubber_winner",
)
PLAYER_HAND_FIGURES: Final = (
    "card_points",
    "melds",
    "tricks",
    "trick_score",
    "total",
    "above",
    "below",
    "game_below",
    "games",
    "running_total",
)
"""The figures each player has in the hands export, a column per seat (``above_0``); they
are written again at the end of the row in columns named for the players (``Anna: above``,
see :mod:`jojotte_score.formats.csv_names`)."""
_ROLE_COLUMNS: Final = ("box", "captain", "partner")
"""The columns of the rubber's roles, each the name of the seat that holds it
(:meth:`~jojotte_score.core.games.game.Game.role_seats`): the chouette's, the one game with
roles, as the file format names them; empty in a game without."""
_RUBBER_HEAD: Final = ("sitting", "variant")
_RUBBER_FACTS: Final = (
    "rubber",
    "first_hand",
    "last_hand",
    "game_winners",
    "finished",
    "winner",
    *_ROLE_COLUMNS,
    "prison_waiting",
)
PLAYER_RUBBER_FIGURES: Final = ("games", "total", "settlement")
"""The figures each player has in the rubbers export, numbered by seat; like those of the
hands, written again at the end of the row under the players' names."""


def _by_player(names: Iterable[str], seats: int) -> tuple[str, ...]:
    return tuple(f"{name}_{seat}" for name in names for seat in range(seats))


def player_hand_columns(seats: int) -> tuple[str, ...]:
    """The columns of the hands export of a sitting of ``seats`` players, in file order."""
    return (
        *_HAND_HEAD,
        *_by_player(("player",), seats),
        *_HAND_FACTS,
        *_by_player(PLAYER_HAND_FIGURES, seats),
        "note",
        "sitting",
    )


def player_rubber_columns(seats: int) -> tuple[str, ...]:
    """The columns of the rubbers export of sittings of up to ``seats`` players."""
    return (
        *_RUBBER_HEAD,
        *_by_player(("player",), seats),
        *_RUBBER_FACTS,
        *_by_player(PLAYER_RUBBER_FIGURES, seats),
    )


def player_hand_rows(sitting: Sitting, ledger: Ledger, *, sitting_label: str = "") -> list[Row]:
    """One row per hand (thrown-in deals included), keyed by :func:`player_hand_columns`.

    Players are named; inputs a hand does not have are empty. In the chouette the box's
    numbers are in the box's columns and the team's in the captain's; the partner, who
    plays no cards, has empty inputs but writes what the captain writes (C4).
    """
    names = sitting.players
    rows: list[Row] = []
    running = [0] * len(names)
    rubber = 0
    roles_of = {r.number: r.roles for r in ledger.rubbers}
    game = find_game(ledger.variant)
    results: tuple[HandResult, ...] = ledger.hands
    for result in results:
        if result.rubber != rubber:
            rubber, running = result.rubber, [0] * len(names)
        for _hand, side, _line, points, _kind in result.plain_entries:
            running[side] += points
        row = _hand_row(names, result, game, roles_of.get(result.rubber), running)
        rows.append({**row, "sitting": sitting_label})
    return rows


def _name(names: tuple[str, ...], seat: int | None) -> str:
    return "" if seat is None or not 0 <= seat < len(names) else names[seat]


def _hand_row(
    names: tuple[str, ...],
    result: HandResult,
    game: Game,
    roles: RubberRoles | None,
    running: list[int],
) -> Row:
    hand = result.hand
    seats = len(names)
    row: Row = {"hand": result.number, "rubber": result.rubber, "game": result.game}
    row.update({f"player_{seat}": name for seat, name in enumerate(names)})
    row["dealer"] = _name(names, hand.dealer)
    row["thrown_in"] = YES if hand.thrown_in else NO
    if isinstance(hand, SeatHand):
        row.update(_seat_facts(names, hand))
    elif isinstance(hand, PlayedHand) and roles is not None:
        row.update(_side_hand_facts(names, hand, game.side_seats(roles)))
    score = result.score
    row.update(
        {
            "outcome": score.outcome.value,
            "winner": _name(names, score.winner),
            "prison_in": result.prison_in,
            "prison_out": result.prison_out,
            "prison_waiting": result.prison_after,
            "game_winner": _name(names, result.game_winner),
            "rubber_winner": _name(names, result.rubber_winner),
        }
    )
    for seat in range(seats):
        if score.totals:
            row[f"trick_score_{seat}"] = score.trick_scores[seat]
            row[f"total_{seat}"] = score.totals[seat]
        row[f"above_{seat}"] = result.written(seat, Line.ABOVE)
        row[f"below_{seat}"] = result.written(seat, Line.BELOW)
        row[f"game_below_{seat}"] = result.below[seat]
        row[f"games_{seat}"] = result.games[seat]
        row[f"running_total_{seat}"] = running[seat]
    row["note"] = hand.note
    return row


def _seat_facts(names: tuple[str, ...], hand: SeatHand) -> Row:
    """The recorded facts of a hand by seat (T3), with its roles by name (T3, T4)."""
    row: Row = {
        "bidder": _name(names, hand.bidder),
        "declarer": _name(names, hand.declarer),
        "active_defender": _name(names, hand.active_defender),
        "inactive": _name(names, hand.inactive),
        "inactive_with": _name(names, hand.inactive_partner),
        "trump": hand.trump.value,
        "double": hand.double.value,
        "doubler": _name(names, hand.doubler),
        "special": hand.special.value,
        "nullo_bidder": _name(names, hand.nullo_bidder),
    }
    for seat in range(len(names)):
        row[f"card_points_{seat}"] = hand.card_points[seat]
        row[f"melds_{seat}"] = hand.melds[seat]
        row[f"tricks_{seat}"] = "" if hand.tricks is None else hand.tricks[seat]
    return row


def _side_hand_facts(names: tuple[str, ...], hand: PlayedHand, seat_of: tuple[int, int]) -> Row:
    """A hand side against side in a game with a column per player, each side played by the
    seat ``seat_of`` gives it (the chouette's box, side 0, and the captain who plays for
    the team, side 1, C1); the seat left plays no cards and sides with side 1."""
    sitting_out = next(seat for seat in range(len(names)) if seat not in seat_of)
    row: Row = {
        "bidder": names[seat_of[hand.bidder]],
        "declarer": names[seat_of[hand.declarer]],
        "active_defender": names[seat_of[1 - hand.declarer]],
        "inactive": names[sitting_out],
        "inactive_with": names[seat_of[1]],
        "trump": hand.trump.value,
        "double": hand.double.value,
        "special": hand.special.value,
        "nullo_bidder": names[seat_of[hand.declarer]] if hand.special is Special.NULLO else "",
    }
    for side, seat in enumerate(seat_of):
        row[f"card_points_{seat}"] = hand.card_points[side]
        row[f"melds_{seat}"] = hand.melds[side]
        row[f"tricks_{seat}"] = "" if hand.tricks is None else hand.tricks[side]
    return row


def player_rubber_rows(sitting: Sitting, ledger: Ledger, *, sitting_label: str = "") -> list[Row]:
    """One row per rubber, keyed by :func:`player_rubber_columns` (of at least the
    sitting's number of players): totals and settlement per player (T15, C6, F6)."""
    rubbers: tuple[RubberResult, ...] = ledger.rubbers
    return [_rubber_row(sitting, rubber, sitting_label) for rubber in rubbers]


def _rubber_row(sitting: Sitting, rubber: RubberResult, label: str) -> Row:
    names = sitting.players
    roles, game = rubber.roles, find_game(sitting.variant)
    held = {} if roles is None else game.role_seats(roles)
    row: Row = {"sitting": label, "variant": game.value}
    row.update({f"player_{seat}": name for seat, name in enumerate(names)})
    row.update(
        {
            "rubber": rubber.number,
            "first_hand": rubber.hands[0].number,
            "last_hand": rubber.hands[-1].number,
            "game_winners": GAME_WINNERS_SEPARATOR.join(names[s] for s in rubber.game_winners),
            "finished": YES if rubber.finished else NO,
            "winner": _name(names, rubber.winner),
            **{role: names[held[role]] if role in held else "" for role in _ROLE_COLUMNS},
            "prison_waiting": rubber.hands[-1].prison_after,
        }
    )
    for seat in range(len(names)):
        counted = game.scores_with(roles, seat)  # the chouette's team's games (C5)
        row[f"games_{seat}"] = rubber.game_winners.count(counted)
        row[f"total_{seat}"] = rubber.totals[seat]
        row[f"settlement_{seat}"] = rubber.settlement[seat]
    return row
