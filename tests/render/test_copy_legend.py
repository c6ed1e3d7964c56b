"""The copy mark's legend on a pad with a column per player: it names the mark, "=", and no
figure (it read "= 60 is a copy", a 60 the pad need not hold), and who copies whom in the
rulings' words: the inactive player copies his partner (T8); in cutthroat the dealer, who
sits out the hand (F2), copies the inactive player (F3), where the legend said "the player
who sits out" of both; the chouette's partner copies the captain (C4)."""

from __future__ import annotations

import pytest

from jojotte_score.core.games import all_games, replay
from jojotte_score.core.model import Variant
from jojotte_score.render.sheet_layout import layout_sheet
from jojotte_score.render.sheet_words import copy_legend
from tests.render.test_sheet_layout import METRICS
from tests.stored_examples import example_sitting

LEGENDS = {
    (Variant.THREE_PLAYER, "en"): (
        "= before a figure marks a copy: the inactive player copies his partner (T8)"
    ),
    (Variant.THREE_PLAYER, "de"): (
        "= vor einer Zahl kennzeichnet eine Kopie: Der inaktive Spieler bekommt dasselbe wie "
        "sein Partner (T8)"
    ),
    (Variant.CUTTHROAT, "en"): (
        "= before a figure marks a copy: the inactive player copies his partner (T8), and the "
        "dealer copies the inactive player (F3)"
    ),
    (Variant.CUTTHROAT, "de"): (
        "= vor einer Zahl kennzeichnet eine Kopie: Der inaktive Spieler bekommt dasselbe wie "
        "sein Partner (T8), der Geber dasselbe wie der inaktive Spieler (F3)"
    ),
    (Variant.CHOUETTE, "en"): (
        "= before a figure marks a copy: the partner copies the captain's score (C4)"
    ),
    (Variant.CHOUETTE, "de"): (
        "= vor einer Zahl kennzeichnet eine Kopie: Der Partner bekommt dasselbe wie der "
        "Kapitän (C4)"
    ),
}


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> str:
    """The language the legend is written in."""
    if request.param == "de":
        request.getfixturevalue("german")
    return str(request.param)


@pytest.mark.parametrize("variant", [Variant.THREE_PLAYER, Variant.CUTTHROAT, Variant.CHOUETTE])
def test_the_legend_names_the_mark_and_who_copies_whom(variant: Variant, language: str) -> None:
    assert copy_legend(variant) == LEGENDS[variant, language]


def test_every_game_that_copies_has_its_legend_here() -> None:
    """A game of the registry with copies and no row above would print a legend untested."""
    copying = {game.value for game in all_games() if game.copy_legend is not None}
    assert copying == {variant for variant, _language in LEGENDS}


@pytest.mark.parametrize("variant", [Variant.THREE_PLAYER, Variant.CUTTHROAT, Variant.CHOUETTE])
def test_the_example_pads_legend_names_no_figure(variant: Variant) -> None:
    """The worked examples' pads: the legend under the copies holds no digit but its
    rulings', whatever figures were copied."""
    sheet = layout_sheet(replay(example_sitting(variant.value)), 1, METRICS)
    copies = {t.text for t in sheet.texts("entry") if t.copied}
    assert copies  # "= 20", "= 100", ...
    legend = " ".join(t.text for t in sheet.texts("label") if t.hand is None)
    start = legend.index("= ")
    words = legend[start:].replace("\u00a0", " ")
    assert words == LEGENDS[variant, "en"]
