"""The database schema, version by version. ``PRAGMA user_version`` holds the version.

Each migration brings a database from the version before it to its own version and runs
in a transaction of its own. Never edit a released migration; add the next one, and a
fixture database of the old version under tests/storage/fixtures/, and write down the
tables and columns it leaves in :data:`NEWEST_TABLES` with its version.

Opening a database and restoring a backup both check here that it has the tables and columns
of its version (:func:`missing_schema`): the database and the backups sit above this module.
"""

import contextlib
import sqlite3
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from typing import Final, NamedTuple

from jojotte_score.i18n import _


class Migration(NamedTuple):
    """The statements that bring a database to ``version``, and what fills the tables they
    make from the rows already there (run after them, in the same transaction)."""

    version: int
    statements: tuple[str, ...]
    fill: Callable[[sqlite3.Connection], None] | None = None


def _fill_sitting_ids(connection: sqlite3.Connection) -> None:
    """Schema 9: a stable id (a random UUID) for every stored sitting."""
    from jojotte_score.formats.sitting_keys import new_sitting_uuid

    rows = connection.execute("SELECT id FROM sitting WHERE uuid IS NULL").fetchall()
    connection.executemany(
        "UPDATE sitting SET uuid = ? WHERE id = ?",
        ((new_sitting_uuid(), sitting_id) for (sitting_id,) in rows),
    )


def _fill_record_facts(connection: sqlite3.Connection) -> None:
    """Schema 12: every readable sitting's facts for the circle's records, replayed once."""
    if connection.execute("SELECT 1 FROM sitting LIMIT 1").fetchone() is None:
        return  # a new database: the records' modules stay out of the window's start-up
    from jojotte_score.storage.record_rows import fill_record_facts

    fill_record_facts(connection)


def _rebuild_caches(connection: sqlite3.Connection) -> None:
    """Schema 10: every cached row scored again from the hands and stored with its checksum
    (none of the rows before it is believed): the figures for the statistics, every
    sitting's summary and the start of each of its rubbers.

    A fill reads the sittings with the code of the newest schema, so it runs in the last
    migration that changes what it reads or writes: schema 5 filled the figures and schema
    7 the summaries until schema 8 changed the sitting, summary and rubber_start tables and
    both fills moved there, and on to here when schema 10 gave the cached rows a checksum."""
    from jojotte_score.storage.stored_figures import fill_seat_figures, fill_summary

    for table in ("rubber_start", "seat_figures", "summary"):  # the caches schema 10 knew
        connection.execute(f"DELETE FROM {table}")
    fill_summary(connection)
    fill_seat_figures(connection)


def _rebuilt(table: str, create: str, columns: str, values: str | None = None) -> tuple[str, ...]:
    """SQLite's recipe for changing a table's columns or checks (foreign keys are off while
    migrating): the new table made as ``<table>_new`` by ``create``, ``columns`` copied
    into it (from ``values``, the expressions of the old table's columns, when they are
    not the same names), the old table dropped and the new one renamed. Its indexes are
    made again after it."""
    return (
        create,
        f"INSERT INTO {table}_new ({columns}) SELECT {values or columns} FROM {table}",
        f"DROP TABLE {table}",
        f"ALTER TABLE {table}_new RENAME TO {table}",
    )


_VARIANTS_3 = "'two-player', 'partnership', 'three-player', 'chouette', 'cutthroat'"

