"""The core's messages, the shared labels and the statistics in German: the words and the
numbers a German player checks (the glossary of docs/translating.md)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from jojotte_score.core.errors import Problem
from jojotte_score.core.games import find_game
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.games.chouette_rules import check_chouette_roles
from jojotte_score.core.games.three_player_validation import check_three_player_hand
from jojotte_score.core.melds import (
    DeclaredMelds,
    MeldDeclarationError,
    Rank,
    Run,
    Suit,
    decide_melds,
)
from jojotte_score.core.model import (
    PlayedHand,
    Rules,
    SeatHand,
    Special,
    Trump,
    Variant,
)
from jojotte_score.core.series import (
    ContractShares,
    ResultsOverTime,
    Series,
    SittingCourse,
    course_summary,
    kind_name,
    results_summary,
    shares_summary,
    standings_summary,
)
from jojotte_score.core.stats import ContractCount, ContractKind, PlayerStats
from jojotte_score.core.validation import check_hand, check_label, check_sitting_setup
from jojotte_score.labels import (
    local_date,
    net_result,
    sitting_label,
    sitting_result,
    variant_label,
)
from jojotte_score.stats_labels import stats_cells, stats_headings, stats_legend

pytestmark = pytest.mark.usefixtures("german")

NAMES = ("Anna", "Bert")


def _messages(hand: PlayedHand, variant: Variant = Variant.TWO_PLAYER) -> list[str]:
    return [problem.message for problem in check_hand(hand, find_game(variant), 3, NAMES)]


def test_card_points_beyond_the_deck_name_the_side_and_the_contract() -> None:
    hand = PlayedHand(0, Trump.HEARTS, (95, 170), 0)
    assert _messages(hand) == [
        "Die Kartenpunkte von Bert (170) müssen im Trumpfspiel ein Vielfaches von 5 "
        "zwischen 0 und 155 sein"
    ]
    nullo = PlayedHand(0, Trump.HEARTS, (90, 80), None, special=Special.NULLO, tricks=(4, 5))
    assert _messages(nullo) == [
        "Die Kartenpunkte ergeben zusammen 170 (Anna: 90, Bert: 80), bei Null mehr als die "
        "120 des ganzen Kartenspiels"
    ]


def test_a_problem_names_its_hand_and_a_warning_says_so() -> None:
    assert Problem("Jo-Jotte zählt bei Null nicht", 3).describe("abend.json") == (
        "abend.json: Spiel 3: Jo-Jotte zählt bei Null nicht"
    )
    assert str(Problem("x", 2, warning=True)) == "Warnung: Spiel 2: x"


def test_the_last_trick_goes_to_one_of_the_two_sides() -> None:
    hand = PlayedHand(0, Trump.SPADES, (60, 40), 5)
    assert _messages(hand) == ["Der letzte Stich muss an Anna (0) oder Bert (1) gehen, nicht an 5"]
    unnamed = check_hand(hand, find_game(Variant.TWO_PLAYER))
    assert unnamed[0].message == (
        "Der letzte Stich muss an Partei 0 oder Partei 1 gehen, nicht an 5"
    )


def test_meld_points_that_cannot_be_melded_list_the_possible_totals() -> None:
    hand = PlayedHand(0, Trump.SPADES, (60, 40), 0, melds=(0, 260))
    (message,) = _messages(hand)
    assert message.startswith(
        "Die Meldepunkte von Bert (260) können mit neun Karten nicht gemeldet werden "
        "(mögliche Summen: jede Summe von Meldungen bis "
    )


def test_a_sitting_needs_its_players_and_a_short_title() -> None:
    problems = check_sitting_setup(
        find_game(Variant.PARTNERSHIP), ("Anna", "", "Carl"), Rules(0, -1)
    )
    assert [p.message for p in problems] == [
        "Eine Sitzung im Partnerspiel braucht 4 Spielernamen, nicht 3",
        "Spieler 1 hat einen leeren Namen",
        "Die Punktzahl für eine Partie muss positiv sein",
        "Die Robberprämie darf nicht negativ sein",
    ]
    assert [p.message for p in check_label("title", "x" * 81)] == [
        "Der Titel ist 81 Zeichen lang; erlaubt sind höchstens 80 Zeichen"
    ]


def test_three_player_roles_in_german() -> None:
    hand = SeatHand(0, Trump.HEARTS, 1, (80, 60, 0), 0, dealer=7)
    (problem,) = check_three_player_hand(
        find_game(Variant.THREE_PLAYER), hand, 4, ("Anna", "Bert", "Carl")
    )
    assert problem.message == "Der Geber muss Anna (0), Bert (1) oder Carl (2) sein, nicht 7"


def test_chouette_roles_in_german() -> None:
    assert [p.message for p in check_chouette_roles(ChouetteRoles(1, 1))] == [
        "Box und Kapitän müssen zwei verschiedene Spieler sein"
    ]
    assert [p.message for p in check_chouette_roles(ChouetteRoles(0, 5))] == [
        "Der Kapitän muss Platz 0, 1 oder 2 sein, nicht 5"
    ]


def test_meld_decision_in_the_german_words_of_the_rules() -> None:
    jacks = DeclaredMelds(fours=(Rank.JACK,), runs=(Run(4, Rank.QUEEN, Suit.HEARTS),))
    aces = DeclaredMelds(fours=(Rank.ACE, Rank.EIGHT), runs=(Run(3, Rank.ACE, Suit.SPADES),))
    decision = decide_melds(jacks, aces, Trump.HEARTS, names=NAMES)
    assert decision.points == (140, 0)
    assert decision.reasons == (
        "Klasse A: Die vier Buben von Anna schlagen vier Asse (Rangfolge B, 9, A, 10, K, D); "
        "vier Buben = 1 × 100 = 100 für Anna.",
        "Klasse B: Die Herz-Folge von 4 Karten ab Dame (D-B-10-9) von Anna ist länger als die "
        "Pik-Folge von 3 Karten ab Ass (A-K-D); eine Herz-Folge von 4 Karten ab Dame "
        "(D-B-10-9) zu 40 für Anna.",
        "Die vier Achten von Bert zählen im Trumpfspiel nichts; nicht gewertet.",
    )


def test_impossible_melds_are_refused_in_german() -> None:
    with pytest.raises(MeldDeclarationError, match=r"^Eine Folge hat 3 bis 8 Karten, nicht 2$"):
        Run(2, Rank.ACE, Suit.CLUBS)
    twice = DeclaredMelds(fours=(Rank.KING,))
    with pytest.raises(MeldDeclarationError) as refused:
        decide_melds(twice, twice, Trump.NO_TRUMP, names=NAMES)
    assert str(refused.value) == (
        "Vier Könige zweimal gemeldet (von Anna und Bert): Im Kartenspiel gibt es nur vier Könige"
    )


def test_the_plots_summaries_in_german() -> None:
    course = SittingCourse(
        (0, 1, 2, 3, 4), (Series("A \u2212 B", (0, -15, -460, 80, 100)),), (2, 4), ("A", "B")
    )
    assert course_summary(course) == (
        "A mit 100 vorn nach Spiel 4; größter Vorsprung: B mit 460 nach Spiel 2; "
        "Robber endeten nach den Spielen 2 und 4."
    )
    results = ResultsOverTime(
        (date(2026, 11, 1), date(2026, 11, 15)),
        (Series("Anna", (655, 1135)), Series("Carl", (None, -2285))),
    )
    assert results_summary(results) == (
        "Saldo je Sitzung, 01.11.2026 bis 15.11.2026. "
        "Anna: 2 Sitzungen, insgesamt +1790, bestes Ergebnis +1135 (15.11.2026); "
        "Carl: 1 Sitzung, insgesamt \u22122285, bestes Ergebnis \u22122285 (15.11.2026)."
    )
    assert standings_summary(results) == (
        "Zusammengezählt über 2 Sitzungen, bis 15.11.2026: Anna +1790, Carl \u22122285."
    )
    shares = ContractShares(
        ("A", "B"),
        (ContractKind.SUIT, ContractKind.NULLO),
        (((1, 3), (1, 1)), ((0, 0), (0, 0))),
    )
    # The no-break space keeps "(33" and "%)" on one line of the plots' summary.
    assert shares_summary(shares) == (
        "Erfüllte von angesagten Kontrakten, nach Art. "
        "A erfüllte 1 von 3 Farbspielen (33\u00a0%), 1 von 1 Nullspiel (100\u00a0%); "
        "B sagte keinen Kontrakt an."
    )
    assert [kind_name(kind) for kind in ContractKind] == [
        "Farbe", "Ohne Trumpf", "Null", "Schlemm", "kontriert",
    ]  # fmt: skip


def test_shared_labels_in_german_and_files_in_english() -> None:
    stored = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    assert local_date(stored) == "21.11.2026"
    assert variant_label(Variant.CUTTHROAT) == "Jeder gegen jeden"
    assert variant_label(Variant.TWO_PLAYER) == "Zweierspiel"
    assert net_result(("Anna", "Bert"), None, 0) == "ausgeglichen"
    assert net_result(("Anna", "Bert"), None, 0, for_file=True) == "level"
    settlement = (40, -10, -30)
    # Read by a person: a true minus; in a file: ASCII.
    assert sitting_result(Variant.THREE_PLAYER, ("A", "B", "C"), None, 0, settlement) == (
        "A +40, B \u221210, C \u221230"
    )
    in_a_file = sitting_result(
        Variant.THREE_PLAYER, ("A", "B", "C"), None, 0, settlement, for_file=True
    )
    assert in_a_file == "A +40, B -10, C -30"
    label = sitting_label(3, "", stored, Variant.TWO_PLAYER, ("Anna", "Bert"))
    assert label == "#3 21.11.2026 Anna–Bert"
    in_file = sitting_label(3, "", stored, Variant.TWO_PLAYER, ("Anna", "Bert"), for_file=True)
    assert in_file == "#3 2026-11-21 Anna–Bert"


def test_statistics_headings_legend_and_decimal_comma() -> None:
    assert stats_headings() == (
        "Spieler", "Sitzungen", "Robber", "Gewonnen", "Saldo", "Ø/Robber", "Spiele",
        "Meld./Spiel", "Kontrakte", "Farbe", "Ohne Trumpf", "Null", "Schlemm", "Kontriert",
        "Verteidigt",
    )  # fmt: skip
    assert stats_legend().startswith("Robber: beendete Robber; Ø/Robber: deren Saldo je Robber.")
    anna = PlayerStats(
        "Anna", sittings=2, rubbers_played=2, rubbers_won=1, net_points=305,
        finished_net_points=5, hands_played=4, meld_points=130, suit=ContractCount(3, 2),
        defended=2, defeated=1,
    )  # fmt: skip
    cells = stats_cells(anna)
    assert cells[4:8] == ("+305", "+2,5", "4", "32,5")
    assert cells[-1] == "1/2"
    bert = PlayerStats(
        "Bert", sittings=2, rubbers_played=2, rubbers_won=1, net_points=-305,
        finished_net_points=-5, hands_played=4, meld_points=130,
    )  # fmt: skip
    assert stats_cells(bert)[4:6] == ("\u2212305", "\u22122,5")  # a true minus, as on the pad
