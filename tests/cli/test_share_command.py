"""``jojotte-score share``: serves a stored sitting's page, prints its address and QR code,
follows a hand another copy stores, and stops on Ctrl+C with status 0. Loopback only; each
wait bounded."""

from __future__ import annotations

import dataclasses
import json
import os
import queue
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import pytest

from jojotte_score.cli import main, share_command
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.backups import make_backup
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.restore import restore_backup
from jojotte_score.storage.sittings import SittingStore
from tests.ctrl_c import hear_ctrl_c

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


class Lines:
    """What a process prints, line by line, read by a thread of its own: waiting on the pipe
    with ``select`` would miss lines already read into the pipe's buffer."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        self._queue: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, args=(process.stdout,), daemon=True)
        self._reader.start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self._queue.put(line)

    def next(self, timeout: float = 10.0) -> str:
        """The next line, waiting at most ``timeout`` seconds."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError("the command printed nothing") from None

    def rest(self, timeout: float = 10.0) -> str:
        """Everything printed after the lines taken, once the process has closed its output."""
        self._reader.join(timeout)
        assert not self._reader.is_alive(), "the command did not close its output"
        return "".join(_drain(self._queue))


def _drain(lines: queue.Queue[str]) -> list[str]:
    taken = []
    while not lines.empty():
        taken.append(lines.get_nowait())
    return taken


def get_json(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=5) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def sharing(data_dir: Path) -> Iterator[tuple[subprocess.Popen[str], int, object]]:
    """``share`` started on the German example without its last hand; the process, the
    sitting's id and the hand left out."""
    sitting = load_sitting(DATA / "german-example.json").sitting
    with Database.open(database_path(data_dir)) as database:
        sitting_id = SittingStore(database).import_sitting(
            dataclasses.replace(sitting, hands=sitting.hands[:-1])
        )
    environment = {**os.environ, "PYTHONUNBUFFERED": "1", "LANGUAGE": "en"}
    command = [sys.executable, "-m", "jojotte_score", "share", "--data-dir", str(data_dir)]
    process = subprocess.Popen(
        [*command, "--bind", "127.0.0.1", "--port", "0"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        preexec_fn=hear_ctrl_c,
    )
    try:
        yield process, sitting_id, sitting.hands[-1]
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=10)