MIGRATIONS: Final = (
    Migration(
        1,
        (
            # What happened at the table: the sitting's setup and its hands as recorded.
            """
            CREATE TABLE sitting (
                id INTEGER PRIMARY KEY,
                variant TEXT NOT NULL CHECK (variant IN ('two-player', 'partnership')),
                players TEXT NOT NULL,
                game_target INTEGER NOT NULL,
                rubber_bonus INTEGER NOT NULL,
                title TEXT NOT NULL DEFAULT '',
                place TEXT NOT NULL DEFAULT '',
                created TEXT NOT NULL,
                updated TEXT NOT NULL,
                revision INTEGER NOT NULL DEFAULT 0
            )
            """,
            # One row per hand: its 0-based position and the hand as in the sitting file.
            """
            CREATE TABLE hand (
                sitting_id INTEGER NOT NULL REFERENCES sitting (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                data TEXT NOT NULL,
                PRIMARY KEY (sitting_id, position)
            ) WITHOUT ROWID
            """,
            # Figures derived from the hands, kept so that listing thousands of sittings
            # is quick. Never a source of truth: rebuilt whenever its revision is not the
            # sitting's.
            """
            CREATE TABLE summary (
                sitting_id INTEGER PRIMARY KEY REFERENCES sitting (id) ON DELETE CASCADE,
                revision INTEGER NOT NULL,
                hands INTEGER NOT NULL,
                rubbers_finished INTEGER NOT NULL,
                net_side INTEGER,
                net_points INTEGER NOT NULL,
                unresolved_prison INTEGER NOT NULL
            )
            """,
            "CREATE INDEX sitting_by_update ON sitting (updated)",
        ),
    ),
    Migration(
        2,
        (
            # The dealer the players chose for the hand at position ``chosen_for`` (the
            # first dealer of a new sitting, or the winner of a new cut after a rubber),
            # kept until a hand records who dealt.
            "ALTER TABLE sitting ADD COLUMN chosen_dealer INTEGER",
            "ALTER TABLE sitting ADD COLUMN chosen_for INTEGER",
            # The summary also keeps where the newest hands start (a Checkpoint), so that
            # the window can score them alone. It is a cache: the old rows are dropped and
            # rebuilt from the hands as they are needed.
            "DROP TABLE summary",
            """
            CREATE TABLE summary (
                sitting_id INTEGER PRIMARY KEY REFERENCES sitting (id) ON DELETE CASCADE,
                revision INTEGER NOT NULL,
                hands INTEGER NOT NULL,
                rubbers_finished INTEGER NOT NULL,
                net_side INTEGER,
                net_points INTEGER NOT NULL,
                unresolved_prison INTEGER NOT NULL,
                resume_position INTEGER NOT NULL,
                resume_rubber INTEGER NOT NULL,
                resume_prison INTEGER NOT NULL,
                resume_difference INTEGER NOT NULL
            )
            """,
        ),
    ),
    Migration(
        3,
        (
            # The three games of individual players (three-player, chouette, cutthroat): the
            # variant's CHECK admits them, so the table is rebuilt by SQLite's recipe (create,
            # copy, drop, rename; foreign keys are off while migrating). The chouette keeps
            # the seats of its first rubber's box and captain; later roles are derived (C3).
            *_rebuilt(
                "sitting",
                f"""
            CREATE TABLE sitting_new (
                id INTEGER PRIMARY KEY,
                variant TEXT NOT NULL CHECK (variant IN ({_VARIANTS_3})),
                players TEXT NOT NULL,
                game_target INTEGER NOT NULL,
                rubber_bonus INTEGER NOT NULL,
                title TEXT NOT NULL DEFAULT '',
                place TEXT NOT NULL DEFAULT '',
                created TEXT NOT NULL,
                updated TEXT NOT NULL,
                revision INTEGER NOT NULL DEFAULT 0,
                chosen_dealer INTEGER,
                chosen_for INTEGER,
                chouette_box INTEGER,
                chouette_captain INTEGER
            )
                """,
                "id, variant, players, game_target, rubber_bonus, title, place, created, "
                "updated, revision, chosen_dealer, chosen_for",
            ),
            "CREATE INDEX sitting_by_update ON sitting (updated)",
            # The summary also keeps each player's settlement (T15, C6, F6) of the games of
            # individual players, a JSON list; NULL for two sides. A cache: rebuilt.
            "DROP TABLE summary",
            """
            CREATE TABLE summary (
                sitting_id INTEGER PRIMARY KEY REFERENCES sitting (id) ON DELETE CASCADE,
                revision INTEGER NOT NULL,
                hands INTEGER NOT NULL,
                rubbers_finished INTEGER NOT NULL,
                net_side INTEGER,
                net_points INTEGER NOT NULL,
                unresolved_prison INTEGER NOT NULL,
                resume_position INTEGER NOT NULL,
                resume_rubber INTEGER NOT NULL,
                resume_prison INTEGER NOT NULL,
                resume_difference INTEGER NOT NULL,
                settlement TEXT
            )
            """,
        ),
    ),
    Migration(
        4,
        (
            # Every game's summary keeps a checkpoint (the chouette, three-player and
            # cutthroat sittings are no longer replayed whole): each column's totals over
            # the rubbers before it, a JSON list (the two sides' difference is the first
            # minus the second), and the chouette's roles of the rubber it starts (C3),
            # NULL in the other games. A cache: the old rows are dropped and rebuilt.
            "DROP TABLE summary",
            """
            CREATE TABLE summary (
                sitting_id INTEGER PRIMARY KEY REFERENCES sitting (id) ON DELETE CASCADE,
                revision INTEGER NOT NULL,
                hands INTEGER NOT NULL,
                rubbers_finished INTEGER NOT NULL,
                net_side INTEGER,
                net_points INTEGER NOT NULL,
                unresolved_prison INTEGER NOT NULL,
                resume_position INTEGER NOT NULL,
                resume_rubber INTEGER NOT NULL,
                resume_prison INTEGER NOT NULL,
                resume_totals TEXT NOT NULL,
                resume_box INTEGER,
                resume_captain INTEGER,
                settlement TEXT
            )
            """,
        ),
    ),
    Migration(
        5,
        (
            # Each seat's figures for the statistics (rubbers, hands, melds, contracts
            # declared and made by kind, defended and defeated, net points) in one revision
            # of its sitting, so that a period's statistics are the sum of the stored
            # figures instead of a replay of every sitting. Derived from the hands like the
            # summary: rows of an older revision, or none, are scored again when read. The
            # migration fills them for every sitting it can read.
            """
            CREATE TABLE seat_figures (
                sitting_id INTEGER NOT NULL REFERENCES sitting (id) ON DELETE CASCADE,
                seat INTEGER NOT NULL,
                revision INTEGER NOT NULL,
                rubbers_played INTEGER NOT NULL,
                rubbers_won INTEGER NOT NULL,
                rubbers_unfinished INTEGER NOT NULL,
                net_points INTEGER NOT NULL,
                finished_net_points INTEGER NOT NULL,
                hands_played INTEGER NOT NULL,
                meld_points INTEGER NOT NULL,
                suit_declared INTEGER NOT NULL,
                suit_made INTEGER NOT NULL,
                no_trump_declared INTEGER NOT NULL,
                no_trump_made INTEGER NOT NULL,
                nullo_declared INTEGER NOT NULL,
                nullo_made INTEGER NOT NULL,
                slam_declared INTEGER NOT NULL,
                slam_made INTEGER NOT NULL,
                doubled_declared INTEGER NOT NULL,
                doubled_made INTEGER NOT NULL,
                defended INTEGER NOT NULL,
                defeated INTEGER NOT NULL,
                PRIMARY KEY (sitting_id, seat)
            ) WITHOUT ROWID
            """,
        ),
        # The figures were filled here for every sitting it could read; schema 10 does it.
    ),
    Migration(
        6,
        (
            # The summary's checkpoint also keeps each seat's figures for the statistics
            # over the rubbers before it (a JSON list of rows in the order of seat_figures'
            # columns, empty at the first rubber), so that a sitting's figures are scored
            # from its checkpoint, not from its first hand. A cache: the old rows are
            # dropped and rebuilt (schema 6 rebuilt them here; schema 7 drops them again and
            # rebuilds them with the rubbers' starts, so that is left to it).
            "DROP TABLE summary",
            """
            CREATE TABLE summary (
                sitting_id INTEGER PRIMARY KEY REFERENCES sitting (id) ON DELETE CASCADE,
                revision INTEGER NOT NULL,
                hands INTEGER NOT NULL,
                rubbers_finished INTEGER NOT NULL,
                net_side INTEGER,
                net_points INTEGER NOT NULL,
                unresolved_prison INTEGER NOT NULL,
                resume_position INTEGER NOT NULL,
                resume_rubber INTEGER NOT NULL,
                resume_prison INTEGER NOT NULL,
                resume_totals TEXT NOT NULL,
                resume_box INTEGER,
                resume_captain INTEGER,
                settlement TEXT,
                resume_figures TEXT NOT NULL
            )
            """,
        ),
    ),
    Migration(
        7,
        (
            # Where each rubber of a sitting starts, so that an old hand is scored from its
            # own rubber's start and a change from the start of the rubber it touches: the
            # rubber's number, its first hand's position, the prison waiting, each column's
            # totals over the rubbers before it (a JSON list), the chouette's roles (NULL in
            # the other games), each seat's figures for the statistics over the rubbers
            # before it (a JSON list of rows in the order of seat_figures' columns, empty
            # at the first rubber) and a fingerprint of the stored hands before it (which
            # tells a start that still fits the hands when the summary is of an older
            # revision). They belong to the summary's revision, and are written with it.
            """
            CREATE TABLE rubber_start (
                sitting_id INTEGER NOT NULL REFERENCES sitting (id) ON DELETE CASCADE,
                rubber INTEGER NOT NULL,
                position INTEGER NOT NULL,
                prison INTEGER NOT NULL,
                totals TEXT NOT NULL,
                box INTEGER,
                captain INTEGER,
                figures TEXT NOT NULL,
                digest TEXT NOT NULL,
                PRIMARY KEY (sitting_id, rubber)
            ) WITHOUT ROWID
            """,
            # The summary also says where the change that made its revision first touched
            # the hands (its position; the number of hands when it touched none, 0 when
            # not known), so that a window showing the revision before it scores only the
            # hands from there. A cache: the old rows are dropped and rebuilt, with every
            # sitting's rubber starts, for every sitting that can be read.
            "DROP TABLE summary",
            """
            CREATE TABLE summary (
                sitting_id INTEGER PRIMARY KEY REFERENCES sitting (id) ON DELETE CASCADE,
                revision INTEGER NOT NULL,
                hands INTEGER NOT NULL,
                rubbers_finished INTEGER NOT NULL,
                net_side INTEGER,
                net_points INTEGER NOT NULL,
                unresolved_prison INTEGER NOT NULL,
                resume_position INTEGER NOT NULL,
                resume_rubber INTEGER NOT NULL,
                resume_prison INTEGER NOT NULL,
                resume_totals TEXT NOT NULL,
                resume_box INTEGER,
                resume_captain INTEGER,
                settlement TEXT,
                resume_figures TEXT NOT NULL,
                first_changed INTEGER NOT NULL
            )
            """,
            # The summaries were rebuilt here with the rubbers' starts; schema 10 does it.
        ),
    ),
    Migration(
        8,
        (
            # The games are the registry's, not the database's: the variant's CHECK goes, so
            # a game added to the program is stored without a migration. A game's roles are
            # its own (the chouette's box and captain, C2): the sitting keeps its first
            # rubber's, and the summary and each rubber start theirs, as one text column, a
            # JSON list of the seat holding each of the game's roles in the order the game
            # names them ("[2, 0]": the box in seat 2, the captain in seat 0), NULL in a game
            # without roles. The sitting table is rebuilt by SQLite's recipe, its roles
            # copied; the summary and the rubber starts are a cache: dropped and rebuilt.
            *_rebuilt(
                "sitting",
                """
            CREATE TABLE sitting_new (
                id INTEGER PRIMARY KEY,
                variant TEXT NOT NULL,
                players TEXT NOT NULL,
                game_target INTEGER NOT NULL,
                rubber_bonus INTEGER NOT NULL,
                title TEXT NOT NULL DEFAULT '',
                place TEXT NOT NULL DEFAULT '',
                created TEXT NOT NULL,
                updated TEXT NOT NULL,
                revision INTEGER NOT NULL DEFAULT 0,
                chosen_dealer INTEGER,
                chosen_for INTEGER,
                roles TEXT
            )
                """,
                "id, variant, players, game_target, rubber_bonus, title, place, created, "
                "updated, revision, chosen_dealer, chosen_for, roles",
                "id, variant, players, game_target, rubber_bonus, title, place, created, "
                "updated, revision, chosen_dealer, chosen_for, "
                "CASE WHEN chouette_box IS NULL OR chouette_captain IS NULL THEN NULL "
                "ELSE '[' || chouette_box || ', ' || chouette_captain || ']' END",
            ),
            "CREATE INDEX sitting_by_update ON sitting (updated)",
            "DROP TABLE rubber_start",
            """
            CREATE TABLE rubber_start (
                sitting_id INTEGER NOT NULL REFERENCES sitting (id) ON DELETE CASCADE,
                rubber INTEGER NOT NULL,
                position INTEGER NOT NULL,
                prison INTEGER NOT NULL,
                totals TEXT NOT NULL,
                roles TEXT,
                figures TEXT NOT NULL,
                digest TEXT NOT NULL,
                PRIMARY KEY (sitting_id, rubber)
            ) WITHOUT ROWID
            """,
            "DROP TABLE summary",
            """
            CREATE TABLE summary (
                sitting_id INTEGER PRIMARY KEY REFERENCES sitting (id) ON DELETE CASCADE,
                revision INTEGER NOT NULL,
                hands INTEGER NOT NULL,
                rubbers_finished INTEGER NOT NULL,
                net_side INTEGER,
                net_points INTEGER NOT NULL,
                unresolved_prison INTEGER NOT NULL,
                resume_position INTEGER NOT NULL,
                resume_rubber INTEGER NOT NULL,
                resume_prison INTEGER NOT NULL,
                resume_totals TEXT NOT NULL,
                resume_roles TEXT,
                settlement TEXT,
                resume_figures TEXT NOT NULL,
                first_changed INTEGER NOT NULL
            )
            """,
            # The figures and summaries were filled here for every sitting; schema 10 does it.
        ),
    ),
    Migration(
        9,
        (
            # A sitting is the same sitting everywhere: its stable id (a UUID) travels with
            # it in sitting files and through a sync folder. Filled for every sitting here;
            # new sittings get theirs when stored.
            "ALTER TABLE sitting ADD COLUMN uuid TEXT",
            "CREATE UNIQUE INDEX sitting_by_uuid ON sitting (uuid)",
            # What a sync folder (docs/sync.md) needs to remember: this device's id and
            # clock (``sync_state``, key to value); each sitting's newest version known from
            # each device, its own included, as that device wrote it (``sync_version``: the
            # device's counter for the sitting, its Lamport clock, the versions it had seen
            # as a JSON object device to counter, and the record, NULL for a deletion);
            # what this device last wrote of each sitting (``sync_written``: the sitting's
            # revision then, -1 for its deletion); the conflict copies each device's newest
            # version carries (``sync_conflict``, by the device listing them) and the
            # copies chosen away (``sync_resolved``); and how far each device's change log
            # has been read (``sync_peer``). Keyed by the
            # sitting's uuid, not its row: a deleted sitting's versions stay known.
            "CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
            """
            CREATE TABLE sync_version (
                uuid TEXT NOT NULL,
                device TEXT NOT NULL,
                counter INTEGER NOT NULL,
                clock INTEGER NOT NULL,
                seen TEXT NOT NULL,
                record TEXT,
                PRIMARY KEY (uuid, device)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE sync_written (
                uuid TEXT PRIMARY KEY,
                revision INTEGER NOT NULL
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE sync_conflict (
                uuid TEXT NOT NULL,
                listed_by TEXT NOT NULL,
                device TEXT NOT NULL,
                counter INTEGER NOT NULL,
                clock INTEGER NOT NULL,
                seen TEXT NOT NULL,
                record TEXT,
                PRIMARY KEY (uuid, listed_by, device, counter)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE sync_resolved (
                uuid TEXT NOT NULL,
                device TEXT NOT NULL,
                counter INTEGER NOT NULL,
                PRIMARY KEY (uuid, device, counter)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE sync_peer (
                device TEXT PRIMARY KEY,
                name TEXT NOT NULL DEFAULT '',
                read_to INTEGER NOT NULL DEFAULT 0,
                seq INTEGER NOT NULL DEFAULT 0,
                seen_at TEXT NOT NULL DEFAULT ''
            ) WITHOUT ROWID
            """,
        ),
        _fill_sitting_ids,
    ),
    Migration(
        10,
        (
            # Each cached row keeps a checksum over its sitting, its values and what they
            # were derived from (storage/rows.py), checked whenever it is read: a row
            # that does not agree is scored again from the hands, never shown. The rows
            # before this version have none: every cache is rebuilt from the hands.
            "ALTER TABLE summary ADD COLUMN checksum TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE rubber_start ADD COLUMN checksum TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE seat_figures ADD COLUMN checksum TEXT NOT NULL DEFAULT ''",
        ),
        _rebuild_caches,
    ),
    Migration(
        11,
        (
            # The sittings changed since a sync pass last looked (docs/sync.md): a row for
            # each sitting stored, changed (its revision raised) or deleted, made by these
            # triggers in the change's own transaction, so that a pass reads only what
            # changed instead of every sitting. The pass removes a row once the sitting is
            # written as it is. A row at most once per sitting while it waits; a restore
            # that copies some twice is harmless (the pass reads them once).
            "CREATE TABLE sync_dirty (uuid TEXT NOT NULL)",
            "CREATE INDEX sync_dirty_by_uuid ON sync_dirty (uuid)",
            """
            CREATE TRIGGER sync_dirty_stored AFTER INSERT ON sitting
            WHEN new.uuid IS NOT NULL BEGIN
                INSERT INTO sync_dirty (uuid) SELECT new.uuid
                WHERE NOT EXISTS (SELECT 1 FROM sync_dirty WHERE uuid = new.uuid);
            END
            """,
            """
            CREATE TRIGGER sync_dirty_changed AFTER UPDATE OF revision, uuid ON sitting
            WHEN new.uuid IS NOT NULL BEGIN
                INSERT INTO sync_dirty (uuid) SELECT new.uuid
                WHERE NOT EXISTS (SELECT 1 FROM sync_dirty WHERE uuid = new.uuid);
            END
            """,
            """
            CREATE TRIGGER sync_dirty_renamed AFTER UPDATE OF uuid ON sitting
            WHEN old.uuid IS NOT NULL AND old.uuid IS NOT new.uuid BEGIN
                INSERT INTO sync_dirty (uuid) SELECT old.uuid
                WHERE NOT EXISTS (SELECT 1 FROM sync_dirty WHERE uuid = old.uuid);
            END
            """,
            """
            CREATE TRIGGER sync_dirty_deleted AFTER DELETE ON sitting
            WHEN old.uuid IS NOT NULL BEGIN
                INSERT INTO sync_dirty (uuid) SELECT old.uuid
                WHERE NOT EXISTS (SELECT 1 FROM sync_dirty WHERE uuid = old.uuid);
            END
            """,
            # When a pass last listed each device's folder and found no conflict copy of
            # the transport's in it (the folder's modification time, in nanoseconds; 0
            # before): the next pass lists it again only when that time has changed.
            "ALTER TABLE sync_peer ADD COLUMN listed INTEGER NOT NULL DEFAULT 0",
            # What was changed before this version and not yet written: every sitting
            # whose revision is not the one last written, and every sitting whose
            # deletion is still to write (-1 is a written deletion).
            """
            INSERT INTO sync_dirty (uuid)
            SELECT s.uuid FROM sitting s LEFT JOIN sync_written w ON w.uuid = s.uuid
            WHERE s.uuid IS NOT NULL AND w.revision IS NOT s.revision
            UNION
            SELECT w.uuid FROM sync_written w
            WHERE w.revision != -1 AND NOT EXISTS (SELECT 1 FROM sitting s WHERE s.uuid = w.uuid)
            """,
        ),
    ),
    Migration(
        12,
        (
            # What each sitting says about its players for the circle's records
            # (jojotte_score/core/records/facts.py): each rubber's sides, column totals,
            # settlement and winners, each seat's figures in each role, each two seats'
            # head to head (core/records/pairs.py, first, read alone) and each side's
            # figures (core/records/partners.py, read with the roles), as JSON, of one
            # revision of the sitting, with the checksum every cached row keeps
            # (storage/rows.py). Filled here for every readable sitting, and again when
            # read for a sitting changed since: a decade's history is replayed once, not at
            # each reading (storage/record_facts.py).
            """
            CREATE TABLE record_facts (
                sitting_id INTEGER PRIMARY KEY REFERENCES sitting (id) ON DELETE CASCADE,
                revision INTEGER NOT NULL,
                data TEXT NOT NULL,
                checksum TEXT NOT NULL
            )
            """,
            # The course of the circle's ratings (jojotte_score/core/records/ratings.py):
            # for one choice of period and games ('' for every sitting of every game), each
            # rated sitting's place in the order played, its running mark over the rated
            # facts of every sitting to it, and the steps its rubbers made as JSON, with the
            # checksum every cached row keeps (storage/rows.py). Filled when the ratings are
            # first read; a later reading rates again only from the first sitting whose mark
            # differs (storage/record_ratings.py).
            """
            CREATE TABLE record_ratings (
                choice TEXT NOT NULL,
                position INTEGER NOT NULL,
                sitting_id INTEGER NOT NULL,
                mark TEXT NOT NULL,
                data TEXT NOT NULL,
                checksum TEXT NOT NULL,
                PRIMARY KEY (choice, position)
            ) WITHOUT ROWID
            """,
        ),
        _fill_record_facts,
    ),
)

