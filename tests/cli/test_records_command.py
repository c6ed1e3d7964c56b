"""``jojotte-score stats --pairs``, ``--partners``, ``--roles``, ``--ratings``: the worked
examples of docs/RULES.md stored and their records printed, as JSON and as CSV."""

from __future__ import annotations

import csv
import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from jojotte_score.cli.records_command import KINDS
from tests.cli.test_database_commands import (
    CHOUETTE,
    CUTTHROAT,
    PARTNERSHIP,
    THREE,
    Capture,
    cells,
    run,
)
from tests.sync.devices import Device


def exit_status(data: Path, *arguments: str) -> int | str | None:
    """The command's exit status, a usage error's (argparse exits) included."""
    try:
        return run(data, *arguments)
    except SystemExit as leaving:
        return leaving.code


@pytest.fixture
def stored(tmp_path: Path, capsys: Capture) -> Path:
    """A data folder with the three-player, chouette, partnership and cutthroat examples."""
    for file in (THREE, CHOUETTE, PARTNERSHIP, CUTTHROAT):
        assert run(tmp_path, "import", file) == 0
    capsys.readouterr()
    return tmp_path


def test_head_to_head_table(stored: Path, capsys: Capture) -> None:
    assert run(stored, "stats", "--pairs", "--game", "three-player", "--game", "chouette") == 0
    heading, *rows = capsys.readouterr().out.splitlines()
    assert cells(heading)[:8] == [
        "Player", "Opponent", "Rubbers", "Won", "Lost", "Won by another", "Open", "Net",
    ]  # fmt: skip
    anna_bert = cells(rows[0])
    # T15: Anna took 620 and 150 from Bert in the three-player game (Carl won the finished
    # rubber); C6: +730 boxing and winning, -735 boxing and losing against Bert's team.
    assert anna_bert[:8] == ["Anna", "Bert", "3", "1", "1", "1", "1", str(620 + 150 + 730 - 735)]
    assert anna_bert[8:10] == ["730", "735"]


def test_partners_as_json(stored: Path, capsys: Capture) -> None:
    assert run(stored, "stats", "--partners", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["format"], data["version"], data["records"]) == ("jojotte-records", 1, "partners")
    assert data["sittings"] == 4
    rows = {(row["player"], row["partner"], row["against"]): row for row in data["rows"]}
    # R14: Anna & Carl lost the first rubber by 765 and lead the open second by 385.
    assert rows["Anna", "Carl", ""]["rubbers"] == 1
    assert rows["Anna", "Carl", ""]["net_points"] == -380
    assert rows["Anna", "Carl", "Bert & Dora"]["won"] == 0
    # C6: Bert captained with Carl as partner, against Anna, -730 and +735.
    assert rows["Bert", "Carl", "Anna"]["net_points"] == 5


def test_roles_as_csv(stored: Path, capsys: Capture, tmp_path: Path) -> None:
    out = tmp_path / "roles.csv"
    assert run(stored, "stats", "--roles", "--game", "cutthroat", "--csv", out) == 0
    assert capsys.readouterr().out == ""
    with out.open(encoding="utf-8-sig", newline="") as file:
        rows = list(csv.DictReader(file))
    anna = {row["role"]: int(row["net_points"]) for row in rows if row["player"] == "Anna"}
    # F6: Anna's -110 over the rubber, hand by hand in each role she held.
    assert anna == {"declarer": 60, "active defender": 490, "inactive": -400, "dealer": -260}
    assert {row["game"] for row in rows} == {"cutthroat"}


def test_ratings_table_in_german(stored: Path, capsys: Capture) -> None:
    assert run(stored, "--lang", "de", "stats", "--ratings") == 0
    heading, *rows = capsys.readouterr().out.splitlines()
    assert cells(heading) == ["Rang", "Spieler", "Wertung", "Spielstärke", "Unsicherheit", "Robber"]
    table = {cells(row)[1]: cells(row) for row in rows}
    assert set(table) == {"Anna", "Bert", "Carl", "Dora", "Dave"}
    ratings = [float(cells(row)[2]) for row in rows]
    assert ratings == sorted(ratings, reverse=True)
    assert [cells(row)[0] for row in rows] == ["1", "2", "3", "4", "5"]
    # Three chouette rubbers and one finished rubber of each of the others.
    assert table["Anna"][5] == "6"
    assert table["Dave"][5] == "1"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--pairs", "--roles"), "choose one of --pairs, --partners, --roles and --ratings"),
        (("--game", "chouette"), "need one of --pairs"),
        (("--pairs", "--from", "2026-13-01"), "'2026-13-01' is not a date written YYYY-MM-DD"),
        (("--pairs", "--game", "bridge"), "there is no game 'bridge'"),
    ],
)
def test_bad_choices_are_named(
    stored: Path, capsys: Capture, arguments: tuple[str, ...], message: str
) -> None:
    assert exit_status(stored, "stats", *arguments) == 2
    assert message in capsys.readouterr().err


