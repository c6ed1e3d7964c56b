"""The project's own exceptions and the problems they report."""

from __future__ import annotations

from typing import NamedTuple


class Problem(NamedTuple):
    """One thing wrong (or doubtful) with recorded input.

    ``hand`` is the 1-based hand number the problem belongs to, or ``None`` for the
    sitting as a whole. ``field`` names the offending field when there is one, so that
    an entry form can show the message beside it.
    """

    message: str
    hand: int | None = None
    field: str | None = None
    warning: bool = False

    def __str__(self) -> str:
        return self.describe()

    def describe(self, source: str = "") -> str:
        """One line: ``[warning: ][source: ][hand N: ]message``."""
        prefix = "warning: " if self.warning else ""
        where = f"{source}: " if source else ""
        if self.hand is not None:
            where += f"hand {self.hand}: "
        return f"{prefix}{where}{self.message}"


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