SCHEMA_VERSION: Final = MIGRATIONS[-1].version

NEWEST_TABLES_VERSION: Final = 12
NEWEST_TABLES: Final = {
    table: frozenset(columns.split())
    for table, columns in {
        "hand": "data position sitting_id",
        "seat_figures": "checksum defeated defended doubled_declared doubled_made "
        "finished_net_points hands_played meld_points net_points no_trump_declared "
        "no_trump_made nullo_declared nullo_made revision rubbers_played rubbers_unfinished "
        "rubbers_won seat sitting_id slam_declared slam_made suit_declared suit_made",
        "sitting": "chosen_dealer chosen_for created game_target id place players revision "
        "roles rubber_bonus title updated uuid variant",
        "rubber_start": "checksum digest figures position prison roles rubber sitting_id totals",
        "summary": "checksum first_changed hands net_points net_side resume_figures "
        "resume_position resume_prison resume_roles resume_rubber resume_totals revision "
        "rubbers_finished settlement sitting_id unresolved_prison",
        "sync_state": "key value",
        "sync_version": "clock counter device record seen uuid",
        "sync_written": "revision uuid",
        "sync_conflict": "clock counter device listed_by record seen uuid",
        "sync_resolved": "counter device uuid",
        "sync_peer": "device listed name read_to seen_at seq",
        "sync_dirty": "uuid",
        "record_facts": "checksum data revision sitting_id",
        "record_ratings": "checksum choice data mark position sitting_id",
    }.items()
}
"""Every table and its columns as the migrations up to :data:`NEWEST_TABLES_VERSION` leave
them, in the order SQLite lists them: what a database of that version must have to be
opened (more is allowed). Learning it by running every migration in a database in memory
took 20.7 M instructions of each start-up's 1.34 G (callgrind); an older version is still
learnt that way. tests/storage/test_database.py checks this is what the migrations make:
a migration that changes a table's columns changes this and its version with it."""