def test_a_period_without_sittings(stored: Path, capsys: Capture) -> None:
    assert run(stored, "stats", "--pairs", "--to", "2000-01-01") == 0
    assert capsys.readouterr().out.strip() != ""
    assert run(stored, "stats", "--ratings", "--json", "--to", "2000-01-01") == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["sittings"], data["rows"], data["course"]) == (0, [], [])


def rated_sittings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the sittings openskill rates from now on (their ids, one each time rated)."""
    from jojotte_score.core.records import ratings

    counted: list[int] = []
    rate_sitting = ratings._rate_sitting

    def counting(model: Any, sitting: Any, current: Any) -> Any:
        counted.append(sitting.sitting_id)
        return rate_sitting(model, sitting, current)

    monkeypatch.setattr(ratings, "_rate_sitting", counting)
    return counted


def test_ratings_read_the_course_the_app_stored(
    stored: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jojotte_score.storage.database import Database
    from jojotte_score.storage.paths import database_path
    from jojotte_score.storage.record_facts import period_facts
    from jojotte_score.storage.record_ratings import StoredRatings
    from jojotte_score.storage.sittings import SittingStore

    counted = rated_sittings(monkeypatch)
    assert run(stored, "stats", "--ratings", "--json") == 0
    from_scratch = json.loads(capsys.readouterr().out)
    assert len(counted) == 4  # nothing stored yet: every sitting rated, nothing written
    with Database.open(database_path(stored)) as database:
        store = SittingStore(database)
        rows = "SELECT COUNT(*) FROM record_ratings"
        assert database.connection.execute(rows).fetchone() == (0,)
        StoredRatings().ratings(store, period_facts(store))  # as the Records tab stores it
        assert database.connection.execute(rows).fetchone() == (4,)
    counted.clear()
    assert run(stored, "stats", "--ratings", "--json") == 0
    assert json.loads(capsys.readouterr().out) == from_scratch
    assert counted == []  # read from the stored course, nothing rated again
    # A period with an end is rated from its first sitting, as before, and stored nowhere.
    assert run(stored, "stats", "--ratings", "--json", "--from", "2000-01-01") == 0
    assert json.loads(capsys.readouterr().out) == from_scratch
    assert len(counted) == 4
    with Database.open(database_path(stored)) as database:
        choices = "SELECT DISTINCT choice FROM record_ratings"
        assert database.connection.execute(choices).fetchall() == [("",)]


def test_ratings_over_a_stored_course_that_differs_rate_the_rest_and_write_nothing(
    stored: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jojotte_score.storage.database import Database
    from jojotte_score.storage.paths import database_path
    from jojotte_score.storage.record_facts import period_facts
    from jojotte_score.storage.record_ratings import StoredRatings
    from jojotte_score.storage.sittings import SittingStore

    counted = rated_sittings(monkeypatch)
    assert run(stored, "stats", "--ratings", "--json") == 0
    from_scratch = json.loads(capsys.readouterr().out)
    with Database.open(database_path(stored)) as database:
        StoredRatings().ratings(SittingStore(database), period_facts(SittingStore(database)))
        # The third sitting's row changed behind the app's back: it and the one after it
        # no longer stand.
        database.connection.execute(
            "UPDATE record_ratings SET checksum = 'changed' WHERE choice = '' AND position = 2"
        )
        course = "SELECT position, sitting_id, checksum FROM record_ratings ORDER BY position"
        rows = database.connection.execute(course).fetchall()
    counted.clear()
    assert run(stored, "stats", "--ratings", "--json") == 0
    assert json.loads(capsys.readouterr().out) == from_scratch
    assert counted == [rows[2][1], rows[3][1]]  # the first two read from the course
    with Database.open(database_path(stored)) as database:
        assert database.connection.execute(course).fetchall() == rows  # nothing written


def replayed_json(store: Any, kind: str, games: tuple[str, ...] | None = None) -> dict[str, Any]:
    """What ``stats --KIND --json`` should print: the records of the sittings replayed
    from their hands (those of ``games`` only, when given), counted by the core."""
    from jojotte_score.core.records.facts import in_order
    from jojotte_score.core.records.pairs import head_to_heads
    from jojotte_score.core.records.partners import partnerships
    from jojotte_score.core.records.ratings import rate
    from jojotte_score.core.records.roles import role_records
    from jojotte_score.formats import records_export as export
    from tests.stored_histories import replayed

    facts = [
        sitting
        for sitting in in_order(replayed(store))
        if games is None or str(sitting.variant) in games
    ]
    ratings = rate(facts) if kind == "ratings" else None
    rows = {
        "pairs": lambda: export.pair_rows(head_to_heads(facts)),
        "partners": lambda: export.partner_rows(partnerships(facts)),
        "roles": lambda: export.role_rows(role_records(facts)),
        "ratings": lambda: export.rating_rows(rate(facts)),
    }[kind]()
    loaded: dict[str, Any] = json.loads(export.dumps_records(kind, len(facts), rows, ratings))
    return loaded


FILTERS = [(), ("--game", "chouette", "--game", "two-player")]
"""Every sitting, and a choice of games (the Records tab's game filter)."""


def printed_json(data: Path, capsys: Capture, kind: str, *extra: str) -> dict[str, Any]:
    assert run(data, "stats", f"--{kind}", "--json", *extra) == 0
    loaded: dict[str, Any] = json.loads(capsys.readouterr().out)
    return loaded


HOUR = timedelta(hours=1)


def merged_history(tmp_path: Path) -> tuple[list[Device], int]:
    """Two devices of a sync folder, Anna's and Carl's, each with the other's sittings and
    a sitting both changed apart: Carl's store holds the merged history, four sittings, and
    one conflict copy (kept in the sync tables, not as a sitting). The two devices, and the
    id of the sitting both changed in Carl's store."""
    from jojotte_score.sync.engine import conflicts
    from tests.stored_examples import example_sitting
    from tests.sync.devices import changed_apart, make_device

    devices = [make_device(tmp_path, "anna"), make_device(tmp_path, "carl")]
    anna, carl = devices
    # One afternoon, an hour apart: Anna's chouette played first comes to Carl's device
    # after his partnership, so the order played is not the order of the ids there.
    noon = datetime(2026, 3, 14, 12).astimezone()  # local: the four on one local day
    anna.store.import_sitting(example_sitting("chouette"), created=noon)
    carl.store.import_sitting(example_sitting("partnership"), created=noon + HOUR)
    anna.store.import_sitting(example_sitting("cutthroat"), created=noon + 2 * HOUR)
    on_carl = changed_apart(anna, carl, created=noon + 3 * HOUR)
    assert len(conflicts(carl.store)) == 1
    assert len(carl.store.created_dates()) == 4  # the conflict copy is no sitting
    return devices, on_carl


def test_every_kind_equals_the_replay_over_a_merged_history_with_a_conflict_copy(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jojotte_score.storage.record_facts import PeriodFacts
    from jojotte_score.storage.record_ratings import StoredRatings
    from jojotte_score.storage.statistics import ALL_TIME

    devices, on_carl = merged_history(tmp_path)
    try:
        carl = devices[1]
        today = carl.store.load(on_carl).created.astimezone().date().isoformat()
        periods = [(), ("--from", today, "--to", today)]  # all time; a period with an end
        wanted = {
            (kind, games): replayed_json(carl.store, kind, games[1::2] or None)
            for kind in KINDS
            for games in FILTERS
        }
        assert wanted["partners", ()]["sittings"] == 4
        assert wanted["partners", ()]["rows"]
        assert wanted["roles", FILTERS[1]]["rows"]
        for kind in KINDS:
            # Nothing but each sitting's rows stored yet: the command counts the rest.
            for games in FILTERS:
                for period in periods:
                    found = printed_json(carl.data, capsys, kind, *games, *period)
                    assert found == wanted[kind, games], (kind, games, period)
        # As the app stores them when its Records tab is read: the head to head's totals,
        # the sides and roles, the ratings' courses (every game; the two chosen).
        reader, rater = PeriodFacts(), StoredRatings()
        for chosen in (None, ("chouette", "two-player")):
            reader.period_pairs(carl.store, games=chosen)
            reader.period_sides(carl.store, games=chosen)
            facts = reader.period_facts(carl.store, games=chosen)
            rater.period_ratings(carl.store, facts, ALL_TIME, chosen)
        counted = rated_sittings(monkeypatch)
        for kind in KINDS:
            for games in FILTERS:
                assert printed_json(carl.data, capsys, kind, *games) == wanted[kind, games]
        assert counted == []  # both courses read as stored, no rubber rated again
    finally:
        for device in devices:
            device.close()


def test_a_read_only_database_answers_every_kind_and_stores_nothing(
    stored: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hashlib
    import sqlite3
    from contextlib import closing

    from jojotte_score.storage import database as opening
    from jojotte_score.storage.database import Database
    from jojotte_score.storage.paths import database_path
    from jojotte_score.storage.sittings import SittingStore

    path = database_path(stored)
    with Database.open(path) as database:
        store = SittingStore(database)
        wanted = {kind: replayed_json(store, kind) for kind in KINDS}
    # No row of any sitting's facts, sides or head to head, nor any course, stored: each
    # reader must count what it would store, and cannot store it.
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("DELETE FROM record_facts")
        connection.execute("DELETE FROM record_ratings")
        connection.commit()
    path.chmod(0o444)
    # A folder nobody can write to: opened immutable (as root, no permission stops a write).
    monkeypatch.setattr(opening, "folder_writable", lambda _folder: False)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    try:
        for kind in KINDS:
            assert printed_json(stored, capsys, kind) == wanted[kind], kind
            assert printed_json(stored, capsys, kind, "--to", "2999-12-31") == wanted[kind]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    finally:
        path.chmod(0o644)
    with closing(sqlite3.connect(path)) as connection:
        for table in ("record_facts", "record_ratings"):
            assert connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone() == (0,)
