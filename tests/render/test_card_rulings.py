"""The card lists every ruling the explanations cite (issue 41, item 11): a player who reads
"(R15)" under a thrown-in hand finds R15 on the printed card, in English and in German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jojotte_score.core.games import all_games
from jojotte_score.i18n import use_language
from jojotte_score.render.summary_card import CardRuling, card_blocks, variant_card_blocks

DATA = Path(__file__).resolve().parent.parent / "data"
EXPLAINED = sorted(DATA.glob("*.explain.*.txt"))
_CODE = re.compile(r"\b[RTCF]\d+\b")


def card_codes(language: str) -> set[str]:
    """The codes of the rulings on every page of the card ("R1", "T4", ...), as headed."""
    use_language(language)
    try:
        blocks = list(card_blocks())
        for game in all_games():
            if game.card_page is not None:
                blocks.extend(variant_card_blocks(game.variant))
        headings = [block.heading for block in blocks if isinstance(block, CardRuling)]
    finally:
        use_language("en")
    return {code for heading in headings for code in _CODE.findall(heading.partition(":")[0])}


@pytest.mark.parametrize("explained", EXPLAINED, ids=[path.name for path in EXPLAINED])
def test_each_ruling_an_explanation_cites_is_on_the_card(explained: Path) -> None:
    language = explained.name.split(".")[-2]
    cited = set(_CODE.findall(explained.read_text(encoding="utf-8")))
    assert cited, explained.name
    assert cited - card_codes(language) == set()


@pytest.mark.parametrize(
    ("language", "headings"),
    [
        ("en", ["R6: Unbid slam", "R7: Slam bid and made", "R15: Thrown-in deals"]),
        (
            "de",
            [
                "R6: Unangesagter Schlemm",
                "R7: Schlemm angesagt und gewonnen",
                "R15: Zusammengeworfene Spiele",
            ],
        ),
    ],
)
def test_the_first_page_lists_r1_to_r15_in_order(language: str, headings: list[str]) -> None:
    use_language(language)
    try:
        shown = [block.heading for block in card_blocks() if isinstance(block, CardRuling)]
        sentences = " ".join(
            " ".join(block.parts) for block in card_blocks() if isinstance(block, CardRuling)
        )
    finally:
        use_language("en")
    assert [heading.partition(":")[0] for heading in shown] == [f"R{n}" for n in range(1, 16)]
    assert [heading for heading in shown if heading in headings] == headings
    assert "100" in sentences  # R6's bonus
    assert "500" in sentences  # R7's
