"""Sittings stored by the first release (schema 1) make the export -> import round trip,
though today's checks refuse what was recorded: the exported file marks them as recorded
under earlier checks, and import stores them as they are, naming each such problem hand by
hand as a warning. Nothing else is let through."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from jojotte_score.cli import main
from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.formats.earlier_checks import EARLIER_CHECKS_KEY
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LONG_NAME = "Annabella Theodora Maximiliane von Hohenstein"  # 45 characters

Capture = pytest.CaptureFixture[str]


def hand(**fields: object) -> str:
    data = {"bidder": 0, "trump": "hearts", "card_points": [80, 60], "last_trick": 0}
    return json.dumps({**data, **fields}, separators=(",", ":"))


# What the first release stored: each sitting with one thing today's checks refuse.
EARLIER = {
    6: ("two-player", [LONG_NAME, "\u202eBert"], [hand(), hand(bidder=1)]),
    7: ("two-player", ["Anna", "Bert"], [hand(), hand(melds=[20, 50]), hand()]),
    8: ("two-player", ["Anna", "Bert"], [hand(card_points=[100, 80]), hand()]),
    9: (
        "partnership",
        ["Anna", "Bert", "Carl", "Dora"],
        [hand(card_points=[90, 65]), hand(card_points=[90, 65], melds=[310, 0])],
    ),
}
PROBLEMS = {
    6: [
        "warning: sitting.json: recorded under earlier checks, which allowed it: player 0's "
        "name is 45 characters long; a name has at most 40",
        "warning: sitting.json: recorded under earlier checks, which allowed it: player 1's "
        "name holds U+202E RIGHT-TO-LEFT OVERRIDE, which turns the direction of the text "
        "around it; a name cannot hold it",
    ],
    7: [
        "warning: sitting.json: hand 2: recorded under earlier checks, which allowed it: "
        "Anna's 20 and Bert's 50 meld points both include sequences, but only one side may "
        "score sequences in a hand"
    ],
    8: [
        "warning: sitting.json: hand 1: recorded under earlier checks, which allowed it: card "
        "points add up to 180 (Anna: 100, Bert: 80), more than the 155 of the whole deck with "
        "a trump suit"
    ],
    9: [
        "warning: sitting.json: hand 2: recorded under earlier checks, which allowed it: Anna & "
        "Carl's meld points (310) cannot be melded by two partners of eight cards each "
        "(possible totals: any sum of melds up to 300, or 320, 340, 350 or 400)"
    ],
}


@pytest.fixture
def earlier_data(tmp_path: Path) -> Path:
    """A data folder holding the schema-1 fixture and the sittings above, as stored then."""
    data = tmp_path / "data"
    data.mkdir()
    path = database_path(data)
    shutil.copyfile(FIXTURES / "schema-v1.sqlite3", path)
    with sqlite3.connect(path) as connection:
        for sitting_id, (variant, players, hands) in EARLIER.items():
            connection.execute(
                "INSERT INTO sitting (id, variant, players, game_target, rubber_bonus, created, "
                "updated) VALUES (?, ?, ?, ?, 300, '2026-01-11T20:00:00+00:00', "
                "'2026-01-11T20:00:00+00:00')",
                (sitting_id, variant, json.dumps(players), 80 if variant == "two-player" else 125),
            )
            connection.executemany(
                "INSERT INTO hand (sitting_id, position, data) VALUES (?, ?, ?)",
                [(sitting_id, position, data) for position, data in enumerate(hands)],
            )
    connection.close()
    with Database.open(path):  # upgraded by the app, as at the first start after an update
        pass
    return data


def run(*arguments: str | Path | int) -> int:
    return main([*map(str, arguments)], environ={})


@pytest.mark.parametrize("sitting_id", sorted(EARLIER))
def test_a_sitting_stored_under_earlier_checks_makes_the_round_trip(
    tmp_path: Path, earlier_data: Path, capsys: Capture, sitting_id: int
) -> None:
    exported = tmp_path / "sitting.json"
    assert run("export", sitting_id, "-o", exported, "--data-dir", earlier_data) == 0
    written = json.loads(exported.read_text(encoding="utf-8"))
    assert written[EARLIER_CHECKS_KEY] is True
    capsys.readouterr()

    assert run("import", exported, "--as-new", "--data-dir", earlier_data) == 0
    captured = capsys.readouterr()
    assert captured.out == "10\n"
    assert [line.removeprefix("jojotte-score: ") for line in captured.err.splitlines()] == (
        PROBLEMS[sitting_id]
    )
    # Stored exactly as recorded, and scored the same.
    with Database.open(database_path(earlier_data), read_only=True) as database:
        store = SittingStore(database)
        before, after = store.load(sitting_id).sitting, store.load(10).sitting
        infos = {info.id: info for info in store.list_sittings()}
    assert after == before
    assert (infos[10].net_side, infos[10].net_points) == (
        infos[sitting_id].net_side,
        infos[sitting_id].net_points,
    )
    # Exported again, it is the same file but for the copy's own stable id.
    again = tmp_path / "again.json"
    assert run("export", 10, "-o", again, "--data-dir", earlier_data) == 0
    first, second = json.loads(exported.read_text()), json.loads(again.read_text())
    assert first.pop("uuid") != second.pop("uuid")
    assert second == first


def test_a_sitting_that_passes_todays_checks_is_written_without_the_mark(
    tmp_path: Path, earlier_data: Path
) -> None:
    exported = tmp_path / "sitting.json"
    assert run("export", 3, "-o", exported, "--data-dir", earlier_data) == 0
    assert EARLIER_CHECKS_KEY not in json.loads(exported.read_text(encoding="utf-8"))


def test_the_mark_lets_through_nothing_an_earlier_release_refused(
    tmp_path: Path, capsys: Capture
) -> None:
    path = tmp_path / "sitting.json"
    data = {
        "format": "jojotte-sitting",
        "version": 1,
        "variant": "two-player",
        "players": ["Anna", ""],
        "rules": {"rubber_bonus": 2**53 - 1},
        "hands": [
            json.loads(hand(card_points=[160, 0])),
            json.loads(hand(melds=[9000, 0])),
            json.loads(hand(bidder=5)),
        ],
        EARLIER_CHECKS_KEY: True,
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run("import", path, "--data-dir", tmp_path / "data") == 2
    assert capsys.readouterr().err.splitlines() == [
        f"jojotte-score: sitting.json: {problem}"
        for problem in (
            "player 1 has an empty name",
            "the rubber bonus is 9007199254740991 points; it can be at most 1000000",
            "hand 1: side 0's card points (160) must be a multiple of 5 from 0 to 155 with a "
            "trump suit",
            "hand 2: side 0's meld points (9000) cannot be melded with nine cards (possible "
            "totals: any sum of melds up to 100, or 120, 140, 150, 160, 200 or 220)",
            "hand 3: the bidder must be side 0 or side 1, not 5",
        )
    ]
    assert not database_path(tmp_path / "data").exists()


def test_the_mark_must_be_true_or_false(tmp_path: Path) -> None:
    path = tmp_path / "sitting.json"
    path.write_text(
        json.dumps(
            {
                "format": "jojotte-sitting",
                "version": 1,
                "variant": "two-player",
                "players": ["Anna", "Bert"],
                "hands": [],
                EARLIER_CHECKS_KEY: "yes",
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(InvalidSittingError, match="recorded_under_earlier_checks must be true or"):
        load_sitting(path)


def test_sittings_drawn_from_what_the_first_release_accepted_all_make_the_round_trip(
    tmp_path: Path,
) -> None:
    """60 sittings drawn at random (seeded) from the first release's ranges: names up to 60
    characters, each side's card points anywhere in the deck, any sum of melds up to 400 for
    either side. Every one is exported and imported unchanged."""
    import random

    from jojotte_score.core.tables import is_meld_sum
    from jojotte_score.formats.sitting_file import dumps_sitting, loads_sitting

    draw = random.Random(25)
    melds = [m for m in range(0, 401, 10) if is_meld_sum(m)]

    def name() -> str:
        return "".join(draw.choice("abcdefgh") for _ in range(draw.choice([4, 30, 41, 60])))

    def drawn(variant: str) -> str:
        trump = draw.choice(["clubs", "hearts", "no-trump"])
        deck = 155 if trump != "no-trump" else 120
        first = draw.randrange(0, deck + 1, 5)
        second = draw.randrange(0, deck + 1, 5) if variant == "two-player" else deck - first
        pair = [draw.choice(melds), draw.choice(melds) if draw.random() < 0.4 else 0]
        return hand(trump=trump, card_points=[first, second], melds=pair)

    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v1.sqlite3", path)
    with sqlite3.connect(path) as connection:
        for sitting_id in range(100, 160):
            variant = draw.choice(["two-player", "partnership"])
            players = [name() for _ in range(2 if variant == "two-player" else 4)]
            connection.execute(
                "INSERT INTO sitting (id, variant, players, game_target, rubber_bonus, created, "
                "updated) VALUES (?, ?, ?, 80, 300, '2026-01-11T20:00:00+00:00', "
                "'2026-01-11T20:00:00+00:00')",
                (sitting_id, variant, json.dumps(players)),
            )
            connection.executemany(
                "INSERT INTO hand (sitting_id, position, data) VALUES (?, ?, ?)",
                [(sitting_id, n, drawn(variant)) for n in range(draw.randrange(1, 8))],
            )
    connection.close()
    marked = 0
    with Database.open(path) as database:
        store = SittingStore(database)
        for sitting_id in range(100, 160):
            stored = store.load(sitting_id).sitting
            text = dumps_sitting(stored)
            marked += EARLIER_CHECKS_KEY in text
            loaded = loads_sitting(text)
            copy = store.import_sitting(loaded.sitting, earlier_checks=loaded.earlier_checks)
            assert store.load(copy).sitting == stored
    assert marked >= 50  # most of them break one of today's checks
