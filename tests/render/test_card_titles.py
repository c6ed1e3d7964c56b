"""Each game finds its own figures on the scoring card: the first page's title names the
games it is for, and cutthroat's page says what the rulings T1-T16 it cites are (issue
24, item 14)."""

from __future__ import annotations

import pytest

from jojotte_score.core.games import find_game
from jojotte_score.core.model import Variant
from jojotte_score.render.summary_card import (
    CardRuling,
    layout_card,
    layout_variant_card,
    variant_card_blocks,
)
from tests.render.test_page_layout import metrics

TITLES = {
    Variant.TWO_PLAYER: "Jo-Jotte scoring card: two players and partnerships",
    Variant.PARTNERSHIP: "Jo-Jotte scoring card: two players and partnerships",
    Variant.THREE_PLAYER: "Jo-Jotte scoring card: three players",
    Variant.CHOUETTE: "Jo-Jotte scoring card: the chouette",
    Variant.CUTTHROAT: "Jo-Jotte scoring card: cutthroat, four players",
}


@pytest.mark.parametrize("variant", list(TITLES))
def test_the_page_of_each_games_figures_names_the_game(variant: Variant) -> None:
    m = metrics("A4")
    page = (
        layout_card(m) if find_game(variant).card_page is None else layout_variant_card(m, variant)
    )
    assert page.texts()[0].text == TITLES[variant]


def test_cutthroat_says_what_t1_to_t16_are() -> None:
    sentences = [
        sentence
        for block in variant_card_blocks(Variant.CUTTHROAT)
        if isinstance(block, CardRuling)
        for sentence in block.parts
        if "T1-T16" in sentence
    ]
    assert sentences == [
        "The dealer deals to the other three, who play the three-player game (T1-T16: its "
        "rulings, on the three-player page of the scoring card). He plays no cards and has no "
        "other role."
    ]
