"""The season report: the table's figures a player would check, every plot on a page with
its summary, and the PDF (rendered to pictures in $JOJOTTE_SCREENSHOTS when it is set)."""

from __future__ import annotations

import subprocess
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.render.page_layout import PageMetrics
from jojotte_score.render.season_pdf import write_season_report
from jojotte_score.render.season_report import (
    SeasonReport,
    layout_season_report,
    season_report,
    stats_rows,
)
from tests.poppler import pdf_pages, pdf_text, tool
from tests.render.test_pdf import screenshot_folder

DATA = Path(__file__).resolve().parent.parent / "data"
NAMES = ("german", "three-player", "chouette", "cutthroat", "partnership")


def fake_width(text: str, size: float) -> float:
    """Every character is 0.6 of the font size wide."""
    return len(text) * size * 0.6


def report(names: tuple[str, ...] = NAMES) -> SeasonReport:
    dated = [
        (date(2026, 11, day), load_sitting(DATA / f"{name}-example.json").sitting)
        for day, name in enumerate(names, 1)
    ]
    return season_report(dated)


# (sittings, player, cells): the German sheet: A wins the rubber by 100, made 1 of his 4
# contracts (hand 6), defeated B's hearts (hand 2) of B's 2, 50 in melds over 6 hands.
# The three-player sitting: Anna +655 (+505 in the finished rubber), made spades (hand 1)
# but not the tied no-trump (hand 4); as defender A she saw Carl's doubled clubs made
# (hand 3), Carl's Nullo (hand 5) and Bert's Slam (hand 8) fail. Carl over both sittings:
# +1000 and -2285; rubbers won 1 of 1 and 1 of 3 (the chouette's rubber 2, as captain);
# (850 - 730 + 735 - 2290) / 4 finished rubbers = -358.75; contracts 2 of 3 and 4 of 5;
# defended Bert's hearts (defeated) and the team's Slam (made); melds 40 and 50 in 4 + 6 hands.
ROWS = [
    (("german",), "A", ["A", "1", "1 of 1", "+100", "+100", "1 of 4", "1 of 2", "8.3"]),
    (("german",), "B", ["B", "1", "0 of 1", "\u2212100", "\u2212100", "1 of 2", "3 of 4", "10.0"]),
    (
        ("three-player",),
        "Anna",
        ["Anna", "1", "0 of 1", "+655", "+505", "1 of 2", "2 of 3", "0.0"],
    ),
    (
        ("three-player", "chouette"),
        "Carl",
        ["Carl", "2", "2 of 4", "\u22121285", "\u2212359", "6 of 8", "1 of 2", "9.0"],
    ),
]


@pytest.mark.parametrize(("names", "player", "cells"), ROWS)
def test_table_rows(names: tuple[str, ...], player: str, cells: list[str]) -> None:
    built = report(names)
    rows = {row[0]: row for row in stats_rows(built.stats)}
    assert rows[player] == cells


def test_period_charts_and_summaries() -> None:
    built = report()
    assert built.period == "2026-11-01 to 2026-11-05"
    assert built.sittings == 5
    assert [chart.title for chart in built.charts] == [
        "Net result per sitting",
        "Net result, added up sitting by sitting",
        "Contracts made, by kind",
    ]


@pytest.mark.parametrize("paper", [(595.276, 841.89), (612.0, 792.0), (420.0, 595.0)])
def test_pages_hold_the_table_and_every_plot_inside_the_printable_area(
    paper: tuple[float, float],
) -> None:
    width, height = paper
    m = PageMetrics(fake_width, width, height)
    built = report()
    pages = layout_season_report(built, m)
    left, top, right, _ = m.printable
    placed = [chart for page in pages for chart in page.charts]
    assert built.rating_chart is not None
    charts = [*built.charts, built.rating_chart]
    assert [chart.layout.summary for chart in placed] == [c.summary for c in charts]
    for page in pages:
        for chart in page.charts:
            assert left <= chart.x
            assert chart.x + chart.layout.width <= right + 0.01
            assert top <= chart.y
            assert chart.y + chart.layout.height <= m.content_bottom
        for text in page.page.texts():
            x1, y1, x2, y2 = text.box(fake_width)
            assert left - 0.01 <= x1 <= x2 <= right + 0.01, text.text
            assert top - 0.01 <= y1 <= y2 <= height - m.margin + 0.01, text.text
    all_text = " ".join(t.text for page in pages for t in page.page.texts())
    assert f"Page 1 of {len(pages)}" in all_text
    for name in ("Anna", "Bert", "Carl", "Dave", "Dora", "A", "B"):
        assert any(t.text == name for t in pages[0].page.texts("result"))


