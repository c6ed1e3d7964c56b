"""Who doubled and who redoubled, named in every game's explanation (issue 24, item 11).

The side that did not bid (two players, partnerships, the chouette's box and captain) or the
player who doubled (three players, cutthroat) doubles; the bidder redoubles. The explanation
names each for what he did, in English and in German.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from jojotte_score.core.games import explain_ledger, replay
from jojotte_score.core.model import AnyHand, Doubling, PlayedHand, SeatHand, Sitting, Special
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.i18n import use_language

DATA = Path(__file__).resolve().parent.parent / "data"
# One worked example of each of the five games.
EXAMPLES = (
    "german-example",
    "partnership-example",
    "three-player-example",
    "chouette-example",
    "cutthroat-example",
)


def _first_contract(example: str, double: Doubling) -> tuple[Sitting, int]:
    """The example's sitting up to its first played suit contract, recorded with ``double``
    (a three-player double by the active defender), and that hand's number."""
    sitting = load_sitting(DATA / f"{example}.json").sitting
    assert isinstance(sitting, Sitting)
    for index, hand in enumerate(sitting.hands):
        if getattr(hand, "special", None) is not Special.NONE:
            continue
        changed: AnyHand
        if isinstance(hand, SeatHand):
            doubler = hand.doubler if hand.doubler is not None else hand.active_defender
            changed = hand._replace(double=double, doubler=doubler)
        else:
            assert isinstance(hand, PlayedHand)
            changed = hand._replace(double=double)
        hands = (*sitting.hands[:index], changed)
        return replace(sitting, hands=hands), index + 1
    raise AssertionError(f"{example} has no suit contract")


def _contract_line(example: str, double: Doubling) -> str:
    sitting, number = _first_contract(example, double)
    text = explain_ledger(replay(sitting), number)
    return next(line for line in text.splitlines() if re.search(" (?:bids?|sagt|sagen) ", line))


@pytest.mark.parametrize("example", EXAMPLES)
def test_a_redoubled_contract_names_the_doubler_and_the_bidder_who_redoubled(
    example: str,
) -> None:
    use_language("en")
    line = _contract_line(example, Doubling.REDOUBLE)
    found = re.search(r"(\S.*?) bids? \w+, doubled by (.+?) and redoubled by (.+?) \(×4\)", line)
    assert found, line
    bidder, doubler, redoubler = found.group(1).split(": ")[-1], found.group(2), found.group(3)
    assert redoubler == bidder
    assert doubler != bidder


@pytest.mark.parametrize("example", EXAMPLES)
def test_a_doubled_contract_names_who_doubled(example: str) -> None:
    use_language("en")
    line = _contract_line(example, Doubling.DOUBLE)
    found = re.search(r"(\S.*?) bids? \w+, doubled by (.+?) \(×2\)", line)
    assert found, line
    assert found.group(2) != found.group(1).split(": ")[-1]


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_german_explanation_names_the_doubler_and_the_redoubler(example: str) -> None:
    use_language("de")
    try:
        line = _contract_line(example, Doubling.REDOUBLE)
    finally:
        use_language("en")
    said = r"(\S.*?) (?:sagt|sagen) .*, von (.+?) kontriert und von (.+?) rekontriert \(×4\)"
    found = re.search(said, line)
    assert found, line
    assert found.group(3) == found.group(1).split(": ")[-1]
    assert found.group(2) != found.group(3)


def test_two_players_name_the_defender_who_doubled() -> None:
    # German rules, note 3: B doubled A's clubs.
    use_language("en")
    sitting = load_sitting(DATA / "german-example.json").sitting
    text = explain_ledger(replay(sitting), 3)
    assert text.splitlines()[0] == "Hand 3 (rubber 1, game 2): A bids clubs, doubled by B (×2)."