CACHE_TABLES: Final = frozenset(
    {"summary", "seat_figures", "rubber_start", "record_facts", "record_ratings"}
)
"""The tables that hold only figures derived from the hands: never copied by a restore,
always rebuilt from the hands."""


def _columns(connection: sqlite3.Connection) -> dict[str, set[str]]:
    """Each table's column names."""
    tables = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    columns = "SELECT name FROM pragma_table_info(?)"
    return {
        table: {str(column) for (column,) in connection.execute(columns, (table,))}
        for (table,) in tables.fetchall()
    }


def tables_made(version: int) -> Mapping[str, AbstractSet[str]]:
    """The tables and columns the migrations up to ``version`` create: written down for the
    newest version (:data:`NEWEST_TABLES`), else learnt by running them."""
    if version == NEWEST_TABLES_VERSION:
        return NEWEST_TABLES
    return run_migrations_in_memory(version)


def run_migrations_in_memory(version: int) -> dict[str, set[str]]:
    """The tables and columns the migrations up to ``version`` create, learnt by running
    them in a database in memory."""
    with contextlib.closing(sqlite3.connect(":memory:", isolation_level=None)) as memory:
        for migration in MIGRATIONS:
            if migration.version <= version:
                for statement in migration.statements:
                    memory.execute(statement)
        return _columns(memory)


def missing_schema(connection: sqlite3.Connection, version: int) -> str:
    """What this app's schema of ``version`` has that the database lacks ("" for nothing):
    the app's own databases are known by their tables and columns, not their number alone.
    Opening and restoring both ask it. SQLite's failure to read the schema is raised."""
    if version <= 0:
        return ""
    found = _columns(connection)
    for table, columns in tables_made(version).items():
        if table not in found:
            return _("table {table}").format(table=repr(table))
        lacking = sorted(columns - found[table])
        if lacking:
            message = _("column {column} in table {table}")
            return message.format(column=repr(lacking[0]), table=repr(table))
    return ""
