"""Deterministic, valid sitting files of any length, for benchmarks."""

from __future__ import annotations

import json
import random
from pathlib import Path

TRUMPS = ("clubs", "diamonds", "hearts", "spades")
MELDS = (0, 0, 0, 0, 20, 20, 40, 50, 100)


def hand_data(rng: random.Random, dealer: int) -> dict[str, object]:
    """One plausible hand in the sitting-file vocabulary."""
    roll = rng.random()
    if roll < 0.03:
        return {"thrown_in": True, "dealer": dealer}
    bidder = rng.randrange(2)
    if roll < 0.06:  # Nullo by the bidder's opponent
        taken = rng.choice((0, 1, 2))
        nullo_points = 0 if taken == 0 else 5 * rng.randrange(0, 13)
        points = [0, 0]
        points[1 - bidder] = nullo_points
        points[bidder] = 120 - nullo_points
        tricks = [0, 0]
        tricks[1 - bidder] = taken
        tricks[bidder] = 9 - taken
        return {
            "dealer": dealer,
            "bidder": bidder,
            "trump": rng.choice(TRUMPS),
            "special": "nullo",
            "card_points": points,
            "tricks": tricks,
        }
    trump = rng.choice((*TRUMPS, "no-trump"))
    deck = 120 if trump == "no-trump" else 155
    first = 5 * rng.randrange(1, deck // 5)
    hand: dict[str, object] = {
        "dealer": dealer,
        "bidder": bidder,
        "trump": trump,
        "card_points": [first, deck - first],
        "last_trick": rng.randrange(2),
    }
    # Only one side scores each class of melds, so one side's melds stand for both classes.
    melds = [0, 0]
    melds[rng.randrange(2)] = rng.choice(MELDS)
    hand["melds"] = melds
    if rng.random() < 0.1:
        hand["double"] = rng.choice(("double", "double", "redouble"))
    if trump != "no-trump" and rng.random() < 0.25:
        hand["jojotte"] = rng.randrange(2)
    return hand


def sitting_data(hands: int, seed: int = 1937) -> dict[str, object]:
    """A two-player sitting of ``hands`` hands, the same for the same seed."""
    rng = random.Random(seed)
    return {
        "format": "jojotte-sitting",
        "version": 1,
        "variant": "two-player",
        "players": ["Anna", "Bert"],
        "hands": [hand_data(rng, number % 2) for number in range(hands)],
    }


def write_sitting(path: Path, hands: int, seed: int = 1937) -> Path:
    """Write a generated sitting file and return its path."""
    path.write_text(json.dumps(sitting_data(hands, seed)), encoding="utf-8")
    return path
