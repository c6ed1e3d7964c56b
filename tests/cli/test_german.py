"""The command line in German: its errors, a bad sitting file's problems, argparse's own
words and the tables, as a German player reads them; and the files it writes, which are
the same bytes in every language."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from jojotte_score.cli import main
from jojotte_score.cli.tables import file_size
from jojotte_score.i18n import use_language
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path

DATA = Path(__file__).resolve().parents[1] / "data"
GERMAN = DATA / "german-example.json"
THREE = DATA / "three-player-example.json"
Capture = pytest.CaptureFixture[str]
DEUTSCH = {"LANGUAGE": "de", "LANG": "de_DE.UTF-8"}


@pytest.fixture(autouse=True)
def back_to_english() -> object:
    """main() chooses the language for the process; every other test speaks English."""
    yield None
    use_language("en")


def run(folder: Path, *words: object, environ: dict[str, str] | None = None) -> int:
    return main([*map(str, words), "--data-dir", str(folder)], environ=environ or DEUTSCH)


def test_a_missing_file_is_told_in_german(tmp_path: Path, capsys: Capture) -> None:
    assert main(["score", str(tmp_path / "fehlt.json")], environ=DEUTSCH) == 2
    assert capsys.readouterr().err == (
        f"jojotte-score: {tmp_path / 'fehlt.json'}: Die Datei kann nicht gelesen werden: "
        "Datei oder Ordner nicht gefunden\n"
    )


def test_lang_de_speaks_german_whatever_the_system_says(tmp_path: Path, capsys: Capture) -> None:
    missing = str(tmp_path / "fehlt.json")
    assert main(["score", missing, "--lang", "de"], environ={"LANG": "en_US.UTF-8"}) == 2
    assert "Die Datei kann nicht gelesen werden" in capsys.readouterr().err


def test_a_bad_sitting_file_s_problems_are_told_in_german(tmp_path: Path, capsys: Capture) -> None:
    data = json.loads(GERMAN.read_text(encoding="utf-8"))
    data["hands"][0]["bidder"] = "Anna"
    data["hands"][1]["card_points"] = [80]
    data["hands"][2]["trumpf"] = "hearts"
    bad = tmp_path / "kaputt.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", str(bad)], environ=DEUTSCH) == 2
    err = capsys.readouterr().err
    assert 'bidder muss eine Partei sein (0 oder 1), nicht "Anna"' in err
    assert (
        "card_points muss eine Liste von zwei ganzen Zahlen sein [Partei 0, Partei 1], "
        "keine Liste von 1"
    ) in err
    assert 'unbekannter Schlüssel "trumpf" (meinten Sie „trump“?)' in err
    assert all(line.startswith("jojotte-score: kaputt.json: ") for line in err.splitlines())


def test_a_file_that_is_not_json_is_told_in_german(tmp_path: Path, capsys: Capture) -> None:
    bad = tmp_path / "leer.json"
    bad.write_text("  \n", encoding="utf-8")
    assert main(["score", str(bad)], environ=DEUTSCH) == 2
    assert capsys.readouterr().err == (
        "jojotte-score: leer.json: Die Datei ist leer: Eine Sitzungsdatei enthält ein JSON-Objekt\n"
    )


def test_an_unknown_sitting_is_told_in_german(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "export", 7, "-o", tmp_path / "aus.json") == 2
    assert capsys.readouterr().err == (
        f"jojotte-score: Sitzung 7 gibt es nicht: In {tmp_path} sind noch keine Sitzungen "
        "gespeichert\n"
    )
    assert run(tmp_path, "import", GERMAN) == 0
    capsys.readouterr()
    assert run(tmp_path, "export", 7, "-o", tmp_path / "aus.json") == 2
    assert capsys.readouterr().err == (
        "jojotte-score: Sitzung 7 gibt es nicht (jojotte-score sittings listet sie auf)\n"
    )


def test_a_database_in_use_is_told_in_german(tmp_path: Path, capsys: Capture) -> None:
    with Database.open(database_path(tmp_path)):
        assert run(tmp_path, "import", GERMAN) == 1
    assert capsys.readouterr().err == (
        f"jojotte-score: {database_path(tmp_path)}: Ein anderes laufendes jojotte-score benutzt "
        "diese Datenbank; schließen Sie es zuerst und versuchen Sie es dann noch einmal\n"
    )


def test_a_missing_backup_is_told_in_german(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "restore", "weg.sqlite3") == 2
    assert capsys.readouterr().err == (
        "jojotte-score: weg.sqlite3: Diese Sicherungsdatei gibt es nicht; "
        "nichts wurde wiederhergestellt\n"
    )


def test_argparse_s_help_is_in_german(capsys: Capture) -> None:
    with pytest.raises(SystemExit) as exit_status:
        main(["--lang", "de", "score", "--help"], environ={})
    assert exit_status.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: jojotte-score score ")
    assert "\nArgumente:\n" in out
    assert "\nOptionen:\n" in out
    assert "diese Hilfe zeigen und beenden" in out
    assert "eine Sitzungsdatei (.json)" in out
    assert "das JSON um N Leerzeichen einrücken" in out
    assert "usage" not in out


def test_the_version_option_s_help_is_in_german_and_in_english(capsys: Capture) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "de", "--help"], environ={})
    out = capsys.readouterr().out
    assert re.search(r"\n  --version +die Versionsnummer des Programms zeigen und beenden\n", out)
    assert "diese Hilfe zeigen und beenden" in out
    assert "show" not in out
    with pytest.raises(SystemExit):
        main(["--lang", "en", "--help"], environ={})
    out = capsys.readouterr().out
    assert re.search(r"\n  --version +show program's version number and exit\n", out)


def argparse_quotes_choices() -> bool:
    """Whether this Python's argparse quotes the choices of an invalid choice: 'en', 'de'
    (3.11) or en, de (3.12.7 and 3.13 on; later releases quote them again)."""
    parser = argparse.ArgumentParser(exit_on_error=False)
    parser.add_argument("--lang", choices=["en", "de"])
    with pytest.raises(argparse.ArgumentError) as error:
        parser.parse_args(["--lang", "fr"])
    return "'en'" in str(error.value)


def test_argparse_s_errors_are_in_german(capsys: Capture) -> None:
    with pytest.raises(SystemExit) as exit_status:
        main(["score"], environ=DEUTSCH)
    assert exit_status.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("jojotte-score: Aufruf: jojotte-score score ")
    assert err.endswith("jojotte-score: Diese Argumente fehlen: FILE\n")
    with pytest.raises(SystemExit):
        main(["sittings", "--lang", "fr"], environ=DEUTSCH)
    choices = "'en', 'de'" if argparse_quotes_choices() else "en, de"
    assert f"Argument --lang: ungültige Wahl: 'fr' (möglich sind {choices})" in (
        capsys.readouterr().err
    )
    with pytest.raises(SystemExit):
        main(["export", "sieben", "-o", "aus.json"], environ=DEUTSCH)
    assert "Argument ID: ungültiger Wert (int verlangt): 'sieben'" in capsys.readouterr().err


def test_argparse_speaks_english_again_in_english(capsys: Capture) -> None:
    with pytest.raises(SystemExit):
        main(["score"], environ=DEUTSCH)
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["score"], environ={"LANG": "C"})
    err = capsys.readouterr().err
    assert err.startswith("jojotte-score: usage: jojotte-score score ")
    assert err.endswith("jojotte-score: the following arguments are required: FILE\n")


def test_the_sittings_table_in_german(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "import", GERMAN, "--title", "Berlin 1937") == 0
    assert run(tmp_path, "import", THREE) == 0
    capsys.readouterr()
    assert run(tmp_path, "sittings") == 0
    heading, first, second = capsys.readouterr().out.splitlines()
    assert heading.split() == [
        "ID",
        "Datum",
        "Spielart",
        "Spieler",
        "Spiele",
        "Robber",
        "Saldo",
        "Titel",
    ]
    assert "Zweierspiel" in first
    assert "Berlin 1937" in first
    assert "Dreierspiel" in second
    date = first.split()[1]
    assert re.fullmatch(r"\d\d\.\d\d\.\d{4}", date)  # 23.11.2026


def test_the_backups_table_in_german(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "backups") == 0
    assert capsys.readouterr().out.startswith("noch keine Sicherungen in ")
    assert run(tmp_path, "import", GERMAN) == 0
    assert run(tmp_path, "import", THREE) == 0  # the day's backup is taken before it
    capsys.readouterr()
    assert run(tmp_path, "backups") == 0
    heading, row = capsys.readouterr().out.splitlines()
    assert heading.split() == ["Erstellt", "Größe", "Art", "Datei"]
    assert "automatisch" in row
    assert row[2] == row[5] == "."


def test_sizes_have_a_decimal_comma_in_german(german: None) -> None:
    assert file_size(12_600) == "12,3 KiB"
    assert file_size(812) == "812 B"


def _outputs(data: Path, out: Path, environ: dict[str, str]) -> dict[str, bytes]:
    """Every file the commands write for the same sittings, in one language."""
    out.mkdir()
    files = ("--hands", out / "hands.csv", "--rubbers", out / "rubbers.csv")
    assert run(data, "csv", GERMAN, *files, environ=environ) == 0
    assert run(data, "csv", "--sitting", 1, "--rubbers", out / "one.csv", environ=environ) == 0
    assert run(data, "csv", "--all", "--rubbers", out / "all.csv", environ=environ) == 0
    assert run(data, "export", 2, "-o", out / "three.json", environ=environ) == 0
    return {path.name: path.read_bytes() for path in sorted(out.iterdir())}


def test_files_and_json_are_the_same_bytes_in_german_and_english(
    tmp_path: Path, capsys: Capture
) -> None:
    data = tmp_path / "data"
    assert run(data, "import", GERMAN, "--title", "Berlin 1937") == 0
    assert run(data, "import", THREE) == 0
    written = {}
    printed = {}
    for language, environ in (("en", {"LANG": "C"}), ("de", DEUTSCH)):
        written[language] = _outputs(data, tmp_path / language, environ)
        capsys.readouterr()
        assert main(["score", str(GERMAN), "--indent", "2"], environ=environ) == 0
        assert main(["stats", "--json", "--data-dir", str(data)], environ=environ) == 0
        printed[language] = capsys.readouterr().out.encode()
    # the hands, the rubbers, a stored sitting's, both kinds of every sitting's, the export
    assert sorted(written["en"]) == [
        "all-players.csv",
        "all.csv",
        "hands.csv",
        "one.csv",
        "rubbers.csv",
        "three.json",
    ]
    assert written["de"] == written["en"]
    assert printed["de"] == printed["en"]
    assert b'"players"' in printed["en"]