def test_a_long_list_of_players_continues_the_table_with_its_headings() -> None:
    built = report()
    many = SeasonReport(built.title, built.period, built.stats * 12, built.charts, built.sittings)
    pages = layout_season_report(many, PageMetrics(fake_width))
    headed = [p for p in pages if any(t.text == "Player" for t in p.page.texts("heading"))]
    assert len(headed) >= 2
    rows = sum(1 for p in pages for t in p.page.texts("result") if t.text == "Dora")
    assert rows == 12


def test_season_report_pdf(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "season.pdf"
    write_season_report(path, report())
    assert path.read_bytes().startswith(b"%PDF")
    text = pdf_text(path)
    for expected in ("Jo-Jotte season report", "2026-11-01 to 2026-11-05", "Net result per"):
        assert expected in text
    assert "+655" in text or "+1135" in text
    pages = pdf_pages(path)
    assert pages == 4  # the statistics and plots on 2, the records on 2
    folder = screenshot_folder(tmp_path)
    subprocess.run(
        [tool("pdftoppm"), "-r", "60", "-png", str(path), str(folder / "season-report")],
        check=True,
    )
    assert len(list(folder.glob("season-report*.png"))) >= pages


def test_the_records_pages_hold_the_records_of_the_sittings() -> None:
    """The records' tables hold what core/records counts from the same sittings, and start
    on a page of their own after the plots."""
    from datetime import datetime, time

    from jojotte_score.core.games import replay
    from jojotte_score.core.records.facts import sitting_facts
    from jojotte_score.core.records.pairs import head_to_heads
    from jojotte_score.core.records.ratings import rate
    from jojotte_score.core.records.roles import role_records

    built = report()
    facts = [
        sitting_facts(
            load_sitting(DATA / f"{name}-example.json").sitting,
            day,
            datetime.combine(date(2026, 11, day), time(12)).astimezone(),
            replay(load_sitting(DATA / f"{name}-example.json").sitting),
        )
        for day, name in enumerate(NAMES, 1)
    ]
    assert [table.kind for table in built.records] == ["pairs", "partners", "roles", "ratings"]
    pairs = built.records[0]
    expected = head_to_heads(facts)
    assert [row.cells[:5] for row in pairs.rows] == [
        (p.players[0], p.players[1], str(p.rubbers), str(p.won[0]), str(p.won[1])) for p in expected
    ]
    # Anna against Carl (three-player T15, chouette C6): 5 rubbers, 2 won, 3 lost, +385.
    anna_carl = next(row for row in pairs.rows if row.cells[:2] == ("Anna", "Carl"))
    assert anna_carl.cells[2:8] == ("5", "2", "3", "0", "1", "+385")
    assert len(built.records[2].rows) == len(role_records(facts))
    ratings = rate(facts)
    assert [row.cells[1] for row in built.records[3].rows] == [r.player for r in ratings.players]
    assert built.records[3].rows[0].cells[2] == f"{ratings.players[0].ordinal:.2f}"

    pages = layout_season_report(built, PageMetrics(fake_width))
    first = next(
        i
        for i, p in enumerate(pages)
        if p.page.texts() and any(t.text == "Head to head" for t in p.page.texts("heading"))
    )
    assert all(not any(t.text == "Head to head" for t in p.page.texts()) for p in pages[:first])
    heading_texts = [t.text for p in pages[first:] for t in p.page.texts("heading")]
    for title in ("Head to head", "Partnerships", "Roles", "Ratings"):
        assert title in heading_texts
    assert pages[first].charts == ()  # the page of records starts under no plot
    assert pages[-1].charts[-1].layout.summary.startswith("Ratings now, best first: Anna")


def test_the_records_pages_in_the_pdf(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "season.pdf"
    write_season_report(path, report())
    text = pdf_text(path, "-layout")
    records = text[text.index("Head to head") :]
    for expected in ("Partnerships", "Roles", "Ratings", "Ratings over time", "in the box"):
        assert expected in records
    anna_carl = next(line for line in records.splitlines() if line.split()[:2] == ["Anna", "Carl"])
    assert anna_carl.split()[2:8] == ["5", "2", "3", "0", "1", "+385"]
