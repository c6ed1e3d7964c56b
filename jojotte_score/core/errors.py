"""The project's own exceptions, the problems they report, and how their lists are worded."""

from collections.abc import Sequence
from typing import NamedTuple

from jojotte_score.i18n import _


def comma_list(items: Sequence[str]) -> str:
    """Items separated as the language separates a list: "A, B, C"."""
    # Translators: the separator between the items of a list ("Anna +40, Bert -10").
    return _(", ").join(items)


def and_list(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=comma_list(items[:-1]), last=items[-1])


def or_list(items: Sequence[str]) -> str:
    """ "A", "A or B", "A, B or C"."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} or {last}").format(items=comma_list(items[:-1]), last=items[-1])


class Problem(NamedTuple):
    """One thing wrong (or doubtful) with recorded input.

    ``message`` is in the language spoken when the problem was found. ``hand`` is the
    1-based hand number the problem belongs to, or ``None`` for the sitting as a whole.
    ``field`` names the offending field when there is one (a key of the sitting file, never
    translated), so that an entry form can show the message beside it.
    """

    message: str
    hand: int | None = None
    field: str | None = None
    warning: bool = False

    def __str__(self) -> str:
        return self.describe()

    def describe(self, source: str = "") -> str:
        """One line: ``[warning: ][source: ][hand N: ]message``."""
        text = self.message
        if self.hand is not None:
            text = _("hand {number}: {message}").format(number=self.hand, message=text)
        if source:
            # Translators: a problem found in a file or a sitting, after its name.
            text = _("{source}: {message}").format(source=source, message=text)
        if self.warning:
            text = _("warning: {message}").format(message=text)
        return text


class JojotteError(Exception):
    """Base class of every error this project raises on purpose."""


class InvalidSittingError(JojotteError):
    """Recorded input that cannot be scored; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...], source: str = "") -> None:
        self.problems = tuple(problems)
        self.source = source
        super().__init__(self.problems, source)

    def __str__(self) -> str:
        return self.describe()

    def describe(self) -> str:
        """All problems, one per line, each prefixed with the source when known."""
        return "\n".join(p.describe(self.source) for p in self.problems)
