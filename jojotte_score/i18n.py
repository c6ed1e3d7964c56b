"""The program's one translation system: GNU gettext through the standard library.

Every text a person reads (the core's explanations and messages, the command line, the
window, the printed sheets) goes through the functions here, so the core and the command
line translate without Qt. English is the source language; the catalogues are
``resources/locale/<language>/LC_MESSAGES/jojotte_score.mo``, compiled from the ``.po``
files beside them by ``python3 packaging/translations.py compile``.

How to mark a text:

- ``_("{player} scores {points} above").format(player=name, points=points)``: one whole
  sentence per message id, with named placeholders, so German can order the words its own
  way. Never glue translated pieces together.
- ``ngettext("{count} hand", "{count} hands", count).format(count=count)`` for plurals.
- ``pgettext("suit", "Hearts")`` where one English word needs two German ones.
- ``N_("Trump")`` marks a text kept in a table at import time; translate it where it is
  shown, with ``_(text)``. Nothing is translated at import time.

Which language: ``use_language(None)`` follows the system (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``, as gettext reads them); ``use_language("de")`` chooses one.
The choice is the process's, as gettext's own is; tests switch it with a fixture.
``with speaking("de"):`` speaks a language for the code run inside it only, in this thread
(the words of the shared page, rendered for each phone's language while the window keeps
its own).
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:  # Start-up imports no more than it needs (tests/gui/window/test_startup.py).
    from contextvars import ContextVar, Token
    from datetime import date
    from types import TracebackType

DOMAIN = "jojotte_score"
"""The catalogues' name (their files are ``<DOMAIN>.mo``)."""

SOURCE_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
"""The languages the program speaks, each named in itself (as the language menu shows it)."""

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

# Numbers and dates by language: the decimal mark, and the date as a person writes it.
_DECIMAL_MARK = {"en": ".", "de": ","}
_DATE_FORMAT = {"en": "{year:04}-{month:02}-{day:02}", "de": "{day:02}.{month:02}.{year:04}"}
"""Each language's dates, as ``strftime``'s ``%Y-%m-%d`` and ``%d.%m.%Y`` write them (from
the year 1000 on), filled in by ``str.format``: ``date.strftime`` imports ``time`` at each
call, through the ``__import__`` that PySide6 replaces with one in Python, so the 100 days
of the Ratings page's plot took 3.8 M of the first show's 190 M instructions."""


class _Speaking:
    """The language spoken now and its catalogue."""

    def __init__(self) -> None:
        self.language = SOURCE_LANGUAGE
        self.translations = gettext.NullTranslations()
        self.unusable: set[str] = set()  # catalogues found unusable, each reported once


_speaking = _Speaking()

# The language spoken in this thread or task when ``speaking`` chose one: a context variable
# made the first time it is used, so that start-up imports nothing for it.
_local: ContextVar[_Speaking] | None = None


def locale_dir() -> Path:
    """The folder of the compiled catalogues (``<language>/LC_MESSAGES/jojotte_score.mo``)."""
    from importlib import resources  # only for another language than English (start-up)

    return Path(str(resources.files("jojotte_score.resources") / "locale"))


def system_language(environ: Mapping[str, str]) -> str:
    """The language the system asks for, of those the program speaks.

    As GNU gettext reads them: ``LANGUAGE`` (a list, "fr:de"), then the first of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set ("de_AT.UTF-8" is German). "C" and
    "POSIX", and a language the program does not speak, are English.
    """
    candidates: list[str] = []
    for variable in _LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        if variable == "LANGUAGE":
            candidates.extend(value.split(":"))
            continue
        candidates.append(value)
        break
    for candidate in candidates:
        code = candidate.split(".")[0].split("@")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return SOURCE_LANGUAGE


def use_language(code: str | None, environ: Mapping[str, str] | None = None) -> str:
    """Speak ``code`` ("de", "en") from now on, or the system's language when None.

    Returns the language chosen. ``environ`` defaults to the process environment (read now).
    An unknown code raises ValueError naming the languages there are.
    """
    if code is None:
        import os

        code = system_language(os.environ if environ is None else environ)
    if code not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise ValueError(f"no language {code!r}: the languages are {known}")
    if code == SOURCE_LANGUAGE:
        translations: gettext.NullTranslations = gettext.NullTranslations()
    else:
        translations = _catalogue(code)
    _speaking.language = code
    _speaking.translations = translations
    return code