def test_share_serves_follows_and_stops_on_ctrl_c(
    sharing: tuple[subprocess.Popen[str], int, object], data_dir: Path
) -> None:
    process, sitting_id, last = sharing
    lines = Lines(process)
    first = lines.next()
    assert first.startswith(f"Sitting {sitting_id} is shown to the table at http://127.0.0.1:")
    url = first.split(" at ", 1)[1].strip()
    assert url.endswith("/")
    assert len(url.rstrip("/").rsplit("/", 1)[1]) >= 22  # the token
    qr = lines.next()
    assert set(qr.strip()) <= set("█▀▄ \x1b[0123456789;m")  # the QR code's first row
    before = get_json(url + "view.json")
    assert [column["total"] for column in before["columns"]] == [155, 615]

    # Another copy (the window) records the last hand.
    with Database.open(database_path(data_dir)) as database:
        SittingStore(database).add_hand(sitting_id, last)  # type: ignore[arg-type]
    deadline = time.monotonic() + 10
    after = before
    while after["revision"] == before["revision"] and time.monotonic() < deadline:
        time.sleep(0.2)
        after = get_json(url + "view.json")
    assert after["revision"] == before["revision"] + 1
    assert [column["total"] for column in after["columns"]] == [755, 655]
    assert after["result"] == "A wins the rubber by 100"

    port = int(url.split(":")[2].split("/")[0])
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=10) == 0
    out = lines.rest()
    assert process.stderr is not None
    err = process.stderr.read()
    assert "Sharing stopped." in out, err
    assert "Traceback" not in err
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def ignore_ctrl_c() -> None:
    """For ``subprocess.Popen(preexec_fn=...)``: the child starts with SIGINT ignored, as a
    shell without job control starts a command put in the background."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_share_started_with_ctrl_c_ignored_still_stops_on_it(data_dir: Path) -> None:
    """Python keeps a SIGINT it starts with ignored; ``share`` hears it all the same, stops
    within a few seconds with status 0, and closes its port."""
    with Database.open(database_path(data_dir)) as database:
        SittingStore(database).import_sitting(load_sitting(DATA / "german-example.json").sitting)
    command = [sys.executable, "-m", "jojotte_score", "share", "--data-dir", str(data_dir)]
    process = subprocess.Popen(
        [*command, "--bind", "127.0.0.1", "--port", "0"],
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "LANGUAGE": "en"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        preexec_fn=ignore_ctrl_c,
    )
    try:
        lines = Lines(process)
        url = lines.next().split(" at ", 1)[1].strip()
        port = int(url.split(":")[2].split("/")[0])
        assert [column["total"] for column in get_json(url + "view.json")["columns"]] == [
            755,
            655,
        ]
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=5) == 0
        assert "Sharing stopped." in lines.rest()
        assert process.stderr is not None
        assert "Traceback" not in process.stderr.read()
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=10)


def test_share_hears_ctrl_c_while_it_runs_and_then_leaves_sigint_as_it_was(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Database.open(database_path(data_dir)) as database:
        SittingStore(database).import_sitting(load_sitting(DATA / "german-example.json").sitting)
    heard: list[object] = []

    def sleep(seconds: float) -> None:
        heard.append(signal.getsignal(signal.SIGINT))
        raise KeyboardInterrupt

    monkeypatch.setattr(share_command, "_sleep", sleep)
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        assert main(["share", "--data-dir", str(data_dir), "--bind", "127.0.0.1"]) == 0
        assert heard == [signal.default_int_handler]
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_share_without_sittings_says_so(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data_dir.mkdir()
    assert main(["share", "--data-dir", str(data_dir)]) == 2
    assert capsys.readouterr().err == "jojotte-score: no sittings stored yet\n"


def test_share_of_an_unknown_sitting_says_so(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Database.open(database_path(data_dir)) as database:
        SittingStore(database).import_sitting(load_sitting(DATA / "german-example.json").sitting)
    assert main(["share", "--sitting", "7", "--data-dir", str(data_dir)]) == 2
    assert "there is no sitting 7" in capsys.readouterr().err


def test_share_on_a_port_in_use_says_so(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Database.open(database_path(data_dir)) as database:
        SittingStore(database).import_sitting(load_sitting(DATA / "german-example.json").sitting)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        arguments = ["share", "--data-dir", str(data_dir), "--bind", "127.0.0.1"]
        assert main([*arguments, "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"jojotte-score: 127.0.0.1:{port}: cannot serve the page there: ")


def test_share_refuses_a_port_out_of_range(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["share", "--port", "70000", "--data-dir", str(data_dir)])
    assert exit_.value.code == 2
    assert "--port must be between 0 and 65535" in capsys.readouterr().err


def test_share_follows_until_interrupted_in_process(
    data_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loop itself, without a subprocess: a look a second, Ctrl+C ends it with 0."""
    with Database.open(database_path(data_dir)) as database:
        SittingStore(database).import_sitting(load_sitting(DATA / "german-example.json").sitting)
    looks: list[float] = []

    def sleep(seconds: float) -> None:
        looks.append(seconds)
        if len(looks) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(share_command, "_sleep", sleep)
    status = main(["share", "--data-dir", str(data_dir), "--bind", "127.0.0.1"])
    assert status == 0
    assert looks == [1.0, 1.0, 1.0]
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "Sharing stopped."


