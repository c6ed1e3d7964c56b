"""The random sittings behind the golden ledgers in ``tests/data/golden-ledgers/``.

Twenty sittings of each of the five ways to play, of up to 250 hands each, drawn from the
strategies of the property tests (``tests/strategies.py``, ``tests/strategies_three_player.py``):
thrown-in deals, Nullo and Slam made and failed, doubles and redoubles, ties that put points
in prison, and (with a low game target now and then) many rubbers, so that the chouette's
roles change often. Each sitting is drawn from its own seeded random, so the same code and
the same version of Hypothesis draw the same sittings, byte for byte.

The sitting files are the *inputs* of ``tests/formats/test_golden_ledgers.py`` and are written
once, by::

    python3 -m tests.formats.golden_sittings

which writes only the files that are missing (``--force`` replaces them all: then the golden
ledgers no longer pin the figures scored before, so never do it in the same change as a change
to the scoring). The ledgers, the expected *outputs*, are regenerated like every golden file
(see ``tests/golden.py``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from jojotte_score.core.games import find_game
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import (
    Hand,
    Rules,
    SeatDeal,
    Sitting,
    ThrownIn,
    Variant,
)
from jojotte_score.formats.sitting_file import dumps_sitting
from tests.strategies import PLAYERS, custom_rules, valid_hands
from tests.strategies_three_player import cutthroat_hands, three_player_hands

FOLDER = Path(__file__).resolve().parents[1] / "data" / "golden-ledgers"
GAMES = ("two-player", "partnership", "three-player", "chouette", "cutthroat")
SEEDS = range(1, 21)
MOST_HANDS = 250

_T = TypeVar("_T")
_H = TypeVar("_H", Hand, SeatDeal)
THROWN_IN_SHARE = 0.1


def _examples(strategy: st.SearchStrategy[_T], count: int, rng: random.Random) -> list[_T]:
    """``count`` values of ``strategy`` as a property test sees them, each once, in the order
    Hypothesis draws them from a seed taken from ``rng``."""
    drawn: list[_T] = []

    @seed(rng.getrandbits(64))
    @settings(
        database=None,
        deadline=None,
        max_examples=count,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value: _T) -> None:
        drawn.append(value)

    collect()
    return list({repr(value): value for value in drawn}.values())


def _hands(hand: st.SearchStrategy[_H], count: int, rng: random.Random) -> tuple[_H, ...]:
    """``count`` hands in a random order, about one in ten thrown in (Hypothesis draws the
    simple ones, thrown-in deals first, far more often than a table deals them)."""
    drawn = _examples(hand, 3 * count + 30, rng)
    thrown = [each for each in drawn if isinstance(each, ThrownIn)] or [ThrownIn()]
    played = [each for each in drawn if not isinstance(each, ThrownIn)]
    chosen: list[_H] = []
    for _ in range(count):
        if rng.random() < THROWN_IN_SHARE:
            chosen.append(rng.choice(thrown))
        else:
            chosen.append(played.pop(rng.randrange(len(played))) if played else rng.choice(drawn))
    return tuple(chosen)


def _rules(variant: Variant, rng: random.Random) -> Rules:
    """The game's standard rules three times in four, else overridden ones (some with a
    low game target, which makes many short rubbers)."""
    if rng.random() < 0.75:
        return find_game(variant).standard_rules
    return _examples(custom_rules(), 20, rng)[-1]


def _two_sided(variant: Variant) -> Callable[[random.Random, int], Sitting]:
    def build(rng: random.Random, count: int) -> Sitting:
        rules = _rules(variant, rng)
        hands = _hands(valid_hands(variant), count, rng)
        return Sitting(variant, PLAYERS[variant], hands, rules)

    return build


def _three_player(rng: random.Random, count: int) -> Sitting:
    rules = _rules(Variant.THREE_PLAYER, rng)
    hands = _hands(three_player_hands(), count, rng)
    return Sitting(Variant.THREE_PLAYER, ("Anna", "Bert", "Carl"), hands, rules)


def _cutthroat(rng: random.Random, count: int) -> Sitting:
    rules = _rules(Variant.CUTTHROAT, rng)
    hands = _hands(cutthroat_hands(), count, rng)
    return Sitting(Variant.CUTTHROAT, ("Anna", "Bert", "Carl", "Dave"), hands, rules)


def _chouette(rng: random.Random, count: int) -> Sitting:
    """Box against team (C8), any first roles, dealers unrecorded (C7 makes who may deal
    depend on each rubber's roles)."""
    rules = _rules(Variant.CHOUETTE, rng)
    hands = _hands(valid_hands(Variant.TWO_PLAYER), count, rng)
    box, captain = rng.choice([(b, c) for b in range(3) for c in range(3) if b != c])
    unrecorded = tuple(hand._replace(dealer=None) for hand in hands)
    roles = ChouetteRoles(box, captain)
    return Sitting(Variant.CHOUETTE, ("Anna", "Bert", "Carl"), unrecorded, rules, roles=roles)


_BUILDERS: dict[str, Callable[[random.Random, int], Sitting]] = {
    "two-player": _two_sided(Variant.TWO_PLAYER),
    "partnership": _two_sided(Variant.PARTNERSHIP),
    "three-player": _three_player,
    "chouette": _chouette,
    "cutthroat": _cutthroat,
}


def sitting_name(game: str, number: int) -> str:
    """The file name of sitting ``number`` of ``game``."""
    return f"{game}-{number:02d}.json"


def golden_sitting(game: str, number: int) -> Sitting:
    """Sitting ``number`` of ``game``: 1 to 250 hands, the same every time."""
    rng = random.Random(f"{game}-{number}")
    count = rng.randint(1, MOST_HANDS)
    return _BUILDERS[game](rng, count)


def main(argv: list[str] | None = None) -> int:
    """Write the missing sitting files (or, with --force, all of them)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="replace existing sitting files")
    args = parser.parse_args(argv)
    FOLDER.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        for number in SEEDS:
            target = FOLDER / sitting_name(game, number)
            if target.exists() and not args.force:
                continue
            text = dumps_sitting(golden_sitting(game, number))
            target.write_text(text, encoding="utf-8", newline="\n")
            print(target.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
