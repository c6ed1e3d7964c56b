"""Deterministic, valid sitting files of any length and of each way to play, for benchmarks.

``sitting_data(hands, seed)`` is a two-player sitting (the same as it always was for the same
seed); ``variant=`` names another way to play by its sitting-file value: ``"partnership"``,
``"three-player"``, ``"chouette"`` or ``"cutthroat"``. Every hand is one the sitting-file
reader and the storage import accept (docs/file-format.md), without slams.

``kept_history(kind, sittings, hands)`` is a database of that many generated two-player
sittings (``build_history``; with ``variants=`` the ways to play named, in turn), built once
and kept for later runs, and ``history_copy`` a copy of it to measure on, so that what a
run records leaves the kept one as built.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

# The package of this checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jojotte_score.formats.sitting_file import parse_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import NotADatabaseError
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.schema import SCHEMA_VERSION
from jojotte_score.storage.sittings import SittingStore

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


def partnership_hand_data(rng: random.Random, dealer: int) -> dict[str, object]:
    """One plausible hand of four players in partnerships: eight tricks a hand."""
    hand = hand_data(rng, dealer)
    tricks = hand.get("tricks")
    if isinstance(tricks, list):  # Nullo: the bidder's side takes the tricks the other did not
        taken = min(tricks)
        hand["tricks"] = [8 - taken if count != taken else taken for count in tricks]
    return hand


def chouette_hand_data(rng: random.Random) -> dict[str, object]:
    """One plausible chouette hand: a two-player hand of the box (side 0) against the team
    (side 1). The dealer is left out: it must be the rubber's box or captain (C7), whose
    roles turn with the rubbers' winners (C3), and a hand need not record it."""
    hand = hand_data(rng, 0)
    del hand["dealer"]
    return hand


def seat_hand_data(rng: random.Random, dealer: int, seats: int) -> dict[str, object]:
    """One plausible hand recorded by seat (T3): the three-player game, or cutthroat with
    four ``seats``, where the dealer sits out (F2)."""
    playing = [seat for seat in range(seats) if seats == 3 or seat != dealer]
    roll = rng.random()
    if roll < 0.03:
        return {"thrown_in": True, "dealer": dealer}
    bidder, defender, inactive = rng.sample(playing, 3)
    points = [0] * seats
    hand: dict[str, object] = {"dealer": dealer, "bidder": bidder}
    if roll < 0.06:  # Nullo, bid by another player than the one who named the trump
        declarer, defender = defender, inactive
        taken = rng.choice((0, 1, 2))
        points[declarer] = 0 if taken == 0 else 5 * rng.randrange(1, 8)
        points[defender] = 5 * rng.randrange(10, 17)
        tricks = [0] * seats
        tricks[declarer], tricks[defender] = taken, 9 - taken
        hand.update(
            trump=rng.choice(TRUMPS),
            special="nullo",
            nullo_bidder=declarer,
            active_defender=defender,
            card_points=points,
            tricks=tricks,
        )
        return hand
    trump = rng.choice((*TRUMPS, "no-trump"))
    points[bidder] = 5 * rng.randrange(4, 15)
    points[defender] = 5 * rng.randrange(4, 9)
    hand.update(trump=trump, active_defender=defender, card_points=points)
    hand["last_trick"] = rng.choice((bidder, defender))
    melds = [0] * seats
    melds[rng.choice((bidder, defender))] = rng.choice(MELDS)
    hand["melds"] = melds
    if rng.random() < 0.1:  # the active defender doubles; the inactive player sides
        hand.update(double="double", doubler=defender)
        hand["sides_with"] = rng.choice(("declarer", "defender"))
    if trump != "no-trump" and rng.random() < 0.25:
        hand["jojotte"] = rng.choice((bidder, defender))
    return hand


PLAYERS = {
    "two-player": ("Anna", "Bert"),
    "partnership": ("Anna", "Bert", "Carl", "Dora"),
    "three-player": ("Anna", "Bert", "Carl"),
    "chouette": ("Anna", "Bert", "Carl"),
    "cutthroat": ("Anna", "Bert", "Carl", "Dora"),
}
"""The players of a generated sitting of each way to play, by its sitting-file value."""


