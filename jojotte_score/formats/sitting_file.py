"""Sitting files: the JSON record of one sitting's players, rules and hands.

The format is described in ``docs/file-format.md`` and, as far as JSON Schema can say it,
in ``sitting.schema.json`` beside this module. The reader reports every problem in a file
at once. It finds the structural ones itself (types, keys, names); the rules of the game
come from the game's checks (:func:`jojotte_score.core.games.check_sitting`), so a
hand refused here is refused with the same words by the entry panel and the storage layer.

This module is the way in: a file opened (:mod:`~jojotte_score.formats.regular_files`),
its text decoded (:mod:`~jojotte_score.formats.json_text`), the sitting read
(:mod:`~jojotte_score.formats.sitting_reading`, with
:mod:`~jojotte_score.formats.sitting_header`, :mod:`~jojotte_score.formats.hand_data`
and :mod:`~jojotte_score.formats.individual_reading`) and written
(:mod:`~jojotte_score.formats.sitting_writing`); the file's vocabulary is in
:mod:`~jojotte_score.formats.sitting_keys`. Hands recorded by seat are read and written by
:mod:`jojotte_score.formats.seat_hands`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.model import Sitting
from jojotte_score.formats.hand_data import hand_from_data as hand_from_data
from jojotte_score.formats.hand_data import hand_to_data as hand_to_data
from jojotte_score.formats.hand_data import seat_hand_from_data as seat_hand_from_data
from jojotte_score.formats.json_text import decoded_sitting_file, decoded_sitting_text
from jojotte_score.formats.regular_files import check_regular_file as check_regular_file
from jojotte_score.formats.regular_files import open_regular_file
from jojotte_score.formats.sitting_keys import EARLIER_CHECKS_KEY as EARLIER_CHECKS_KEY
from jojotte_score.formats.sitting_keys import FORMAT_NAME as FORMAT_NAME
from jojotte_score.formats.sitting_keys import FORMAT_VERSION as FORMAT_VERSION
from jojotte_score.formats.sitting_keys import MAX_FILE_BYTES as MAX_FILE_BYTES
from jojotte_score.formats.sitting_keys import MAX_HANDS as MAX_HANDS
from jojotte_score.formats.sitting_keys import NEWEST_VERSION as NEWEST_VERSION
from jojotte_score.formats.sitting_keys import SCHEMA_FILE as SCHEMA_FILE
from jojotte_score.formats.sitting_keys import SITTING_ID_KEY as SITTING_ID_KEY
from jojotte_score.formats.sitting_keys import new_sitting_uuid as new_sitting_uuid
from jojotte_score.formats.sitting_keys import sitting_uuid as sitting_uuid
from jojotte_score.formats.sitting_reading import read_sitting
from jojotte_score.formats.sitting_writing import dumps_sitting as dumps_sitting
from jojotte_score.formats.sitting_writing import save_sitting as save_sitting
from jojotte_score.formats.sitting_writing import sitting_to_data as sitting_to_data
from jojotte_score.i18n import _


@dataclass(frozen=True, slots=True)
class LoadedSitting:
    """A sitting read from a file, with the warnings (doubtful but accepted input) found:
    a :class:`~jojotte_score.core.model.Sitting` of any game."""

    sitting: Sitting
    warnings: tuple[Problem, ...]
    earlier_checks: bool = False
    """Whether the file marks the sitting as recorded under earlier checks (see
    :mod:`~jojotte_score.formats.earlier_checks`): storing it tolerates the same problems."""
    uuid: str | None = None
    """The sitting's stable id (``"uuid"``, lower-case), None when the file has none."""


# Reading -------------------------------------------------------------------------------


def parse_sitting(data: object) -> LoadedSitting:
    """Build a sitting from decoded JSON; raises :class:`InvalidSittingError` with every problem."""
    return _parse_sitting(data, "")


def loads_sitting(text: str | bytes) -> LoadedSitting:
    """Build a sitting from JSON text (bytes must be UTF-8); raises :class:`InvalidSittingError`."""
    return _loads_sitting(text, "")


def load_sitting(path: Path) -> LoadedSitting:
    """Read a sitting file; problems are reported with ``source`` set to the file's name.

    Files over :data:`MAX_FILE_BYTES` are refused unread. A file that cannot be opened, or
    that is not a regular file (see :func:`check_regular_file`), raises :class:`OSError`.
    """
    with open_regular_file(path) as handle:
        data = decoded_sitting_file(handle, path.name)
    return _parse_sitting(data, path.name, consume=True)


def sitting_schema() -> dict[str, object]:
    """The JSON Schema (draft 2020-12) of the sitting file format, as shipped with the package."""
    from importlib import resources  # here, not at start-up, which reads no schema

    text = resources.files(__package__ or "jojotte_score.formats").joinpath(SCHEMA_FILE)
    schema: dict[str, object] = json.loads(text.read_text(encoding="utf-8"))
    return schema


def _loads_sitting(text: str | bytes, source: str) -> LoadedSitting:
    """The sitting in ``text``; its decoded JSON is this reader's own, let go as it is read."""
    return _parse_sitting(decoded_sitting_text(text, source), source, consume=True)


def _parse_sitting(data: object, source: str, *, consume: bool = False) -> LoadedSitting:
    """The sitting ``data`` holds; with ``consume``, ``data`` was decoded for this alone,
    and its hands are let go as they are read (see
    :func:`~jojotte_score.formats.sitting_reading.read_hands`)."""
    problems: list[Problem] = []
    try:
        sitting = read_sitting(data, problems, consume=consume)
    except RecursionError:  # Only reachable with decoded data built in Python.
        problems.append(Problem(_("the data nests lists or objects too deeply to read")))
        sitting = None
    errors = [p for p in problems if not p.warning]
    if sitting is None or errors:
        raise InvalidSittingError(errors, source)
    earlier = isinstance(data, dict) and data.get(EARLIER_CHECKS_KEY) is True
    sitting_id = sitting_uuid(data.get(SITTING_ID_KEY)) if isinstance(data, dict) else None
    return LoadedSitting(sitting, tuple(p for p in problems if p.warning), earlier, sitting_id)