def test_share_follows_a_backup_restored_in_place_of_the_database(
    data_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restore renames the backup's copy over the database file (File > Restore from
    backup in the window): the page shows the restored sitting, not the file replaced."""
    sitting = load_sitting(DATA / "german-example.json").sitting
    path = database_path(data_dir)
    with Database.open(path) as database:
        store = SittingStore(database)
        sitting_id = store.import_sitting(dataclasses.replace(sitting, hands=sitting.hands[:-1]))
        backup = make_backup(database.connection, data_dir / "backups", datetime.now(UTC))
        store.add_hand(sitting_id, sitting.hands[-1])
    pages: list[str] = []
    totals: list[list[int]] = []

    def sleep(seconds: float) -> None:
        if not pages:  # the address the command printed
            pages.append(capsys.readouterr().out.split(" at ", 1)[1].split()[0])
        view = get_json(pages[0] + "view.json")
        totals.append([column["total"] for column in view["columns"]])
        if len(totals) == 1:
            restore_backup(backup.path, path, datetime.now(UTC))
        else:
            raise KeyboardInterrupt

    monkeypatch.setattr(share_command, "_sleep", sleep)
    status = main(["share", "--data-dir", str(data_dir), "--bind", "127.0.0.1"])

    assert status == 0
    assert totals == [[755, 655], [155, 615]]  # every hand; then the backup's, one fewer


def test_share_speaks_german(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "de", "share", "--help"])
    out = capsys.readouterr().out
    assert "Seite zum Lesen im lokalen Netz" in out
    assert "--bind ADDRESS" in out


def test_share_never_imports_qt(tmp_path: Path) -> None:
    """``share`` uses the window's Qt-free presenters (the session, the pad, the table's
    words, kept under gui/ beside their views) and never Qt itself."""
    data = str(tmp_path / "data")
    code = (
        "import sys\n"
        "from jojotte_score.cli import main, share_command\n"
        "def stop(seconds):\n"
        "    raise KeyboardInterrupt\n"
        "share_command._sleep = stop\n"
        "def run(*a): return main([*a, '--data-dir', " + repr(data) + "], environ={})\n"
        f"run('import', {str(DATA / 'german-example.json')!r})\n"
        "assert run('share', '--bind', '127.0.0.1') == 0\n"
        "qt = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken')))\n"
        "print('QT:', qt, file=sys.stderr)\n"
        "sys.exit(1 if qt else 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr


def test_share_says_so_when_its_database_is_damaged_under_it(
    data_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file written over in place (its first page kept, the rest garbage): SQLite would
    go on serving the pages it holds, and the page the last figures, without a word. The
    command says why, once, and goes on serving the figures last read with a notice on the
    page; a good file put back is followed again, and the notice goes."""
    path = database_path(data_dir)
    with Database.open(path) as database:
        store = SittingStore(database)
        store.import_sitting(load_sitting(DATA / "german-example.json").sitting)
        backup = make_backup(database.connection, data_dir / "backups", datetime.now(UTC))
    pages: list[str] = []
    views: list[dict[str, Any]] = []

    def sleep(seconds: float) -> None:
        if not pages:  # the address the command printed
            pages.append(capsys.readouterr().out.split(" at ", 1)[1].split()[0])
        views.append(get_json(pages[0] + "view.json"))
        if len(views) == 1:
            size = path.stat().st_size
            with path.open("r+b") as file:  # the same file, its pages after the first garbled
                file.seek(100)
                file.write(random.Random(5).randbytes(size - 100))
        elif len(views) == 4:
            restore_backup(backup.path, path, datetime.now(UTC))
        elif len(views) > 5:
            raise KeyboardInterrupt

    monkeypatch.setattr(share_command, "_sleep", sleep)
    status = main(["share", "--data-dir", str(data_dir), "--bind", "127.0.0.1"])

    assert status == 0
    totals = [[column["total"] for column in view["columns"]] for view in views]
    assert totals == [[755, 655]] * 6  # the figures last read, all along
    notices = [view.get("unreadable", "") for view in views]
    assert notices[0] == notices[4] == notices[5] == ""
    assert notices[1] == notices[2] == notices[3]
    assert notices[1].startswith("The scorepad's database cannot be read at the moment")
    assert "sqlite" not in notices[1]  # the file's name stays off the phones
    said = f"{path}: the database is damaged"
    err = capsys.readouterr()
    assert err.err.count(said) == 1  # said once, not at every look
    assert "the page shows the figures last read" in err.err
    assert err.out.splitlines()[-2:] == [
        "The database can be read again; the page shows the sitting again.",
        "Sharing stopped.",
    ]


def test_the_page_says_when_the_database_cannot_be_read() -> None:
    """The notice heads the figures in each language, as an alert a screen reader says."""
    from jojotte_score.share.view import shared_views, unreadable_views

    views = unreadable_views(shared_views(None))
    english, german = views["en"], views["de"]
    assert english.html.startswith('<p class="unreadable" role="alert">The scorepad')
    assert german.data["unreadable"].startswith(
        "Die Datenbank des Blocks ist im Moment nicht lesbar"
    )
    assert german.html.count('role="alert"') == 1
