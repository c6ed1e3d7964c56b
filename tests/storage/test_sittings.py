"""The storage API as the desktop window and the command line use it."""

from __future__ import annotations

from pathlib import Path

import pytest

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.model import Hand, PlayedHand, Rules, ThrownIn, Variant
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import HandNotFoundError, ReadOnlyError, SittingNotFoundError
from jojotte_score.storage.sittings import SittingStore
from tests.core.builders import played
from tests.sitting_kinds import load_two_sided, two_sided
from tests.stored_examples import MinuteClock

DATA = Path(__file__).resolve().parent.parent / "data"
GERMAN = load_two_sided(DATA / "german-example.json")
A_WINS_60 = played(0, "spades", (50, 45), 0)  # A 60 below, B 45 above
B_WINS_165 = played(0, "spades", (60, 95), 1)  # B 165 below


@pytest.fixture
def store(database: Database) -> SittingStore:
    return SittingStore(database, MinuteClock())


def hands_of(store: SittingStore, sitting_id: int) -> tuple[object, ...]:
    return store.load(sitting_id).sitting.hands


def test_import_and_load_the_german_example(store: SittingStore) -> None:
    sitting_id = store.import_sitting(GERMAN, title="Worked example", place="Berlin")
    stored = store.load(sitting_id)
    assert stored.sitting == GERMAN
    assert (stored.title, stored.place) == ("Worked example", "Berlin")
    [info] = store.list_sittings()
    assert (info.id, info.hands, info.rubbers_finished) == (sitting_id, 6, 1)
    assert (info.net_side, info.net_points, info.unresolved_prison) == (0, 100, 0)
    assert info.side_names == ("A", "B")


def test_create_and_add_hands(store: SittingStore) -> None:
    sitting_id = store.create_sitting(Variant.PARTNERSHIP, ["Anna", "Bert", "Carl", "Dora"])
    assert store.load(sitting_id).sitting.rules == Rules(125, 300)
    assert store.add_hand(sitting_id, A_WINS_60) == 0
    assert store.add_hand(sitting_id, ThrownIn(dealer=3)) == 1
    assert store.add_hand(sitting_id, B_WINS_165) == 2
    assert hands_of(store, sitting_id) == (A_WINS_60, ThrownIn(dealer=3), B_WINS_165)
    [info] = store.list_sittings()
    assert info.side_names == ("Anna & Carl", "Bert & Dora")
    # 165 reaches 125: one game to Bert & Dora; the rubber is not finished.
    assert (info.hands, info.rubbers_finished, info.net_side, info.net_points) == (3, 0, 1, 150)


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        (0, (None, 0, 1, 2)),
        (1, (0, None, 1, 2)),
        (3, (0, 1, 2, None)),
    ],
)
def test_insert_a_forgotten_hand(
    store: SittingStore, position: int, expected: tuple[int | None, ...]
) -> None:
    """None marks where the new hand must stand."""
    originals: list[Hand] = [A_WINS_60, B_WINS_165, ThrownIn(note="misdeal")]
    new = played(1, "hearts", (100, 55), 1)
    sitting_id = store.import_sitting(new_sitting(Variant.TWO_PLAYER, ("A", "B"), tuple(originals)))
    store.insert_hand(sitting_id, position, new)
    want = tuple(new if e is None else originals[e] for e in expected)
    assert hands_of(store, sitting_id) == want


def test_delete_moves_later_hands_up(store: SittingStore) -> None:
    sitting_id = store.import_sitting(GERMAN)
    removed = store.delete_hand(sitting_id, 1)
    assert removed == GERMAN.hands[1]
    assert hands_of(store, sitting_id) == GERMAN.hands[:1] + GERMAN.hands[2:]
    store.insert_hand(sitting_id, 1, removed)
    assert store.load(sitting_id).sitting == GERMAN