def sitting_data(hands: int, seed: int = 1937, variant: str = "two-player") -> dict[str, object]:
    """A sitting of ``hands`` hands of ``variant`` (its sitting-file value), the same for
    the same seed; the dealer passes clockwise (left out in the chouette)."""
    rng = random.Random(seed)
    players = PLAYERS[variant]
    seats = len(players)
    data: dict[str, object] = {
        "format": "jojotte-sitting",
        "version": 1 if variant in ("two-player", "partnership") else 2,
        "variant": variant,
        "players": list(players),
    }
    if variant == "two-player":
        data["hands"] = [hand_data(rng, number % 2) for number in range(hands)]
    elif variant == "partnership":
        data["hands"] = [partnership_hand_data(rng, number % 4) for number in range(hands)]
    elif variant == "chouette":
        data["chouette"] = {"box": 0, "captain": 1}
        data["hands"] = [chouette_hand_data(rng) for _ in range(hands)]
    else:
        data["hands"] = [seat_hand_data(rng, number % seats, seats) for number in range(hands)]
    return data


def write_sitting(path: Path, hands: int, seed: int = 1937, variant: str = "two-player") -> Path:
    """Write a generated sitting file and return its path."""
    path.write_text(json.dumps(sitting_data(hands, seed, variant)), encoding="utf-8")
    return path


NAMES = ("Anna", "Bert", "Carl", "Dora", "Erik", "Fritz", "Greta", "Hanna", "Ilse", "Jost")
"""The circle the stored histories' two-player sittings draw their players from."""
PLACES = ("", "", "Berlin", "Hamburg", "Café Kranzler", "Potsdam")
"""Where the stored histories' sittings were played ("" for none)."""


def build_history(
    path: Path, sittings: int, hands: int, variants: tuple[str, ...] = ("two-player",)
) -> float:
    """Fill a new database with generated sittings of ``variants`` (sitting-file values,
    one after the other) between players drawn from :data:`NAMES`, with titles and places;
    returns the seconds it took."""
    rng = random.Random(1937)
    start = time.perf_counter()
    with Database.open(path) as database:
        store = SittingStore(database)
        for number in range(sittings):
            variant = variants[number % len(variants)]
            data = sitting_data(hands, seed=number, variant=variant)
            data["players"] = rng.sample(NAMES, len(PLAYERS[variant]))
            sitting = parse_sitting(data).sitting
            title = f"Evening {number + 1}" if rng.random() < 0.5 else ""
            store.import_sitting(sitting, title=title, place=rng.choice(PLACES))
    return time.perf_counter() - start


def kept_history(
    kind: str,
    sittings: int,
    hands: int,
    data_dir: Path | None = None,
    variants: tuple[str, ...] = ("two-player",),
) -> Path:
    """The database of :func:`build_history` kept in ``data_dir``, else in the temporary
    folder under a name of ``kind``, the size and the schema version: built when missing,
    and built again when this checkout cannot open it (a database of an earlier state of
    the same schema version)."""
    name = f"jojotte-bench-{kind}-{sittings}x{hands}-schema{SCHEMA_VERSION}"
    folder = data_dir or Path(tempfile.gettempdir()) / name
    path = database_path(folder)
    if path.exists():
        try:
            Database.open(path, read_only=True).close()
        except NotADatabaseError as error:
            print(f"building again: {error}")
            path.unlink()
    if not path.exists():
        print(f"building {sittings} sittings of {hands} hands in {folder} ...")
        print(f"  built in {build_history(path, sittings, hands, variants):.1f} s")
    return path


@contextlib.contextmanager
def history_copy(path: Path) -> Iterator[Path]:
    """A copy of the database at ``path`` in a temporary folder, removed afterwards."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = database_path(Path(scratch))
        copy.parent.mkdir(parents=True, exist_ok=True)
        with (
            contextlib.closing(sqlite3.connect(path)) as source,
            contextlib.closing(sqlite3.connect(copy)) as target,
        ):
            source.backup(target)
        yield copy
