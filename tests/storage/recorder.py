"""A child process for the kill -9 test: records hands one at a time until it is killed.

Run as ``python recorder.py DATABASE MODE``. It opens the database, takes the most recently
changed sitting (creating one when there is none) and then changes it in a loop, one
transaction per change. Before each change it writes one line saying what it is about to
do, and after the change has returned (so after its COMMIT) one line saying it is done:

    adding <position> <hand as JSON>       recorded <position> <hand as JSON>
    inserting <position> <hand as JSON>    inserted <position> <hand as JSON>
    deleting <position> null               deleted <position> <removed hand as JSON>

Each line is flushed at once. ``ready <sitting id> <hand count>`` is written when the
sitting is open. MODE ``append`` only adds hands at the end; MODE ``shift`` inserts at the
front and deletes from the middle, so that every change renumbers the later hands.

Every hand carries a note unique to this process and change, so each stored hand can be
told apart from all the others.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from jojotte_score.core.model import (
    AnyHand,
    Doubling,
    Hand,
    PlayedHand,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.formats.sitting_file import hand_to_data
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore

PLAYERS = ("Anna", "Bert")
MODES = ("append", "shift")
# The shift mode keeps the sitting between these sizes, so both changes keep happening.
SHIFT_LOW, SHIFT_HIGH = 12, 40

# Valid two-player hands, recorded in this order, round and round.
HANDS: tuple[Hand, ...] = (
    PlayedHand(0, Trump.SPADES, (80, 75), last_trick=0, dealer=1),
    PlayedHand(1, Trump.HEARTS, (45, 110), last_trick=1, double=Doubling.DOUBLE, dealer=0),
    PlayedHand(0, Trump.NO_TRUMP, (120, 0), last_trick=None, special=Special.NULLO, tricks=(9, 0)),
    ThrownIn(dealer=0),
    PlayedHand(
        1,
        Trump.CLUBS,
        (0, 155),
        last_trick=1,
        special=Special.SLAM,
        jojotte=1,
        melds=(0, 50),
        tricks=(0, 9),
    ),
    PlayedHand(0, Trump.DIAMONDS, (100, 55), last_trick=0, double=Doubling.REDOUBLE, melds=(20, 0)),
    PlayedHand(1, Trump.NO_TRUMP, (60, 60), last_trick=0, jojotte=None, dealer=1),
    ThrownIn(dealer=1, note="misdeal"),
)


def noted(hand: Hand, note: str) -> Hand:
    """The same hand with ``note`` as its note."""
    return hand._replace(note=note)


def hand_json(hand: AnyHand) -> str:
    """The hand as one line of JSON, in the sitting file's vocabulary."""
    return json.dumps(hand_to_data(hand), ensure_ascii=True, separators=(",", ":"))


def say(*words: object) -> None:
    """Write one line and flush it, so the parent has it before anything else happens."""
    sys.stdout.write(" ".join(str(word) for word in words) + "\n")
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    """Record hands into the database named by ``argv[0]`` until killed."""
    path, mode = Path(argv[0]), argv[1]
    if mode not in MODES:
        raise SystemExit(f"mode must be one of {MODES}, not {mode!r}")
    database = Database.open(path)
    store = SittingStore(database)
    sitting_id = store.last_sitting_id()
    if sitting_id is None:
        sitting_id = store.create_sitting(Variant.TWO_PLAYER, PLAYERS, title="kill test")
    count = store.hand_count(sitting_id)
    say("ready", sitting_id, count)
    serial = 0
    while True:
        serial += 1
        hand = noted(HANDS[serial % len(HANDS)], f"{os.getpid()}.{serial}")
        if mode == "append" or count < SHIFT_LOW or (count < SHIFT_HIGH and serial % 3):
            if mode == "append":
                say("adding", count, hand_json(hand))
                position = store.add_hand(sitting_id, hand)
                say("recorded", position, hand_json(hand))
            else:
                say("inserting", 0, hand_json(hand))
                store.insert_hand(sitting_id, 0, hand)
                say("inserted", 0, hand_json(hand))
            count += 1
        else:
            position = count // 2
            say("deleting", position, "null")
            removed = store.delete_hand(sitting_id, position)
            say("deleted", position, hand_json(removed))
            count -= 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