def test_editing_an_earlier_hand_rescores_everything_after_it(store: SittingStore) -> None:
    """Hand 2 of the German example given to B instead: B wins game 1, hand 3 wins the rubber."""
    sitting_id = store.import_sitting(GERMAN)
    b_wins_hand_2 = played(1, "hearts", (40, 45), 1)  # B 55 below, A 40 above: B has 90
    old = store.replace_hand(sitting_id, 1, b_wins_hand_2)
    assert old == GERMAN.hands[1]
    ledger = replay(two_sided(store.load(sitting_id).sitting))
    assert ledger.rubbers[0].game_winners == (1, 1)
    assert ledger.rubbers[0].winner == 1
    assert [r.number for r in ledger.rubbers] == [1, 2]
    [info] = store.list_sittings()
    assert info.rubbers_finished == 1
    assert (info.net_side, info.net_points) == replay(two_sided(store.load(sitting_id).sitting)).net


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (played(0, "no-trump", (60, 60), 0, jojotte=1), "hand 2: Jo-Jotte needs a trump suit"),
        (played(0, "spades", (91, 64), 0), "hand 2: A's card points (91) must be"),
        (
            played(0, "spades", (80, 80), 0),
            "hand 2: card points add up to 160 (A: 80, B: 80), more than the 155 of the whole",
        ),
        (
            played(0, "spades", (80, 60), 0, melds=(20, 40)),
            "hand 2: A's 20 and B's 40 meld points both include sequences",
        ),
        (
            played(0, "spades", (60, 60), None, special="nullo", double="double", tricks=(5, 4)),
            "hand 2: Nullo cannot be played on a doubled contract",
        ),
    ],
)
def test_a_refused_hand_is_never_stored(
    store: SittingStore, hand: PlayedHand, message: str
) -> None:
    sitting_id = store.import_sitting(new_sitting(Variant.TWO_PLAYER, ("A", "B"), (A_WINS_60,)))
    before = store.list_sittings()
    for change in (
        lambda: store.add_hand(sitting_id, hand),
        lambda: store.insert_hand(sitting_id, 1, hand),
        lambda: (
            store.replace_hand(sitting_id, 1, hand) if False else store.add_hand(sitting_id, hand)
        ),
    ):
        with pytest.raises(InvalidSittingError) as refused:
            change()
        assert message in str(refused.value)
    with pytest.raises(InvalidSittingError):
        store.replace_hand(sitting_id, 0, hand)
    assert hands_of(store, sitting_id) == (A_WINS_60,)
    assert store.list_sittings() == before


def test_import_refuses_a_sitting_with_one_bad_hand_whole(store: SittingStore) -> None:
    bad = new_sitting(
        Variant.TWO_PLAYER,
        ("A", "B"),
        (A_WINS_60, played(0, "spades", (60, 60), 0, tricks=(4, 4))),
    )
    with pytest.raises(InvalidSittingError) as refused:
        store.import_sitting(bad)
    assert str(refused.value) == "hand 2: the tricks (A: 4, B: 4) add up to 8, not 9"
    assert store.list_sittings() == []


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda s: s.load(99), SittingNotFoundError, "there is no sitting 99"),
        (lambda s: s.add_hand(99, A_WINS_60), SittingNotFoundError, "there is no sitting 99"),
        (lambda s: s.delete_hand(1, 6), HandNotFoundError, "sitting 1 has no hand 7"),
        (lambda s: s.replace_hand(1, -1, A_WINS_60), HandNotFoundError, "has no hand 0"),
        (lambda s: s.insert_hand(1, 7, A_WINS_60), HandNotFoundError, "numbered 1 to 7"),
    ],
)
def test_unknown_sittings_and_positions(
    store: SittingStore, change: object, error: type[Exception], message: str
) -> None:
    store.import_sitting(GERMAN)
    with pytest.raises(error, match=message):
        change(store)  # type: ignore[operator]
    assert store.load(1).sitting == GERMAN


def test_rename_players_and_details(store: SittingStore) -> None:
    sitting_id = store.import_sitting(GERMAN)
    store.rename_players(sitting_id, [" Anna ", "Bert"])
    store.set_details(sitting_id, title="Friday", place="Café Zentral")
    stored = store.load(sitting_id)
    assert stored.sitting.players == ("Anna", "Bert")
    assert (stored.title, stored.place) == ("Friday", "Café Zentral")
    with pytest.raises(InvalidSittingError, match="needs 2 player names, not 3"):
        store.rename_players(sitting_id, ["A", "B", "C"])
    with pytest.raises(InvalidSittingError, match="player 1 has an empty name"):
        store.rename_players(sitting_id, ["A", "  "])
    assert store.load(sitting_id).sitting.players == ("Anna", "Bert")


def test_the_last_changed_sitting_comes_first(store: SittingStore) -> None:
    assert store.last_sitting_id() is None
    first = store.import_sitting(GERMAN)
    second = store.create_sitting(Variant.TWO_PLAYER, ["C", "D"])
    assert store.last_sitting_id() == second
    store.add_hand(first, A_WINS_60)
    assert store.last_sitting_id() == first
    assert [info.id for info in store.list_sittings()] == [first, second]


def test_a_stale_summary_is_rebuilt_from_the_hands(store: SittingStore, database: Database) -> None:
    sitting_id = store.import_sitting(GERMAN)
    with database.transaction() as connection:
        connection.execute("UPDATE summary SET net_points = 12345, hands = 1")
        connection.execute("UPDATE sitting SET revision = revision + 1")
    [info] = store.list_sittings()
    assert (info.hands, info.net_points) == (6, 100)
    assert sitting_id == info.id


def test_read_only_store_lists_and_refuses_changes(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as db:
        SittingStore(db).import_sitting(GERMAN)
        with db.transaction() as connection:  # make the cached figures stale
            connection.execute("UPDATE sitting SET revision = revision + 1")
    with Database.open(path, read_only=True) as db:
        store = SittingStore(db)
        [info] = store.list_sittings()
        assert (info.hands, info.net_points) == (6, 100)
        with pytest.raises(ReadOnlyError, match="opened read-only"):
            store.add_hand(info.id, A_WINS_60)
        assert store.load(info.id).sitting == GERMAN
