"""What every game's hand in a sitting file is read by first: a JSON object, played or
thrown in (``"thrown_in": true``). A thrown-in deal holds the same keys in every game and
is read here; a played hand is read by its kind's own reader
(:mod:`~jojotte_score.formats.hand_data` side against side,
:mod:`~jojotte_score.formats.seat_hands` by seat)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from jojotte_score.core.errors import Problem
from jojotte_score.core.model import ThrownIn
from jojotte_score.formats.json_fields import NOT_IN_THROWN_IN, SEAT, FieldReader, show
from jojotte_score.i18n import _

THROWN_IN_KEYS: Final = ("thrown_in", "dealer", "note")
"""The keys of a thrown-in deal, in every game."""

Played = TypeVar("Played")


def read_deal(
    data: object,
    number: int,
    problems: list[Problem],
    reader: FieldReader,
    played_keys: tuple[str, ...],
    read_played: Callable[[FieldReader], Played | None],
) -> Played | ThrownIn | None:
    """Hand ``number``, read by ``reader`` with its problems noted in ``problems``: a
    thrown-in deal (a key of ``played_keys`` in it is refused as not belonging there), else
    a played hand as ``read_played`` reads it. None when its structure is not sound."""
    if not isinstance(data, dict):
        message = _("a hand must be a JSON object {{...}}, not {value}")
        problems.append(Problem(message.format(value=show(data)), number))
        return None
    reader.read(data, problems, number)
    thrown_in = data.get("thrown_in", False)
    if not isinstance(thrown_in, bool):
        message = _("thrown_in must be true or false, not {value}")
        reader.error(message.format(value=show(thrown_in)), "thrown_in")
    if thrown_in is True:
        return _read_thrown_in(reader, played_keys)
    hand = read_played(reader)
    return hand if reader.ok else None


def _read_thrown_in(reader: FieldReader, played_keys: tuple[str, ...]) -> ThrownIn | None:
    reader.check_keys(THROWN_IN_KEYS, NOT_IN_THROWN_IN, played_keys)
    dealer = reader.integer("dealer", SEAT, nullable=True)
    note = reader.text("note", "")
    if not reader.ok or note is None:
        return None
    return ThrownIn(dealer=dealer, note=note)
