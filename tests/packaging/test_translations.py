"""The German catalogue: complete, with the same placeholders as English, compiled.

A message id the code marks but the catalogue lacks, an empty or fuzzy translation, or a
translation whose named placeholders differ from its source's fails here; so does a
``.mo`` that was not compiled again after its ``.po`` changed. To mend:
``python3 packaging/translations.py update``, translate, then ``... compile``.
"""

from __future__ import annotations

import string

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo

from .conftest import packaging_script

TOOL = packaging_script("translations")
LANGUAGES = TOOL.languages()


def _catalogue(language: str) -> Catalog:
    catalog: Catalog = TOOL.read_catalogue(TOOL.catalogue_path(language), language)
    return catalog


def _messages(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _forms(text: object) -> tuple[str, ...]:
    """A message's id or translation as its forms: one, or singular and plurals."""
    if isinstance(text, str):
        return (text,)
    return tuple(str(form) for form in text or ())  # type: ignore[attr-defined]


def _key(message: Message) -> tuple[str, str | None]:
    # Babel reads a compiled catalogue's context as bytes, a .po file's as text.
    context = message.context
    if isinstance(context, bytes):
        context = context.decode("utf-8")
    return _forms(message.id)[0], context


def test_german_is_a_catalogue() -> None:
    assert "de" in LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_message_is_in_the_catalogue(language: str) -> None:
    marked = {_key(message) for message in _messages(TOOL.extract())}
    catalogued = {_key(message) for message in _messages(_catalogue(language))}
    assert sorted(marked - catalogued, key=str) == [], "run packaging/translations.py update"
    assert sorted(catalogued - marked, key=str) == [], "run packaging/translations.py update"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_has_a_translation(language: str) -> None:
    untranslated = [
        _key(message)
        for message in _messages(_catalogue(language))
        if message.fuzzy or not _forms(message.string) or not all(_forms(message.string))
    ]
    assert untranslated == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    differing = []
    for message in _messages(_catalogue(language)):
        sources, forms = _forms(message.id), _forms(message.string)
        # The first form translates the singular (or the one id); every other the plural.
        expected = [_fields(sources[0])] + [_fields(sources[-1])] * (len(forms) - 1)
        if [_fields(form) for form in forms] != expected:
            differing.append(sources[0])
    assert differing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_catalogue_is_compiled_from_the_po_file(language: str) -> None:
    po = TOOL.catalogue_path(language)
    with po.with_suffix(".mo").open("rb") as file:
        shipped = read_mo(file)
    source = _catalogue(language)
    # A plural's forms are a tuple in a .po file, a list in a compiled catalogue.
    wanted = {
        _key(m): tuple(_forms(m.string)) for m in _messages(source) if m.string and not m.fuzzy
    }
    compiled = {_key(m): tuple(_forms(m.string)) for m in _messages(shipped)}
    assert compiled == wanted, "run ... compile"
