"""The store keeps sittings of the three-player game, the chouette and cutthroat: schema 3,
its migration, every change, the list with each player's settlement, loading, the file,
backups and damage."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from jojotte_score.core.corrections import DealerChoice
from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.games import all_games, find_game, new_sitting, replay
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import (
    AnyHand,
    PlayedHand,
    Sitting,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.formats.sitting_file import dumps_sitting
from jojotte_score.storage.backups import make_backup
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.restore import restore_backup
from jojotte_score.storage.schema import SCHEMA_VERSION
from jojotte_score.storage.sittings import SittingStore
from tests.core.builders import three
from tests.core.test_chouette import CORRECTED, TEAM_90
from tests.core.test_chouette import EXAMPLE as CHOUETTE
from tests.core.test_cutthroat import EXAMPLE as CUTTHROAT
from tests.core.test_three_player_example import EXAMPLE as THREE_PLAYER
from tests.sitting_kinds import with_hands

DATA = Path(__file__).resolve().parent.parent / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
EXAMPLES: dict[str, Sitting] = {
    "three-player": THREE_PLAYER,
    "cutthroat": CUTTHROAT,
    "chouette": CHOUETTE,
}
# Each example's result: its players' settlements summed over the rubbers (T15, C6, F6).
SETTLEMENTS = {
    "three-player": (655, -1655, 1000),
    "cutthroat": (-110, -190, 2450, -2150),
    "chouette": (1135, 1150, -2285),
}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SittingStore]:
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        yield SittingStore(database)


def rows(path: Path, query: str) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(query).fetchall()
    finally:
        connection.close()


# The migration from schema 2 ----------------------------------------------------------


def test_schema_3_takes_the_new_games_after_upgrading_the_version_2_fixture(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v2.sqlite3", path)
    hands_before = rows(path, "SELECT sitting_id, position, data FROM hand ORDER BY 1, 2")
    with Database.open(path) as database:
        assert database.schema_version == SCHEMA_VERSION == 12
        assert database.integrity_problems() == []
        store = SittingStore(database)
        assert [info.settlement for info in store.list_sittings()] == [None] * 5
        added = store.import_sitting(THREE_PLAYER, title="after the upgrade")
        assert store.load(added).sitting == THREE_PLAYER
    # Every old hand is where it was, and the old sittings have no roles (schema 8's column).
    assert rows(path, "SELECT sitting_id, position, data FROM hand WHERE sitting_id <= 5 "
                "ORDER BY 1, 2") == hands_before  # fmt: skip
    assert rows(path, "SELECT DISTINCT roles FROM sitting WHERE id <= 5") == [(None,)]
    assert rows(path, "SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY 1") == [
        ("sitting_by_update",),
        ("sitting_by_uuid",),  # schema 9
        ("sync_dirty_by_uuid",),  # schema 11
    ]


def test_schema_8_keeps_the_chouettes_first_roles_as_the_games_roles(tmp_path: Path) -> None:
    """Schema 7 kept the chouette's first box and captain in two columns of their own;
    schema 8 keeps them as the game's roles, the seat of each in the order the game names
    them: the fixture's chouette (sitting 8) has Anna (seat 0) in the box and Bert (seat 1)
    as captain."""
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v7.sqlite3", path)
    assert rows(path, "SELECT id, chouette_box, chouette_captain FROM sitting "
                "WHERE chouette_box IS NOT NULL") == [(8, 0, 1)]  # fmt: skip
    with Database.open(path) as database:
        store = SittingStore(database)
        assert store.load(8).sitting.roles == ChouetteRoles(box=0, captain=1)
        assert store.load_recent(8).roles == ChouetteRoles(box=0, captain=1)
    assert rows(path, "SELECT id, roles FROM sitting WHERE roles IS NOT NULL") == [(8, "[0, 1]")]
    columns = {row[1] for row in rows(path, "PRAGMA table_info(sitting)")}
    assert {"chouette_box", "chouette_captain"}.isdisjoint(columns)


def test_the_schema_names_no_game_from_schema_8_on(tmp_path: Path) -> None:
    """Until schema 7 the variant's CHECK listed the games; from schema 8 the registry alone
    knows them, so a game added to the program is stored without a migration."""
    old = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v7.sqlite3", old)
    (seven,) = rows(old, "SELECT sql FROM sqlite_master WHERE name = 'sitting'")
    assert isinstance(seven[0], str)
    assert all(game.value in seven[0] for game in all_games())
    path = tmp_path / "sittings.sqlite3"
    Database.open(path).close()
    schema = rows(path, "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")
    text = "\n".join(str(sql) for (sql,) in schema)
    assert "CHECK" not in text
    assert not [game.value for game in all_games() if f"'{game.value}'" in text]


# Storing, listing and loading ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_worked_sitting_is_stored_listed_with_each_settlement_and_loaded(
    store: SittingStore, name: str
) -> None:
    sitting = EXAMPLES[name]
    sitting_id = store.import_sitting(sitting, title=name)
    (info,) = store.list_sittings()
    assert (info.variant, info.players, info.hands) == (
        sitting.variant,
        sitting.players,
        len(sitting.hands),
    )
    assert info.settlement == SETTLEMENTS[name]
    assert (info.net_side, info.net_points) == (None, 0)
    ledger = replay(sitting)
    assert info.rubbers_finished == sum(1 for r in ledger.rubbers if r.finished)
    assert info.unresolved_prison == ledger.unresolved_prison
    stored = store.load(sitting_id)
    assert stored.sitting == sitting
    # Exported, the stored sitting is the data file, byte for byte.
    assert dumps_sitting(stored.sitting) == (DATA / f"{name}-example.json").read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_hands_added_one_by_one_make_the_same_sitting(store: SittingStore, name: str) -> None:
    sitting = EXAMPLES[name]
    roles = sitting.roles if isinstance(sitting, Sitting) else None
    sitting_id = store.create_sitting(sitting.variant, sitting.players, roles=roles)
    for position, hand in enumerate(sitting.hands):
        assert store.add_hand(sitting_id, hand) == position
        (info,) = store.list_sittings()
        partial = with_hands(sitting, sitting.hands[: position + 1])
        assert info.settlement == replay(partial).settlement
    assert store.load(sitting_id).sitting == sitting


def test_load_recent_gives_every_hand_of_the_new_games(store: SittingStore) -> None:
    three_id = store.import_sitting(THREE_PLAYER)
    chouette_id = store.import_sitting(CHOUETTE)
    recent = store.load_recent(three_id)
    assert (recent.hand_count, recent.hands) == (8, THREE_PLAYER.hands)
    assert recent.checkpoint.position == 0
    recent = store.load_recent(chouette_id)
    assert (recent.hand_count, recent.hands) == (10, CHOUETTE.hands)
    assert recent.roles == ChouetteRoles(box=0, captain=1)


# Changing hands -----------------------------------------------------------------------

# Bert bids hearts against Carl; Anna sits out and sides with Carl (T4).
EXTRA = three(1, "hearts", 2, (0, 60, 50), 1, dealer=0)


def test_insert_replace_and_delete_hands_by_seat(store: SittingStore) -> None:
    sitting_id = store.import_sitting(THREE_PLAYER)
    store.insert_hand(sitting_id, 3, EXTRA)
    hands = store.load(sitting_id).sitting.hands
    assert hands[3] == EXTRA
    assert len(hands) == 9
    thrown_in = ThrownIn(dealer=2)
    assert store.replace_hand(sitting_id, 3, thrown_in) == EXTRA
    assert store.delete_hand(sitting_id, 3) == thrown_in
    assert store.load(sitting_id).sitting == THREE_PLAYER
    (info,) = store.list_sittings()
    assert info.settlement == SETTLEMENTS["three-player"]


@pytest.mark.parametrize(
    ("name", "hand", "message"),
    [
        (
            "three-player",
            EXTRA._replace(card_points=(5, 60, 50)),
            "hand 9: Anna sat out: Anna's hand was set aside, so Anna's card points must be 0, "
            "not 5",
        ),
        (
            "cutthroat",
            three(1, "hearts", 2, (0, 60, 50, 0), 1),
            "hand 6: in cutthroat the dealer sits out: record who dealt",
        ),
        (
            "three-player",
            PlayedHand(0, Trump.SPADES, (80, 40), 0),
            "hand 9: a three-player sitting records its hands by seat",
        ),
        (
            "chouette",
            EXTRA,
            "hand 11: a chouette sitting records its hands side against side",
        ),
        (
            "chouette",  # rubber 4: Bert in the box, Anna his captain, Carl the partner (C3)
            PlayedHand(0, Trump.SPADES, (80, 40), 0, dealer=2),
            "hand 11: the dealer must be the box, Bert, or the captain, Anna",
        ),
    ],
)
def test_a_refused_hand_leaves_the_sitting_unchanged(
    store: SittingStore, name: str, hand: AnyHand, message: str
) -> None:
    sitting = EXAMPLES[name]
    sitting_id = store.import_sitting(sitting)
    with pytest.raises(InvalidSittingError) as caught:
        store.add_hand(sitting_id, hand)
    assert str(caught.value) == message
    assert store.load(sitting_id).sitting == sitting


def test_a_chouette_change_that_moves_a_later_dealer_out_of_the_roles_is_refused(
    store: SittingStore,
) -> None:
    """Deleting hand 3 leaves rubber 1 unwon, so hand 4, dealt by Carl (captain of rubber 2),
    would be dealt by the partner of rubber 1 (C7): refused, naming that hand."""
    sitting_id = store.import_sitting(CHOUETTE)
    with pytest.raises(InvalidSittingError) as caught:
        store.delete_hand(sitting_id, 2)
    assert next(p.hand for p in caught.value.problems) == 3
    assert "the dealer must be the box, Anna, or the captain, Bert" in str(caught.value)
    assert store.load(sitting_id).sitting == CHOUETTE


@pytest.mark.parametrize("choice", list(DealerChoice))
def test_a_chouette_deletion_and_its_dealer_fixes_are_one_change(
    store: SittingStore, choice: DealerChoice
) -> None:
    """Deleting hand 3 with the later dealers fixed (C7, C7b) is written whole in one change,
    and inserting the hand back with the dealers it had restores the example exactly; the
    deletion with fixes that leave a dealer illegal changes nothing."""
    sitting_id = store.import_sitting(CHOUETTE)
    correction = find_game(CHOUETTE.variant).deletion(CHOUETTE, 2)
    assert correction is not None
    fixes = correction.hands(choice)
    assert fixes  # hand 4 at least names the partner once hand 3 is gone
    removed, replaced = store.delete_correcting(sitting_id, 2, fixes)
    assert removed == CHOUETTE.hands[2]
    assert replaced == {position: CHOUETTE.hands[position + 1] for position in fixes}
    after = store.load(sitting_id).sitting
    kept = [*CHOUETTE.hands[:2], *CHOUETTE.hands[3:]]
    assert list(after.hands) == [fixes.get(n, hand) for n, hand in enumerate(kept)]
    back = {position + 1: hand for position, hand in replaced.items()}
    assert store.insert_hand(sitting_id, 2, removed, back) == {
        position + 1: fixes[position] for position in fixes
    }
    assert store.load(sitting_id).sitting == CHOUETTE
    # Fixes that put back the illegal dealers: refused whole, nothing deleted.
    illegal = {position: CHOUETTE.hands[position + 1] for position in fixes}
    with pytest.raises(InvalidSittingError, match="the dealer must be"):
        store.delete_correcting(sitting_id, 2, illegal)
    assert store.load(sitting_id).sitting == CHOUETTE


def test_a_sitting_of_the_wrong_kind_is_refused_by_name(store: SittingStore) -> None:
    """A three-player sitting whose second hand is side against side is refused by name,
    the hand numbered; so is a chouette without its first roles."""
    played = PlayedHand(0, Trump.SPADES, (80, 40), 0)
    wrong = new_sitting(Variant.THREE_PLAYER, ("Anna", "Bert", "Carl"), (ThrownIn(), played))
    with pytest.raises(InvalidSittingError, match="records its hands by seat") as caught:
        store.import_sitting(wrong)
    assert [problem.hand for problem in caught.value.problems] == [2]
    with pytest.raises(InvalidSittingError, match="needs the first rubber's box and captain"):
        store.create_sitting(Variant.CHOUETTE, ("Anna", "Bert", "Carl"))
    assert store.list_sittings() == []


def test_players_of_the_new_games_can_be_renamed(store: SittingStore) -> None:
    sitting_id = store.import_sitting(CUTTHROAT)
    store.rename_players(sitting_id, ("Ann", "Ben", "Cal", "Dan"))
    assert store.load(sitting_id).sitting.players == ("Ann", "Ben", "Cal", "Dan")
    with pytest.raises(InvalidSittingError, match="needs 4 player names, not 3"):
        store.rename_players(sitting_id, ("Ann", "Ben", "Cal"))


# Damage, backups ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE hand SET data = '{\"bidder\": 0}' WHERE sitting_id = 1 AND position = 2",
        "UPDATE hand SET data = '{\"card_points\": [1, 2]}' WHERE sitting_id = 1",
        "UPDATE sitting SET roles = NULL WHERE id = 1",
        "UPDATE summary SET settlement = '[\"x\"]' WHERE sitting_id = 1",
    ],
    ids=["a hand missing keys", "a hand of the wrong shape", "no chouette roles", "settlement"],
)
def test_a_damaged_sitting_of_the_new_games_is_named_and_the_others_listed(
    tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as database:
        store = SittingStore(database)
        damaged = CHOUETTE if "roles" in damage else THREE_PLAYER
        store.import_sitting(damaged)
        store.import_sitting(CUTTHROAT)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute(damage)
    connection.close()
    with Database.open(path, read_only=True) as database:
        store = SittingStore(database)
        listed = {info.id: info for info in store.list_sittings()}
        assert listed[2].settlement == SETTLEMENTS["cutthroat"]
        assert store.load(2).sitting == CUTTHROAT
        if "summary" in damage:  # a cached row that does not agree: scored again (schema 8)
            assert listed[1].damaged == ""
            assert listed[1].settlement == SETTLEMENTS["three-player"]
        else:
            with pytest.raises(DamagedSittingError, match="sitting 1 is damaged"):
                store.load(1)


def test_a_backup_restores_the_new_games(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    now = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
    with Database.open(path) as database:
        store = SittingStore(database)
        for sitting in EXAMPLES.values():
            store.import_sitting(sitting)
        backup = make_backup(database.connection, tmp_path / "backups", now)
        store.delete_hand(1, 0)
    restore_backup(backup.path, path, now)
    with Database.open(path) as database:
        store = SittingStore(database)
        assert [store.load(i).sitting for i in (1, 2, 3)] == [
            THREE_PLAYER,
            CUTTHROAT,
            CHOUETTE,
        ]


def test_an_edit_and_the_dealers_it_makes_illegal_are_saved_as_one_change(
    store: SittingStore,
) -> None:
    """Hand 2 edited so that the team wins rubber 1 (C3): alone it is refused, naming hand 3
    and the rubber's box and captain (C7); with hands 3 and 4 dealt by nobody it is saved
    at once, and putting the hands it replaced back restores the sitting."""
    sitting_id = store.import_sitting(CORRECTED)
    edit = TEAM_90._replace(dealer=1)
    with pytest.raises(InvalidSittingError) as caught:
        store.replace_hand(sitting_id, 1, edit)
    assert str(caught.value).startswith(
        "hand 3: the dealer must be the box, Anna, or the captain, Bert"
    )
    assert store.load(sitting_id).sitting == CORRECTED

    cleared = TEAM_90._replace(dealer=None)
    old = store.replace_hands(sitting_id, {1: edit, 2: cleared, 3: cleared})

    saved = store.load(sitting_id).sitting
    assert saved.hands == (CORRECTED.hands[0], edit, cleared, cleared)
    assert old == {1: CORRECTED.hands[1], 2: CORRECTED.hands[2], 3: CORRECTED.hands[3]}
    assert replay(saved).rubbers[0].winner == 1  # Bert, the captain: the team
    store.replace_hands(sitting_id, old)
    assert store.load(sitting_id).sitting == CORRECTED


def _long(sitting: Sitting, count: int) -> Sitting:
    """``sitting``'s hands over and over, ``count`` of them; a chouette's without dealers
    (who may deal follows the rubbers' roles, C7)."""
    hands = (sitting.hands * (count // len(sitting.hands) + 1))[:count]
    if find_game(sitting.variant).has_roles:
        hands = tuple(hand._replace(dealer=None) for hand in hands)
    return replace(sitting, hands=hands)


@pytest.mark.parametrize("example", [THREE_PLAYER, CUTTHROAT, CHOUETTE], ids=lambda s: s.variant)
def test_a_long_sitting_per_player_opens_from_its_checkpoint(
    store: SittingStore, example: Sitting
) -> None:
    """Every game keeps a checkpoint: opening a long sitting per player reads the hands from
    the newest rubbers on, and the figures scored from there (each player's settlement,
    T15; the chouette's roles, C3) are those of the whole replay; so are they after a hand
    is added, which is scored from the checkpoint too."""
    sitting = _long(example, 400)
    sitting_id = store.import_sitting(sitting)
    whole = replay(sitting)
    recent = store.load_recent(sitting_id)
    point = recent.checkpoint
    assert point.position > 0
    assert recent.hands == sitting.hands[point.position :]
    assert point.roles == whole.rubber_roles(point.rubber)
    assert point.totals == whole.totals_after(point.rubber - 1)
    (info,) = store.list_sittings()
    assert (info.hands, info.settlement) == (400, whole.settlement)
    assert info.rubbers_finished == whole.rubbers_finished

    extra = sitting.hands[0]
    store.add_hand(sitting_id, extra)
    longer = replay(replace(sitting, hands=(*sitting.hands, extra)))
    (info,) = store.list_sittings()
    assert (info.hands, info.settlement) == (401, longer.settlement)
    assert store.load(sitting_id).sitting.hands == (*sitting.hands, extra)
