"""Keep the translation catalogues in step with the code (a development tool; uses Babel).

    python3 packaging/translations.py update    # extract the code's messages into each .po
    python3 packaging/translations.py compile   # compile each .po into the .mo that ships

``update`` adds each new message id with an empty translation and drops the ones the code no
longer has; translate the new ones in ``resources/locale/<language>/LC_MESSAGES/
jojotte_score.po``, then ``compile``. tests/test_translations.py fails when a message has
no translation, when a translation's placeholders differ from its source's, or when a
``.mo`` is older than its ``.po``.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "jojotte_score"
LOCALE = ROOT / "resources" / "locale"
DOMAIN = "jojotte_score"
TRANSLATORS_TAG = "Translators:"
PROJECT = "jojotte-score"
LANGUAGE_TEAMS = {"de": "German"}


def catalogue_path(language: str) -> Path:
    """The ``.po`` file of ``language``."""
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """The languages with a catalogue."""
    return sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> Catalog:
    """Every message the code marks, with where it is and its translators' comments."""
    template = Catalog(project=PROJECT, fuzzy=False)
    found = extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=DEFAULT_KEYWORDS,
        comment_tags=(TRANSLATORS_TAG,),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        where = (f"jojotte_score/{filename}", lineno)
        template.add(message, None, [where], auto_comments=comments, context=context)
    return template


def read_catalogue(path: Path, language: str) -> Catalog:
    """The catalogue in ``path`` (or an empty one for ``language``)."""
    if not path.exists():
        return Catalog(
            locale=language,
            project=PROJECT,
            version="",
            copyright_holder="the jojotte-score developers",
            last_translator="the jojotte-score developers",
            language_team=LANGUAGE_TEAMS[language],
            fuzzy=False,
        )
    with path.open("rb") as file:
        return read_po(file, locale=language)


def write_catalogue(catalog: Catalog, path: Path) -> None:
    """Write ``catalog`` as a ``.po`` file, in the code's order."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, ignore_obsolete=True, include_previous=False)
    path.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    """``catalog`` as ``.mo`` bytes (fuzzy messages are left out, as msgfmt does)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update(language: str) -> Path:
    """Bring ``language``'s catalogue in step with the code's messages."""
    path = catalogue_path(language)
    catalog = read_catalogue(path, language)
    template = extract()
    template.creation_date = catalog.creation_date  # a header that changes only by hand
    catalog.update(template, no_fuzzy_matching=True)
    write_catalogue(catalog, path)
    return path


def compile_catalogue(language: str) -> Path:
    """Compile ``language``'s ``.po`` into the ``.mo`` the program reads."""
    path = catalogue_path(language)
    target = path.with_suffix(".mo")
    target.write_bytes(compiled(read_catalogue(path, language)))
    return target


def main(argv: list[str] | None = None) -> int:
    """Run ``update`` or ``compile`` for every language (or the ones named)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["update", "compile"])
    parser.add_argument("language", nargs="*", help="default: every language with a catalogue")
    args = parser.parse_args(argv)
    for language in args.language or languages():
        done = update(language) if args.action == "update" else compile_catalogue(language)
        print(f"{args.action}: {done.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
