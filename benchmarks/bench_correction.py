"""How long the entry panel's preview takes to find what a chouette correction does to the
dealers after it, in a 10,000-hand sitting.

While an earlier chouette hand is edited, the preview asks the game at every key typed which
later hands the edit makes illegal (C3, C7). The sitting is the worked chouette
(tests/data/chouette-example.json) repeated, every dealer recorded as the turn gives it;
the edit is the one docs/RULES.md C7b describes (hand 3 taken by the team), made in the
first, the middle and the last repetition. Printed, best of ``--repeat`` each:

- the baseline: the edited sitting scored again from its first hand (``replay``),
  which is what following the roles through every hand costs;
- the corrector, given the pad the window already holds (``ChouetteCorrector``), for each
  edit, with the number of later dealers it finds illegal.

    python3 benchmarks/bench_correction.py [--repeats 1000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_storage import best_of  # noqa: E402

from jojotte_score.core.games import find_game, replay  # noqa: E402
from jojotte_score.core.games.chouette_roles import chouette_roles  # noqa: E402
from jojotte_score.core.games.chouette_rules import ChouetteCorrector  # noqa: E402
from jojotte_score.core.model import Doubling, PlayedHand, Sitting, Variant  # noqa: E402
from jojotte_score.formats.sitting_file import load_sitting  # noqa: E402


def long_chouette(repeats: int) -> Sitting:
    """The worked chouette ``repeats`` times over, each hand dealt by its rubber's box or
    captain in turn (C7)."""
    example = load_sitting(ROOT / "tests" / "data" / "chouette-example.json").sitting
    assert isinstance(example, Sitting)
    sitting = replace(example, hands=example.hands * repeats)
    ledger = replay(sitting)
    hands = []
    for result in ledger.hands:
        held = ledger.rubbers[result.rubber - 1].roles
        assert held is not None
        roles = chouette_roles(held)
        hands.append(result.hand._replace(dealer=(roles.box, roles.captain)[result.number % 2]))
    return replace(sitting, hands=tuple(hands))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=1000, help="copies of the example")
    parser.add_argument("--repeat", type=int, default=5, help="timings to take the best of")
    options = parser.parse_args()
    sitting = long_chouette(options.repeats)
    recorded = replay(sitting)
    count = len(sitting.hands)
    baseline = best_of(options.repeat, lambda: replay(sitting))
    print(f"{count} hands; the sitting scored again: {baseline * 1000:.1f} ms")
    for position in (2, count // 2 + 2, count - 8):
        hand = sitting.hands[position]
        assert isinstance(hand, PlayedHand)
        edit = hand._replace(
            bidder=1, double=Doubling.NONE, card_points=(30, 80), last_trick=1, jojotte=1
        )
        corrector = ChouetteCorrector(find_game(Variant.CHOUETTE), sitting, position, recorded)
        found = corrector(edit)
        illegal = 0 if found is None else len(found.fixes)
        took = best_of(options.repeat, partial(corrector, edit))
        print(
            f"hand {position + 1} edited: {took * 1000:.1f} ms "
            f"({baseline / took:.0f}x faster), {illegal} later dealers made illegal"
        )


if __name__ == "__main__":
    main()