def catalogue_path(code: str) -> Path:
    """Where the compiled catalogue of the language ``code`` is."""
    return locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _catalogue(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code``; English (no translations) when it cannot be used.

    A catalogue missing from a broken install leaves the program in English, quietly, as
    gettext does. One that is there but unusable (empty, cut short, not a catalogue, a
    folder, a named pipe) does too, with one line on stderr saying so. Only a regular file
    is read: the file is opened without waiting (a named pipe would block a plain open until
    something writes to it) and checked before a byte is read.
    """
    import os
    import stat

    path = catalogue_path(code)
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return gettext.NullTranslations()
    except OSError as error:
        _unusable(path, error.strerror or str(error))
        return gettext.NullTranslations()
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        _unusable(path, N_("not a regular file"))
        return gettext.NullTranslations()
    with open(handle, "rb") as file:
        try:
            return gettext.GNUTranslations(file)
        except Exception as error:  # whatever a damaged file makes the parser raise
            _unusable(path, f"{type(error).__name__}: {error}")
            return gettext.NullTranslations()


def _unusable(path: Path, reason: str) -> None:
    """Say once per catalogue, on stderr, that it cannot be used and English is spoken."""
    import sys

    if str(path) in _speaking.unusable:
        return
    _speaking.unusable.add(str(path))
    # Said in English: the catalogue that would translate it is the one that cannot be used.
    message = N_(
        "jojotte-score: the catalogue {file} cannot be used ({reason}); "
        "the program stays in English"
    )
    print(message.format(file=path, reason=reason), file=sys.stderr)


class speaking:
    """Speak ``code`` inside a ``with`` block, in this thread only; the process's language
    (:func:`use_language`) stays as it was for every other thread and after the block.

    An unknown code raises ValueError, as :func:`use_language` does. Each language's
    catalogue is read once and kept.
    """

    _catalogues: ClassVar[dict[str, _Speaking]] = {}

    def __init__(self, code: str) -> None:
        if code not in LANGUAGES:
            known = ", ".join(LANGUAGES)
            raise ValueError(f"no language {code!r}: the languages are {known}")
        self.code = code
        self._token: Token[_Speaking] | None = None

    def __enter__(self) -> str:
        global _local
        if _local is None:
            from contextvars import ContextVar

            _local = ContextVar("jojotte_score_speaking", default=_speaking)
        chosen = self._catalogues.get(self.code)
        if chosen is None:
            chosen = _Speaking()
            chosen.language = self.code
            if self.code != SOURCE_LANGUAGE:
                chosen.translations = _catalogue(self.code)
            self._catalogues[self.code] = chosen
        self._token = _local.set(chosen)
        return self.code

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if _local is not None and self._token is not None:
            _local.reset(self._token)
            self._token = None


def _spoken() -> _Speaking:
    """The language spoken here: the one ``speaking`` chose in this context, else the
    process's."""
    return _speaking if _local is None else _local.get()


def current_language() -> str:
    """The language spoken now ("en", "de")."""
    return _spoken().language


def _(message: str) -> str:
    """``message`` in the current language."""
    # Inlined, not _spoken(): the words of every view pass through here.
    return (_speaking if _local is None else _local.get()).translations.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (a table's text)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural of a message, as ``count`` needs in the current language."""
    return (_speaking if _local is None else _local.get()).translations.ngettext(
        singular, plural, count
    )


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells two meanings apart."""
    return (_speaking if _local is None else _local.get()).translations.pgettext(context, message)


def format_decimal(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals and the language's decimal mark: "2.5", "2,5"."""
    text = f"{value:.{places}f}"
    return text.replace(".", _DECIMAL_MARK[current_language()])


MINUS = "\u2212"
"""The minus sign a person reads (a true minus, as wide as the plus); files keep ASCII "-"."""


FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"
_ISOLATE_CONTROLS = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))
# The bidirectional classes that can turn the text beside a name round: right-to-left
# letters, Arabic numbers and the explicit embeddings, overrides and isolates.
_TURNING = frozenset(
    {"R", "AL", "AN", "RLE", "RLO", "LRE", "LRO", "PDF", "RLI", "LRI", "FSI", "PDI"}
)


def isolated(name: str) -> str:
    """A player's name as it is shown among other words and figures: between U+2068 FIRST
    STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE when it holds anything that could
    turn the text beside it round (a right-to-left letter, an override such as U+202E, as
    names stored by an earlier release may hold), so that "Anna wins by 100" keeps its
    order whatever the name; any other name as it is. The isolates inside such a name are
    left out, so that none can end the isolate early; the closing one also ends every
    embedding and override the name opens. Files keep the name as stored."""
    if name.isascii():  # no ASCII character turns text round
        return name
    import unicodedata  # only a name beyond ASCII pays for the import (start-up's budget)

    if all(unicodedata.bidirectional(character) not in _TURNING for character in name):
        return name
    return FIRST_STRONG_ISOLATE + name.translate(_ISOLATE_CONTROLS) + POP_DIRECTIONAL_ISOLATE


def format_signed(value: int) -> str:
    """A result with its sign, as every view and page shows it: "+120", "0", "\u221260" (a
    true minus). Files (CSV, JSON, the command line's machine output) write ``f"{value:+d}"``."""
    if value > 0:
        return f"+{value}"
    return f"{MINUS}{-value}" if value < 0 else "0"


def format_signed_decimal(value: float, places: int = 1) -> str:
    """A signed decimal as :func:`format_signed` writes a whole number, with the language's
    decimal mark: "+2.5", "\u22120,5"; a value that rounds to nought has no sign, as 0 has
    none: "0.0", never "\u22120.0"."""
    shown = round(value, places)
    sign = "+" if shown > 0 else MINUS if shown < 0 else ""
    return sign + format_decimal(abs(shown), places)


def format_date(day: date) -> str:
    """A calendar date as the language writes it: "2026-11-23", "23.11.2026"."""
    return _DATE_FORMAT[current_language()].format(year=day.year, month=day.month, day=day.day)


# Where Letter is the usual paper (as glibc's LC_PAPER has it); A4 everywhere else.
_LETTER_TERRITORIES = frozenset({"US", "CA", "MX", "PR", "PH", "CL", "CO", "VE", "CR", "GT"})


def locale_paper(environ: Mapping[str, str]) -> str:
    """The paper the system's locale uses: "Letter" in the Americas' Letter countries, else
    "A4" (read as glibc does: ``LC_ALL``, then ``LC_PAPER``, then ``LANG``)."""
    for variable in ("LC_ALL", "LC_PAPER", "LANG"):
        value = environ.get(variable, "")
        if value:
            territory = value.split(".")[0].split("@")[0].partition("_")[2].upper()
            return "Letter" if territory in _LETTER_TERRITORIES else "A4"
    return "A4"
